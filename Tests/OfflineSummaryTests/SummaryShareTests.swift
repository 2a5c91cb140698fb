import Connectivity
import Core
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import OfflineSummary
import ReferenceServer
import SecureStore
import TestSupport
import IntegrationSupport
import Testing
import OfflineSummaryLive

/// Item 5: the share card (SVG) and its localized text, from the cache (offline too) and from fresh data.
@Suite struct SummaryShareTests {
    @Test func sharingFromTheCacheAndFromFreshDataGivesTheSameCardForTheSameData() async throws {
        let fixture = VaultFixture()
        defer { fixture.remove() }
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withReferenceServer { _, url in
            // Fresh: straight from the server's answer.
            let store = try fixture.open()
            let api = SummaryAPI.live(client: httpClient(url, connectivity: .alwaysOnline), user: "user1")
            let outcome = await cacheRepository(store.vault(for: "user1"), api: api, status: .online).refresh()
            guard case let .fresh(fresh) = outcome else { Issue.record("the load failed: \(outcome)"); return }
            store.close()
            // Cached: another process, offline, reading the encrypted vault.
            let reopened = try fixture.open()
            let cached = try #require(cacheRepository(reopened.vault(for: "user1")).cachedSummary())
            reopened.close()
            #expect(cached.summary == fresh.value.summary)
            for locale in locales {
                let fromFresh = try SummaryShareCard.write(fresh.value.summary, localizer: localizer(locale), to: folder.appendingPathComponent("fresh-\(locale)"))
                let fromCache = try SummaryShareCard.write(cached.summary, localizer: localizer(locale), to: folder.appendingPathComponent("cache-\(locale)"))
                #expect(try Data(contentsOf: fromFresh.fileURL) == Data(contentsOf: fromCache.fileURL), "\(locale): byte-identical SVG")
                #expect(fromFresh.text == fromCache.text)
            }
        }
    }

    @Test func theFeatureSharesTheSameCardOnlineAndOfflineFromTheCache() async throws {
        let store = try storeHolding(nil)
        let onlineFolder = temporaryFolder("online"), offlineFolder = temporaryFolder("offline")
        defer { for folder in [onlineFolder, offlineFolder] { try? FileManager.default.removeItem(at: folder) } }

        let online = try await Harness(store: store, status: .online, api: .serving(summary2025),
                                       share: SummaryShareTarget(folder: onlineFolder, localizer: { localizer("nb") }))
        await online.feature.open()
        await online.feature.waitUntilIdle()
        #expect(await online.feature.tap(actionID: SummaryActionID.share) == .handled)
        await online.stop()

        let offline = try await Harness(store: store, status: .offline, api: .test,
                                        share: SummaryShareTarget(folder: offlineFolder, localizer: { localizer("nb") }))
        await offline.feature.open()
        let output = try #require(await offline.feature.share())
        #expect(offline.view.shared == SharedSummary(fileURL: output.fileURL, text: SummaryCopy.shareText(summary2025)))
        #expect(offline.view.toast?.message == SummaryCopy.shareReady)
        let name = SummaryShareCard.fileName(period: "2025")
        #expect(output.fileURL.lastPathComponent == name)
        #expect(try Data(contentsOf: onlineFolder.appendingPathComponent(name)) == Data(contentsOf: offlineFolder.appendingPathComponent(name)))
        #expect(output.text == localizer("nb").string(SummaryCopy.shareText(summary2025)))
        #expect(await offline.feature.tap(actionID: SummaryActionID.closeShare) == .handled)
        #expect(offline.view.shared == nil)
        await offline.stop()
    }

    static func mode(_ url: URL) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test("Share card story: the card is private from its first byte, in folders made private, and nothing half written stays")
    func theCardIsWrittenPrivatelyFromItsFirstByte() throws {
        let parent = temporaryFolder("private")
        defer { try? FileManager.default.removeItem(at: parent) }
        let shared = parent.appendingPathComponent("shared", isDirectory: true)
        let folder = shared.appendingPathComponent("user1", isDirectory: true)
        let output = try SummaryShareCard.write(summary2025, localizer: localizer("en"), to: folder)
        #expect(try Self.mode(parent) == 0o700 && Self.mode(shared) == 0o700 && Self.mode(folder) == 0o700)
        #expect(try Self.mode(output.fileURL) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [SummaryShareCard.fileName(period: "2025")])
        // Written again (a second share): replaced in place, still 0600, still one file.
        _ = try SummaryShareCard.write(summary2025, localizer: localizer("de"), to: folder)
        #expect(try Self.mode(output.fileURL) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 1)
    }

    @Test func aSymlinkInTheShareFoldersPlaceIsRefusedRatherThanFollowed() throws {
        let parent = temporaryFolder("link")
        defer { try? FileManager.default.removeItem(at: parent) }
        let elsewhere = temporaryFolder("elsewhere")
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let folder = parent.appendingPathComponent("user1")
        try FileManager.default.createSymbolicLink(at: folder, withDestinationURL: elsewhere)
        #expect(throws: SummaryShareError.self) { try SummaryShareCard.write(summary2025, localizer: localizer("en"), to: folder) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty, "nothing written through the link")
    }

    @Test("Share card story: the card is deleted once shared, and a card a killed run left goes at the next start")
    func theCardIsDeletedOnceSharedAndALeftoverGoesAtTheNextStart() async throws {
        let store = try storeHolding(nil)
        let folder = temporaryFolder("cleanup")
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = SummaryShareTarget(folder: folder, localizer: { localizer("en") })
        let first = try await Harness(store: store, status: .online, api: .serving(summary2025), share: target)
        await first.feature.open()
        await first.feature.waitUntilIdle()
        let card = folder.appendingPathComponent(SummaryShareCard.fileName(period: "2025"))
        #expect(await first.feature.tap(actionID: SummaryActionID.share) == .handled)
        #expect(FileManager.default.fileExists(atPath: card.path))
        #expect(await first.feature.tap(actionID: SummaryActionID.closeShare) == .handled)
        await first.feature.waitUntilIdle()
        #expect(!FileManager.default.fileExists(atPath: card.path), "shared: gone")
        // Shared again, and the run ends without the sheet closing (a kill): the next start removes it.
        #expect(await first.feature.tap(actionID: SummaryActionID.share) == .handled)
        await first.stop()
        #expect(FileManager.default.fileExists(atPath: card.path))
        let next = try await Harness(store: store, status: .offline, api: .test, share: target)
        await next.feature.start()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        await next.stop()
    }

    @Test(arguments: locales)
    func theShareCardIsWellFormedSVGWithEveryWordLocalizedIn(_ locale: String) throws {
        let card = SummaryCard(summary: summary2025).resolved(with: localizer(locale))
        let svg = card.svg()
        let parsed = try SVGOutline(svg)
        #expect(parsed.root == "svg")
        #expect(parsed.attributes["xml:lang"] == locale)
        #expect(parsed.attributes["xmlns"] == "http://www.w3.org/2000/svg")
        let texts = parsed.texts
        #expect(texts.contains(card.title))
        for stat in card.stats { #expect(texts.contains(stat.label) && texts.contains(stat.value), "\(locale): \(stat)") }
        for line in card.comparison { #expect(texts.contains(line.value)) }
        for badge in card.badges { #expect(texts.contains(badge)) }
        #expect(card.shareText == localizer(locale).string(SummaryCopy.shareText(summary2025)))
        #expect(!card.shareText.contains("%"), "every argument filled in: \(card.shareText)")
    }

    @Test func theShareTextIsLocalized() {
        #expect(localizer("en").string(SummaryCopy.shareText(summary2025))
            == "My 2025 as a peer mentor — activities: 48, hours: 112.5, people reached: 1,250")
        let reference = AnnualSummary(period: "2025", statCards: [StatCard(kind: .orders, value: .count(8)), StatCard(kind: .activities, value: .count(1))],
                                      badges: [], comparison: nil)
        #expect(localizer("en").string(SummaryCopy.shareText(reference)) == "My 2025 as a peer mentor: 1 activity")
        #expect(localizer("de").string(SummaryCopy.shareText(reference)) == "Mein Jahr 2025 als Peer-Mentor: 1 Aktivität")
    }

    @Test func textOnTheCardIsEscapedAsXML() throws {
        let card = ResolvedSummaryCard(locale: "en", title: "Tom & Jerry's <2025> \"best\"", stats: [.init(label: "A<B", value: "1 & 2")],
                                       comparison: [], badgesTitle: nil, badges: [], shareText: "x\u{0001}y")
        let svg = card.svg()
        #expect(svg.contains("Tom &amp; Jerry&apos;s &lt;2025&gt; &quot;best&quot;"))
        #expect(svg.contains("A&lt;B") && svg.contains("1 &amp; 2"))
        #expect(!svg.contains("\u{0001}"), "characters XML forbids are left out")
        let parsed = try SVGOutline(svg)
        #expect(parsed.texts.contains("Tom & Jerry's <2025> \"best\""))
    }

    @Test func theCardIsMirroredForRightToLeftScripts() throws {
        let arabic = SummaryCard(summary: summary2025).resolved(with: localizer("ar"))
        let english = SummaryCard(summary: summary2025).resolved(with: localizer("en"))
        #expect(arabic.isRightToLeft && !english.isRightToLeft)
        #expect(arabic.svg().contains(#"direction="rtl""#))
        #expect(!english.svg().contains("direction"))
        // The title starts at the right margin in Arabic, at the left one in English.
        #expect(english.svg().contains(#"<text x="72" y="136""#))
        #expect(arabic.svg().contains(#"<text x="1008" y="136""#))
    }

    @Test func theSameCardRendersTheSameBytesEveryTime() {
        let card = SummaryCard(summary: summary2025).resolved(with: localizer("ja"))
        #expect(card.svg() == card.svg())
        #expect(SummaryCard(summary: summary2025) == SummaryCard(summary: summary2025))
    }

    @Test func aShareFolderThatCannotBeWrittenShowsAToastNeverACrash() async throws {
        let blocker = temporaryFolder("blocker")
        try Data("a file, not a folder".utf8).write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        let harness = try await Harness(store: try storeHolding(summary2025), status: .offline, api: .test,
                                        share: SummaryShareTarget(folder: blocker.appendingPathComponent("cards"), localizer: { localizer("en") }))
        await harness.feature.open()
        #expect(await harness.feature.share() == nil)
        #expect(harness.view.toast?.message == SummaryCopy.shareFailed)
        #expect(harness.view.shared == nil)
        await harness.stop()
    }

    @Test func fileNamesCarryOnlyTheSafeCharactersOfThePeriod() {
        #expect(SummaryShareCard.fileName(period: "2025") == "annual-summary-2025.svg")
        #expect(SummaryShareCard.fileName(period: "../../etc/x") == "annual-summary-etcx.svg")
        #expect(SummaryShareCard.fileName(period: "") == "annual-summary-summary.svg")
    }
}

/// The root element, its attributes and every text node of an XML document; parsing fails on malformed XML.
struct SVGOutline {
    var root = ""
    var attributes: [String: String] = [:]
    var texts: [String] = []

    struct Malformed: Error { var reason: String }

    init(_ xml: String) throws {
        let delegate = Collector()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = delegate
        guard parser.parse() else { throw Malformed(reason: parser.parserError.map { "\($0)" } ?? "unknown") }
        root = delegate.root ?? ""
        attributes = delegate.rootAttributes
        texts = delegate.texts
    }

    final class Collector: NSObject, XMLParserDelegate {
        var root: String?
        var rootAttributes: [String: String] = [:]
        var texts: [String] = []
        var current = ""

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if root == nil {
                root = elementName
                rootAttributes = attributes
            }
            current = ""
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { current += string }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            if !current.isEmpty { texts.append(current) }
            current = ""
        }
    }
}
