public import Core
public import LocalizationKit
public import StringsKit
import OfflineCommerce
import OfflineProducts
import OfflineSummary
import WarmupToast

/// Every module's previews, in one list: what the REPL's `previews` lists and what `l10n gallery` renders, so no
/// screen exists twice.
public enum PreviewRegistry {
    /// Metatypes of stateless enums: nothing here can be mutated, whatever the compiler can prove.
    nonisolated(unsafe) public static let providers: [any PreviewProvider.Type] = [
        CorePreviews.self, WarmupToastPreviews.self, OfflineSummaryPreviews.self, OfflineCommercePreviews.self, OfflineProductsPreviews.self,
    ]

    public static var previews: [Preview] {
        providers.flatMap { $0.previews }
    }
}

/// A pseudo-locale: the base locale's copy transformed by a `PseudoStyle`, under a name the REPL and the gallery share.
public struct PseudoLocale: Sendable, Hashable {
    public var name: String
    public var style: PseudoStyle
    public var summary: String

    /// The ones the REPL offers and the gallery renders by default.
    public static let standard: [PseudoLocale] = [
        PseudoLocale(name: "en-XA", style: .bounded, summary: "pseudo: accented and expanded, brackets show truncation"),
        PseudoLocale(name: "ar-XB", style: .rtl, summary: "pseudo: right-to-left"),
        PseudoLocale(name: "double", style: .double, summary: "pseudo: every letter doubled"),
    ]

    /// The language ICU formats this pseudo-locale's numbers, dates and plurals in: its copy is the base's, transformed.
    public var formattingLocale: String { style == .rtl ? "ar" : "en" }

    /// A localizer for this pseudo-locale over `catalog` (which must hold it: see `catalog(from:baseLocale:)`).
    public func localizer(_ catalog: Catalog, baseLocale: String) -> Localizer {
        Localizer(catalog: catalog, locale: name, baseLocale: baseLocale, formattingLocale: formattingLocale)
    }

    /// The standard pseudo-locale of `style`; `accented`, which the REPL does not offer, is named after its style.
    public static func named(for style: PseudoStyle) -> PseudoLocale {
        standard.first { $0.style == style }
            ?? PseudoLocale(name: style.rawValue, style: style, summary: "pseudo: \(style.rawValue)")
    }

    /// `catalog` plus this pseudo-locale: every base entry transformed (format specifiers and `%#@var@` intact),
    /// each keeping the base entry's location, so a finding in a pseudo-locale points at the text it came from.
    public func catalog(from catalog: Catalog, baseLocale: String) -> Catalog {
        var pseudoCatalog = catalog
        for table in catalog.tableNames {
            guard let base = catalog.table(table, locale: baseLocale) else { continue }
            for key in base.keys {
                guard var entry = base.entries[key] else { continue }
                switch entry.value {
                case let .text(text): entry.value = .text(PseudoLocalizer.transform(text, style: style))
                case let .plural(rule): entry.value = .plural(PseudoLocalizer.transform(rule, style: style))
                case .other: break
                }
                pseudoCatalog.insert(entry, table: table, locale: name)
            }
        }
        return pseudoCatalog
    }
}
