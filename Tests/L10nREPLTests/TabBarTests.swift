import Core
import Foundation
@testable import Gallery
import L10nREPL
import LocalizationKit
import Localization
import StringsKit
import OfflineApp
import Testing

/// Issue 40, item 4: the Red Brick Road is the app's navigation, drawn by every renderer from the view state.
@Suite struct TabBarTests {
    static let bar = ViewNode.navigation(AppNavigation.items(current: .cart, attention: ["summary"]))

    static func renderer(_ locale: String, width: Int = 44, colour: Bool = false) throws -> PhoneRenderer {
        PhoneRenderer(localizer: Localizer(catalog: try BundledCatalogs.load(), locale: locale), width: width, theme: .light, colour: colour)
    }

    @Test func theREPLDrawsEveryTabTheCurrentOneSelectedAndTheRedMarkerOnTheWayToTheFailedItem() throws {
        let screen = try Self.renderer("en", colour: true).render(Self.bar)
        let text = screen.lines.joined(separator: "\n")
        for title in ["My Products", "▸Cart", "Order History", "Annual summary"] { #expect(text.contains(title), "\(title): \(text)") }
        #expect(text.contains("\u{1B}[31m●\u{1B}[0m"), "the marker is red: \(text)")
        #expect(screen.notes.contains("a11y: tab open:summary reads \"Annual summary needs your attention\""))
        #expect(screen.lines.dropFirst().dropLast().allSatisfy { $0.hasPrefix("│") && $0.hasSuffix("│") }, "inside the frame")
    }

    @Test(arguments: ["en", "de", "pl", "ja", "ar"])
    func theTabsWrapAndKeepEveryTitleOnNarrowScreens(locale: String) throws {
        let renderer = try Self.renderer(locale, width: 30)
        let screen = renderer.render(Self.bar)
        let plain = screen.lines.joined(separator: "\n")
        for item in AppNavigation.items(current: .cart, attention: []) {
            #expect(plain.contains(renderer.localizer.string(item.title)), "\(locale): \(item.id) shown whole")
        }
        #expect(screen.lines.allSatisfy { DisplayWidth.of($0) == 30 }, "\(locale): every line in the frame: \(plain)")
    }

    @Test func theGalleryDrawsTheTabBarWithTheDotAndAnnouncesIt() throws {
        var html = ScreenHTML(localizer: Localizer(catalog: try BundledCatalogs.load(), locale: "de"), layout: PhoneLayout(), theme: .light)
        let page = html.render(Preview(id: "app.tab-bar", summary: "the tab bar", node: Self.bar))
        #expect(page.components(separatedBy: "data-action=\"open:").count == 5, "four tabs: \(page)")
        #expect(page.contains("class=\"tab current\" data-action=\"open:cart\""))
        #expect(page.components(separatedBy: "class=\"dot\"").count == 2, "one marker")
        #expect(page.contains("Jahresrückblick braucht deine Aufmerksamkeit"), "announced")
    }
}
