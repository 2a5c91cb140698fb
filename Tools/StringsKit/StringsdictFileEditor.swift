import Core
import LocalizationKit
import Foundation

/// Why a `.stringsdict` cannot be edited in place (the file is left as it is).
struct StringsdictEditError: Error, Equatable {
    var reason: String
}

/// Changes a `.stringsdict` the way `StringsFileEditor` changes a `.strings` file: only what changed. A changed form's
/// `<string>` is replaced where it stands; a form new to the file (`few` for Polish) goes beside its sibling forms in CLDR
/// order (zero one two few many other) with their indentation; a new variable or rule goes after its nearest neighbour in
/// base order, indented as the file is (Xcode's tabs, spaces, or nothing). XML comments, the DOCTYPE, key order and the
/// trailing newline stay byte for byte.
enum StringsdictFileEditor {
    static let formatKey = "NSStringLocalizedFormatKey"
    static let valueTypeKey = "NSStringFormatValueTypeKey"

    /// `rules` are the imported rules; `order` is every rule key in base order (where a new rule finds its neighbour).
    static func edit(_ data: Data, rules: [(String, PluralRule)], order: [String]) throws(StringsdictEditError) -> Data {
        guard (try? PropertyListSerialization.propertyList(from: data, format: nil)) is [String: Any] else {
            throw StringsdictEditError(reason: "is not a well-formed property list with a <dict> at its root")
        }
        var reader = PlistReader(bytes: [UInt8](data))
        let root = try reader.document()
        var edits = Edits(bytes: reader.bytes, step: root.indentStep(in: reader.bytes))
        for (key, rule) in rules {
            if let existing = root.member(key) {
                guard case .dict = existing.value.kind else { throw StringsdictEditError(reason: "\"\(key)\" is not a <dict>") }
                edits.update(existing.value, to: rule)
            } else {
                let earlier = order.prefix { $0 != key }.reversed().compactMap { root.member($0) }.first
                edits.insert(PlistText.rule(rule), key: key, into: root, after: earlier ?? root.members.last)
            }
        }
        let edited = edits.applied()
        try verify(edited, rules)
        return edited
    }

    /// The edited file must read, through Foundation's parser, to the imported texts.
    static func verify(_ data: Data, _ rules: [(String, PluralRule)]) throws(StringsdictEditError) {
        guard let root = (try? PropertyListSerialization.propertyList(from: data, format: nil)) as? [String: Any] else {
            throw StringsdictEditError(reason: "would not parse after the edit")
        }
        for (key, rule) in rules {
            let object = root[key] as? [String: Any]
            var matches = object?[formatKey] as? String == rule.format
            for (name, variable) in rule.variables {
                let spec = object?[name] as? [String: Any]
                for (category, form) in variable.forms where spec?[category.rawValue] as? String != form { matches = false }
            }
            if !matches { throw StringsdictEditError(reason: "\"\(key)\" would not read back as imported after the edit") }
        }
    }

    /// The replacements and insertions, applied from the end so earlier offsets stay valid.
    struct Edits {
        let bytes: [UInt8]
        /// One level of indentation: `\t` in Xcode's files, `  ` in others, empty in a file on one line.
        let step: String
        var changes: [(range: Range<Int>, text: String)] = []

        mutating func update(_ dict: PlistNode, to rule: PluralRule) {
            replace(dict.member(StringsdictFileEditor.formatKey), with: rule.format)
            for name in rule.variables.keys.sorted() {
                guard let variable = rule.variables[name] else { continue }
                guard let existing = dict.member(name), case .dict = existing.value.kind else {
                    insert(PlistText.variable(variable), key: name, into: dict, after: dict.members.last)
                    continue
                }
                if let type = existing.value.member(StringsdictFileEditor.valueTypeKey) { replace(type, with: variable.valueType) }
                for category in PluralCategory.allCases {
                    guard let form = variable.forms[category] else { continue }
                    if let present = existing.value.member(category.rawValue) {
                        replace(present, with: form)
                    } else {
                        insertForm(category, form, into: existing.value)
                    }
                }
            }
        }

        mutating func replace(_ member: PlistMember?, with text: String) {
            guard let member, case .string(let current) = member.value.kind, current != text else { return }
            changes.append((member.value.range, PlistText.string(text)))
        }

        /// Beside its siblings: after the nearest earlier CLDR category the variable has, else before the nearest later one.
        mutating func insertForm(_ category: PluralCategory, _ form: String, into dict: PlistNode) {
            let categories = PluralCategory.allCases
            let position = categories.firstIndex(of: category) ?? 0
            let earlier = categories[..<position].reversed().compactMap { dict.member($0.rawValue) }.first
            if let earlier {
                insert(.string(form), key: category.rawValue, into: dict, after: earlier)
            } else if let later = categories[(position + 1)...].compactMap({ dict.member($0.rawValue) }).first {
                let text = "<key>\(PlistText.escaped(category.rawValue))</key>" + gap(later) + PlistText.string(form) + separator(later)
                changes.append((later.keyRange.lowerBound..<later.keyRange.lowerBound, text))
            } else {
                insert(.string(form), key: category.rawValue, into: dict, after: dict.members.last)
            }
        }

        /// A new member after `anchor`, laid out as `anchor` is (same separator, same gap between key and value).
        mutating func insert(_ value: PlistText.Value, key: String, into dict: PlistNode, after anchor: PlistMember?) {
            guard let anchor else {
                let indent = "\n" + step
                let text = (step.isEmpty ? "" : indent) + PlistText.member(key, value, indent: step.isEmpty ? "" : indent, step: step, gap: nil)
                changes.append((dict.contentStart..<dict.contentStart, text))
                return
            }
            let separator = separator(anchor)
            let text = separator + PlistText.member(key, value, indent: separator, step: step, gap: gap(anchor))
            changes.append((anchor.value.range.upperBound..<anchor.value.range.upperBound, text))
        }

        /// The whitespace that starts a member's line (`\n\t\t\t`), or what stands between it and the previous token.
        func separator(_ member: PlistMember) -> String {
            let leading = bytes[member.leading]
            if let newline = leading.lastIndex(of: 0x0A) { return String(decoding: bytes[newline..<member.leading.upperBound], as: UTF8.self) }
            return String(decoding: leading.reversed().prefix { $0 == 0x20 || $0 == 0x09 }.reversed(), as: UTF8.self)
        }

        /// What stands between a member's `</key>` and its value, when it is only whitespace.
        func gap(_ member: PlistMember) -> String {
            let between = bytes[member.keyRange.upperBound..<member.value.range.lowerBound]
            if let newline = between.lastIndex(of: 0x0A) { return String(decoding: bytes[newline..<member.value.range.lowerBound], as: UTF8.self) }
            return String(decoding: between.filter { $0 == 0x20 || $0 == 0x09 }, as: UTF8.self)
        }

        func applied() -> Data {
            var edited = bytes
            let ordered = changes.enumerated().sorted { ($0.element.range.lowerBound, $0.offset) > ($1.element.range.lowerBound, $1.offset) }
            for (_, change) in ordered { edited.replaceSubrange(change.range, with: Array(change.text.utf8)) }
            return Data(edited)
        }
    }
}

/// Plist XML text for what the editor inserts.
enum PlistText {
    indirect enum Value {
        case string(String)
        case dict([(String, Value)])
    }

    static func rule(_ rule: PluralRule) -> Value {
        .dict([(StringsdictFileEditor.formatKey, .string(rule.format))]
            + rule.variables.keys.sorted().compactMap { name in rule.variables[name].map { (name, variable($0)) } })
    }

    static func variable(_ variable: PluralVariable) -> Value {
        .dict([("NSStringFormatSpecTypeKey", .string("NSStringPluralRuleType")), (StringsdictFileEditor.valueTypeKey, .string(variable.valueType))]
            + PluralCategory.allCases.compactMap { category in variable.forms[category].map { (category.rawValue, .string($0)) } })
    }

    /// `<key>…</key>` and its value; `indent` is the separator the member's line starts with (`\n\t`), `gap` what goes
    /// between key and value (nil: the indent again, as Xcode writes).
    static func member(_ key: String, _ value: Value, indent: String, step: String, gap: String?) -> String {
        "<key>\(escaped(key))</key>" + (gap ?? indent) + text(value, indent: indent, step: step)
    }

    static func text(_ value: Value, indent: String, step: String) -> String {
        switch value {
        case .string(let text): return string(text)
        case .dict(let members):
            let inner = indent.isEmpty ? "" : indent + step
            return "<dict>" + members.map { inner + member($0.0, $0.1, indent: inner, step: step, gap: nil) }.joined() + indent + "</dict>"
        }
    }

    static func string(_ text: String) -> String { "<string>\(escaped(text))</string>" }

    /// XML text escaping, the same as XLIFF's (a `\r` as `&#13;`, which an XML reader would otherwise turn into `\n`).
    static func escaped(_ text: String) -> String { XLIFF.escape(text) }
}

/// One element of the plist: a `<dict>` with its members, a `<string>`, or anything else (kept as it is).
struct PlistNode {
    enum Kind {
        case dict
        case string(String)
        case other
    }

    var kind: Kind
    /// The whole element, from `<` to `>`.
    var range: Range<Int>
    /// For a dict: just after `<dict>`, where a first member would go.
    var contentStart: Int
    var members: [PlistMember] = []

    func member(_ key: String) -> PlistMember? { members.last { $0.key == key } }

    /// The file's indentation step: a nested member's line start minus its parent's (`\t` in Xcode's layout).
    func indentStep(in bytes: [UInt8]) -> String {
        func indent(_ member: PlistMember) -> String? {
            guard let newline = bytes[member.leading].lastIndex(of: 0x0A) else { return nil }
            return String(decoding: bytes[(newline + 1)..<member.leading.upperBound], as: UTF8.self)
        }
        for parent in members {
            guard let child = parent.value.members.first else { continue }
            guard let outer = indent(parent), let inner = indent(child) else { return "" }
            if inner.hasPrefix(outer), inner.count > outer.count { return String(inner.dropFirst(outer.count)) }
        }
        return members.first.flatMap(indent) ?? "\t"
    }
}

struct PlistMember {
    var key: String
    /// From the end of the previous token to `<key>`: whitespace and comments.
    var leading: Range<Int>
    var keyRange: Range<Int>
    var value: PlistNode
}

/// A byte scanner for the XML plists Xcode and other tools write: prolog, DOCTYPE, comments, `<plist>`, nested
/// `<dict>`s of `<key>`/`<string>` pairs; other elements are skipped whole.
struct PlistReader {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    mutating func document() throws(StringsdictEditError) -> PlistNode {
        skipMisc()
        guard let plist = try openTag(), plist.name == "plist", !plist.selfClosing else { throw failure("no <plist> element") }
        skipMisc()
        let root = try element()
        guard case .dict = root.kind else { throw failure("the root is not a <dict>") }
        skipMisc()
        guard let close = try closeTag(), close == "plist" else { throw failure("no </plist> after the root <dict>") }
        return root
    }

    func failure(_ problem: String) -> StringsdictEditError {
        let line = bytes[..<min(index, bytes.count)].filter { $0 == 0x0A }.count + 1
        return StringsdictEditError(reason: "cannot be followed for an in-place edit (line \(line): \(problem))")
    }

    func starts(with text: String, at offset: Int) -> Bool {
        let utf8 = Array(text.utf8)
        return offset + utf8.count <= bytes.count && Array(bytes[offset..<offset + utf8.count]) == utf8
    }

    mutating func skip(past text: String) -> Bool {
        while index < bytes.count {
            if starts(with: text, at: index) { index += text.utf8.count; return true }
            index += 1
        }
        return false
    }

    /// Whitespace, comments, the XML declaration and the DOCTYPE.
    mutating func skipMisc() {
        while index < bytes.count {
            if [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
                index += 1
            } else if starts(with: "<!--", at: index) {
                guard skip(past: "-->") else { return }
            } else if starts(with: "<?", at: index) {
                guard skip(past: "?>") else { return }
            } else if starts(with: "<!DOCTYPE", at: index) {
                guard skip(past: ">") else { return }
            } else {
                return
            }
        }
    }

    /// `<name …>` or `<name …/>` at the index.
    mutating func openTag() throws(StringsdictEditError) -> (name: String, selfClosing: Bool)? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count, bytes[index + 1] != UInt8(ascii: "/") else { return nil }
        let start = index + 1
        var end = start
        while end < bytes.count, ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "/"), UInt8(ascii: ">")].contains(bytes[end]) { end += 1 }
        guard let close = bytes[end...].firstIndex(of: UInt8(ascii: ">")) else { throw failure("an unclosed tag") }
        index = close + 1
        return (String(decoding: bytes[start..<end], as: UTF8.self), bytes[close - 1] == UInt8(ascii: "/"))
    }

    /// `</name>` at the index.
    mutating func closeTag() throws(StringsdictEditError) -> String? {
        guard starts(with: "</", at: index) else { return nil }
        guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else { throw failure("an unclosed tag") }
        let name = String(decoding: bytes[(index + 2)..<close], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        index = close + 1
        return name
    }

    mutating func element() throws(StringsdictEditError) -> PlistNode {
        let start = index
        guard let tag = try openTag() else { throw failure("expected an element") }
        if tag.selfClosing {
            let kind: PlistNode.Kind = switch tag.name {
            case "string": .string("")
            default: .other
            }
            return PlistNode(kind: kind, range: start..<index, contentStart: index)
        }
        switch tag.name {
        case "dict":
            var node = PlistNode(kind: .dict, range: start..<start, contentStart: index)
            while true {
                let leadingStart = index
                skipMisc()
                if let close = try closeTag() {
                    guard close == "dict" else { throw failure("</\(close)> closes a <dict>") }
                    break
                }
                let keyStart = index
                guard let keyTag = try openTag(), keyTag.name == "key", !keyTag.selfClosing else { throw failure("a <dict> member without <key>") }
                let key = try text(closing: "key")
                let keyRange = keyStart..<index
                skipMisc()
                let value = try element()
                node.members.append(PlistMember(key: key, leading: leadingStart..<keyStart, keyRange: keyRange, value: value))
            }
            node.range = start..<index
            return node
        case "string":
            let value = try text(closing: "string")
            return PlistNode(kind: .string(value), range: start..<index, contentStart: index)
        default:
            var depth = 1
            while depth > 0 {
                guard let next = bytes[index...].firstIndex(of: UInt8(ascii: "<")) else { throw failure("<\(tag.name)> is not closed") }
                index = next
                if starts(with: "<!--", at: index) { _ = skip(past: "-->"); continue }
                if starts(with: "</\(tag.name)", at: index) { depth -= 1; _ = try closeTag(); continue }
                if let inner = try openTag(), inner.name == tag.name, !inner.selfClosing { depth += 1 }
            }
            return PlistNode(kind: .other, range: start..<index, contentStart: index)
        }
    }

    /// The text up to `</name>`, with entities and CDATA sections resolved.
    mutating func text(closing name: String) throws(StringsdictEditError) -> String {
        var text = ""
        while index < bytes.count {
            if starts(with: "</\(name)>", at: index) {
                index += name.utf8.count + 3
                return text
            }
            if starts(with: "<![CDATA[", at: index) {
                let start = index + 9
                guard skip(past: "]]>") else { break }
                text += String(decoding: bytes[start..<(index - 3)], as: UTF8.self)
                continue
            }
            if bytes[index] == UInt8(ascii: "<") { throw failure("markup inside <\(name)>") }
            if bytes[index] == UInt8(ascii: "&") {
                guard let end = bytes[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else { throw failure("a bare & (write &amp;)") }
                let entity = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
                guard let resolved = XMLText.resolvingReferences("&\(entity);") else { throw failure("an unknown entity &\(entity);") }
                text += resolved
                index = end + 1
                continue
            }
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "<"), bytes[index] != UInt8(ascii: "&") { index += 1 }
            text += String(decoding: bytes[start..<index], as: UTF8.self)
        }
        throw failure("<\(name)> is not closed")
    }
}
