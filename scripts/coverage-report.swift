// Reads the JSON `llvm-cov export` wrote for `swift test --enable-code-coverage` and prints line coverage per module
// under Modules/ (tests, generated code and other folders excluded), worst first; exits 1 if one is below the minimum.
// Usage: swift scripts/coverage-report.swift CODECOV.json PACKAGE_ROOT [MINIMUM]
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: coverage-report.swift CODECOV.json PACKAGE_ROOT [MINIMUM]\n".utf8))
    exit(2)
}
let minimum = arguments.count > 3 ? Double(arguments[3]) ?? 80 : 80
let root = URL(fileURLWithPath: arguments[2]).standardizedFileURL.path + "/Modules/"
guard let data = FileManager.default.contents(atPath: arguments[1]),
      let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let exports = json["data"] as? [[String: Any]] else {
    FileHandle.standardError.write(Data("coverage-report: \(arguments[1]) is not llvm-cov export JSON; run swift test --enable-code-coverage first\n".utf8))
    exit(2)
}
var lines: [String: (covered: Int, count: Int)] = [:]
for export in exports {
    for file in export["files"] as? [[String: Any]] ?? [] {
        guard let name = file["filename"] as? String, name.hasPrefix(root), name.hasSuffix(".swift"),
              let summary = file["summary"] as? [String: Any], let counts = summary["lines"] as? [String: Any],
              let count = counts["count"] as? Int, let covered = counts["covered"] as? Int else { continue }
        let module = String(name.dropFirst(root.count).split(separator: "/").first ?? "")
        let previous = lines[module] ?? (0, 0)
        lines[module] = (previous.covered + covered, previous.count + count)
    }
}
guard !lines.isEmpty else {
    FileHandle.standardError.write(Data("coverage-report: no file under \(root) in \(arguments[1])\n".utf8))
    exit(2)
}
var failing: [String] = []
let width = lines.keys.map(\.count).max() ?? 0
for (module, total) in lines.sorted(by: { Double($0.value.covered) / Double(max($0.value.count, 1)) < Double($1.value.covered) / Double(max($1.value.count, 1)) }) {
    let percent = 100 * Double(total.covered) / Double(max(total.count, 1))
    let padded = module.padding(toLength: width, withPad: " ", startingAt: 0)
    print("\(padded)  \(String(format: "%5.1f", percent)) %  (\(total.covered) of \(total.count) lines)")
    if percent < minimum { failing.append(module) }
}
if !failing.isEmpty {
    print("below \(Int(minimum)) %: \(failing.joined(separator: ", "))")
    exit(1)
}
