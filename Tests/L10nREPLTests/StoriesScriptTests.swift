import Foundation
import Testing

/// `scripts/stories.repl`: the scenarios issue 25 names, as a user meets them in the REPL, in English and German — run
/// as the README says, and checked section by section.
@Suite struct StoriesScriptTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/stories.repl")

    /// The output of each `echo ── N.` section.
    static func sections(_ output: String) -> [String: String] {
        var sections: [String: String] = [:]
        var current: String?
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("── "), let number = line.dropFirst(3).split(separator: ".").first {
                current = String(number)
            } else if let current {
                sections[current, default: ""] += line + "\n"
            }
        }
        return sections
    }

    @Test(arguments: [
        ("en", "Optimizing your experience", "App optimized", "New activity has been recorded", "Annual summary needs your attention",
         "Couldn't refresh", "Please sign in again", "Offline Mode", "Your summary may be out of date"),
        ("de", "Dein Erlebnis wird optimiert", "App optimiert", "Neue Aktivitäten wurden erfasst", "Jahresrückblick braucht deine Aufmerksamkeit",
         "Aktualisierung fehlgeschlagen", "Bitte melde dich erneut an", "Offline-Modus", "Dein Rückblick ist eventuell veraltet"),
    ])
    func theStoriesScriptShowsEveryScenario(locale: String, optimizing: String, optimized: String, news: String, attention: String,
                                            couldNotRefresh: String, signIn: String, offline: String, stale: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stories-\(UUID().uuidString)")
        // The app keeps its backend's sessions beside its data folder (`<folder>.backend`).
        defer { for path in [folder.path, folder.path + ".backend"] { try? FileManager.default.removeItem(atPath: path) } }
        let result = try #require(try runL10n(["repl", "--locale", locale, "--width", "44", "--data-dir", folder.path, "--script", Self.script.path]), "the l10n binary is built before the tests (swift build --product l10n)")
        #expect(result.status == 0, "\(result.stderr)")
        let parts = Self.sections(result.stdout)
        func flat(_ key: String) -> String {
            (parts[key] ?? "").replacingOccurrences(of: "│", with: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        #expect(flat("1").contains(optimizing) && flat("1").contains(optimized), "1: launch offline, warm on reconnect")
        #expect(flat("8").contains(offline) && (parts["8"] ?? "").components(separatedBy: "🖼 120×120").count == 4, "8: the cart's images offline")
        #expect(flat("2").contains(news), "2: news from another device")
        // Issue 40, item 4: marked on the products screen only: the summary (where the row is) and the cart after the
        // dismissal are not, and the tab took the person there.
        #expect(flat("4").components(separatedBy: attention).count == 2 && flat("4").contains("tab open:summary"), "4: the Red Brick Road: \(flat("4"))")
        #expect(flat("6").contains(couldNotRefresh) && !flat("6").contains(offline), "6: the server failed, not the connection")
        let recovered = flat("5")
        #expect(!recovered.contains(couldNotRefresh) && recovered.contains("995,98") || recovered.contains("995.98"), "5: retried by itself, the banner gone")
        #expect(!recovered.contains(attention), "4: dismissed, the marker is gone")
        #expect(flat("9").contains(signIn) && flat("9").contains("session: signed out") && !flat("9").contains(offline), "9: signed out, not offline")
        // Issue 40, item 1: the background sync's failure is silent (the screen after `app foreground` says nothing), the pull's
        // is a toast.
        #expect(flat("41").components(separatedBy: couldNotRefresh).count == 2 && flat("41").contains("toast refresh-failed")
                && !flat("41").contains(offline), "41: said once, by the pull's toast: \(flat("41"))")
        // Issue 40, item 5: online, 32 days old, the reload failed: stale, could not refresh, retried by itself.
        #expect(flat("45").contains(stale) && flat("45").contains(couldNotRefresh) && !flat("45").contains(offline), "45: \(flat("45"))")
        #expect(!flat("46").contains(stale) && !flat("46").contains(couldNotRefresh), "46: \(flat("46"))")
        // Issue 40, item 3: the refused activity took its mark back; the summary does not ask to be refreshed for it.
        #expect(flat("49").contains("Dismiss") && !flat("49").contains(news), "49: \(flat("49"))")
        // Issue 40, item 4: the road from the orders screen, followed by the tab, gone once Retry got the activity through.
        #expect(flat("50").components(separatedBy: attention).count == 2 && flat("50").contains(news)
                && (parts["50"] ?? "").components(separatedBy: "a11y: tab open:summary").count == 2, "50: \(flat("50"))")
        // Issue 40, item 6: no reading within the launch's wait, nothing warmed; the later reading starts session 1, toast and all.
        #expect(flat("51").contains("app relaunched; status: unknown") && flat("51").contains("warmup: idle (session 0")
                && flat("51").contains(optimizing) && flat("51").contains("warmup: completed (session 1"), "51: \(flat("51"))")
        // Issue 40, item 7: the years of the summary in Arabic-Indic digits, like its figures.
        #expect(flat("47").contains("٢٠٢٥") && flat("47").contains("٢٠٢٤") && !flat("47").contains("2025"), "47: \(flat("47"))")
    }
}
