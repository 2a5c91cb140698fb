import Foundation

/// Issue 20, item 8: `l10n lint` on a generated project shaped like a large real app — 60 locales, about 100,000
/// entries in four tables (`.strings`, `.stringsdict`, one `.xcstrings`) — with the summary and a baseline of about
/// 40,000 findings (missing keys, text left in English, planted format errors), beside `plutil -lint` on the same files.
enum LintProject {
    static let locales = ["en", "af", "am", "ar", "az", "be", "bg", "bn", "bs", "ca", "cs", "cy", "da", "de", "el", "es",
                          "es-MX", "et", "eu", "fa", "fi", "fr", "fr-CA", "gl", "gu", "he", "hi", "hr", "hu", "hy", "id",
                          "is", "it", "ja", "ka", "kk", "km", "kn", "ko", "lo", "lt", "lv", "ms", "nb", "nl", "pl", "pt-BR",
                          "pt-PT", "ro", "ru", "sk", "sl", "sr", "sv", "th", "tr", "uk", "vi", "zh-Hans", "zh-Hant"]
    static let localizableKeys = 1_800
    static let settingsKeys = 250
    static let infoPlistKeys = 10
    static let pluralKeys = 40
    static let catalogKeys = 60

    /// Writes the project; returns its `.strings` and `.stringsdict` files (what plutil can read) and the entry count.
    /// `localeCount` takes the first locales only (the guard's smaller copy of the same shape); the base is always in.
    static func generate(in folder: String, localeCount: Int = locales.count) throws -> (files: [String], entries: Int) {
        var files: [String] = []
        var entries = 0
        let locales = Array(Self.locales.prefix(max(localeCount, 1)))
        for (index, locale) in locales.enumerated() {
            let isBase = index == 0
            let lproj = (folder as NSString).appendingPathComponent("\(locale).lproj")
            try FileManager.default.createDirectory(atPath: lproj, withIntermediateDirectories: true)
            // Localizable: a quarter missing, an eighth left in English, every 100th key with %s for %d.
            var text = isBase ? "/* Localizable strings of the bench app. */\n\n" : "// Translators: the \(locale) team (generated)\n\n"
            for key in 0..<localizableKeys {
                if !isBase, (key + index * 7) % 4 == 0 { continue }
                let english = "Entry \(key) for %@ holds %d items."
                var value = english
                if !isBase, (key + index) % 8 != 1 {
                    value = "[\(locale)] Entry \(key) for %@ holds %d items."
                    if key % 100 == 50 { value = value.replacingOccurrences(of: "%d", with: "%s") }
                }
                text += "/* Row \(key) of screen \(key % 40). */\n\"entry.\(key)\" = \"\(value)\";\n\n"
                entries += 1
            }
            files.append(try write(text, to: (lproj as NSString).appendingPathComponent("Localizable.strings")))
            // Settings: a fifth missing, some left in English.
            text = ""
            for key in 0..<settingsKeys {
                if !isBase, (key + index) % 5 == 0 { continue }
                let value = isBase || (key + index) % 7 == 3 ? "Setting \(key)" : "Setting \(key) (\(locale))"
                text += "\"setting.\(key)\" = \"\(value)\";\n"
                entries += 1
            }
            files.append(try write(text, to: (lproj as NSString).appendingPathComponent("Settings.strings")))
            text = ""
            for key in 0..<infoPlistKeys {
                text += "\"NSUsage\(key)Description\" = \"\(isBase ? "" : "[\(locale)] ")Needed for feature \(key).\";\n"
                entries += 1
            }
            files.append(try write(text, to: (lproj as NSString).appendingPathComponent("InfoPlist.strings")))
            // Plurals with every CLDR category, so each locale has the forms it needs.
            var plist = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n<dict>\n"
            for key in 0..<pluralKeys {
                plist += "\t<key>plural.\(key)</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>%#@count@</string>\n\t\t<key>count</key>\n\t\t<dict>\n\t\t\t<key>NSStringFormatSpecTypeKey</key>\n\t\t\t<string>NSStringPluralRuleType</string>\n\t\t\t<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>d</string>\n"
                for category in ["zero", "one", "two", "few", "many", "other"] {
                    plist += "\t\t\t<key>\(category)</key>\n\t\t\t<string>%d \(isBase ? "" : "[\(locale)] ")thing\(category == "one" ? "" : "s") \(key)</string>\n"
                }
                plist += "\t\t</dict>\n\t</dict>\n"
                entries += 1
            }
            files.append(try write(plist + "</dict>\n</plist>\n", to: (lproj as NSString).appendingPathComponent("Localizable.stringsdict")))
        }
        // One String Catalog with every locale, a tenth of the translations missing.
        var strings: [String] = []
        for key in 0..<catalogKeys {
            var localizations: [String] = []
            for (index, locale) in locales.enumerated() {
                if index > 0, (key + index) % 10 == 0 { continue }
                let value = index == 0 ? "Buy item \(key)" : "[\(locale)] Buy item \(key)"
                localizations.append("        \"\(locale)\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"\(value)\"\n          }\n        }")
                entries += 1
            }
            strings.append("    \"shop.buy.\(key)\" : {\n      \"comment\" : \"Button\",\n      \"extractionState\" : \"manual\",\n      \"localizations\" : {\n\(localizations.joined(separator: ",\n"))\n      }\n    }")
        }
        _ = try write("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n\(strings.joined(separator: ",\n"))\n  },\n  \"version\" : \"1.0\"\n}\n",
                      to: (folder as NSString).appendingPathComponent("Shop.xcstrings"))
        return (files, entries)
    }

    private static func write(_ text: String, to path: String) throws -> String {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Lints the project with `--summary` and a baseline of every finding (written first), in rounds with plutil.
    static func run(l10n: String, plutil: String?, folder: String, report: BenchReport) throws {
        let project = (folder as NSString).appendingPathComponent("project")
        let (files, entries) = try generate(in: project)
        report.emit("project_entries", Double(entries), unit: "entries",
                    note: "\(locales.count) locales; Localizable.strings, Settings.strings, InfoPlist.strings, Localizable.stringsdict per locale; Shop.xcstrings")
        let baseline = (folder as NSString).appendingPathComponent("l10n-baseline.json")
        let write = try ChildRun.spawn([l10n, "lint", "--write-baseline", baseline, "--summary", project], folder: folder)
        let recorded = try String(contentsOfFile: baseline, encoding: .utf8).components(separatedBy: "\"rule\": ").count - 1
        report.emit("project_baseline_findings", Double(recorded), unit: "findings", note: "written by --write-baseline in \(String(format: "%.3f", write.seconds)) s (exit \(write.status))")
        var lintRuns: [ChildRun] = [], plutilRuns: [ChildRun] = []
        for _ in 0..<LintSuite.rounds {
            lintRuns.append(try ChildRun.spawn([l10n, "lint", "--baseline", baseline, "--summary", project], folder: folder))
            if let plutil { plutilRuns.append(try ChildRun.spawn([plutil, "-lint"] + files, folder: folder)) }
        }
        let best = lintRuns.min { $0.seconds < $1.seconds }!
        let summaryLines = String(decoding: best.output, as: UTF8.self).split(separator: "\n").count
        report.emit("l10n_project_lint_seconds", best.seconds, unit: "s", goal: "< 0.5 s", pass: best.seconds < 0.5,
                    note: "lint --baseline (\(recorded) findings) --summary: best of \(lintRuns.count) (median \(LintSuite.median(lintRuns.map(\.seconds)))); exit \(best.status); \(summaryLines) lines printed")
        let peak = Double(lintRuns.map(\.maxResidentBytes).max() ?? 0) / 1_048_576
        report.emit("l10n_project_peak_rss", peak, unit: "MB", goal: "< 200 MB", pass: peak < 200)
        if let plutilRun = plutilRuns.min(by: { $0.seconds < $1.seconds }) {
            report.emit("project_plutil_lint_seconds", plutilRun.seconds, unit: "s", peer: "plutil -lint (syntax only, \(files.count) .strings/.stringsdict files; it cannot read .xcstrings)",
                        peerValue: plutilRun.seconds, ratio: plutilRun.seconds / best.seconds,
                        note: "best of \(plutilRuns.count); exit \(plutilRun.status)")
        } else {
            report.emit("project_plutil_lint_seconds", 0, unit: "s", note: "skipped: plutil not found")
        }
        report.emit("project_toolkit_seconds", 0, unit: "s",
                    note: "not run: translate-toolkit's prop2po converts one base/target pair per process and reads neither .stringsdict nor .xcstrings; the 20,000-entry rows above compare it on the files it can read")
    }
}
