import Foundation
import Testing

/// Issue 12 end to end: `l10n repl` in script mode drives the composed app through the four stories, with real
/// process restarts — each run is a new process on the same `--data-dir`.
@Suite("The app end to end (l10n repl app …)")
struct AppEndToEndTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("app-e2e-\(UUID().uuidString)")

    func run(_ lines: [String], dataDirectory: URL? = nil, locale: String = "en") throws -> ProcessResult? {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("app-e2e-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: script) }
        try Data((lines + ["quit"]).joined(separator: "\n").utf8).write(to: script)
        return try runL10n(["repl", "--locale", locale, "--width", "60", "--data-dir", (dataDirectory ?? folder).path, "--script", script.path])
    }

    static let onlineRun = ["app start", "app open products", "app open cart", "app open orders", "app open summary", "app warmup"]

    /// Every file under `folder`, to look for plaintext.
    func contents(of folder: URL) -> [Data] {
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return files.compactMap { try? Data(contentsOf: $0) }
    }

    /// The output with the phone's borders and line breaks gone, so wrapped copy reads as one line.
    static func flat(_ text: String) -> String {
        text.replacingOccurrences(of: "│", with: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static func encodings(_ text: String) -> [Data] {
        [Data(text.utf8), text.data(using: .utf16LittleEndian)!, text.data(using: .utf16BigEndian)!]
    }

    @Test func onlineThenOfflineAfterARestartShowsTheCacheWithTheIndicatorDisabledActionsAndTheirToasts() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let first = try run(Self.onlineRun) else { print("skipped: the l10n binary is not built next to the tests"); return }
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("My Products") && first.stdout.contains("Smart Speaker"))
        #expect(first.stdout.contains("Espresso Machine") && first.stdout.contains("Order user1-o1"))
        #expect(first.stdout.contains("in review"))
        #expect(first.stdout.contains("warmup: completed (session 1, 4 subtasks"))
        #expect(first.stdout.contains("Optimized") || first.stdout.contains("App optimized"))
        #expect(!first.stdout.contains("Offline Mode"))

        // Run 2: a new process on the same folder, the backend refusing connections.
        guard let second = try run([
            "app start --offline", "app warmup",
            "app open products", "app open product user1-p1", "app tap Raise Service Request",
            "app open cart", "app tap Proceed to Checkout", "app refresh",
            "app open orders", "app open summary",
        ]) else { return }
        #expect(second.status == 0, "\(second.stderr)")
        let out = second.stdout
        #expect(out.contains("status: offline"))
        #expect(out.contains("warmup: idle"), "no toast when nothing can be warmed")
        #expect(out.contains("Offline Mode"))
        #expect(out.contains("You are offline. Viewing offline data."), "the indicator is announced")
        #expect(out.contains("Smart Speaker") && out.contains("SN2579728762"), "the cached list and card")
        #expect(out.contains("Raise Service Request, disabled"))
        #expect(out.contains("This feature requires an internet connection"))
        #expect(out.contains("Proceed to Checkout, disabled"))
        #expect(out.contains("No internet connection. Please check your connection and try again."))
        #expect(out.contains("Total: €2,995.98"), "the cached cart with its prices")
        #expect(out.contains("Order user1-o1"), "the cached order history")
        #expect(out.contains("Last updated:"))
        #expect(out.contains("in review"), "the cached summary")

        // Run 4: back online on the same folder: the app syncs and the indicator goes away.
        guard let fourth = try run(["app start --offline", "app open products", "app online", "app screen", "app status"]) else { return }
        #expect(fourth.status == 0, "\(fourth.stderr)")
        let afterOnline = fourth.stdout.components(separatedBy: "backend accepting connections").last ?? ""
        #expect(afterOnline.contains("status: online"))
        #expect(afterOnline.contains("My Products") && !afterOnline.contains("Offline Mode"))
    }

    @Test func aFreshDataFolderOfflineShowsEachFirstUseMessage() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let result = try run(["app start --offline", "app open products", "app open cart", "app open orders", "app open summary",
                                    "app warmup"]) else { print("skipped: the l10n binary is not built next to the tests"); return }
        #expect(result.status == 0, "\(result.stderr)")
        let out = result.stdout.replacingOccurrences(of: "│", with: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(out.contains("Please connect to the internet to sync your products"))
        #expect(out.contains("Your cart isn’t available offline yet"))
        #expect(out.contains("Your order history isn’t available offline yet"))
        #expect(out.contains("Your summary isn’t available offline yet"))
        #expect(!out.contains("App optimized"), "nothing was cached, so no success banner")
    }

    @Test func noFileUnderTheDataFolderHoldsUserDataInPlainTextAndAnotherUserSeesNoneOfIt() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let first = try run(Self.onlineRun) else { print("skipped: the l10n binary is not built next to the tests"); return }
        #expect(first.status == 0, "\(first.stderr)")
        let files = contents(of: folder)
        #expect(!files.isEmpty)
        for secret in ["Smart Speaker", "SN2579728762", "user1-o1", "Espresso Machine", "2424.48", "2,424.48", "2995.98"] {
            for encoded in Self.encodings(secret) {
                #expect(!files.contains { $0.range(of: encoded) != nil }, "\(secret) is in a file under the data folder")
            }
        }
        // User B on the same folder, offline: none of user A's data.
        guard let other = try run(["app start --offline --user user2", "app open products", "app open cart", "app open summary"]) else { return }
        #expect(other.status == 0, "\(other.stderr)")
        let flattened = other.stdout.replacingOccurrences(of: "│", with: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flattened.contains("Please connect to the internet to sync your products"))
        #expect(!flattened.contains("Smart Speaker") && !flattened.contains("Espresso Machine"))
    }

    @Test func anActivityRegisteredOfflineIsPendingThenSyncsAndTheSummaryPromptsAndGoesStaleAfterThirtyDays() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let result = try run([
            "app start", "app open summary", "app offline", "app register-activity", "app screen",
            "app online", "app screen", "app advance 2678400", "app offline", "app screen",
        ]) else { print("skipped: the l10n binary is not built next to the tests"); return }
        #expect(result.status == 0, "\(result.stderr)")
        let parts = Self.flat(result.stdout).components(separatedBy: "backend ")
        #expect(parts.count == 4)
        guard parts.count == 4 else { return }
        #expect(parts[1].contains("1 write(s) waiting in the outbox"))
        #expect(parts[1].contains("Waiting to sync") && parts[1].contains("row: pending at 0.5 opacity"), "pattern B: pending while offline")
        #expect(parts[2].contains("New activity has been recorded. Refresh to update your summary."), "synced: the cache is invalid")
        #expect(!parts[2].contains("Waiting to sync"))
        #expect(parts[3].contains("Your summary may be out of date"), "more than 30 days old, offline: the stale banner")
        #expect(parts[3].contains("Refresh, disabled"))
    }

    @Test func theWarmupToastGivesWayToTheBannerWhichTheSimulatedClockDismisses() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let result = try run(["app start", "app open products", "app background", "app foreground", "app advance 5", "app screen",
                                    "app telemetry"]) else { print("skipped: the l10n binary is not built next to the tests"); return }
        #expect(result.status == 0, "\(result.stderr)")
        let beforeAdvance = result.stdout.components(separatedBy: "simulated clock").first ?? ""
        let afterAdvance = result.stdout.components(separatedBy: "simulated clock").last ?? ""
        #expect(beforeAdvance.contains("App optimized"), "the success banner follows the session")
        #expect(!afterAdvance.contains("App optimized"), "and goes after its seconds on the injected clock")
        #expect(result.stdout.contains("cache_warmup_started") && result.stdout.contains("cache_warmup_completed"))
        #expect(result.stdout.components(separatedBy: "cache_warmup_started").count == 2, "one session, one start")
    }

    @Test func wifiThenCellularThenNoNetworkThenWifiAgainThroughThePathMonitor() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let result = try run(["app start", "app open products", "app network cellular", "app network none", "app screen",
                                    "app network wifi", "app screen"]) else { print("skipped: the l10n binary is not built next to the tests"); return }
        #expect(result.status == 0, "\(result.stderr)")
        let parts = result.stdout.components(separatedBy: "network: ")
        #expect(parts.count == 4)
        guard parts.count == 4 else { return }
        #expect(parts[1].hasPrefix("cellular; status: online") && !parts[1].contains("Offline Mode"))
        #expect(parts[2].hasPrefix("none; status: offline") && parts[2].contains("Offline Mode") && parts[2].contains("Smart Speaker"))
        #expect(parts[3].hasPrefix("wifi; status: online") && !parts[3].contains("Offline Mode"))
    }

    @Test func theSummaryCardIsSharedOfflineAndLoginSyncsTheNewUsersProducts() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let result = try run(["app start", "app open summary", "app offline", "app tap Share", "app online",
                                    "app login user2", "app open product user2-p1"]) else {
            print("skipped: the l10n binary is not built next to the tests"); return
        }
        #expect(result.status == 0, "\(result.stderr)")
        let out = Self.flat(result.stdout)
        #expect(out.contains("Your summary card is ready to share."), "shared from the cache while offline")
        #expect(out.contains("logged in as user2"))
        #expect(out.contains("Warranty card"), "BR-002: the new user's products synced on login")
        let shared = FileManager.default.temporaryDirectory.appendingPathComponent("offlinekit-shared-user1")
        let cards = (try? FileManager.default.contentsOfDirectory(atPath: shared.path)) ?? []
        #expect(cards.contains { $0.hasPrefix("annual-summary-") && $0.hasSuffix(".svg") }, "the card is an export outside the encrypted data folder")
    }

    @Test func theAppSpeaksTheREPLsLocale() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let result = try run(["app start --offline", "app open products"], locale: "nb") else {
            print("skipped: the l10n binary is not built next to the tests"); return
        }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Frakoblet modus"))
    }
}
