import Foundation
import Testing

/// Issue 12 end to end: `l10n repl` in script mode drives the composed app through the four stories, with real
/// process restarts — each run is a new process on the same `--data-dir`.
@Suite("The app end to end (l10n repl app …)")
final class AppEndToEndTests {
    /// The test's own folder: the data folder, and beside it the embedded backend's `<data>.backend` folder. Removed
    /// when the test is over (Swift Testing makes an instance per test), whatever the test did.
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("app-e2e-\(UUID().uuidString)")
    var folder: URL { root.appendingPathComponent("data") }

    deinit { try? FileManager.default.removeItem(at: root) }

    struct NotBuilt: Error, CustomStringConvertible {
        var description: String { "the l10n binary is not built next to the tests (swift build --product l10n && swift build --product l10n-repl)" }
    }

    /// One REPL process running `lines` as a script on the data folder.
    func run(_ lines: [String], dataDirectory: URL? = nil, locale: String = "en") throws -> ProcessResult {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("app-e2e-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: script) }
        try Data((lines + ["quit"]).joined(separator: "\n").utf8).write(to: script)
        guard let result = try runL10n(["repl", "--locale", locale, "--width", "60", "--data-dir", (dataDirectory ?? folder).path,
                                        "--script", script.path]) else { throw NotBuilt() }
        return result
    }

    /// One REPL process running `commands`; returns each command's own output (the script labels each with `echo`),
    /// so an assertion about a command's screen cannot be met by another command's output.
    func steps(_ commands: [String], dataDirectory: URL? = nil, locale: String = "en") throws -> [String] {
        let (outputs, result) = try stepsAndErrors(commands, dataDirectory: dataDirectory, locale: locale)
        #expect(result.status == 0, "\(result.stderr)")
        return outputs
    }

    /// `steps`, also giving the process (its stderr holds the errors of commands that failed; the exit code is 1).
    func stepsAndErrors(_ commands: [String], dataDirectory: URL? = nil, locale: String = "en") throws -> ([String], ProcessResult) {
        var lines: [String] = []
        for (index, command) in commands.enumerated() { lines += ["echo ⟦\(index)⟧", command] }
        let result = try run(lines, dataDirectory: dataDirectory, locale: locale)
        var outputs = Array(repeating: "", count: commands.count)
        var current: Int?
        for line in result.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("⟦"), line.hasSuffix("⟧"), let index = Int(line.dropFirst().dropLast()), index < commands.count {
                current = index
            } else if let current {
                outputs[current] += line + "\n"
            }
        }
        return (outputs, result)
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

    /// Issue 41: `app start --open products` writes the cached list out before the launch has settled, then the start's
    /// line; settled, the screen is the one `app start` + `app open products` shows.
    @Test func aStartToTheProductsScreenDrawsItFirstThenSettlesToTheSameScreen() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let online = try run(["app start", "app open products"])
        #expect(online.status == 0, "\(online.stderr)")
        let launched = try steps(["app start --offline --open products", "app screen"])
        let opened = try steps(["app start --offline", "app open products"])
        let start = launched[0]
        let list = try #require(start.range(of: "My Products"))
        let line = try #require(start.range(of: "app started for user1"))
        #expect(list.upperBound <= line.lowerBound && start.contains("Smart Speaker"))
        #expect(start.contains("status: offline · products drawn before the first connectivity reading"))
        #expect(launched[1].contains("Offline Mode"))
        #expect(launched[1] == opened[1])
        let wrong = try stepsAndErrors(["app start --open nowhere"]).1
        #expect(wrong.stderr.contains("no screen `nowhere`"))
    }

    @Test func onlineThenOfflineAfterARestartShowsTheCacheWithTheIndicatorDisabledActionsAndTheirToasts() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let first = try run(Self.onlineRun)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("My Products") && first.stdout.contains("Smart Speaker"))
        #expect(first.stdout.contains("Espresso Machine") && first.stdout.contains("Order user1-o1"))
        #expect(first.stdout.contains("in review"))
        #expect(first.stdout.contains("warmup: completed (session 1, 4 subtasks"))
        #expect(first.stdout.contains("Optimized") || first.stdout.contains("App optimized"))
        #expect(!first.stdout.contains("Offline Mode"))

        // Run 2: a new process on the same folder, the backend refusing connections. Each command's own output is
        // checked, so a toast must be on the screen the tap produced (not only in the a11y note of a disabled button).
        let second = try steps([
            "app start --offline", "app warmup", "app open products", "app open product user1-p1", "app tap Raise Service Request",
            "app open cart", "app tap Proceed to Checkout", "app advance 5", "app refresh", "app open orders", "app open summary",
            "app telemetry",
        ])
        #expect(second[0].contains("status: offline"))
        #expect(second[1].contains("warmup: idle"), "no toast when nothing can be warmed")
        #expect(second[2].contains("Offline Mode") && second[2].contains("Smart Speaker"), "the cached list with the indicator")
        #expect(second[2].contains("a11y: offline-indicator reads \"You are offline. Viewing offline data.\""), "the indicator is announced")
        #expect(second[2].contains("Last updated:"))
        let card = second[3]
        #expect(card.contains("SN2579728762") && card.contains("SS-2") && card.contains("Warranty Expiry Date") && card.contains("● Active"),
                "the cached warranty card")
        #expect(card.contains("Raise Service Request, disabled") && card.contains("Transfer Ownership, disabled"))
        #expect(!card.contains("toast "), "no toast before a tap")
        #expect(second[4].contains("toast requires-connection") && Self.flat(second[4]).contains("⚠ This feature requires an internet connection"),
                "tapping a disabled online-only action shows its toast")
        #expect(second[5].contains("Total: €2,995.98") && second[5].contains("6 items"), "the cached cart with its prices")
        #expect(second[5].contains("Proceed to Checkout, disabled") && second[5].contains("Update Quantity, disabled"))
        // The cart story: name, image, quantity and price offline; each image kept from the online run (issue 25, item 8).
        #expect(second[5].components(separatedBy: "🖼 120×120").count == 4, "every line's image, offline")
        #expect(second[6].contains("toast no-connection")
                && Self.flat(second[6]).contains("⚠ No internet connection. Please check your connection and try again."))
        #expect(second[8].contains("toast no-connection") && !second[8].contains("⟳"), "pull to refresh offline: the toast, no spinner")
        let orders = second[9]
        #expect(orders.contains("Order user1-o1") && orders.contains("Ordered on") && orders.contains("● Delivered"), "the cached history")
        #expect(orders.contains("Track Order, disabled") && orders.contains("Rate Order, disabled"))
        #expect(second[10].contains("in review") && second[10].contains("Spent") && second[10].contains("compared with"),
                "the cached summary with its comparison")
        #expect(second[10].contains("Last updated:"))
        #expect(second[11].contains("commerce.action_refused action=checkout") && second[11].contains("commerce.refresh_refused screen=cart"))

        // Run 4: back online on the same folder: the app syncs in the background and the indicator goes away, on the
        // product list and on the cart, whose actions are enabled again.
        let fourth = try steps(["app start --offline", "app open products", "app open cart", "app online", "app screen",
                                "app open products", "app status", "app telemetry"])
        #expect(fourth[2].contains("Offline Mode"))
        #expect(fourth[3].contains("status: online"))
        #expect(fourth[4].contains("Total: €2,995.98") && !fourth[4].contains("Offline Mode"))
        #expect(fourth[4].contains("[ Proceed to Checkout ]") && !fourth[4].contains("Proceed to Checkout, disabled"), "actions enabled again")
        #expect(fourth[5].contains("My Products") && !fourth[5].contains("Offline Mode"))
        #expect(fourth[6].contains("status: online"))
        // The open screen revalidates on reconnect; the cart has not changed since the online run, so it is confirmed (a 304).
        #expect(fourth[7].contains("commerce.revalidated outcome=unchanged screen=cart"), "the open screen revalidates on reconnect")
        // The launch's sync (BR-002), held back while offline, runs as soon as the connection is back; the list has not
        // changed since the online run, so the backend confirms the cached one (a 304) instead of sending it again.
        #expect(fourth[7].contains("products.sync outcome=unchanged trigger=foreground"), "products sync in the background")
    }

    @Test func aFreshDataFolderOfflineShowsEachFirstUseMessage() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try run(["app start --offline", "app open products", "app open cart", "app open orders", "app open summary",
                                    "app warmup"])
        #expect(result.status == 0, "\(result.stderr)")
        let out = result.stdout.replacingOccurrences(of: "│", with: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(out.contains("Please connect to the internet to sync your products"))
        #expect(out.contains("Your cart isn’t available offline yet"))
        #expect(out.contains("Your order history isn’t available offline yet"))
        #expect(out.contains("Your summary isn’t available offline yet"))
        #expect(!out.contains("App optimized"), "nothing was cached, so no success banner")
        #expect(!out.contains("⟳"), "first use offline: a message, never an endless spinner")
    }

    @Test func aFreshDataFolderThatComesOnlineFillsEachScreenByItself() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let out = try steps(["app start --offline", "app open products", "app online", "app screen", "app open cart", "app open summary"])
        #expect(out[1].contains("Please connect to the internet to sync your products"))
        #expect(out[3].contains("12 products") && !out[3].contains("Offline Mode"), "the list syncs in the background")
        #expect(out[4].contains("Total: €2,995.98"))
        #expect(out[5].contains("in review") && !out[5].contains("isn’t available offline"))
    }

    @Test func noFileUnderTheDataFolderHoldsUserDataInPlainTextAndAnotherUserSeesNoneOfIt() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let first = try run(Self.onlineRun)
        #expect(first.status == 0, "\(first.stderr)")
        let files = contents(of: folder)
        #expect(!files.isEmpty)
        for secret in ["Smart Speaker", "SN2579728762", "user1-o1", "Espresso Machine", "2424.48", "2,424.48", "2995.98"] {
            for encoded in Self.encodings(secret) {
                #expect(!files.contains { $0.range(of: encoded) != nil }, "\(secret) is in a file under the data folder")
            }
        }
        // User B on the same folder, offline: none of user A's data.
        let other = try run(["app start --offline --user user2", "app open products", "app open cart", "app open summary"])
        #expect(other.status == 0, "\(other.stderr)")
        let flattened = other.stdout.replacingOccurrences(of: "│", with: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flattened.contains("Please connect to the internet to sync your products"))
        #expect(flattened.contains("Your cart isn’t available offline yet") && flattened.contains("Your summary isn’t available offline yet"))
        #expect(!flattened.contains("Smart Speaker") && !flattened.contains("Espresso Machine") && !flattened.contains("2,424.48"))
    }

    @Test func anActivityRegisteredOfflineIsPendingThenSyncsAndTheSummaryPromptsAndGoesStaleAfterThirtyDays() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let out = try steps([
            "app start", "app open summary", "app offline", "app register-activity", "app screen",    // 0–4
            "app online", "app screen", "app refresh", "app telemetry",                                // 5–8
            "app advance 2678400", "app offline", "app screen", "app online", "app screen",            // 9–13
        ])
        #expect(out[3].contains("1 write(s) waiting in the outbox"))
        let pending = Self.flat(out[4])
        #expect(pending.contains("Waiting to sync") && pending.contains("row: pending at 0.5 opacity"), "pattern B: pending while offline")
        let synced = Self.flat(out[6])
        #expect(synced.contains("New activity has been recorded. Refresh to update your summary."), "synced: the cache is invalid")
        #expect(!synced.contains("Waiting to sync"))
        // A refresh replaces the cache: the prompt goes.
        #expect(!Self.flat(out[7]).contains("New activity has been recorded") && out[7].contains("in review"))
        #expect(out[8].contains("summary.load outcome=fresh trigger=refresh"))
        // 31 simulated days later, offline: the stale banner, and refresh is disabled.
        let stale = Self.flat(out[11])
        #expect(stale.contains("Your summary may be out of date"), "more than 30 days old, offline: the stale banner")
        #expect(stale.contains("Refresh, disabled"))
        // Back online the summary reloads by itself and the banner goes.
        #expect(out[12].contains("status: online"))
        #expect(!Self.flat(out[13]).contains("may be out of date") && out[13].contains("in review"))
    }

    @Test func aSessionCutShortByAKillResumesAtTheNextLaunchAndAFullCacheNeedsNone() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let out = try steps([
            "app start", "app backend hold", "app login user2", "app kill", "app backend release",    // 0–4
            "app relaunch", "app warmup", "app open products",                                        // 5–7
            "app kill", "app relaunch", "app warmup", "app open products", "app telemetry",          // 8–12
        ])
        #expect(out[2].contains("logged in as user2"))
        // Killed mid-session: the next launch finds the cache still cold, so the session (and its toast) runs again.
        #expect(out[5].contains("app relaunched"))
        #expect(out[6].contains("warmup: completed (session 1, 4 subtasks"))
        #expect(out[7].contains("12 products") && out[7].contains("App optimized"))
        // With the cache warm, a launch needs no session: no toast, no banner.
        #expect(out[10].contains("warmup: idle"))
        #expect(!out[11].contains("Optimizing your experience") && !out[11].contains("App optimized"))
        // Sessions: user1's launch, user2's login (cut short), the relaunch that resumed the warming; none after that.
        #expect(out[12].components(separatedBy: "cache_warmup_started").count == 4)
    }

    @Test func theWarmupToastGivesWayToTheBannerWhichTheSimulatedClockDismisses() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try run(["app start", "app open products", "app background", "app foreground", "app advance 5", "app screen",
                                    "app telemetry"])
        #expect(result.status == 0, "\(result.stderr)")
        let beforeAdvance = result.stdout.components(separatedBy: "simulated clock").first ?? ""
        let afterAdvance = result.stdout.components(separatedBy: "simulated clock").last ?? ""
        #expect(beforeAdvance.contains("App optimized"), "the success banner follows the session")
        #expect(!afterAdvance.contains("App optimized"), "and goes after its seconds on the injected clock")
        #expect(result.stdout.contains("cache_warmup_started") && result.stdout.contains("cache_warmup_completed"))
        #expect(result.stdout.components(separatedBy: "cache_warmup_started").count == 2, "one session, one start")
        #expect(result.stdout.contains("products.sync count=12 outcome=synced trigger=foreground"), "BR-002: back in the foreground, a sync")
    }

    @Test func wifiThenCellularThenNoNetworkThenWifiAgainThroughThePathMonitor() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try run(["app start", "app open products", "app network cellular", "app network none", "app screen",
                                    "app network wifi", "app screen"])
        #expect(result.status == 0, "\(result.stderr)")
        let parts = result.stdout.components(separatedBy: "network: ")
        #expect(parts.count == 4)
        guard parts.count == 4 else { return }
        #expect(parts[1].hasPrefix("cellular; status: online") && !parts[1].contains("Offline Mode"))
        #expect(parts[2].hasPrefix("none; status: offline") && parts[2].contains("Offline Mode") && parts[2].contains("Smart Speaker"))
        #expect(parts[3].hasPrefix("wifi; status: online") && !parts[3].contains("Offline Mode"))
    }

    @Test func theSummaryCardIsSharedOfflineTheSameAsOnlineAndLoginSyncsTheNewUsersProducts() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        // Cards from an earlier run must not count: start with no shared folder.
        // The user's private share folder under the data folder (0700), removed when they log out.
        let shared = folder.appendingPathComponent("shared/user1")
        try? FileManager.default.removeItem(at: shared)
        func sharedCards() -> [URL] {
            ((try? FileManager.default.contentsOfDirectory(at: shared, includingPropertiesForKeys: nil)) ?? [])
                .filter { $0.lastPathComponent.hasPrefix("annual-summary-") && $0.pathExtension == "svg" }
        }
        // Run A online: the card from fresh data.
        let online = try steps(["app start", "app open summary", "app tap Share"])
        #expect(Self.flat(online[2]).contains("Your summary card is ready to share."))
        let fresh = try sharedCards().map { try Data(contentsOf: $0) }
        #expect(fresh.count == 1, "the card is an export outside the encrypted data folder")
        try? FileManager.default.removeItem(at: shared)

        // Run B, a new process offline: the card from the encrypted cache is byte for byte the same.
        let offline = try steps(["app start --offline", "app open summary", "app tap Share"])
        #expect(Self.flat(offline[2]).contains("Your summary card is ready to share."), "shared from the cache while offline")
        let cached = try sharedCards().map { try Data(contentsOf: $0) }
        #expect(cached.count == 1 && cached == fresh, "the same card from the cache as from fresh data")
        let attributes = try FileManager.default.attributesOfItem(atPath: shared.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o700, "the cards hold figures in clear: only the user may read them")

        // Run C: online again, another user logs in: the first user's shared cards go with their session.
        let login = try steps(["app start --offline", "app online", "app login user2", "app open product user2-p1"])
        #expect(login[2].contains("logged in as user2"))
        #expect(login[3].contains("Warranty card"), "BR-002: the new user's products synced on login")
        #expect(!FileManager.default.fileExists(atPath: shared.path), "removed at logout")
    }

    @Test func theWarrantyCardIsTheSameOnlineAndOfflineAndItsStatusFollowsTheClock() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let online = try steps(["app start", "app open product user1-p1"])
        let offline = try steps(["app start --offline", "app open product user1-p1", "app advance 63072000", "app open product user1-p1"])
        // The card itself: from its title to its status badge (the indicator, banners and actions around it differ).
        func card(_ text: String) -> [String] {
            let lines = text.split(separator: "\n").map(String.init)
            guard let first = lines.firstIndex(where: { $0.contains("Warranty card") }),
                  let last = lines[first...].firstIndex(where: { $0.contains("●") }) else { return [] }
            return Array(lines[first...last])
        }
        #expect(!card(online[1]).isEmpty)
        #expect(online[1].contains("SN2579728762") && online[1].contains("Warranty Expiry Date") && online[1].contains("Warranty status:"))
        #expect(card(online[1]) == card(offline[1]), "online:\n\(online[1])\noffline:\n\(offline[1])")
        // Two years later on the injected clock, the same cached card says the warranty has expired.
        #expect(offline[3].contains("● Expired") && offline[3].contains("Warranty status: Expired"))
    }

    @Test func theAppSpeaksTheREPLsLocale() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try run(["app start --offline", "app open products"], locale: "nb")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Frakoblet modus"))
    }
}
