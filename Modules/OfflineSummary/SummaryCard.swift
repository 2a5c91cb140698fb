public import Core
public import Foundation

/// The summary card as copy: the title, the stat cards, the comparison with the previous period and the
/// badges. The screen shows it (`viewNode`) and the share image draws it (`resolved(with:)` → `svg()`), so
/// both say the same thing. A pure function of the summary: no dates of loading, no connection state — the
/// card from the cache and the card from the server are the same for the same data.
public struct SummaryCard: Sendable, Hashable {
    public struct Line: Sendable, Hashable {
        public var label: Copy
        public var value: Copy

        public init(label: Copy, value: Copy) {
            self.label = label
            self.value = value
        }
    }

    public var title: Copy
    public var stats: [Line]
    /// One line per figure: "+12 (+8%) compared with 2024".
    public var comparison: [Line]
    public var badges: [Copy]
    public var shareText: Copy

    public init(summary: AnnualSummary) {
        title = SummaryCopy.title(period: summary.period)
        stats = summary.statCards.map { Line(label: $0.kind.label, value: SummaryCopy.statValue($0.value)) }
        if let comparison = summary.comparison {
            self.comparison = comparison.changes.map {
                Line(label: $0.kind.label, value: SummaryCopy.change($0, previousPeriod: comparison.previousPeriod))
            }
        } else {
            comparison = []
        }
        badges = summary.badges.map(\.kind.title)
        shareText = SummaryCopy.shareText(summary)
    }

    /// The card as the share preview draws it: the title, then `bodyNodes`.
    public var viewNode: ViewNode {
        .stack([.title(title)] + bodyNodes)
    }

    /// Everything under the title: stat cards, the comparison, the badges.
    public var bodyNodes: [ViewNode] {
        var nodes: [ViewNode] = []
        nodes += stats.map { .field(label: $0.label, value: .copy($0.value)) }
        if !comparison.isEmpty {
            nodes.append(.divider)
            nodes += comparison.map { .field(label: $0.label, value: .copy($0.value)) }
        }
        if !badges.isEmpty {
            nodes.append(.divider)
            nodes.append(.text(SummaryCopy.badgesTitle, style: .heading))
            nodes += badges.map { .badge($0, tone: .positive) }
        }
        return nodes
    }

    /// Every word of the card in one locale.
    public func resolved(with localizer: some CopyResolving) -> ResolvedSummaryCard {
        func pairs(_ lines: [Line]) -> [ResolvedSummaryCard.Pair] {
            lines.map { ResolvedSummaryCard.Pair(label: localizer.string($0.label), value: localizer.string($0.value)) }
        }
        return ResolvedSummaryCard(
            locale: localizer.locale,
            title: localizer.string(title),
            stats: pairs(stats),
            comparison: pairs(comparison),
            badgesTitle: badges.isEmpty ? nil : localizer.string(SummaryCopy.badgesTitle),
            badges: badges.map(localizer.string),
            shareText: localizer.string(shareText)
        )
    }
}

/// The card with every word resolved for one locale: what the share image is drawn from.
public struct ResolvedSummaryCard: Sendable, Hashable {
    public struct Pair: Sendable, Hashable {
        public var label: String
        public var value: String

        public init(label: String, value: String) {
            self.label = label
            self.value = value
        }
    }

    public var locale: String
    public var title: String
    public var stats: [Pair]
    public var comparison: [Pair]
    public var badgesTitle: String?
    public var badges: [String]
    public var shareText: String

    public init(locale: String, title: String, stats: [Pair], comparison: [Pair], badgesTitle: String?, badges: [String], shareText: String) {
        self.locale = locale
        self.title = title
        self.stats = stats
        self.comparison = comparison
        self.badgesTitle = badgesTitle
        self.badges = badges
        self.shareText = shareText
    }

    /// Scripts written right to left: the card is mirrored for them.
    public var isRightToLeft: Bool {
        let language = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? locale
        return ["ar", "he", "fa", "ur", "ps", "yi", "dv", "ckb", "sd", "ug"].contains(language.lowercased())
    }

    // MARK: SVG

    static let width = 1080
    static let margin = 72
    static let font = "system-ui, -apple-system, 'Segoe UI', 'Noto Sans', 'Noto Sans Arabic', 'Noto Sans JP', sans-serif"

    /// The card as an SVG document: a pure function of the resolved card (same card, same bytes).
    public func svg() -> String {
        let width = Self.width, margin = Self.margin
        let rtl = isRightToLeft
        var body: [String] = []
        var y = 0

        /// A text line at the reading start of the card (mirrored for right-to-left scripts).
        func text(_ value: String, x: Int, y: Int, size: Int, weight: Int = 400, fill: String) -> String {
            let anchorX = rtl ? width - x : x
            return #"<text x="\#(anchorX)" y="\#(y)" font-size="\#(size)" font-weight="\#(weight)" fill="\#(fill)">\#(Self.escape(value))</text>"#
        }
        func rect(x: Int, y: Int, width rectWidth: Int, height: Int, fill: String) -> String {
            let left = rtl ? width - x - rectWidth : x
            return #"<rect x="\#(left)" y="\#(y)" width="\#(rectWidth)" height="\#(height)" rx="24" fill="\#(fill)"/>"#
        }

        y = margin + 64
        body.append(text(title, x: margin, y: y, size: 56, weight: 700, fill: "#FFFFFF"))
        y += 48

        let gap = 24
        let cardWidth = (width - 2 * margin - gap) / 2
        let cardHeight = 200
        for (index, stat) in stats.enumerated() {
            let column = index % 2
            let top = y + (index / 2) * (cardHeight + gap)
            let left = margin + column * (cardWidth + gap)
            body.append(rect(x: left, y: top, width: cardWidth, height: cardHeight, fill: "#1D5C86"))
            body.append(text(stat.label, x: left + 32, y: top + 64, size: 30, fill: "#CFE3F1"))
            body.append(text(stat.value, x: left + 32, y: top + 152, size: 64, weight: 700, fill: "#FFFFFF"))
        }
        if !stats.isEmpty {
            y += ((stats.count + 1) / 2) * (cardHeight + gap)
        }

        for line in comparison {
            y += 48
            body.append(text(line.label, x: margin, y: y, size: 28, fill: "#CFE3F1"))
            y += 44
            body.append(text(line.value, x: margin, y: y, size: 34, weight: 600, fill: "#FFFFFF"))
        }

        if let badgesTitle {
            y += 88
            body.append(text(badgesTitle, x: margin, y: y, size: 40, weight: 700, fill: "#FFFFFF"))
            y += 8
            for badge in badges {
                let top = y + 16
                body.append(rect(x: margin, y: top, width: width - 2 * margin, height: 72, fill: "#F2B84B"))
                body.append(text(badge, x: margin + 32, y: top + 48, size: 32, weight: 600, fill: "#1B1B1B"))
                y = top + 72
            }
        }

        let height = y + margin
        let direction = rtl ? #" direction="rtl""# : ""
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="\#(height)" viewBox="0 0 \#(width) \#(height)" xml:lang="\#(Self.escape(locale))"\#(direction) font-family="\#(Self.font)">"#,
            #"<title>\#(Self.escape(title))</title>"#,
            #"<desc>\#(Self.escape(shareText))</desc>"#,
            ##"<rect width="\##(width)" height="\##(height)" rx="48" fill="#0F3D5E"/>"##,
        ]
        lines += body
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text for the SVG, as character data or an attribute value (Core's one escaper).
    public static func escape(_ text: String) -> String { XMLText.escaped(text, for: .attribute) }
}

/// Why the card could not be written for sharing.
public enum SummaryShareError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The folder cannot be created or written; check that it exists and is writable.
    case folderUnavailable(path: String, reason: String)
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case let .folderUnavailable(path, reason): "the share folder \(path) cannot be used (\(reason)); check that it is writable"
        case let .writeFailed(path, reason): "the summary card could not be written to \(path) (\(reason)); check the free space and permissions"
        }
    }
}

/// A card written for sharing: the image file, its SVG text and the localized text shared with it.
public struct SummaryShareOutput: Sendable, Hashable {
    public var fileURL: URL
    public var svg: String
    public var text: String

    public init(fileURL: URL, svg: String, text: String) {
        self.fileURL = fileURL
        self.svg = svg
        self.text = text
    }
}

/// Shares the summary card: renders it from the summary (cached or fresh, offline too) in the reader's locale
/// and writes it as an SVG file into a folder the app chooses. The folder is an export, outside the
/// encrypted store: the card holds the figures in clear, which is what sharing means.
public enum SummaryShareCard {
    /// The file name of a period's card: `annual-summary-2025.svg`.
    public static func fileName(period: String) -> String {
        let safe = period.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) && $0.isASCII || $0 == "-" }
        return "annual-summary-\(safe.isEmpty ? "summary" : String(String.UnicodeScalarView(safe))).svg"
    }

    /// Renders `summary` for `localizer`'s locale and writes it to `folder`, private to the user: the folder (and any
    /// missing parent) is created 0700 by `mkdir` itself, never wider for a moment, and must be a real directory owned
    /// by this user (not a symlink); the card is written to a new file created 0600 (`O_CREAT | O_EXCL | O_NOFOLLOW`)
    /// under a random name and renamed into place, so no reader ever sees it half written or with wider permissions.
    /// The card holds the figures in clear: it is deleted once shared (`SummaryFeature` does, when the share sheet
    /// closes) and at the latest at the next launch (`removeCards(in:)`).
    public static func write(_ summary: AnnualSummary, localizer: some CopyResolving, to folder: URL) throws(SummaryShareError) -> SummaryShareOutput {
        let card = SummaryCard(summary: summary).resolved(with: localizer)
        let svg = card.svg()
        do { try PrivateFiles.makeFolder(folder) } catch {
            throw .folderUnavailable(path: folder.path, reason: error.description)
        }
        let url = folder.appendingPathComponent(fileName(period: summary.period))
        do { try PrivateFiles.write(Data(svg.utf8), to: url, temporaryPrefix: temporaryPrefix) } catch {
            throw .writeFailed(path: url.path, reason: error.description)
        }
        return SummaryShareOutput(fileURL: url, svg: svg, text: card.shareText)
    }

    /// The start of a card's name while it is being written (`removeCards` also deletes a half-written one).
    static let temporaryPrefix = ".card-"

    /// Deletes every card (and any half-written one) in `folder`; a missing folder is fine. Returns how many files went.
    @discardableResult
    public static func removeCards(in folder: URL) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var removed = 0
        for name in names where name.hasPrefix("annual-summary-") || name.hasPrefix(SummaryShareCard.temporaryPrefix) {
            if (try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))) != nil { removed += 1 }
        }
        return removed
    }
}


/// What the summary composes from the generated keys (`SummaryCopy`, from `Localization/en.lproj/OfflineSummary.*` by
/// the L10nAccessors plugin): a period in the reader's digits, signed changes, and the share text for what the summary has.
extension SummaryCopy {
    /// "Your %@ in review", the period as the reader's locale writes it.
    public static func title(period: String) -> Copy { summaryTitle(period: Self.period(period)) }

    /// A period as the reader's locale writes it: a year in the locale's digits (٢٠٢٥ in Arabic); any other period the
    /// server names, as it is.
    static func period(_ period: String) -> CopyArgument {
        guard period.count == 4, period.allSatisfy({ $0.isASCII && $0.isNumber }), let year = Int(period) else { return .text(period) }
        return .year(year)
    }

    /// A stat card's figure alone, formatted per locale ("1,234", "€2,995.98").
    public static func statValue(_ value: StatValue) -> Copy { statValue(value: value.argument) }

    /// "+12 (+8%) compared with 2024": the difference and the percentage, each signed, and the previous period.
    public static func change(_ change: StatChange, previousPeriod: String) -> Copy {
        let difference = signed(change.difference ?? .count(0))
        guard let percent = change.percentChange else {
            return comparisonChangeWithoutPercent(difference: difference, previousPeriod: period(previousPeriod))
        }
        return comparisonChange(difference: difference, percent: signedPercent(percent), previousPeriod: period(previousPeriod))
    }

    /// A positive figure gets the locale's explicit plus ("+%@"); ICU writes the minus of a negative one itself.
    static func signed(_ value: StatValue) -> CopyArgument {
        value.sign > 0 ? .copy(comparisonIncrease(value: value.argument)) : value.argument
    }

    static func signedPercent(_ percent: Double) -> CopyArgument {
        let fraction = CopyArgument.percent(percent / 100)
        return percent > 0 ? .copy(comparisonIncrease(value: fraction)) : fraction
    }

    /// The text shared with the card. The peer-mentor wording with activities, hours and people reached when the
    /// summary has all three; otherwise the year and the number of activities.
    public static func shareText(_ summary: AnnualSummary) -> Copy {
        if let activities = summary.value(of: .activities), let hours = summary.value(of: .hours),
           let people = summary.value(of: .peopleReached) {
            return Self.shareText(period: period(summary.period), activities: activities.argument, hours: hours.argument, people: people.argument)
        }
        let count: Int = switch summary.value(of: .activities) {
        case let .count(value)?: value
        case let .quantity(value)?: Int(value.rounded())
        default: 0
        }
        return shareTextActivities(period: period(summary.period), activities: .copy(summaryActivitiesCount(count: count)))
    }
}
