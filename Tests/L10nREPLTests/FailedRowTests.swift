import Core
import Foundation
import L10nREPL
import LocalizationKit
import Localization
import Testing

/// Issue 40, item 2 (pattern B): "the failed to add data is displayed greyed out and with the button to dismiss".
@Suite struct FailedRowTests {
    static let dismiss = Action(id: "dismiss:a1", title: CoreCopy.dismiss)
    static let row = ViewNode.row([.verbatim("Visit on 31 Jan", style: .body), .actions([dismiss])], feedback: .failed(CoreCopy.changeFailed))

    @Test func aFailedWriteIsShownGreyedOutWithItsReasonAndOneDismiss() throws {
        #expect(RowFeedback.failed(CoreCopy.changeFailed).opacity == 0.5, "the view state says greyed, for every renderer")
        let renderer = PhoneRenderer(localizer: Localizer(catalog: try BundledCatalogs.load(), locale: "en"), width: 44, theme: .light, colour: true)
        let screen = renderer.render(Self.row)
        let text = screen.lines.joined(separator: "\n")
        let data = try #require(screen.lines.first { $0.contains("Visit on 31 Jan") })
        #expect(data.contains("\u{1B}[2m"), "the data is drawn faint: \(data)")
        #expect(text.components(separatedBy: "Dismiss").count == 2, "one Dismiss, the row's own: \(text)")
        let dismissLine = try #require(screen.lines.first { $0.contains("Dismiss") })
        #expect(!dismissLine.contains("\u{1B}[2m"), "the Dismiss stays at full strength")
        #expect(screen.notes.contains("row: failed, greyed at 0.5 opacity, with its reason and Dismiss"))
    }
}
