import Core
import Foundation
import OfflineProducts
import TestSupport
import Testing

/// Item 2: the warranty card, its status badge from the injected `now`, and badge colours that meet WCAG AA.
@Suite struct WarrantyCardTests {
    let product = Product(id: "p1", name: "Espresso Machine", model: "EM-200", serialNumber: "SN0048213377",
                          purchaseDate: fixedNow.addingTimeInterval(-300 * day), warrantyExpiresAt: fixedNow.addingTimeInterval(10 * day))

    @Test func warrantyStatusIsActiveExpiringSoonOrExpiredFromTheInjectedNow() {
        let policy = WarrantyPolicy(expiringSoonWithinDays: 30)
        let expiry = fixedNow
        func status(daysBefore days: Double) -> WarrantyStatus {
            WarrantyStatus(expiresAt: expiry, now: expiry.addingTimeInterval(-days * day), policy: policy)
        }
        #expect(status(daysBefore: 365) == .active)
        #expect(status(daysBefore: 30.001) == .active)
        #expect(status(daysBefore: 30) == .expiringSoon)
        #expect(status(daysBefore: 0.0001) == .expiringSoon)
        #expect(status(daysBefore: 0) == .expired)
        #expect(status(daysBefore: -1) == .expired)
    }

    @Test(arguments: [0, 7, 30, 90])
    func expiringSoonWindowIsConfigurable(_ days: Int) {
        let policy = WarrantyPolicy(expiringSoonWithinDays: days)
        let inside = Product(id: "a", name: "A", model: "M", serialNumber: "S", purchaseDate: fixedNow,
                             warrantyExpiresAt: fixedNow.addingTimeInterval(Double(days) * day))
        let outside = Product(id: "b", name: "B", model: "M", serialNumber: "S", purchaseDate: fixedNow,
                              warrantyExpiresAt: fixedNow.addingTimeInterval(Double(days) * day + 1))
        #expect(inside.warrantyStatus(at: fixedNow, policy: policy) == (days == 0 ? .expired : .expiringSoon))
        #expect(outside.warrantyStatus(at: fixedNow, policy: policy) == .active)
    }

    @Test func theSameProductChangesStatusAsTheInjectedNowMoves() {
        let statuses = [-40.0, -10, 0, 5].map { offset in
            product.warrantyStatus(at: product.warrantyExpiresAt.addingTimeInterval(offset * day), policy: .default)
        }
        #expect(statuses == [.active, .expiringSoon, .expired, .expired])
    }

    @Test func warrantyCardShowsProductNameModelSerialNumberAndExpiryDate() {
        let card = WarrantyCard(product: product, now: fixedNow, policy: .default)
        #expect(card.fields == [
            .field(label: ProductsCopy.cardProductName, value: .verbatim("Espresso Machine")),
            .field(label: ProductsCopy.cardModel, value: .verbatim("EM-200")),
            .field(label: ProductsCopy.cardSerialNumber, value: .verbatim("SN0048213377")),
            .field(label: ProductsCopy.cardWarrantyExpiry, value: .copy(ProductsCopy.cardWarrantyExpiryValue(date: .date(product.warrantyExpiresAt, .medium)))),
        ])
        #expect(card.status == .expiringSoon)
        #expect(card.badge == .badge(ProductsCopy.badgeExpiringSoon, tone: .caution,
                                     accessibilityLabel: ProductsCopy.accessibilityBadge(status: .copy(ProductsCopy.badgeExpiringSoon))))
    }

    @Test func warrantyExpiryDateIsFormattedPerLocale() {
        let date = ProductsCopy.cardWarrantyExpiryValue(date: .date(Date(timeIntervalSince1970: 1_795_341_600), .medium))  // 2026-11-22
        let rendered = Dictionary(uniqueKeysWithValues: locales.map { ($0, localizer($0).resolve(date)) })
        for (locale, resolved) in rendered {
            #expect(resolved.issues.isEmpty, "\(locale): \(resolved.issues)")
        }
        #expect(rendered["en"]?.text == "Nov 22, 2026")
        #expect(rendered["de"]?.text == "22.11.2026")
        #expect(rendered["ja"]?.text == "2026/11/22")
        #expect(Set(rendered.values.map(\.text)).count >= 5, "dates should follow each locale's conventions")
    }

    @Test func statusBadgesAreColourCodedGreenAmberRed() {
        #expect(WarrantyStatus.active.tone == .positive)
        #expect(WarrantyStatus.expiringSoon.tone == .caution)
        #expect(WarrantyStatus.expired.tone == .negative)
        #expect(Set(WarrantyStatus.allCases.map { ProductsTheme.light.colors(for: $0).background }).count == 3)
    }

    @Test(arguments: ProductsTheme.all)
    func badgeColoursMeetWCAGAAContrast(_ theme: ProductsTheme) {
        for tone in BadgeTone.allCases {
            let colors = theme.colors(for: tone)
            #expect(colors.textContrast >= WCAG.minimumTextContrast,
                    "\(theme.name) \(tone): text \(colors.foreground) on \(colors.background) is \(colors.textContrast):1")
            #expect(theme.boundaryContrast(for: tone) >= WCAG.minimumNonTextContrast,
                    "\(theme.name) \(tone): pill \(colors.background) on \(theme.surface) is \(theme.boundaryContrast(for: tone)):1")
        }
    }

    @Test func contrastRatioMatchesTheWCAGReferenceValues() {
        let white = RGBColor(hex: 0xFFFFFF), black = RGBColor(hex: 0x000000)
        #expect(abs(white.contrastRatio(with: black) - 21) < 0.001)
        #expect(white.contrastRatio(with: white) == 1)
        // #767676 on white is the well-known smallest grey that passes AA (4.54:1).
        #expect(abs(RGBColor(hex: 0x767676).contrastRatio(with: white) - 4.54) < 0.01)
        #expect(RGBColor(hex: 0x777777).contrastRatio(with: white) < 4.5)
        #expect(RGBColor(hex: 0x1E7B34).description == "#1E7B34")
    }
}
