import Foundation
import Testing
import WireContract

/// Money is a decimal string both ways: the server writes cents, an app reads them exactly and nothing else.
@Suite struct MoneyTests {
    @Test func theServerWritesCentsWithAPointAndNoGrouping() {
        #expect(Wire.Money.text(Decimal(string: "249")!) == "249.00")
        #expect(Wire.Money.text(Decimal(string: "2995.98")!) == "2995.98")
        #expect(Wire.Money.text(Decimal(string: "19.985")!) == "19.99")
        #expect(Wire.Money.text(Decimal(string: "1234567.5")!) == "1234567.50")
        #expect(Wire.Money.text(Decimal(string: "0.1")!) == "0.10")
        #expect(Wire.Money.text(Decimal(string: "-0.1")!) == "-0.10")
    }

    @Test func anAppReadsAPlainDecimalExactlyAndNothingElse() {
        #expect(Wire.Money.amount("19.99") == Decimal(string: "19.99"))
        #expect(Wire.Money.amount("-0.10") == Decimal(string: "-0.10"))
        #expect(Wire.Money.amount("7") == 7)
        for text in ["12,50", "1.2.3", "", "-", ".5", "5.", "1e3", " 1.00", "1.00 ", "+1", "0x10", "1,000.00", "--1", "NaN"] {
            #expect(Wire.Money.amount(text) == nil, "\(text)")
        }
    }

    @Test(arguments: ["0.00", "0.01", "19.99", "249.00", "2995.98", "-749.85", "99999999.99"])
    func whatTheServerWritesAnAppReadsBackToTheCent(_ text: String) throws {
        let amount = try #require(Wire.Money.amount(text))
        #expect(Wire.Money.text(amount) == text)
    }
}
