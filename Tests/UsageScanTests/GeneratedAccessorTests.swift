import Foundation
import StringsKit
import Testing
@testable import UsageScan

/// Issue 42 item 4: the members the L10nAccessors plugin generates are uses of their keys, with no configuration but
/// the "accessors" entry the plugin itself reads; the generated file is in the build folder, never in the sources.
@Suite("l10n usage knows the generated accessors")
struct GeneratedAccessorTests {
    static func project(accessors: String, code: String) -> ProjectFolder {
        let project = ProjectFolder()
        project.write("Localization/l10n.json", #"{"baseLocale": "en", "accessors": \#(accessors)}"#)
        project.write("Localization/en.lproj/Shop.strings", """
        "cart.title" = "Cart";
        "cart.added" = "%@ added";
        "items.count" = "%d items";
        "cart-title" = "Cart again";
        "orphan" = "Nobody uses me";
        """)
        project.write("Localization/en.lproj/Core.strings", "\"action.retry\" = \"Retry\";\n\"action.cancel\" = \"Cancel\";\n")
        project.write("Sources/Shop/View.swift", code)
        return project
    }

    static func usage(_ project: ProjectFolder) -> CommandOutcome {
        UsageCommands.usage(.init(sources: [project.path("Sources")], catalogPaths: [project.path("Localization")], format: .text))
    }

    @Test func membersMapToTheirKeysSoUnusedAndMissingKeysStayExact() {
        let project = Self.project(accessors: #"{"Shop": {}}"#, code: """
        import Core
        let title = ShopCopy.cartTitle2
        let added = ShopCopy.cartAdded(.text("Tea"))
        let count = ShopCopy.itemsCount(3)
        let gone = ShopCopy.cartRemoved
        let table = ShopCopy.table
        for key in ShopCopy.keys { print(key) }
        """)
        let outcome = Self.usage(project)
        let output = outcome.standardOutput
        // cart.title (as cartTitle2), cart.added and items.count are used; cart-title and orphan are not.
        #expect(output.contains("\"orphan\" is in Shop"), "\(output)")
        #expect(output.contains("\"cart-title\" is in Shop"), "\(output)")
        #expect(!output.contains("\"cart.title\" is in Shop") && !output.contains("\"items.count\" is in Shop"), "\(output)")
        // A member whose key left the catalog is a missing key, at its use.
        #expect(output.contains("View.swift:5:"), "\(output)")
        #expect(output.contains("ShopCopy.cartRemoved"), "\(output)")
        // The type's own members are no keys.
        #expect(!output.contains("ShopCopy.table") && !output.contains("ShopCopy.keys"), "\(output)")
        #expect(outcome.exitCode == 1)
    }

    @Test func theStructuredStyleAndSeveralTablesAreMappedAsGenerated() {
        let project = Self.project(accessors: #"{"Shop": {"tables": ["Shop", "Core"], "style": "structured", "type": "L10n"}}"#, code: """
        let title = L10n.Shop.Cart.title
        let retry = L10n.Core_.Action.retry
        let cancel = L10n.Core_.Action.cancel.uppercased()
        let keys = L10n.Core_.keys
        """)
        let output = Self.usage(project).standardOutput
        #expect(!output.contains("\"action.retry\" is in Core") && !output.contains("\"action.cancel\" is in Core"), "\(output)")
        #expect(output.contains("\"cart.added\" is in Shop"), "\(output)")
        #expect(!output.contains(": error:"), "\(output)")
    }

    /// A team composes copy in its own extension of the generated type (empty states, a switch over statuses, a typed
    /// overload): bare names and `Self.` there use the generated members; what it declares is no key, and an overload
    /// told apart by its labels does not take the generated member's argument count.
    @Test func aTeamsOwnExtensionOfTheGeneratedTypeUsesItsMembersAndDeclaresNoKeys() {
        let project = Self.project(accessors: #"{"Shop": {"labels": {"cart.added": ["product"]}}}"#, code: """
        import Core
        extension ShopCopy {
            static let header = [cartTitle2, Self.cartTitle]
            static func added(_ product: Product) -> Copy { cartAdded(product: .text(product.name)) }
            static func cartAdded(_ name: String, twice: Bool) -> Copy { cartAdded(product: .text(name + name)) }
            static var vanished: Copy { cartRemoved }
        }
        let one = ShopCopy.added(product)
        let two = ShopCopy.cartAdded("Tea", twice: true)
        let header = ShopCopy.header
        let wrong = ShopCopy.cartAdded()
        """)
        let output = Self.usage(project).standardOutput
        // cart.title and cart-title are used in the extension (bare and through Self), cart.added by its label.
        #expect(!output.contains("\"cart.title\" is in Shop") && !output.contains("\"cart-title\" is in Shop"), "\(output)")
        #expect(!output.contains("\"cart.added\" is in Shop"), "\(output)")
        #expect(output.contains("\"orphan\" is in Shop"), "\(output)")
        // The extension's own members (`added(_:)`, `header`, `cartAdded(_:twice:)`) are neither missing keys nor miscounted.
        #expect(!output.contains("ShopCopy.added") && !output.contains("ShopCopy.header"), "\(output)")
        #expect(!output.contains("View.swift:9:"), "\(output)")
        // A generated member called with too few arguments still is a finding (`cartAdded()`: no overload of the
        // extension takes none); a bare name that is not a generated member (`cartRemoved`) is no key.
        #expect(output.contains("View.swift:11:"), "\(output)")
        #expect(output.contains("argument-mismatch"), "\(output)")
        #expect(!output.contains("cartRemoved"), "\(output)")
    }

    @Test func aBadAccessorsEntryIsAUsageError() {
        let project = Self.project(accessors: #"{"Shop": {"template": "swiftui"}}"#, code: "let x = 1\n")
        let outcome = Self.usage(project)
        #expect(outcome.exitCode == CommandOutcome.usageOrIO)
        #expect(outcome.standardError.contains("\"accessors.Shop.template\" must be one of copy, apple"), "\(outcome.standardError)")
    }
}
