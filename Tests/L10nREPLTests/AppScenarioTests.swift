import Foundation
import Testing

/// The stories' criteria that need the session or the network held in a given state: the embedded backend holds data
/// requests (`app backend hold`), fails some of them (`app backend flaky`), or counts what reached it
/// (`app backend requests`). Each command's own output is checked (`steps`).
extension AppEndToEndTests {
    @Test func theToastShowsWhileTheSessionRunsComesBackAfterTheBackgroundAndHidesOnFullScreenMedia() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = try steps([
            "app start", "app backend hold", "app login user2", "app warmup", "app screen",         // 0–4
            "app open products", "app background", "app screen", "app foreground", "app screen",   // 5–9
            "app open summary card", "app open products", "app advance 2", "app backend release",   // 10–13
            "app warmup", "app tap Close", "app telemetry",                                         // 14–16
        ])
        // Login starts one session for the new user; its requests wait at the backend, so it stays in progress.
        #expect(out[3].contains("warmup: inProgress (session 1, 4 subtasks"))
        let toast = Self.flat(out[4])
        #expect(toast.contains("Optimizing your experience")
                && toast.contains("We’re saving data to help the app load faster next time. Please don’t close the app while this finishes."))
        #expect(out[4].contains("toast warmup.toast: passes touches through, icon asset icon.warmup.progress"), "non-blocking, with its icon")
        // Navigation goes on under the toast.
        #expect(out[5].contains("My Products") && out[5].contains("Optimizing your experience"))
        #expect(!out[7].contains("Optimizing your experience"), "nothing on screen in the background")
        #expect(out[9].contains("Optimizing your experience"), "back in the foreground before the end: the toast again")
        // Full-screen media allows no toast; leaving it brings the same session's toast back.
        #expect(!out[10].contains("Optimizing your experience") && !out[10].contains("toast warmup.toast"))
        #expect(out[11].contains("Optimizing your experience"))
        // Released: the session completes, the toast goes and the banner follows; its X closes it.
        #expect(out[13].contains("answering normally"))
        #expect(out[14].contains("warmup: completed (session 1, 4 subtasks, 0 required pending)"))
        #expect(out[15].contains("12 products") && !out[15].contains("App optimized") && !out[15].contains("Optimizing"))
        let telemetry = out[16]
        #expect(telemetry.components(separatedBy: "cache_warmup_started").count == 3, "one session at launch, one at login: none restarted")
        #expect(telemetry.components(separatedBy: "cache_warmup_completed").count == 3)
        #expect(telemetry.contains("cache_warmup_completed session=1 subtasks=4 (2000 ms)"), "the duration on the injected clock")
    }

    @Test func theBannerFollowsTheSessionAndItsXClosesIt() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = try steps(["app start", "app open products", "app tap Close", "app screen"])
        #expect(out[1].contains("✓ App optimized"))
        #expect(!out[2].contains("App optimized") && !out[3].contains("App optimized"), "X dismisses the banner")
    }

    @Test func aWarmupThatFailsTakesItsToastAwayWithoutAnErrorToastOrBanner() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = try steps([
            "app start", "app backend hold", "app login user2", "app open products",
            "app backend flaky 100", "app backend release", "app warmup", "app screen", "app telemetry",
        ])
        #expect(out[3].contains("Optimizing your experience"))
        #expect(out[6].contains("warmup: failed"))
        #expect(!out[7].contains("Optimizing your experience") && !out[7].contains("App optimized"), "the toast goes; no success banner")
        #expect(!out[7].contains("toast "), "and no error toast")
        #expect(out[8].contains("cache_warmup_failed"))
    }

    @Test("A real session (issue 25, item 9): a session the server revokes signs the app out — sign-in copy, never offline — the cache stays, a relaunch stays signed out, and signing in again brings the data back")
    func aRevokedSessionSignsTheAppOutNotOfflineUntilThePersonSignsInAgain() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = try steps([
            "app start", "app open cart", "app status", "app backend revoke", "app refresh",          // 0–4
            "app status", "app open summary", "app open products", "app relaunch", "app open cart",  // 5–9
            "app login user1", "app open cart", "app status", "app backend requests",                // 10–13
        ])
        #expect(out[1].contains("Total: €2,995.98"))
        #expect(out[2].contains("session: signed in"))
        #expect(out[3].contains("the backend revoked 1 session(s) of user1"))
        // The next request's 401 signs the app out: the screens say so, the indicator stays online, the cache stays.
        #expect(out[5].contains("session: signed out") && out[5].contains("status: online"))
        for (index, screen) in [(4, out[4]), (6, out[6]), (9, out[9])] {
            let flat = Self.flat(screen)
            #expect(flat.contains("Please sign in again") && flat.contains("Sign In"), "step \(index): sign-in copy")
            #expect(!flat.contains("Offline Mode") && !flat.contains("offline yet") && !flat.contains("connect to the internet"),
                    "step \(index): not offline")
        }
        #expect(Self.flat(out[4]).contains("Total: €2,995.98"), "the cart stays under the sign-in banner")
        #expect(out[8].contains("app relaunched"))
        // Signing in asks for a new session; the data comes back and the banner goes.
        let cart = Self.flat(out[11])
        #expect(cart.contains("Total: €2,995.98") && !cart.contains("Please sign in again"))
        #expect(out[12].contains("session: signed in"))
        #expect(out[13].contains("2 × POST /v1/sessions"), "one sign-in at start, one at login: \(out[13])")
        // Each data endpoint was asked a handful of times (prefetch, opening a screen), never in a loop.
        let counts = out[13].split(separator: "\n").compactMap { line -> Int? in
            guard line.contains("/v1/users/") else { return nil }
            return Int(line.split(separator: "×").first?.trimmingCharacters(in: .whitespaces) ?? "")
        }
        #expect(!counts.isEmpty && counts.allSatisfy { $0 <= 6 }, "\(out[13])")
    }

    @Test("Logging in fetches the product list once: BR-002's sync on login joins the launch's warmup instead of repeating it")
    func loggingInFetchesTheProductListOnce() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = try steps(["app start", "app login user2", "app open products", "app backend requests"])
        #expect(out[1].contains("logged in as user2"))
        #expect(Self.flat(out[2]).contains("Products"))
        // One list at start (user1), one at login (user2); the products screen shows the list it has.
        #expect(out[3].contains("2 × GET /v1/users/{user}/products"), "\(out[3])")
    }

    @Test("A real session (issue 25, item 9): an expired session is a signed-out app too, not an offline one")
    func anExpiredSessionSignsTheAppOutNotOffline() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = try steps(["app start", "app open cart", "app backend expire", "app refresh", "app status"])
        #expect(out[2].contains("the backend expired 1 session(s) of user1"))
        let flat = Self.flat(out[3])
        #expect(flat.contains("Please sign in again") && flat.contains("Total: €2,995.98") && !flat.contains("Offline Mode"))
        #expect(out[4].contains("session: signed out") && out[4].contains("status: online"))
    }

    @Test("BR-002 after reconnect (issue 40, item 1; issue 25, item 5): a sync that fails after the connection returns keeps the list silently, never the offline indicator, and the app retries by itself until the server recovers", arguments: [
        ("en", "Couldn't refresh", "Showing what was saved on", "Offline Mode"),
        ("de", "Aktualisierung fehlgeschlagen", "Angezeigt wird der Stand vom", "Offline-Modus"),
    ])
    func aSyncThatFailsAfterReconnectIsSilentAndTheAppRetriesUntilTheServerRecovers(
        locale: String, title: String, message: String, offline: String) throws {
        let data = folder.appendingPathComponent(locale)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = try steps([
            "app start", "app open products", "app offline", "app backend flaky 100 products", "app online",  // 0–4
            "app screen", "app backend steady", "app advance 130", "app screen", "app telemetry",            // 5–9
        ], dataDirectory: data, locale: locale)
        #expect(out[4].contains("status: online"))
        let failed = Self.flat(out[5])
        #expect(!failed.contains(title) && !failed.contains(message), "BR-002: a sync with a good list behind it says nothing: \(failed)")
        #expect(!failed.contains(offline), "the connection is back: never the offline indicator")
        #expect(failed.contains("user1-p1") || failed.contains("12"), "the saved list stays, as it was")
        // Nobody taps: once the backend answers again, the app's own retry syncs.
        let recovered = Self.flat(out[8])
        #expect(!recovered.contains(title) && !recovered.contains(offline), "\(recovered)")
        #expect(out[9].contains("trigger=retry") && out[9].contains("outcome=synced"), "\(out[9])")
    }

    @Test("app backend slow ENDPOINT MS (issue 40, item 6): the backend answers an endpoint late, the health check included; steady ends it")
    func theBackendCanAnswerAnEndpointLate() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = try steps(["app start", "app backend slow health 4000", "app backend slow summary 250", "app backend steady"])
        #expect(out[1].contains("answering /health 4000 ms late"), "\(out[1])")
        #expect(out[2].contains("answering /v1/users/user1/summary 250 ms late"), "\(out[2])")
        #expect(out[3].contains("answering normally"), "\(out[3])")
    }

    @Test func anyUserIDWorksWithTheEmbeddedBackend() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = try steps(["app start --user \"Zoë Ünal/2\"", "app open cart", "app open products"])
        #expect(out[0].contains("app started for Zoë Ünal/2"))
        #expect(out[1].contains("Total:") && !out[1].contains("Please sign in again"))
        #expect(out[2].contains("products") && !out[2].contains("Please sign in again"))
    }

    @Test("BR-002: a failed background sync keeps the cached list without an error; a failed pull to refresh says so briefly")
    func aFailedSyncKeepsTheCachedListWithoutAnError() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = try steps(["app start", "app open products", "app advance 5", "app backend flaky 100", "app background", "app foreground",
                             "app screen", "app telemetry", "app refresh", "app advance 5", "app screen"])
        #expect(out[6].contains("12 products") && !out[6].contains("toast ") && !out[6].contains("Offline Mode")
                && !out[6].contains("Couldn't refresh"), "silently kept: \(out[6])")
        #expect(out[7].contains("outcome=kept trigger=foreground"), "\(out[7])")
        #expect(out[8].contains("toast ") && out[8].contains("Couldn't refresh"), "the person asked: a brief toast: \(out[8])")
        #expect(out[10].contains("12 products") && !out[10].contains("Couldn't refresh"), "and it goes by itself: \(out[10])")
    }

    @Test func aFlakyNetworkNeverShowsTheIndicatorAndASustainedOutageShowsItOnce() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let flakyPhase = ["app open products", "app refresh", "app refresh", "app refresh", "app open cart", "app refresh", "app refresh",
                          "app open orders", "app refresh", "app refresh", "app open summary", "app refresh", "app open products", "app refresh"]
        let out = try steps(["app start", "app backend flaky 30"] + flakyPhase + ["app status", "app backend steady", "app offline",
                                                                                  "app screen", "app online", "app screen", "app telemetry"])
        let flaky = out[2..<(2 + flakyPhase.count)]
        for (index, screen) in zip(flaky.indices, flaky) {
            #expect(!screen.contains("Offline Mode"), "step \(index): intermittent failures must not show the indicator")
        }
        #expect(flaky.contains { $0.contains("12 products") } && flaky.contains { $0.contains("Total: €2,995.98") }, "the data stays on screen")
        let after = 2 + flakyPhase.count
        #expect(out[after].contains("status: online"))
        // Some requests really failed on purpose while flaky (the tally is the backend's).
        let tally = out[after + 1].split(separator: "·").last.map(String.init) ?? ""
        let failed = tally.split(separator: " ").compactMap { Int($0) }.last ?? 0
        #expect(failed > 0, "the backend failed no request on purpose: \(tally)")
        #expect(out[after + 2].contains("status: offline"))
        #expect(out[after + 3].contains("Offline Mode"), "a sustained outage shows the indicator")
        #expect(out[after + 4].contains("status: online") && !out[after + 5].contains("Offline Mode"))
        let telemetry = out[after + 6]
        #expect(telemetry.components(separatedBy: "connectivity.status from=online to=offline").count == 2, "offline exactly once: the outage")
    }

    @Test func offlineTapsSendNothingToTheServerAndOnlineOnlyActionsStayDisabled() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        // The path goes down while the backend still answers: whatever the app sent would reach it and be counted.
        let (out, process) = try stepsAndErrors([
            "app start", "app open cart", "app network none", "app backend requests",
            "app tap Proceed to Checkout", "app tap Update Quantity", "app open orders", "app tap Rate Order", "app tap Track Order",
            "app open product user1-p1", "app tap Raise Service Request", "app tap Transfer Ownership", "app refresh",
            "app backend requests", "app telemetry",
            // BR-001 in code: the feature's API (not a button) throws its typed error offline and sends nothing.
            "app call raise-service-request user1-p1 The screen is cracked", "app call transfer-ownership user1-p1 user2",
            "app backend requests",
        ])
        #expect(process.status == 1, "the two refused calls fail the script")
        #expect(process.stderr.components(separatedBy: "(ProductActionError.requiresConnection)").count == 3, "\(process.stderr)")
        #expect(process.stderr.contains("needs an internet connection; offline data is read-only (BR-001)"))
        #expect(out[2].contains("status: offline"))
        #expect(out[4].contains("toast no-connection") && out[7].contains("toast no-connection"))
        #expect(out[10].contains("toast requires-connection"))
        // BR-OFF-001 and BR-001: not one data request more reached the server for any of those taps (only the
        // monitor's health checks may go on).
        func dataRequests(_ text: String) -> [String] {
            text.split(separator: "\n").map(String.init).filter { $0.contains("/v1/users/") }
        }
        #expect(!dataRequests(out[3]).isEmpty)
        #expect(dataRequests(out[13]) == dataRequests(out[3]), "before: \(out[3])\nafter: \(out[13])")
        #expect(dataRequests(out[17]) == dataRequests(out[3]), "before: \(out[3])\nafter the calls: \(out[17])")
        #expect(!dataRequests(out[13]).contains { $0.contains("POST") }, "no write reached the server: \(out[13])")
        #expect(out[14].contains("commerce.action_refused action=checkout") && out[14].contains("commerce.action_refused action=rateOrder"))
    }
}

extension AppEndToEndTests {
    /// OfflineProducts' sizes: none, a few, more than a screenful, and 10,000, each synced online and then read from
    /// the encrypted cache by a new process offline.
    @Test(arguments: [(0, "You have no registered products yet"), (1, "1 product"), (5, "5 products"), (60, "60 products"),
                      (10_000, "10,000 products")])
    func everyListSizeSyncsAndReadsBackOffline(count: Int, shown: String) throws {
        let data = folder.appendingPathComponent("products-\(count)")
        defer { try? FileManager.default.removeItem(at: data) }
        let online = try steps(["app start --products \(count)", "app open products"], dataDirectory: data)
        #expect(Self.flat(online[1]).contains(shown), "online: \(online[1].prefix(400))")
        let offline = try steps(["app start --offline", "app open products"], dataDirectory: data)
        #expect(Self.flat(offline[1]).contains(shown) && offline[1].contains("Offline Mode"), "offline: \(offline[1].prefix(400))")
        if count == 0 {
            #expect(!offline[1].contains("Please connect to the internet"), "an empty list that synced is not a first use")
        }
    }
}

extension AppEndToEndTests {
    /// One endpoint failing while the rest answers (`app backend flaky 100 ENDPOINT`): the features' failure paths
    /// on a fresh folder that comes online.
    @Test func aFirstLoadThatFailsOnlineShowsWhatToDoAndNeverASpinner() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let products = try steps([
            "app start --offline", "app backend flaky 100 products", "app online", "app open products", "app open cart",
            "app status", "app backend steady", "app open products", "app refresh",
        ], dataDirectory: folder.appendingPathComponent("products"))
        #expect(products[1].contains("requests to /v1/users/user1/products failing"))
        #expect(products[2].contains("status: online"), "health checks and the other endpoints answer")
        // The first sync failed online: the list says so in its own words (not "connect to the internet"), with Retry,
        // no spinner and no offline indicator.
        let list = Self.flat(products[3])
        #expect(list.contains("Couldn’t load your products") && list.contains("Retry"))
        #expect(!list.contains("connect to the internet") && !list.contains("⟳") && !list.contains("Offline Mode"))
        #expect(products[4].contains("Total: €2,995.98"), "the cart endpoint answers and fills its screen")
        #expect(products[5].contains("status: online"))
        #expect(products[8].contains("12 products"), "once the endpoint answers, a refresh syncs the list")

        let summary = try steps([
            "app start --offline", "app backend flaky 100 summary", "app online", "app open summary", "app backend steady", "app refresh",
        ], dataDirectory: folder.appendingPathComponent("summary"))
        let failed = Self.flat(summary[3])
        #expect(failed.contains("Your summary couldn’t be loaded") && failed.contains("Something went wrong on our side. Try again in a moment."))
        #expect(!failed.contains("⟳"), "never an endless spinner")
        #expect(summary[5].contains("in review"), "a refresh after the endpoint recovers loads it")
    }
}
