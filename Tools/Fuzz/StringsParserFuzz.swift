// libFuzzer entry point for StringsParser. Compiled together with Modules/LocalizationKit/Strings/*.swift by
// scripts/fuzz-strings-parser; it traps (and libFuzzer saves the input) on a crash or a broken invariant.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func stringsParserFuzzOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    do {
        let file = try StringsParser.parse(data)
        checkInvariants(of: file)
        if file.encoding == .utf8 || file.encoding == .utf8BOM {
            // Valid UTF-8 decodes losslessly, so parsing the decoded text must give the same answer.
            let text = String(decoding: file.encoding == .utf8BOM ? data.dropFirst(3) : data, as: UTF8.self)
            guard let again = try? StringsParser.parse(text: text) else {
                fatalError("invariant: parse(text:) rejected what parse(_:) accepted")
            }
            guard again.dictionary == file.dictionary, again.entries == file.entries else {
                fatalError("invariant: parse(text:) and parse(_:) disagree")
            }
        }
    } catch {
        guard error.position.line >= 1, error.position.column >= 1, !error.message.isEmpty, !error.hint.isEmpty else {
            fatalError("invariant: error without a usable position, message or hint: \(error)")
        }
    }
    return 0
}

private func checkInvariants(of file: StringsFile) {
    var folded: [String: PlistValue] = [:]
    for entry in file.entries {
        folded[entry.key] = entry.value
        guard entry.keyPosition.line >= 1, entry.keyPosition.column >= 1, entry.keyPosition <= entry.valuePosition else {
            fatalError("invariant: bad positions for key \(entry.key.debugDescription)")
        }
    }
    guard folded == file.dictionary else {
        fatalError("invariant: dictionary is not the last-wins fold of entries")
    }
    for (previous, next) in zip(file.entries, file.entries.dropFirst()) where !(previous.keyPosition < next.keyPosition) {
        fatalError("invariant: entries out of file order")
    }
    for note in file.notes where note.position.line < 1 || note.position.column < 1 || note.message.isEmpty {
        fatalError("invariant: note without a usable position or message")
    }
}
