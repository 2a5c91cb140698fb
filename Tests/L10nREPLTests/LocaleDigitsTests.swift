import Core
import Foundation
import Gallery
import LocalizationKit
import Localization
import Testing

/// Issue 40, item 7: every number the user sees goes through the locale's formatter. In Arabic, every preview resolves
/// with no ASCII digit outside user data (a product's model, an order's id, a serial number: `.text` arguments, shown as
/// they are).
@Suite struct LocaleDigitsTests {
    /// The copy with every user-data argument masked, nested copies included.
    static func masked(_ copy: Copy) -> Copy {
        Copy(copy.table, copy.key, copy.arguments.map { argument in
            switch argument {
            case .text: .text("ID")
            case let .copy(inner): .copy(masked(inner))
            default: argument
            }
        })
    }

    @Test func everyPreviewInArabicShowsNoASCIIDigitOutsideUserData() throws {
        let catalog = try BundledCatalogs.load()
        let localizer = Localizer(catalog: catalog, locale: "ar")
        var found: [String] = []
        for preview in PreviewRegistry.previews {
            for copy in preview.node.copies {
                let text = localizer.string(Self.masked(copy))
                if text.unicodeScalars.contains(where: { ("0"..."9").contains($0) }) {
                    found.append("\(preview.id): \(copy.qualifiedKey) → \(text)")
                }
            }
        }
        #expect(PreviewRegistry.previews.count > 30)
        #expect(found.isEmpty, "\(found.count) ASCII digits in ar:\n\(Set(found).sorted().joined(separator: "\n"))")
        // The summary's period and the year it compares with are numbers too, not user data: Arabic-Indic digits.
        let summary = try #require(PreviewRegistry.previews.first { $0.id == "summary.online" })
        let shown = summary.node.copies.map { localizer.string($0) }.joined(separator: "\n")
        #expect(shown.contains("٢٠٢٥") && shown.contains("٢٠٢٤") && !shown.contains("2025") && !shown.contains("2024"), "\(shown)")
    }
}
