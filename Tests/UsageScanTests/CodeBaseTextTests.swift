import Foundation
import StringsKit
import Testing
@testable import UsageScan

/// A project whose base text is in code (KeePassium's workflow, 2026-11-28): every call gives its English as
/// `NSLocalizedString(_:bundle:value:comment:)`'s default value, Xcode's export hands it to translators, and
/// `en.lproj/Localizable.strings` stays empty. `l10n lint` reported each of the translations' 18,486 keys as "not in the
/// base locale; remove it". The fixtures are a recipe app's, written here in that style.
@Suite("Base text in code")
struct CodeBaseTextTests {
    static func key(_ index: Int) -> String { "[Recipe/Step\(index)/title]" }

    /// `en.lproj` empty but for a comment; two translations with `count` keys each, the last one in `de` only.
    static func project(translated count: Int = 24, frenchLacks: Int = 3) -> ProjectFolder {
        let project = ProjectFolder()
        project.write("App/en.lproj/Localizable.strings", "/* The English is in the code: NSLocalizedString(…, value:). */\n")
        project.write("App/de.lproj/Localizable.strings", (0..<count).map { "/* Step \($0) */\n\"\(key($0))\" = \"Schritt \($0)\";\n" }.joined())
        project.write("App/fr.lproj/Localizable.strings", (0..<(count - 1 - frenchLacks)).map { "\"\(key($0))\" = \"Étape \($0)\";\n" }.joined())
        return project
    }

    /// The code gives the English of every key but the last (which only `de` still has), and of one key no
    /// translation has yet.
    static func writeSources(_ project: ProjectFolder, translated count: Int = 24) {
        let calls = (0..<(count - 1)).map { index in
            """
                static let step\(index) = NSLocalizedString(
                    "\(key(index))",
                    bundle: Bundle.main,
                    value: "Step \(index)",
                    comment: "The title of step \(index) of a recipe")
            """
        }.joined(separator: "\n")
        project.write("Sources/LString+recipe.swift", """
        import Foundation

        enum LString {
        \(calls)
            static let servings = NSLocalizedString("[Recipe/Servings/title]", bundle: Bundle.main, value: "Servings", comment: "")
        }
        """)
    }

    static func lint(_ project: ProjectFolder, sources: Bool) throws -> [Finding] {
        var options = L10nCommands.LintOptions(paths: [project.path("App")], format: .json)
        if sources { options.sourceCheck = UsageCommands.sourceCheck(sources: [project.path("Sources")]) }
        let outcome = L10nCommands.lint(options)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        let findings = try #require(json["findings"] as? [[String: Any]])
        return findings.compactMap { object in
            guard let rule = (object["rule"] as? String).flatMap(Rule.init(rawValue:)) else { return nil }
            return Finding(rule: rule, severity: .warning, file: object["file"] as? String ?? "", line: object["line"] as? Int ?? 0,
                           column: object["column"] as? Int ?? 0, locale: object["locale"] as? String ?? "", table: object["table"] as? String ?? "",
                           key: object["key"] as? String, message: object["message"] as? String ?? "")
        }
    }

    @Test func withoutSourcesOneFindingSaysTheBaseTextIsNotInTheCatalogInsteadOfEveryKeyExtra() throws {
        let project = Self.project()
        let extra = try Self.lint(project, sources: false).filter { $0.rule == .extraKey }
        #expect(extra.count == 1, "\(extra.map(\.message))")
        let finding = try #require(extra.first)
        #expect(finding.key == nil && finding.locale == "en" && finding.file.hasSuffix("en.lproj/Localizable.strings"))
        #expect(finding.message.contains("2 translation(s) have up to 24 key(s) it lacks"), "\(finding.message)")
        #expect(finding.message.contains("pass --sources"))
    }

    @Test func withSourcesTheTranslationsAreCheckedAgainstTheCodesDefaultValues() throws {
        let project = Self.project()
        Self.writeSources(project)
        let findings = try Self.lint(project, sources: true)
        // The one key no call names any more, in the one translation that has it: extra, and nothing else is.
        let extra = findings.filter { $0.rule == .extraKey }
        #expect(extra.map(\.key) == [Self.key(23)] && extra.first?.locale == "de", "\(extra.map(\.message))")
        // French lacks three keys the code gives English for: missing there, not "add it to the catalog".
        let missing = findings.filter { $0.rule == .missingKey }
        let french = missing.filter { $0.locale == "fr" }
        #expect(Set(french.compactMap(\.key)) == Set((20...22).map(Self.key)), "\(missing.map(\.message))")
        #expect(french.allSatisfy { $0.message.contains("has its en text in the code") && $0.file.hasSuffix("fr.lproj/Localizable.strings") })
        // A text no translator has seen yet is said so, at the call.
        let new = try #require(missing.first { $0.key == "[Recipe/Servings/title]" })
        #expect(new.file.hasSuffix("LString+recipe.swift") && new.message.contains("no language translates yet"), "\(new.message)")
        #expect(!missing.contains { $0.message.contains("add the key to the catalog") })
        #expect(missing.count == 4)
    }

    /// KeePassium (2026-12-07): its keys read like text ("[Database/Load/Error] Incorrect database format") and the
    /// English is the call's default value ("Incorrect database format: %@."). With no base entry, the key was taken
    /// for the text, and every translation that follows the real English was "wrong": 79 format-mismatch errors and 270
    /// whitespace and punctuation warnings, even with the code read. A key whose base text is in the code is not
    /// compared with its key.
    @Test func aTranslationOfADefaultValueIsNotComparedWithItsKey() throws {
        let project = ProjectFolder()
        project.write("App/en.lproj/Localizable.strings", "/* The English is in the code. */\n")
        let keys = (0..<24).map { "[Recipe/Step \($0)] Step title" }
        let load = "[Database/Load/Error] Incorrect database format"
        project.write("App/de.lproj/Localizable.strings", keys.map { "\"\($0)\" = \"Schritt\";\n" }.joined()
                      + "\"\(load)\" = \"Falsches Datenbankformat: %@.\";\n")
        project.write("Sources/LString.swift", "import Foundation\nenum LString {\n"
                      + keys.enumerated().map { "    static let s\($0.offset) = NSLocalizedString(\"\($0.element)\", value: \"Step\", comment: \"\")\n" }.joined()
                      + "    static let load = NSLocalizedString(\"\(load)\", value: \"Incorrect database format: %@.\", comment: \"\")\n}\n")
        let findings = try Self.lint(project, sources: true)
        let compared = findings.filter { [.formatMismatch, .punctuationMismatch, .whitespaceMismatch, .untranslated].contains($0.rule) }
        #expect(compared.isEmpty, "\(compared.map(\.message))")
        // Compared with the code's text instead: a translation that reads the count as an object is an error (the
        // re-check of 2026-12-07 found such a one hidden once the key was no longer the base).
        let keychain = "[KeychainError/generic] Keychain error"
        project.write("App/de.lproj/Localizable.strings", keys.map { "\"\($0)\" = \"Schritt\";\n" }.joined()
                      + "\"\(load)\" = \"Falsches Datenbankformat: %@.\";\n\"\(keychain)\" = \"Schlüsselbundfehler (Code %@)\";\n")
        project.write("Sources/Keychain.swift", "import Foundation\nlet keychain = NSLocalizedString(\"\(keychain)\", value: \"Keychain error (code %d)\", comment: \"\")\n")
        let mismatches = try Self.lint(project, sources: true).filter { $0.rule == .formatMismatch }
        #expect(mismatches.map(\.key) == [keychain], "\(mismatches.map(\.message))")
        #expect(mismatches.first?.message.contains("the base text is the code's default value at") == true, "\(mismatches.map(\.message))")
        // A default value whose only specifier is a percent sign read as one (brave-ios's "get 20% off", shown as it is):
        // no format string, and a translation's "20 %" no error (64 of brave's 76 errors).
        let promo = "[Promo/Title] Discount"
        project.write("Sources/Promo.swift", "import Foundation\nlet promo = NSLocalizedString(\"\(promo)\", value: \"Get 20% off now!\", comment: \"\")\n")
        project.write("App/de.lproj/Localizable.strings", keys.map { "\"\($0)\" = \"Schritt\";\n" }.joined()
                      + "\"\(load)\" = \"Falsches Datenbankformat: %@.\";\n\"\(keychain)\" = \"Schlüsselbundfehler (Code %d)\";\n\"\(promo)\" = \"Jetzt 20 % Rabatt erhalten!\";\n")
        let promoted = try Self.lint(project, sources: true).filter { $0.rule == .formatMismatch }
        #expect(promoted.isEmpty, "\(promoted.map(\.message))")
        // And so are their ends and whether they are translated at all (the re-check of 2026-12-07: KeePassium's 100
        // punctuation and 8 whitespace differences from the code's English were never looked at).
        let saved = "[Database/Saved] Database saved"
        let retry = "[Database/Retry] Try again"
        project.write("App/de.lproj/Localizable.strings", keys.map { "\"\($0)\" = \"Schritt\";\n" }.joined()
                      + "\"\(load)\" = \"Falsches Datenbankformat: %@\";\n\"\(saved)\" = \"Datenbank gespeichert.\";\n\"\(retry)\" = \"Try again later, please\";\n")
        project.write("Sources/Keychain.swift", "import Foundation\nlet saved = NSLocalizedString(\"\(saved)\", value: \"Database saved.\", comment: \"\")\n"
                      + "let retry = NSLocalizedString(\"\(retry)\", value: \"Try again later, please\", comment: \"\")\n")
        let ends = try Self.lint(project, sources: true).filter { [.punctuationMismatch, .untranslated].contains($0.rule) }
        #expect(ends.map { "\($0.rule.rawValue):\($0.key ?? "")" }.sorted() == ["punctuation-mismatch:\(load)", "untranslated:\(retry)"], "\(ends.map(\.message))")
    }

    @Test func aKeyWhoseBaseTextIsADefaultValueIsNotExtraBesideAFullBase() throws {
        let project = ProjectFolder()
        let base = (0..<30).map { "\"menu.item\($0)\" = \"Item \($0)\";\n" }.joined()
        project.write("App/en.lproj/Localizable.strings", base)
        project.write("App/de.lproj/Localizable.strings", base + "\"menu.special\" = \"Spezial\";\n\"menu.retired\" = \"Alt\";\n")
        project.write("Sources/Menu.swift", """
        import Foundation
        let items = (0..<30).map { NSLocalizedString("menu.item\\($0)", comment: "") }
        let special = NSLocalizedString("menu.special", value: "Special", comment: "")
        """)
        // A few stale keys beside a full base are reported one by one, as before.
        #expect(Set(try Self.lint(project, sources: false).filter { $0.rule == .extraKey }.compactMap(\.key)) == ["menu.special", "menu.retired"])
        // With the code read, the one whose English the call gives is not extra.
        #expect(try Self.lint(project, sources: true).filter { $0.rule == .extraKey }.compactMap(\.key) == ["menu.retired"])
    }
}
