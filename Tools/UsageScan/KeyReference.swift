import Core
import LocalizationKit

/// A place in a Swift file, 1-based; the column counts UTF-8 bytes, as the compiler's diagnostics do.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// A catalog entry's place (a binary property list's entries have none: its first line).
    init(_ location: CatalogLocation) {
        self.init(file: location.file, line: location.position?.line ?? 1, column: location.position?.column ?? 1)
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }

    public var description: String { "\(file):\(line):\(column)" }
}

/// How the table of a reference is named at the call site.
public enum TableName: Sendable, Hashable {
    /// A literal, or the default table (`Localizable`) when the call names none.
    case known(String)
    /// A constant to resolve once every file has been read (`table`, `Self.table`, `CoreCopy.table`), with the types
    /// that enclose the call, innermost last.
    case constant(path: [String], enclosingTypes: [String])
    /// An expression the scanner cannot evaluate: the key is looked up in every table.
    case unknown
}

/// The key a reference names.
public enum ReferencedKey: Sendable, Hashable {
    /// A literal key, exactly as the program sees it (escapes resolved, multi-line strings joined).
    case literal(String)
    /// A `LocalizedStringKey` / `String.LocalizationValue` with interpolations: the key Xcode derives from it.
    case interpolated(InterpolatedKey)
    /// A member of a generated enum (`L10n.Common.Button.share`), mapped to a key once the catalog is known.
    case generatedMember(root: String, path: String)

    public var isGeneratedMember: Bool {
        if case .generatedMember = self { true } else { false }
    }
}

/// `"\(count) items"` → `%lld items`: literal text (with `%` doubled, as SwiftUI does) and one specifier per
/// interpolation. A specifier is nil where the type of the interpolated value cannot be seen without a type checker;
/// such a place matches whatever specifier the catalog's key has there.
public struct InterpolatedKey: Sendable, Hashable {
    public enum Part: Sendable, Hashable {
        case text(String)
        case argument(specifier: String?)
    }

    public var parts: [Part]

    public init(parts: [Part]) {
        self.parts = parts
    }

    /// The key as Xcode would extract it; an unseen type is shown as `%@`.
    public var xcodeKey: String {
        parts.map { part in
            switch part {
            case let .text(text): text
            case let .argument(specifier): specifier ?? "%@"
            }
        }.joined()
    }

    /// The literal text with a marker per argument: equal for a reference and a catalog key that can match.
    public var skeleton: String {
        parts.map { part in
            switch part {
            case let .text(text): text
            case .argument: InterpolatedKey.placeholder
            }
        }.joined()
    }

    public var argumentSpecifiers: [String?] {
        parts.compactMap { part in
            if case let .argument(specifier) = part { specifier } else { nil }
        }
    }

    static let placeholder = "\u{1}"

    /// The skeleton of a catalog key, or nil when it has no specifiers (then it can only match a literal).
    static func skeleton(ofCatalogKey key: String) -> (skeleton: String, specifiers: [FormatSpecifier])? {
        let specifiers = FormatSpecifier.parse(key)
        guard !specifiers.isEmpty else { return nil }
        let scalars = Array(key.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        for specifier in specifiers {
            out.append(contentsOf: scalars[index..<specifier.offset])
            out.append(contentsOf: placeholder.unicodeScalars)
            index = specifier.offset + specifier.text.unicodeScalars.count
        }
        out.append(contentsOf: scalars[index...])
        return (String(out), specifiers)
    }
}

/// What the call site passes as format arguments, where the scanner can tell.
public struct CallArguments: Sendable, Hashable {
    /// One entry per argument: the printf kind it needs where visible (`%lld` for an `Int` literal), else nil.
    public var specifiers: [String?]

    public init(specifiers: [String?]) {
        self.specifiers = specifiers
    }

    public var count: Int { specifiers.count }
}

/// One use of a localization key in Swift code.
public struct KeyReference: Sendable, Hashable {
    public var location: SourceLocation
    public var key: ReferencedKey
    public var table: TableName
    /// The API that was recognised, e.g. `NSLocalizedString`, `Text`, `.navigationTitle`, `Copy`, `L10n`.
    public var api: String
    /// Known only where the call site shows them (interpolations, `String(format:)`, a wrapper's arguments).
    public var arguments: CallArguments?
    /// The call gives the text to show when no table has the key (`NSLocalizedString(…, value: "Open")`,
    /// `String(localized:defaultValue:)`): users then see that text, not the key.
    public var hasDefaultValue: Bool
    /// That text, where the call writes it as a plain literal (`value: "Incorrect database format: %@."`).
    public var defaultValue: String?
    /// False where a missing key is no finding, only a key found counts as used: code no user runs (`#if DEBUG`, a
    /// preview), and Objective-C, whose macros the scan does not expand.
    public var reportsMissing: Bool
    /// A generated member's call labels (`_` where there is none), nil where it is not called: `SummaryCopy.shareText(_:)`
    /// written by hand beside the generated `shareText(period:activities:hours:people:)` is told apart by them.
    public var callLabels: [String]?

    public init(location: SourceLocation, key: ReferencedKey, table: TableName, api: String, arguments: CallArguments? = nil,
                hasDefaultValue: Bool = false, reportsMissing: Bool = true) {
        self.reportsMissing = reportsMissing
        self.location = location
        self.key = key
        self.table = table
        self.api = api
        self.arguments = arguments
        self.hasDefaultValue = hasDefaultValue
    }
}

/// A key computed at run time (`NSLocalizedString(name, comment: "")`, `Copy(table, "status.\(raw)")`).
public struct DynamicKeyReference: Sendable, Hashable {
    public var location: SourceLocation
    public var api: String
    public var table: TableName
    /// The literal text the key starts with, when it is an interpolation such as `"status.\(raw)"`.
    public var literalPrefix: String?
    /// The key expression as written.
    public var expression: String
    /// For an interpolation (`"\(verb)_\(target)_\(min(count, 3))"`, damus's notification texts), the literal texts
    /// around its interpolations: "", "_", "_", "". A key of that shape may be one the code builds.
    public var shape: [String]?
    /// For `key.rawValue` of a parameter whose type is an enum of the app: that type, whose cases are then keys.
    public var rawValueType: String?
    /// Whether the scan follows where the key comes from: a parameter of the function around the read (its callers give
    /// the key, and a wrapper's or a localized parameter's calls are read), `self` in a type whose values are its keys, or
    /// a name its file assigns literals to. A key it does not follow (a property, `$0` of a closure, a value decoded from a
    /// server) may be any key of the table (`UsageRules`: `--fix` leaves that table's unused-looking keys alone).
    public var isFollowed = false

    /// Not followed, and shaped by no literal text (no prefix, no shape, no enum's cases): it may be any key of its table.
    public var mayBeAnyKey: Bool {
        !isFollowed && (literalPrefix ?? "").isEmpty && shape == nil && rawValueType == nil
    }

    public init(location: SourceLocation, api: String, table: TableName, literalPrefix: String?, expression: String, shape: [String]? = nil) {
        self.location = location
        self.api = api
        self.table = table
        self.literalPrefix = literalPrefix
        self.expression = expression
        self.shape = shape
    }

    /// True when `key` has this interpolation's shape: its literal texts in order, with text in every interpolation's
    /// place. A shape with no literal text at all says nothing of a key.
    public func mayBuild(_ key: String) -> Bool {
        guard let shape else { return false }
        return Self.shape(shape, mayBuild: key)
    }

    /// Whether a key built by filling the gaps between the literal texts of `shape`, each with one character or more, can
    /// be `key`.
    public static func shape(_ shape: [String], mayBuild key: String) -> Bool {
        guard shape.count > 1, shape.contains(where: { !$0.isEmpty }) else { return false }
        guard key.hasPrefix(shape[0]), key.hasSuffix(shape[shape.count - 1]), key.count > shape[0].count + shape[shape.count - 1].count else { return false }
        var rest = key.dropFirst(shape[0].count).dropLast(shape[shape.count - 1].count)
        for middle in shape.dropFirst().dropLast() {
            // Each interpolation stands for at least one character; the literal in between follows it.
            guard !rest.isEmpty, let found = rest.dropFirst().range(of: middle) else { return false }
            rest = rest[found.upperBound...]
        }
        return !rest.isEmpty
    }
}

/// Where a reference is, what it names and in which table: two references alike in these are one.
struct ReferenceIdentity: Hashable {
    var location: SourceLocation
    var key: ReferencedKey
    var table: TableName

    init(_ reference: KeyReference) {
        location = reference.location
        key = reference.key
        table = reference.table
    }
}
