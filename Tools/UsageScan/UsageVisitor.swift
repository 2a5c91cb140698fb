// The literal value of each part of an interpolated string (escapes resolved) uses swift-syntax's own unescaping,
// which it exposes to the compiler as SPI; 602 and 603 have the same signature.
@_spi(Compiler) import SwiftParser
import StringsKit
import SwiftSyntax

/// What one Swift file contributes: its key references, its dynamic keys, and the string constants it declares
/// (`static let table = "Core"`), by qualified name, for resolving table arguments across files.
public struct FileUsage: Sendable {
    /// Plain string literals that may be keys the scan cannot follow, so none of these is called unused: those of a
    /// file swift-syntax could not parse whole (nesting deeper than it reads, syntax newer than it knows), and those a
    /// key computed at run time may take (`SourceUsage.literalsReaching`: PlayCover's
    /// `warningMessage = "ipaLibrary.version.older"`, read by `NSLocalizedString(warningMessage ?? "ipaLibrary.download", …)`).
    public var heldLiterals: Set<String> = []
    /// The file, as scanned.
    public var file = ""
    /// Whether it imports SwiftUI (itself, or as a module another file re-exports), and whether it re-exports it
    /// (`@_exported import SwiftUI`) to every file of its module.
    public var importsSwiftUI = false
    public var reexportsSwiftUI = false
    /// Each enum's cases without a raw value or a payload, by the enum's name: the keys of a type keyed by itself.
    public var enumCaseNames: [String: [String]] = [:]
    /// Types (or extensions) that look up a key named by the value itself (`namesSelf`).
    public var typesKeyedBySelf: Set<String> = []
    public var references: [KeyReference] = []
    public var dynamicKeys: [DynamicKeyReference] = []
    public var constants: [String: String] = [:]
    /// The app's own parameters typed `LocalizedStringKey`/`LocalizedStringResource`, as `Callee|label` (`_` when
    /// unlabeled): `init(message: LocalizedStringKey)` of `PlaceholderView`, a struct's stored property of that type.
    public var localizedParameters: Set<String> = []
    /// String literals passed to calls nothing else recognised, kept until every file's `localizedParameters` are known.
    public var literalArguments: [LiteralArgument] = []
    /// Functions that pass a parameter (or `self`) on to some call: the material of wrapper inference.
    public var summaries: [FunctionSummary] = []
    /// Calls with literal arguments that nothing recognised, kept until every file's wrappers are known.
    public var literalCalls: [LiteralCall] = []
    /// `"Cancel".localized`: literals with a member called on them.
    public var literalMembers: [LiteralMember] = []
    /// `L10n.Scene.title`: chains of names with an upper-case root, matched against generated accessors at the end.
    public var chains: [MemberChain] = []
    /// Bare names used inside a top-level extension, by the extended type (`L10n`, `L10n.Scene`), each with its first
    /// place: a team's `extension L10n { static var limit: String { plusCloudStorageLimitFormat(…) } }` uses the
    /// generated member by its bare name (pocket-casts). Matched against generated accessors at the end, as `chains`.
    public var extensionBareNames: [String: [String: SourceLocation]] = [:]
    /// Every function, initialiser's type and computed property name the file declares (wrapper inference takes an
    /// undeclared localizing name for a wrapper, a declared one only when its body shows it is).
    public var declaredFunctions: Set<String> = []
    /// What the code declares itself in an extension of a type the L10nAccessors plugin generates, by type: `name` for a
    /// property, `name(label:_:)` for a function (`SummaryCopy.shareText(_:)`, which composes generated members).
    /// A use of one is not a key: UsageRules leaves it out, so it is neither key-not-in-catalog nor a wrong argument count.
    public var declaredMembers: [String: Set<String>] = [:]
    /// Xcode's generated symbols for String Catalog keys (`String(localized: .cancel)`, `Button(.ok)`,
    /// `Text(.items(count))`, `LocalizedStringResource.lineNumber`), by `UsageRun.symbolName`: the keys they name are
    /// read, though no literal says so.
    public var symbolNames: Set<String> = []
}

/// `PlaceholderView(message: "conversations.empty.message")`: a literal argument, a key if the parameter is localized.
public struct LiteralArgument: Sendable {
    public var parameter: String
    public var reference: KeyReference
}

/// Walks one parsed file and records every reference the API table, the wrappers and the generated enums describe.
final class UsageVisitor: SyntaxVisitor {
    private let file: String
    private let source: String
    /// The UTF-8 offset of each line's start, counted on the first reference (most files of an app have none).
    private lazy var lineStarts: [Int] = {
        var starts = [0]
        var offset = 0
        for byte in source.utf8 {
            offset += 1
            if byte == UInt8(ascii: "\n") { starts.append(offset) }
        }
        return starts
    }()
    private let configuration: UsageConfiguration
    /// The modules the file imports (`LocalizedAPI.needsImport`).
    private let importedModules: Set<String>
    private let generatedRoots: Set<String>
    /// The member paths of the types with a generator's map (l10n-accessors), by type.
    private let mappedMembers: [String: Set<String>]
    /// The mapped type whose extension is being walked (`extension SummaryCopy { … }`): bare names and `Self.` in it
    /// are that type's members.
    private var extendedMappedType: String?
    /// The type a top-level extension being walked extends, when its name is a type's (`L10n`, `L10n.Scene`).
    private var extendedType: String?
    private var typeStack: [String] = []
    /// Functions being walked (innermost last): their summary so far and their parameters' names.
    private var functionStack: [(summary: FunctionSummary, names: [String])] = []
    /// Whether each `VariableDeclSyntax` walked pushed a function context (a computed member of `String`).
    private var variablePushedFunction: [Bool] = []
    /// The member of a type being walked (`L10n.Scene.title`), innermost last; nil where a body is not a member's.
    private var memberStack: [String?] = []
    private(set) var usage = FileUsage()

    init(file: String, source: String, tree: SourceFileSyntax, configuration: UsageConfiguration, moduleImports: Set<String> = []) {
        self.file = file
        self.source = source
        self.configuration = configuration
        importedModules = Self.importedModules(tree.statements).union(moduleImports)
        usage.file = file
        usage.importsSwiftUI = importedModules.contains("SwiftUI")
        usage.reexportsSwiftUI = tree.statements.contains { item in
            guard let decl = item.item.as(ImportDeclSyntax.self), decl.path.first?.name.text == "SwiftUI" else { return false }
            return decl.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "_exported" }
        }
        generatedRoots = Set(configuration.generatedEnums.map(\.root))
        mappedMembers = Dictionary(configuration.generatedEnums.filter { !$0.members.isEmpty }.map { ($0.root, Set($0.members.keys)) },
                                   uniquingKeysWith: { first, second in first.union(second) })
        super.init(viewMode: .sourceAccurate)
    }

    /// The modules imported at the top level (`import SwiftUI`), or inside a top-level `#if canImport(ActivityKit) … #endif`
    /// that wraps a widget's whole file.
    static func importedModules(_ statements: CodeBlockItemListSyntax) -> Set<String> {
        var modules: Set<String> = []
        for item in statements {
            if let decl = item.item.as(ImportDeclSyntax.self), let module = decl.path.first?.name.text {
                modules.insert(module)
            } else if let ifConfig = item.item.as(IfConfigDeclSyntax.self) {
                for clause in ifConfig.clauses {
                    if case let .statements(inner) = clause.elements { modules.formUnion(importedModules(inner)) }
                }
            }
        }
        return modules
    }

    // MARK: Code only developers see

    /// How deep the walk is in code that ships to no user: `#if DEBUG`, a `PreviewProvider`, `#Preview { … }`.
    private var debugDepth = 0

    static func isDebugCondition(_ condition: ExprSyntax?) -> Bool {
        guard let condition else { return false }
        let text = condition.trimmedDescription
        return !text.contains("!") && !text.contains("||") && text.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).contains("DEBUG")
    }

    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        if Self.isDebugCondition(node.condition) { debugDepth += 1 }
        return .visitChildren
    }

    override func visitPost(_ node: IfConfigClauseSyntax) {
        if Self.isDebugCondition(node.condition) { debugDepth -= 1 }
    }

    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.macroName.text == "Preview" { debugDepth += 1 }
        return .visitChildren
    }

    override func visitPost(_ node: MacroExpansionDeclSyntax) {
        if node.macroName.text == "Preview" { debugDepth -= 1 }
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        if node.macroName.text == "Preview" { debugDepth += 1 }
        return .visitChildren
    }

    override func visitPost(_ node: MacroExpansionExprSyntax) {
        if node.macroName.text == "Preview" { debugDepth -= 1 }
    }

    static func isPreview(_ inheritance: InheritanceClauseSyntax?) -> Bool {
        inheritance?.inheritedTypes.contains { $0.type.lastToken(viewMode: .sourceAccurate)?.text == "PreviewProvider" } ?? false
    }

    /// `item.value`, `key`, `"menu." + name`: what may hold a key computed at run time (not `self`, not arithmetic).
    static func mayBeAComputedKey(_ expression: ExprSyntax) -> Bool {
        if let sequence = expression.as(SequenceExprSyntax.self) { return sequence.elements.first?.is(StringLiteralExprSyntax.self) == true }
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.tokenKind != .keyword(.self) }
        return expression.is(MemberAccessExprSyntax.self) && referencePath(expression) != nil
    }

    /// 1-based line and UTF-8 column of the node's first token, as `SourceLocationConverter` gives them, without
    /// building its tables for the whole file.
    private func location(_ node: some SyntaxProtocol) -> SourceLocation {
        let offset = node.positionAfterSkippingLeadingTrivia.utf8Offset
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return SourceLocation(file: file, line: low + 1, column: offset - lineStarts[low] + 1)
    }

    // MARK: Types and constants

    private func push(_ name: String) -> SyntaxVisitorContinueKind {
        typeStack.append(name)
        memberStack.append(nil)
        // The generated enum's own body defines the accessors (`L10n.tr("Localizable", "a.b")`): not a use.
        return typeStack.count == 1 && generatedRoots.contains(name) ? .skipChildren : .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        if Self.isPreview(node.inheritanceClause) { debugDepth += 1 }
        return push(node.name.text)
    }

    override func visitPost(_ node: StructDeclSyntax) {
        if Self.isPreview(node.inheritanceClause) { debugDepth -= 1 }
        popType()
    }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { push(node.name.text) }
    override func visitPost(_ node: ClassDeclSyntax) { popType() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { push(node.name.text) }
    override func visitPost(_ node: EnumDeclSyntax) { popType() }

    /// The declared type of `name` in `name.rawValue` (a parameter or a local of the enclosing function), without `?`.
    static func rawValueParameterType(_ expression: ExprSyntax) -> String? {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "rawValue",
              let base = member.base?.as(DeclReferenceExprSyntax.self),
              var type = SpecifierInference().declaredType(of: base.baseName.text, from: Syntax(expression), depth: 3) else { return nil }
        if type.hasSuffix("?") || type.hasSuffix("!") { type.removeLast() }
        return type.first?.isUppercase == true && type.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) ? type : nil
    }

    /// Whether a dynamic key is the value's own name: `String(describing: self)`, `"\(self)"`, `rawValue`,
    /// `self.rawValue` (Loop's `NSLocalizedString(String(describing: self), comment: "")` in an enum, whose case names
    /// `--fix` deleted): its keys are the type's case names (`UsageVisitor.enumCaseNames`).
    static func namesSelf(_ expression: ExprSyntax) -> Bool {
        let text = expression.trimmedDescription.filter { !$0.isWhitespace }
        return ["String(describing:self)", "\"\\(self)\"", "rawValue", "self.rawValue", "String(self)", "\"\\(self.rawValue)\""].contains(text)
    }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { push(node.name.text) }
    override func visitPost(_ node: ActorDeclSyntax) { popType() }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { push(node.name.text) }
    override func visitPost(_ node: ProtocolDeclSyntax) { popType() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.extendedType.trimmedDescription
        if typeStack.isEmpty, name.first?.isUppercase == true,
           name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) {
            extendedType = name
        }
        // A team's own extension of a generated type (the generated file is in the build folder, not scanned): its
        // declarations are not keys, and its bodies use the generated members by bare name.
        guard typeStack.isEmpty, mappedMembers[name] != nil else { return push(name) }
        usage.declaredMembers[name, default: []].formUnion(node.memberBlock.members.flatMap { Self.signatures(of: $0.decl) })
        extendedMappedType = name
        typeStack.append(name)
        memberStack.append(nil)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) {
        if typeStack.count == 1 { extendedType = nil }
        if typeStack.count == 1, typeStack[0] == extendedMappedType { extendedMappedType = nil }
        popType()
    }

    /// How a use names a declaration: `title` for a property, `title(period:)` for a function, `shareText(_:)` unlabeled.
    static func signatures(of decl: DeclSyntax) -> [String] {
        if let variable = decl.as(VariableDeclSyntax.self) {
            return variable.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self).map { unquoted($0.identifier.text) } }
        }
        guard let function = decl.as(FunctionDeclSyntax.self) else { return [] }
        let labels = function.signature.parameterClause.parameters.map { $0.firstName.text }
        return [signature(unquoted(function.name.text), labels: labels)]
    }

    static func signature(_ name: String, labels: [String]?) -> String {
        guard let labels else { return name }
        return name + "(" + labels.map { $0 + ":" }.joined() + ")"
    }

    /// The labels of a call (`_` where there is none), or nil where the expression is not called.
    static func callLabels(of node: some SyntaxProtocol) -> [String]? {
        guard let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id else { return nil }
        return call.arguments.map { $0.label?.text ?? "_" }
    }

    /// A bare name inside an extension of a mapped type (`summaryTitle(period: …)`, `statusPlaced`): a use of that member.
    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if extendedMappedType == nil, let type = extendedType, node.argumentNames == nil,
           node.parent?.as(MemberAccessExprSyntax.self)?.declName.id != node.id {
            let name = Self.unquoted(node.baseName.text)
            if name.first?.isLowercase == true, usage.extensionBareNames[type]?[name] == nil {
                usage.extensionBareNames[type, default: [:]][name] = location(node)
            }
        }
        guard let root = extendedMappedType, let members = mappedMembers[root] else { return .visitChildren }
        let name = Self.unquoted(node.baseName.text)
        guard members.contains(name) else { return .visitChildren }
        // `x.name` is some other value's member; `name:` as a label is not an expression at all.
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id { return .visitChildren }
        var arguments: CallArguments?
        if let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id {
            arguments = CallArguments(specifiers: call.arguments.map { SpecifierInference().specifier(of: $0.expression) })
        }
        var reference = KeyReference(location: location(node), key: .generatedMember(root: root, path: name), table: .unknown, api: root,
                                     arguments: arguments)
        reference.callLabels = Self.callLabels(of: node)
        usage.references.append(reference)
        return .visitChildren
    }

    private func popType() {
        typeStack.removeLast()
        memberStack.removeLast()
    }

    /// The member context a declaration opens: its path (`L10n.Scene.title`) for a static member of a type (what
    /// generated accessors are), nil for any other member, and the enclosing one for a local declaration.
    private func memberContext(_ name: String?, of node: some SyntaxProtocol, modifiers: DeclModifierListSyntax) -> String? {
        guard node.parent?.is(MemberBlockItemSyntax.self) == true else { return memberStack.last ?? nil }
        guard let name, !typeStack.isEmpty,
              modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }) else { return nil }
        // SwiftGen names a member `` `default` ``; a use writes `L10n.Mode.default`.
        return (typeStack + [Self.unquoted(name)]).joined(separator: ".")
    }

    /// `` `default` `` → `default`.
    static func unquoted(_ name: String) -> String {
        name.hasPrefix("`") && name.hasSuffix("`") && name.count > 2 ? String(name.dropFirst().dropLast()) : name
    }

    /// The call is the member's whole value: `static let title = tr("…")`, `{ tr("…") }`, `{ return tr("…") }` — what a
    /// generated accessor is, unlike `static let kiloBytes = Unit(label: tr("KB"))`, whose uses do not name the key.
    static func isWholeValue(_ call: FunctionCallExprSyntax) -> Bool {
        var node = Syntax(call)
        if let returned = node.parent?.as(ReturnStmtSyntax.self) { node = Syntax(returned) }
        guard let parent = node.parent else { return false }
        // A member's initial value (`static let title = tr("…")`), not a local `let` in a function's body: OsmAnd's
        // `static func showA() { let title = localizedString("alert_a"); … }` made `showA` an accessor, its key no use.
        if parent.is(InitializerClauseSyntax.self) {
            return parent.parent?.parent?.parent?.parent?.is(MemberBlockItemSyntax.self) == true
        }
        guard let item = parent.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self), list.count == 1 else { return false }
        // The body of the getter or function itself (`{ tr("…") }`), not a `switch` case or an `if` inside it.
        if list.parent?.is(AccessorBlockSyntax.self) == true { return true }
        guard let block = list.parent?.as(CodeBlockSyntax.self) else { return false }
        return block.parent?.is(FunctionDeclSyntax.self) == true || block.parent?.is(AccessorDeclSyntax.self) == true
    }

    private static let stringTypes: Set<String> = ["String", "StringProtocol", "Substring", "NSString"]

    override func visitPost(_ node: VariableDeclSyntax) {
        memberStack.removeLast()
        if variablePushedFunction.removeLast() { popFunction() }
    }

    override func visitPost(_ node: FunctionDeclSyntax) {
        memberStack.removeLast()
        popFunction()
    }

    override func visitPost(_ node: InitializerDeclSyntax) {
        popFunction()
    }

    private func popFunction() {
        guard let context = functionStack.popLast() else { return }
        if !context.summary.flows.isEmpty { usage.summaries.append(context.summary) }
    }

    private func pushFunction(name: String, parameters: FunctionParameterListSyntax?, isStringMember: Bool) {
        usage.declaredFunctions.insert(name)
        let list = Array(parameters ?? [])
        let labels: [String?] = list.map { $0.firstName.tokenKind == .wildcard ? nil : $0.firstName.text }
        let names = list.map { ($0.secondName ?? $0.firstName).text }
        var summary = FunctionSummary(name: name, labels: labels, isStringMember: isStringMember, flows: [])
        for (index, parameter) in list.enumerated() {
            guard let value = parameter.defaultValue?.value else { continue }
            if value.is(NilLiteralExprSyntax.self) {
                summary.literalDefaults[index] = ""
            } else if let text = value.as(StringLiteralExprSyntax.self)?.representedLiteralValue {
                summary.literalDefaults[index] = text
            }
        }
        functionStack.append((summary, names))
    }

    /// `let name = "literal"` at file level or as a type member: a constant a table argument may name.
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        memberStack.append(memberContext(name, of: node, modifiers: node.modifiers))
        // `var localized: String { NSLocalizedString(self, comment: "") }` in an extension of String.
        let isStringMember = typeStack.last.map(Self.stringTypes.contains) == true && node.bindings.first?.accessorBlock != nil
            && !node.modifiers.contains { $0.name.tokenKind == .keyword(.static) }
        variablePushedFunction.append(isStringMember)
        if let name, node.bindings.first?.accessorBlock != nil { usage.declaredFunctions.insert(name) }
        if isStringMember, let name { pushFunction(name: name, parameters: nil, isStringMember: true) }
        // A stored property of a localized type is a parameter of the struct's memberwise initialiser.
        if let type = typeStack.last, node.parent?.parent?.parent?.parent?.is(StructDeclSyntax.self) == true {
            for binding in node.bindings where binding.accessorBlock == nil {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                      let annotation = binding.typeAnnotation, Self.localizedType(annotation.type) != nil else { continue }
                usage.localizedParameters.insert("\(type)|\(name)")
            }
        }
        guard node.bindingSpecifier.tokenKind == .keyword(.let),
              node.parent?.is(MemberBlockItemSyntax.self) == true || node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
        else { return .visitChildren }
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                  let value = binding.initializer?.value.as(StringLiteralExprSyntax.self)?.representedLiteralValue else { continue }
            usage.constants[(typeStack + [name]).joined(separator: ".")] = value
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        recordLocalizedParameters(node.signature.parameterClause.parameters, callee: node.name.text)
        memberStack.append(memberContext(node.name.text, of: node, modifiers: node.modifiers))
        let isStringMember = typeStack.last.map(Self.stringTypes.contains) == true
            && !node.modifiers.contains { $0.name.tokenKind == .keyword(.static) }
        pushFunction(name: node.name.text, parameters: node.signature.parameterClause.parameters, isStringMember: isStringMember)
        if node.modifiers.contains(where: { [.keyword(.override), .keyword(.dynamic)].contains($0.name.tokenKind) })
            || node.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "objc" }) {
            functionStack[functionStack.count - 1].summary.runtimeMayCall = true
        }
        return .visitChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        if let type = typeStack.last { recordLocalizedParameters(node.signature.parameterClause.parameters, callee: type) }
        pushFunction(name: typeStack.last ?? "init", parameters: node.signature.parameterClause.parameters, isStringMember: false)
        return .visitChildren
    }

    /// `case invalid(description: LocalizedStringKey)`, called as `.invalid(description: "…")`. And `case top = "Top"`:
    /// an enum's raw value is often shown through `LocalizedStringKey(rawValue)` or a package's view; kept like an
    /// argument, so a key among them is never called unused.
    override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind {
        if node.rawValue == nil, node.parameterClause == nil, let type = typeStack.last {
            usage.enumCaseNames[type, default: []].append(String(node.name.text.filter { $0 != "`" }))
        }
        for parameter in node.parameterClause?.parameters ?? [] where Self.localizedType(parameter.type) != nil {
            let label = parameter.firstName?.text ?? "_"
            usage.localizedParameters.insert("\(node.name.text)|\(label)")
        }
        if let literal = node.rawValue?.value.as(StringLiteralExprSyntax.self), let text = literal.representedLiteralValue, !text.isEmpty {
            let reference = KeyReference(location: location(literal), key: .literal(text), table: .known(configuration.defaultTable), api: "(enum)")
            usage.literalArguments.append(LiteralArgument(parameter: "(enum)|rawValue", reference: reference))
        }
        return .visitChildren
    }

    private func recordLocalizedParameters(_ parameters: FunctionParameterListSyntax, callee: String) {
        for parameter in parameters where Self.localizedType(parameter.type) != nil {
            usage.localizedParameters.insert("\(callee)|\(parameter.firstName.text)")
        }
    }

    // MARK: Calls

    /// Each argument of a call by slot: the n-th unlabeled one, or its label.
    static func slots(of call: FunctionCallExprSyntax) -> [(slot: ArgumentSlot, argument: LabeledExprSyntax)] {
        var unlabeled = 0
        var result: [(slot: ArgumentSlot, argument: LabeledExprSyntax)] = []
        for argument in call.arguments {
            if let label = argument.label?.text {
                result.append((ArgumentSlot(label: label), argument))
            } else {
                unlabeled += 1
                result.append((ArgumentSlot(label: nil, unlabeledIndex: unlabeled), argument))
            }
        }
        return result
    }

    /// Inside a function: a call that passes one of its parameters (or `self`, in a member of `String`) is a flow.
    private func recordFlow(_ call: FunctionCallExprSyntax, callee: CallName) {
        guard var context = functionStack.last else { return }
        var arguments: [ArgumentSlot: FunctionSummary.Source] = [:]
        var computed: [ArgumentSlot] = []
        var passesOn = false
        for (slot, argument) in Self.slots(of: call) {
            let expression = argument.expression
            if let reference = expression.as(DeclReferenceExprSyntax.self) {
                let name = reference.baseName.text
                if let index = context.names.firstIndex(of: name) {
                    arguments[slot] = .parameter(index)
                    passesOn = true
                } else if name == "self", context.summary.isStringMember {
                    arguments[slot] = .selfValue
                    passesOn = true
                } else if name != "self" {
                    // A constant or a property: known only at run time, as far as the wrapper's flow goes.
                    computed.append(slot)
                }
            } else if let literal = expression.as(StringLiteralExprSyntax.self), let value = literal.representedLiteralValue {
                arguments[slot] = .literal(value)
            } else if let inner = expression.as(FunctionCallExprSyntax.self), let name = CallName(inner.calledExpression),
                      name.name == "LocalizationValue", let first = inner.arguments.first, first.label == nil,
                      let reference = first.expression.as(DeclReferenceExprSyntax.self) {
                // `String(localized: String.LocalizationValue(key))`: the parameter is the key of the outer call.
                if let index = context.names.firstIndex(of: reference.baseName.text) {
                    arguments[slot] = .parameter(index)
                    passesOn = true
                } else if reference.baseName.text == "self", context.summary.isStringMember {
                    arguments[slot] = .selfValue
                    passesOn = true
                }
            } else if !expression.is(NilLiteralExprSyntax.self) {
                // `tableName: type.tableName`: a table (or any argument) computed here.
                computed.append(slot)
            }
        }
        guard passesOn else { return }
        for slot in computed { arguments[slot] = .computed }
        context.summary.flows.append(FunctionSummary.Flow(callee: callee.name, isMember: callee.isMember, arguments: arguments))
        functionStack[functionStack.count - 1] = context
    }

    /// A call nothing recognised yet, with literal arguments: kept for the wrappers inferred once every file is read.
    private func recordLiteralCall(_ call: FunctionCallExprSyntax, callee: CallName) {
        var arguments: [LiteralCall.Argument] = []
        var hasLiteral = false
        let slots = Self.slots(of: call)
        let firstSlot = slots.first?.slot
        // `view.accessibilityIdentifier(id)`: a method of a value, not a wrapper (those are functions or a type's, `L10n.tr`).
        let isInstanceMethod = callee.isMember && callee.base?.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isUppercase != true
        for (slot, argument) in slots {
            var keys: [PendingKey] = []
            for expression in Self.branches(of: argument.expression, coalescing: true) where expression.is(StringLiteralExprSyntax.self) {
                keys.append(pendingKey(expression))
            }
            // `localizedString(item.value)`, `tr(key)` after `let key = "…"`, `tr("menu." + name)`: if the callee turns out to
            // be a wrapper, a key computed at run time (or the local constant's literal).
            // Only the first argument of a function (not a type's initialiser, `CGFloat(x)`), where wrappers take their key:
            // most calls have such arguments, and reading each would cost every file.
            // A method of a value counts too when it is given a name (`strings.server(key)` after `let key = "state::\(s)"`,
            // Home Assistant's `Current.localized.frontend(key)`): the name's literal is a key family such a wrapper reads,
            // which `--fix` deleted when only a function's argument counted. Not an enum case's payload (`.string(value)`).
            if keys.isEmpty, slot == firstSlot, callee.name.first?.isLowercase == true,
               !isInstanceMethod || callee.base != nil && argument.expression.is(DeclReferenceExprSyntax.self),
               Self.mayBeAComputedKey(argument.expression) {
                keys.append(pendingKey(argument.expression))
            }
            let literal = argument.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
            hasLiteral = hasLiteral || !keys.isEmpty
            arguments.append(LiteralCall.Argument(slot: slot, keys: keys, literal: literal,
                                                  specifier: keys.isEmpty ? SpecifierInference().specifier(of: argument.expression) : nil))
        }
        guard hasLiteral else { return }
        usage.literalCalls.append(LiteralCall(callee: callee.name, isMember: callee.isMember, arguments: arguments,
                                              accessorPath: Self.isWholeValue(call) ? memberStack.last ?? nil : nil,
                                              formatArguments: formatArguments(around: call)))
    }

    /// `(name: "Recommended", items: …)`, `[(true, "Folders on top"), (false, "Alphabetically")]`: a literal in a tuple,
    /// labelled or not, is kept like an argument with that label (a key kept as data, `Text(LocalizedStringKey(title))`
    /// later, where the scan cannot follow the value).
    override func visit(_ node: TupleExprSyntax) -> SyntaxVisitorContinueKind {
        for element in node.elements {
            let label = element.label?.text ?? "_"
            guard let literal = element.expression.as(StringLiteralExprSyntax.self),
                  let text = literal.representedLiteralValue, !text.isEmpty else { continue }
            let reference = KeyReference(location: location(literal), key: .literal(text), table: .known(configuration.defaultTable), api: "(tuple)")
            usage.literalArguments.append(LiteralArgument(parameter: "(tuple)|\(label)", reference: reference))
        }
        return .visitChildren
    }

    /// `ForEach(["array.a", "array.b"]) { Text(tr($0)) }`, `["gray": "Gray"]`: literals of an array or dictionary are
    /// held like arguments (never called unused).
    override func visit(_ node: ArrayElementSyntax) -> SyntaxVisitorContinueKind {
        holdLiteral(node.expression, as: "(array)|_")
        return .visitChildren
    }

    override func visit(_ node: DictionaryElementSyntax) -> SyntaxVisitorContinueKind {
        holdLiteral(node.key, as: "(dictionary)|key")
        holdLiteral(node.value, as: "(dictionary)|value")
        return .visitChildren
    }

    private func holdLiteral(_ expression: ExprSyntax, as parameter: String) {
        guard let literal = expression.as(StringLiteralExprSyntax.self), let text = literal.representedLiteralValue, !text.isEmpty else { return }
        let reference = KeyReference(location: location(literal), key: .literal(text), table: .known(configuration.defaultTable), api: parameter)
        usage.literalArguments.append(LiteralArgument(parameter: parameter, reference: reference))
    }

    private func pendingKey(_ expression: ExprSyntax) -> PendingKey {
        let here = location(expression)
        switch KeyExpression(expression, inference: SpecifierInference(), interpolation: .dynamic) {
        // The expression's text is only ever shown for a key computed at run time: not built for a literal.
        case let .literal(text): return PendingKey(location: here, text: text, dynamicPrefix: nil, expression: "", reportsMissing: debugDepth == 0)
        case let .dynamic(prefix, shape):
            var key = PendingKey(location: here, text: nil, dynamicPrefix: prefix, expression: expression.trimmedDescription, dynamicShape: shape)
            key.rawValueType = Self.rawValueParameterType(expression)
            key.isFollowed = isFollowed(expression, byText: false)
            return key
        case .interpolated: return PendingKey(location: here, text: nil, dynamicPrefix: nil, expression: expression.trimmedDescription)
        }
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let callee = CallName(node.calledExpression) else { return .visitChildren }
        if !functionStack.isEmpty { recordFlow(node, callee: callee) }
        for wrapper in configuration.wrappers where wrapper.matches(callee, call: node) {
            recordWrapper(wrapper, call: node)
            return .visitChildren
        }
        // `label = .init(localized: "Settings tab: About", defaultValue: "About")`: an implicit `String(localized:)`.
        if callee.name == "init", callee.isMember, callee.base == nil, node.arguments.first?.label?.text == "localized",
           let api = LocalizedAPI.byName["String"]?.first(where: { $0.keyLabel == "localized" }) {
            recordAPI(api, call: node)
            return .visitChildren
        }
        // Every entry that matches: `DisplayRepresentation(title:subtitle:)` has two keys.
        var matched = false
        for api in LocalizedAPI.byName[callee.name] ?? [] where api.matches(callee, call: node, importedModules: importedModules) {
            recordAPI(api, call: node)
            matched = true
        }
        if matched { return .visitChildren }
        // `String(format: …)` is Foundation's, no wrapper: its format is read where it is made (the call inside it).
        if callee.name == "String", !callee.isMember, node.arguments.first?.label?.text == "format" { return .visitChildren }
        // Any other call: its literal arguments are keys if the app declares that parameter localized, or if the callee
        // turns out to be a wrapper (both checked once every file is read).
        recordLiteralCall(node, callee: callee)
        for argument in node.arguments {
            // `"Amperage" as CFString` too (not for an API: `Text("Hi" as String)` shows the string as it is).
            var value = argument.expression
            if let sequence = value.as(SequenceExprSyntax.self), sequence.elements.count == 3,
               sequence.elements.dropFirst().first?.is(UnresolvedAsExprSyntax.self) == true, let first = sequence.elements.first {
                value = first
            }
            for expression in Self.branches(of: value) where expression.is(StringLiteralExprSyntax.self) {
                // `.init("\(name) places windows…")` too: the key SwiftUI derives, if the parameter is a localized one.
                let key: ReferencedKey
                switch KeyExpression(expression, inference: SpecifierInference(), interpolation: .formatKey) {
                case let .literal(text) where !text.isEmpty: key = .literal(text)
                case let .interpolated(interpolated): key = .interpolated(interpolated)
                default: continue
                }
                // In a preview or a debug build's code (`#Preview { ItemRow(item: ListItem(title: "Blind mole")) }`), a
                // missing key shows nobody a raw key; the key still counts as used.
                let reference = KeyReference(location: location(expression), key: key, table: .known(configuration.defaultTable),
                                             api: callee.name, reportsMissing: debugDepth == 0)
                usage.literalArguments.append(LiteralArgument(parameter: "\(callee.name)|\(argument.label?.text ?? "_")", reference: reference))
            }
        }
        return .visitChildren
    }

    private func recordAPI(_ api: LocalizedAPI, call: FunctionCallExprSyntax) {
        let keyArgument: LabeledExprSyntax? = if let label = api.keyLabel {
            call.arguments.first { $0.label?.text == label }
        } else {
            call.arguments.first.flatMap { $0.label == nil ? $0 : nil }
        }
        guard let keyArgument else { return }
        let table: TableName = if let label = api.tableLabel, let argument = call.arguments.first(where: { $0.label?.text == label }) {
            tableName(argument.expression)
        } else {
            .known(configuration.defaultTable)
        }
        // `NSLocalizedString("intro.title", value: "Welcome", comment: "")`: a missing key shows the value. A SwiftUI view's
        // `value:` is what it edits (`Stepper("Count", value: $count)`, `TextField("Name", value: $name, format: …)`),
        // never a text to show (talk-ios: a raw key was "users see the default value the call gives").
        let hasDefaultValue = api.needsSwiftUIImport ? Self.namesDefaultValue(call.arguments, labels: ["defaultValue"])
                                                     : Self.namesDefaultValue(call.arguments)
        let defaultValue = api.needsSwiftUIImport ? nil : Self.defaultValueText(call.arguments)
        // `.accessibilityLabel(isOn ? "toggle.on" : "toggle.off")`: each branch is a key.
        for expression in Self.branches(of: keyArgument.expression) {
            let key = KeyExpression(expression, inference: SpecifierInference(), interpolation: api.interpolation)
            if let symbol = Self.generatedSymbol(expression) { usage.symbolNames.insert(symbol) }
            // `TextField(.init("Line Number", table: "Panel"), …)`, `AppShortcut(shortTitle: LocalizedStringResource("…",
            // table: "Intents"))`: the resource names its own table (and default value); CotEditor's 375 `wrong-table`
            // errors were the outer call's default table.
            let resource = resourceOptions(expression)
            // A variable given to `Text`, `Button`… is a `String`, shown as is: not a key (`LocalizedStringKey(name)` is).
            if case .dynamic = key, api.needsSwiftUIImport, api.displayName != "LocalizedStringKey" { continue }
            record(key, at: expression, table: resource.table ?? table, api: api.displayName,
                   arguments: formatArguments(around: call) ?? key.interpolationArguments, hasDefaultValue: hasDefaultValue || resource.hasDefaultValue,
                   defaultValue: defaultValue)
        }
    }

    /// What a resource given as a key says of itself: `.init("Line Number", table: "Panel")`,
    /// `LocalizedStringResource("…", defaultValue: "Content", table: "Intents")` name their table, and a default value
    /// that a missing key shows. Nil and false for anything else.
    private func resourceOptions(_ expression: ExprSyntax) -> (table: TableName?, hasDefaultValue: Bool) {
        guard let arguments = expression.as(FunctionCallExprSyntax.self)?.arguments else { return (nil, false) }
        return (arguments.first { $0.label?.text == "table" }.map { tableName($0.expression) }, Self.namesDefaultValue(arguments))
    }

    /// `value:` (`NSLocalizedString`) or `defaultValue:` (`String(localized:)`, `LocalizedStringResource`) among the arguments.
    static func namesDefaultValue(_ arguments: LabeledExprListSyntax, labels: Set<String> = ["value", "defaultValue"]) -> Bool {
        arguments.contains { $0.label.map { labels.contains($0.text) } ?? false }
    }

    /// The default value's text where it is a plain literal (no interpolation).
    static func defaultValueText(_ arguments: LabeledExprListSyntax) -> String? {
        guard let argument = arguments.first(where: { ["value", "defaultValue"].contains($0.label?.text) }) else { return nil }
        return argument.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
    }

    /// The key name of Xcode's generated symbol for a String Catalog key (`STRING_CATALOG_GENERATE_SYMBOLS`): `.cancel`,
    /// `.items(count)`, `LocalizedStringResource.Panel.lineNumber` give "cancel", "items", "linenumber"
    /// (`UsageRun.symbolName`). CotEditor reads "Cancel", "OK" and "Done" only so; `--fix` deleted them.
    static func generatedSymbol(_ expression: ExprSyntax) -> String? {
        var expression = expression
        if let call = expression.as(FunctionCallExprSyntax.self) { expression = call.calledExpression }
        guard let member = expression.as(MemberAccessExprSyntax.self) else { return nil }
        if let base = member.base {
            // `LocalizedStringResource.cancel`, `LocalizedStringResource.Panel.lineNumber`, and a table's symbols given
            // implicitly (`.InAppPurchase.donationDisplayName`, CotEditor).
            let text = base.trimmedDescription
            guard text.hasPrefix("LocalizedStringResource") || text.hasPrefix(".") && !text.contains("(") else { return nil }
        }
        let name = member.declName.baseName.text
        guard name != "init", name != "self" else { return nil }
        return UsageRun.symbolName(name)
    }

    /// The values a key expression can take: both branches of a ternary (nested ones too), else itself.
    /// The branches of an unfolded ternary: operators before the first `?` belong to its condition (`x != nil ? a : b`);
    /// everything after its `:` is the else branch, which may be a ternary with a condition of its own
    /// (`x == 100 ? "High" : x == 200 ? "Medium" : "Low"`: boring.notch's "High" was deleted when only the last
    /// ternary's branches were seen). An else branch with operators and no ternary is no plain branch: nil.
    static func branches(ofElements elements: [ExprSyntax]) -> [ExprSyntax]? {
        guard let first = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
              let ternary = elements[first].as(UnresolvedTernaryExprSyntax.self) else { return nil }
        let rest = Array(elements[(first + 1)...])
        let elseBranches: [ExprSyntax]
        if rest.count == 1 {
            elseBranches = branches(of: rest[0])
        } else if rest.contains(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
                  !rest.contains(where: { $0.is(AssignmentExprSyntax.self) }), let nested = branches(ofElements: rest) {
            elseBranches = nested
        } else {
            return nil
        }
        return branches(of: ternary.thenExpression) + elseBranches
    }

    /// `coalescing`: each side of `??` too, where the key is a `String` (a wrapper's, `NSLocalizedString`'s); not for
    /// SwiftUI's `LocalizedStringKey`, where `Text(name ?? "nil")` is a `String` shown as it is, never a key.
    static func branches(of expression: ExprSyntax, coalescing: Bool = false) -> [ExprSyntax] {
        if let ternary = expression.as(TernaryExprSyntax.self) {
            return branches(of: ternary.thenExpression, coalescing: coalescing) + branches(of: ternary.elseExpression, coalescing: coalescing)
        }
        // The parser leaves operators unfolded: `c ? a : b` is the sequence [c, `? a :`, b].
        if let sequence = expression.as(SequenceExprSyntax.self), let found = branches(ofElements: Array(sequence.elements)) {
            return found
        }
        // `error ?? (downloading ? "Download_Starting" : "Ready_Status")` (Sileo): each side of `??` may be the key.
        if coalescing, let sequence = expression.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if elements.count >= 3, elements.count % 2 == 1,
               stride(from: 1, to: elements.count, by: 2).allSatisfy({ elements[$0].as(BinaryOperatorExprSyntax.self)?.operator.text == "??" }) {
                return stride(from: 0, to: elements.count, by: 2).flatMap { branches(of: elements[$0], coalescing: true) }
            }
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
            return branches(of: only.expression, coalescing: coalescing)
        }
        return [expression]
    }

    // MARK: Literals whose declared type is a localized one

    /// `var title: LocalizedStringKey { "settings.title" }`, `static var title: LocalizedStringResource = "Account"`,
    /// `func label() -> LocalizedStringKey { isOn ? "on" : "off" }`: the literal becomes that type, so it is a key.
    static let localizedTypes: Set<String> = [
        "LocalizedStringKey", "LocalizedStringResource", "String.LocalizationValue",
        "SwiftUI.LocalizedStringKey", "Foundation.LocalizedStringResource",
        // App Intents' types that a string literal initialises as a `LocalizedStringResource`.
        "IntentDescription", "TypeDisplayRepresentation", "DisplayRepresentation", "IntentDialog",
    ]

    /// App Intents' `@Parameter(title: "Account", description: "…")`.
    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        guard node.attributeName.as(IdentifierTypeSyntax.self)?.name.text == "Parameter", case let .argumentList(arguments)? = node.arguments else {
            return .visitChildren
        }
        for argument in arguments where ["title", "description"].contains(argument.label?.text) {
            let key = KeyExpression(argument.expression, inference: SpecifierInference(), interpolation: .formatKey)
            if case .dynamic = key { continue }
            // `.init("widgets.gauge.label", defaultValue: "Label Template")`: a missing key shows the default value; and
            // `LocalizedStringResource("…", defaultValue: "Content", table: "Intents")` (CotEditor) names its table.
            let resource = resourceOptions(argument.expression)
            record(key, at: argument.expression, table: resource.table ?? .known(configuration.defaultTable), api: "@Parameter", arguments: nil,
                   hasDefaultValue: resource.hasDefaultValue)
        }
        return .visitChildren
    }

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        // `if value.powerSource == "Battery Power"`, `case "Battery Power":`: a value the program compares with is
        // often the key it later localizes (`localizedString(value.powerSource)`); held like an argument.
        if Self.isCompared(node) { holdLiteral(ExprSyntax(node), as: "(comparison)|_") }
        let declaration = Self.declaration(of: Syntax(node))
        let type: String? = switch declaration {
        case let .type(type): Self.localizedType(type)
        case let .assigned(target, from: scope): Self.assignedLocalizedType(target, from: scope)
        case .unannotated, nil: nil
        }
        guard let type else {
            switch declaration {
            case let .type(declared)? where Self.isStringType(declared): holdLiteral(ExprSyntax(node), as: "(returned)|_")
            // codeapp's `private let PANEL_ID = "panel.execution.title"`, given on as `Panel(labelId: PANEL_ID)` and shown
            // by `Text(LocalizedStringKey(panel.labelId))`: `--fix --force` deleted it from 7 locales. A constant's text
            // goes wherever the constant does; held like an argument.
            case .unannotated?: holdLiteral(ExprSyntax(node), as: "(constant)|_")
            default: break
            }
            return .visitChildren
        }
        let key = KeyExpression(ExprSyntax(node), inference: SpecifierInference(), interpolation: .formatKey)
        record(key, at: ExprSyntax(node), table: .known(configuration.defaultTable), api: type, arguments: key.interpolationArguments)
        return .visitChildren
    }

    /// An operand of `==`, `!=` or `~=`, or a `case` pattern.
    static func isCompared(_ literal: StringLiteralExprSyntax) -> Bool {
        if literal.parent?.is(ExpressionPatternSyntax.self) == true { return true }
        guard let list = literal.parent?.as(ExprListSyntax.self), list.parent?.is(SequenceExprSyntax.self) == true else { return false }
        return list.contains { element in
            guard let op = element.as(BinaryOperatorExprSyntax.self)?.operator.text else { return false }
            return op == "==" || op == "!=" || op == "~="
        }
    }

    /// Where a literal's value goes, found by `declaration(of:)`: the declared type of the property or function that
    /// returns it, or the target of an assignment.
    enum Declaration {
        case type(TypeSyntax)
        case assigned(ExprSyntax, from: Syntax)
        /// `let panelID = "panel.execution.title"`: a constant or variable whose type is the literal's.
        case unannotated
    }

    /// Walks up from a literal through what passes its value on unchanged (ternaries, `return`, a switch case, a
    /// single-expression body) to a declaration; returns that declaration's type when it is a localized one.
    static func declaredLocalizedType(of literal: Syntax) -> String? {
        switch declaration(of: literal) {
        case let .type(type): localizedType(type)
        case let .assigned(target, from: node): assignedLocalizedType(target, from: node)
        case .unannotated, nil: nil
        }
    }

    /// `func notificationKey() -> String { switch self { case .follow: "notifications.follow.push" … } }`: a literal a
    /// `String` property or function returns is a value kept as data, often a key localized where it is called
    /// (`NSLocalizedString(type.notificationKey(), comment: "")`); held like an argument.
    static func isStringType(_ type: TypeSyntax) -> Bool {
        guard let last = type.lastToken(viewMode: .sourceAccurate), last.text == "String" || last.tokenKind == .postfixQuestionMark
                || last.tokenKind == .exclamationMark else { return false }
        var name = type.trimmedDescription
        if name.hasSuffix("?") || name.hasSuffix("!") { name.removeLast() }
        return name == "String" || name == "Swift.String"
    }

    /// The declaration a literal's value reaches unchanged, if any.
    static func declaration(of literal: Syntax) -> Declaration? {
        var node = literal
        // Past a `return`, the value goes to the function or property around it from any depth of `if`, `guard`,
        // `switch` or loop (IceCubes: `if flag { return "if.branch" }; return ""` in a `LocalizedStringKey` property,
        // which `--fix` deleted as unused), but never out of a closure, whose own result it is.
        var returned = false
        // Bounded: a switch case's ternary under `return` is already 14 levels below its function.
        for _ in 0..<64 {
            guard let parent = node.parent else { return nil }
            if returned {
                // `let label: LocalizedStringKey = { switch kind { case .none: return "chart.bar.label.unknown" … } }()`
                // (Cork, whose keys `--fix` deleted): a closure called where it is written passes its result on.
                if let closure = parent.as(ClosureExprSyntax.self), let call = closure.parent?.as(FunctionCallExprSyntax.self),
                   call.calledExpression.id == closure.id, call.arguments.isEmpty, call.trailingClosure == nil {
                    node = Syntax(call)
                    returned = false
                    continue
                }
                if parent.is(ClosureExprSyntax.self) || parent.is(InitializerDeclSyntax.self) || parent.is(DeinitializerDeclSyntax.self) { return nil }
                if let function = parent.as(FunctionDeclSyntax.self) { return function.signature.returnClause.map { .type($0.type) } }
                if let binding = parent.as(PatternBindingSyntax.self) { return binding.typeAnnotation.map { .type($0.type) } }
                if let subscriptDecl = parent.as(SubscriptDeclSyntax.self) { return .type(subscriptDecl.returnClause.type) }
                node = parent
                continue
            }
            if let binding = parent.as(PatternBindingSyntax.self) {
                return binding.typeAnnotation.map { .type($0.type) } ?? .unannotated
            }
            if let function = parent.as(FunctionDeclSyntax.self) {
                return function.signature.returnClause.map { .type($0.type) }
            }
            if let ternary = parent.as(TernaryExprSyntax.self), ternary.condition.id == node.id { return nil }
            // Unfolded operators: `c ? "a" : "b"` and `x = "a"` are sequences; a literal after `? … :` or `… ?` is a
            // branch, one after `=` is assigned to the element before it.
            if let elements = parent.as(ExprListSyntax.self) {
                let list = Array(elements)
                guard let index = list.firstIndex(where: { $0.id == node.id }) else { return nil }
                let previous = index > 0 ? list[index - 1] : nil
                if node.is(UnresolvedTernaryExprSyntax.self) || previous?.is(UnresolvedTernaryExprSyntax.self) == true {
                    node = parent
                    continue
                }
                guard previous?.is(AssignmentExprSyntax.self) == true, index >= 2, index == list.count - 1 else { return nil }
                return .assigned(list[index - 2], from: parent)
            }
            // `errorTitle = "account.add.failed"` where `errorTitle` is declared `LocalizedStringKey?` in a scope around.
            if let assignment = parent.as(InfixOperatorExprSyntax.self) {
                guard assignment.operator.is(AssignmentExprSyntax.self), assignment.rightOperand.id == node.id else { return nil }
                return .assigned(assignment.leftOperand, from: parent)
            }
            let passesValueOn = parent.is(TernaryExprSyntax.self) || parent.is(UnresolvedTernaryExprSyntax.self) || parent.is(SequenceExprSyntax.self) || parent.is(ReturnStmtSyntax.self) || parent.is(InitializerClauseSyntax.self)
                || parent.is(CodeBlockItemSyntax.self) || parent.is(CodeBlockItemListSyntax.self) || parent.is(CodeBlockSyntax.self)
                || parent.is(SwitchCaseSyntax.self) || parent.is(SwitchCaseListSyntax.self) || parent.is(SwitchExprSyntax.self)
                || parent.is(ExpressionStmtSyntax.self) || parent.is(AccessorBlockSyntax.self) || parent.is(AccessorDeclSyntax.self)
                || parent.is(AccessorDeclListSyntax.self) || parent.is(IfExprSyntax.self)
            guard passesValueOn else { return nil }
            // A statement that is not the last of its block returns nothing by itself (only `return` does).
            if let list = parent.as(CodeBlockItemListSyntax.self), list.last?.id != node.id,
               node.as(CodeBlockItemSyntax.self)?.item.is(ReturnStmtSyntax.self) != true { return nil }
            if let switchExpression = parent.as(SwitchExprSyntax.self), switchExpression.subject.id == node.id { return nil }
            if parent.is(ReturnStmtSyntax.self) { returned = true }
            node = parent
        }
        return nil
    }

    /// The localized type `name` or `self.name` is declared with in a scope around `node`, if any.
    private static func assignedLocalizedType(_ target: ExprSyntax, from node: Syntax) -> String? {
        let name = target.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? target.as(MemberAccessExprSyntax.self).flatMap { member in
                member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" ? member.declName.baseName.text : nil
            }
        guard let name, var declared = SpecifierInference().declaredType(of: name, from: node, depth: 3) else { return nil }
        if declared.hasSuffix("?") { declared.removeLast() }
        return localizedTypes.contains(declared) ? declared : nil
    }

    /// The last names of `localizedTypes`, to turn most types away by one token, without printing them.
    static let localizedTypeNames = Set(localizedTypes.compactMap { $0.split(separator: ".").last.map(String.init) })

    static func localizedType(_ type: TypeSyntax) -> String? {
        var last = type.lastToken(viewMode: .sourceAccurate)
        if last?.tokenKind == .postfixQuestionMark || last?.tokenKind == .exclamationMark { last = last?.previousToken(viewMode: .sourceAccurate) }
        guard let lastName = last?.text, localizedTypeNames.contains(lastName) else { return nil }
        var name = type.trimmedDescription
        if name.hasSuffix("?") { name.removeLast() }
        return localizedTypes.contains(name) ? name : nil
    }

    private func recordWrapper(_ wrapper: UsageConfiguration.Wrapper, call: FunctionCallExprSyntax) {
        guard let keyArgument = argument(wrapper.key, of: call) else { return }
        let table: TableName = if let slot = wrapper.table, let argument = argument(slot, of: call) {
            tableName(argument.expression)
        } else {
            .known(wrapper.defaultTable ?? configuration.defaultTable)
        }
        var arguments: CallArguments?
        if let slot = wrapper.arguments {
            if let given = argument(slot, of: call) {
                if let array = given.expression.as(ArrayExprSyntax.self) {
                    arguments = CallArguments(specifiers: Array(repeating: nil, count: array.elements.count))
                } else if case let .position(first) = slot {
                    let rest = call.arguments.dropFirst(first - 1)
                    arguments = CallArguments(specifiers: rest.map { SpecifierInference().specifier(of: $0.expression) })
                }
            } else {
                arguments = CallArguments(specifiers: [])
            }
        }
        let key = KeyExpression(keyArgument.expression, inference: SpecifierInference(), interpolation: .dynamic)
        record(key, at: keyArgument.expression, table: table, api: wrapper.function, arguments: formatArguments(around: call) ?? arguments)
    }

    private func record(_ key: KeyExpression, at node: ExprSyntax, table: TableName, api: String, arguments: CallArguments?,
                        hasDefaultValue: Bool = false, defaultValue: String? = nil) {
        switch key {
        case .literal(""):
            return // `cond ? "label" : ""`: an empty string is shown as nothing, never looked up as a key
        case let .literal(text):
            var reference = KeyReference(location: location(node), key: .literal(text), table: table, api: api, arguments: arguments,
                                         hasDefaultValue: hasDefaultValue, reportsMissing: debugDepth == 0 && !Self.isNeverSeen(node))
            reference.defaultValue = defaultValue
            usage.references.append(reference)
        case let .interpolated(interpolated):
            usage.references.append(KeyReference(location: location(node), key: .interpolated(interpolated), table: table, api: api,
                                                 arguments: arguments, hasDefaultValue: hasDefaultValue,
                                                 reportsMissing: debugDepth == 0 && !Self.isNeverSeen(node)))
        case let .dynamic(prefix, shape):
            if let type = typeStack.last, Self.namesSelf(node) { usage.typesKeyedBySelf.insert(type) }
            // `key.rawValue` of a parameter typed as an enum of the app: its cases are keys (`SourceScanner`).
            var dynamic = DynamicKeyReference(location: location(node), api: api, table: table, literalPrefix: prefix,
                                              expression: node.trimmedDescription, shape: shape)
            dynamic.rawValueType = Self.rawValueParameterType(node)
            dynamic.isFollowed = isFollowed(node)
            usage.dynamicKeys.append(dynamic)
        }
    }

    /// Whether a key computed at run time comes from where the scan follows it (`DynamicKeyReference.isFollowed`): a
    /// parameter of the function around it (`NSLocalizedString(key, comment: "")` in `func localized(_ key: String)`, also
    /// as `key!`, `key.rawValue`, `LocalizationValue(key)`), or `self` in a type whose values are its keys. A name the
    /// file assigns literals to is followed too, found once the file is read (`SourceScanner.literalsReaching`).
    ///
    /// Text a value is made into a resource from with `init(stringLiteral:)` (Home Assistant's
    /// `DisplayRepresentation(title: .init(stringLiteral: script.name))`, names from the server) is shown as it is by
    /// intent, not looked up as a key of the app's: it counts as followed too.
    ///
    /// `byText`: also by the expression's text (`String(describing: self)`, `init(stringLiteral:)`); not for the first
    /// argument of every call that may turn out to be a wrapper's (`pendingKey`), most of the calls in a file.
    private func isFollowed(_ expression: ExprSyntax, byText: Bool = true) -> Bool {
        if byText, Self.namesSelf(expression) || expression.trimmedDescription.contains("stringLiteral:") { return true }
        var current = expression
        while true {
            if let unwrapped = current.as(ForceUnwrapExprSyntax.self) {
                current = unwrapped.expression
            } else if let optional = current.as(OptionalChainingExprSyntax.self) {
                current = optional.expression
            } else if let member = current.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "rawValue", let base = member.base {
                current = base
            } else if let call = current.as(FunctionCallExprSyntax.self), call.arguments.count == 1, let only = call.arguments.first, only.label == nil,
                      let name = CallName(call.calledExpression)?.name, ["LocalizationValue", "LocalizedStringKey", "String"].contains(name) {
                current = only.expression
            } else {
                break
            }
        }
        // `.cancel`, `.lines(count)`, `.InAppPurchase.donationYearly`: a symbol Xcode generates for a key, or a static
        // member, which the scan maps by name (`GeneratedNames`), not a key computed from data.
        var root = current
        while true {
            if let call = root.as(FunctionCallExprSyntax.self) { root = call.calledExpression } else if let member = root.as(MemberAccessExprSyntax.self), let base = member.base { root = base } else { break }
        }
        if let member = root.as(MemberAccessExprSyntax.self), member.base == nil { return true }
        guard let reference = current.as(DeclReferenceExprSyntax.self) else { return false }
        // `self`, `self.rawValue`: a type whose values are its keys.
        if reference.baseName.text == "self" { return true }
        guard let context = functionStack.last else { return false }
        return context.names.contains(reference.baseName.text)
    }

    /// `Text("empty").lineLimit(1).opacity(0)`, `.hidden()`: a view laid out for the room it takes and never seen
    /// (Aidoku keeps a line's height so). A key missing there shows nobody a raw key; it still counts as used.
    static func isNeverSeen(_ key: some SyntaxProtocol) -> Bool {
        // From the key to the call that takes it: the argument, the argument list, the call.
        var node: Syntax? = Syntax(key)
        for _ in 0..<3 where node.map({ !$0.is(FunctionCallExprSyntax.self) }) ?? false { node = node?.parent }
        guard var view = node, view.is(FunctionCallExprSyntax.self) else { return false }
        // Then along its modifiers: `.modifier(…)` is a call on a member of the view so far.
        while let member = view.parent?.as(MemberAccessExprSyntax.self), member.base.map({ Syntax($0) == view }) ?? false,
              let call = member.parent?.as(FunctionCallExprSyntax.self), Syntax(call.calledExpression) == Syntax(member) {
            switch member.declName.baseName.text {
            case "hidden" where call.arguments.isEmpty: return true
            case "opacity" where call.arguments.count == 1 && ["0", "0.0"].contains(call.arguments.first?.expression.trimmedDescription ?? ""):
                return true
            default: break
            }
            view = Syntax(call)
        }
        return false
    }

    private func argument(_ slot: UsageConfiguration.ArgumentSlot, of call: FunctionCallExprSyntax) -> LabeledExprSyntax? {
        switch slot {
        case let .position(number): call.arguments.dropFirst(number - 1).first
        case let .label(label): call.arguments.first { $0.label?.text == label }
        }
    }

    private func tableName(_ expression: ExprSyntax) -> TableName {
        if let literal = expression.as(StringLiteralExprSyntax.self) {
            return literal.representedLiteralValue.map(TableName.known) ?? .unknown
        }
        guard let path = Self.referencePath(expression) else { return .unknown }
        return .constant(path: path, enclosingTypes: typeStack)
    }

    /// `a.b.c` as ["a", "b", "c"] when the expression is only names; nil otherwise.
    static func referencePath(_ expression: ExprSyntax) -> [String]? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return [unquoted(reference.baseName.text)] }
        guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base, let path = referencePath(base) else { return nil }
        return path + [unquoted(member.declName.baseName.text)]
    }

    /// The arguments of `String(format: <this call>, a, b)` or `String.localizedStringWithFormat(<this call>, a, b)`.
    /// Also through a cast (`NSString(format: tr("…") as NSString, a)`) and `s.appendingFormat(<this call>, a)`.
    private func formatArguments(around call: FunctionCallExprSyntax) -> CallArguments? {
        var node = Syntax(call)
        // `x as NSString` is a sequence [x, as, NSString] until operators are folded.
        if let list = node.parent?.as(ExprListSyntax.self), let sequence = list.parent?.as(SequenceExprSyntax.self),
           list.count == 3, list.dropFirst().first?.is(UnresolvedAsExprSyntax.self) == true {
            node = Syntax(sequence)
        } else if let cast = node.parent?.as(AsExprSyntax.self) {
            node = Syntax(cast)
        }
        guard let argument = node.parent?.as(LabeledExprSyntax.self),
              let outer = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
              let callee = CallName(outer.calledExpression) else { return nil }
        let isFormat = (callee.name == "String" || callee.name == "NSString") && argument.label?.text == "format"
            || ["localizedStringWithFormat", "appendingFormat"].contains(callee.name) && outer.arguments.first?.id == argument.id
        guard isFormat else { return nil }
        let rest = outer.arguments.drop { $0.id != argument.id }.dropFirst().filter { $0.label?.text != "locale" }
        // `String(format:arguments:)` takes them as one array (mullvad's `arguments: [1, 65535]`): its elements, or, for an
        // array the code builds, nothing known.
        if rest.count == 1, let array = rest.first, array.label?.text == "arguments" {
            guard let literal = array.expression.as(ArrayExprSyntax.self) else { return nil }
            return CallArguments(specifiers: literal.elements.map { SpecifierInference().specifier(of: $0.expression) })
        }
        return CallArguments(specifiers: rest.map { SpecifierInference().specifier(of: $0.expression) })
    }

    // MARK: Generated enums

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        // `"Cancel".localized`, `"Hello %@".localized(name)`: kept for the `String` members inferred to be wrappers.
        // `(isOn ? "a" : "b").localized`: each branch.
        if let base = node.base, case let literals = Self.branches(of: base), !literals.isEmpty,
           literals.allSatisfy({ $0.is(StringLiteralExprSyntax.self) }) {
            var arguments: CallArguments?
            var labels: [String?]?
            // A call with no arguments (`"in_fmt".loco()`) looks the text up, as `.localized` does: what it returns may
            // be a format the code fills later (MeetingBar's `String(format: timeFormat, timeLeft)`), so its arguments
            // are unknown, not none; beside an overload that formats (`loco(_:)`) it was a false argument-mismatch.
            if let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id, !call.arguments.isEmpty {
                arguments = CallArguments(specifiers: call.arguments.map { SpecifierInference().specifier(of: $0.expression) })
                labels = call.arguments.map { $0.label?.text }
            }
            for literal in literals {
                usage.literalMembers.append(LiteralMember(name: node.declName.baseName.text, key: pendingKey(literal), arguments: arguments, labels: labels))
            }
            return .visitChildren
        }
        guard var path = Self.referencePath(ExprSyntax(node)), path.count > 1 else { return .visitChildren }
        // `Self.shareText(…)` inside `extension SummaryCopy`.
        if path[0] == "Self", let root = extendedMappedType ?? extendedType ?? typeStack.last { path[0] = root }
        if !generatedRoots.contains(path[0]) {
            // Only the whole chain, and only an upper-case root (`L10n`, `Strings`, `R`): matched against accessors later.
            if node.parent?.as(MemberAccessExprSyntax.self)?.base?.id == node.id { return .visitChildren }
            guard path[0].first?.isUppercase == true else { return .skipChildren }
            var arguments: CallArguments?
            if let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id {
                arguments = CallArguments(specifiers: call.arguments.map { SpecifierInference().specifier(of: $0.expression) })
            }
            usage.chains.append(MemberChain(path: path, location: location(node), arguments: arguments,
                                            scope: typeStack.flatMap { $0.split(separator: ".").map(String.init) }))
            return .skipChildren
        }
        // Only the whole chain `L10n.Common.share`, not its prefix `L10n.Common`.
        if let parent = node.parent?.as(MemberAccessExprSyntax.self), parent.base?.id == node.id { return .visitChildren }
        var arguments: CallArguments?
        if let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id {
            arguments = CallArguments(specifiers: call.arguments.map { SpecifierInference().specifier(of: $0.expression) })
        }
        var reference = KeyReference(location: location(node), key: .generatedMember(root: path[0], path: path.dropFirst().joined(separator: ".")),
                                     table: .unknown, api: path[0], arguments: arguments)
        reference.callLabels = Self.callLabels(of: node)
        usage.references.append(reference)
        return .skipChildren
    }
}

/// The name a call is made through: `Text(…)`, `SwiftUI.Text(…)`, `Text.init(…)`, `view.help(…)`, `.help(…)`.
struct CallName {
    var name: String
    var isMember: Bool
    var base: ExprSyntax?
    var expression: ExprSyntax

    /// The callee as written; built only for wrappers named with a dot (`Strings.tr`), as it costs a string per call.
    var text: String { expression.trimmedDescription }

    init?(_ expression: ExprSyntax) {
        self.expression = expression
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
            isMember = false
        } else if let member = expression.as(MemberAccessExprSyntax.self) {
            if member.declName.baseName.text == "init", let base = member.base, let inner = CallName(base) {
                self = inner
                isMember = false
                return
            }
            name = member.declName.baseName.text
            isMember = true
            base = member.base
        } else if let generic = expression.as(GenericSpecializationExprSyntax.self), let inner = CallName(generic.expression) {
            self = inner
        } else {
            return nil
        }
    }

    /// `SwiftUI.Text` and `Foundation.NSLocalizedString` are still the framework's.
    var isQualifiedByFramework: Bool {
        guard isMember, let base = base?.as(DeclReferenceExprSyntax.self) else { return false }
        return ["SwiftUI", "Foundation"].contains(base.baseName.text)
    }
}

extension LocalizedAPI {
    func matches(_ callee: CallName, call: FunctionCallExprSyntax, importedModules: Set<String>) -> Bool {
        if needsSwiftUIImport, !importedModules.contains("SwiftUI") { return false }
        if let needsImport, !importedModules.contains(needsImport) { return false }
        switch self.callee {
        case .initializer, .function:
            guard !callee.isMember || callee.isQualifiedByFramework else { return false }
        case .method:
            guard callee.isMember else { return false }
        }
        let labels = Set(call.arguments.compactMap { $0.label?.text })
        // An initialiser read by its key's label is that API only with it: `String(localized:)`, not the app's own
        // `String(localizationKey:)` (Sileo: 369 calls, whose keys --fix --force deleted from 31 locales, though the scan
        // had inferred the wrapper) nor `String(format:)`, which are calls like any other.
        if case .initializer = self.callee, let keyLabel, !labels.contains(keyLabel) { return false }
        return requiredLabels.allSatisfy(labels.contains)
    }
}

extension UsageConfiguration.Wrapper {
    func matches(_ callee: CallName, call: FunctionCallExprSyntax) -> Bool {
        function.contains(".") ? callee.text == function : callee.name == function
    }
}

/// What a key argument is: a literal, a key derived from an interpolation, or something computed at run time.
enum KeyExpression {
    case literal(String)
    case interpolated(InterpolatedKey)
    /// A key computed at run time: the literal text it starts with, and, for an interpolation, the literal texts
    /// around its interpolations (`"\(verb)_\(target)_\(count)"`: "", "_", "_", "").
    case dynamic(prefix: String?, shape: [String]? = nil)

    /// The shape of a `+` of strings that starts with no literal: its literal texts in order, "" for each run of other
    /// operands (`prefix + "title"`: "", "title"); nil when any operator is not `+` or no operand is a literal.
    static func concatenationShape(_ sequence: SequenceExprSyntax) -> [String]? {
        let elements = Array(sequence.elements)
        guard elements.count >= 3, elements.count % 2 == 1 else { return nil }
        var shape: [String] = []
        // The literal text since the last gap; nil right after one (several other operands in a row are one gap).
        var text: String?
        var literals = 0
        for (index, element) in elements.enumerated() {
            if index % 2 == 1 {
                guard element.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" else { return nil }
            } else if let literal = element.as(StringLiteralExprSyntax.self)?.representedLiteralValue {
                text = (text ?? "") + literal
                literals += 1
            } else if text != nil || shape.isEmpty {
                shape.append(text ?? "")
                text = nil
            }
        }
        shape.append(text ?? "")
        return literals > 0 && shape.count >= 2 && shape.contains(where: { !$0.isEmpty }) ? shape : nil
    }

    init(_ expression: ExprSyntax, inference: SpecifierInference, interpolation: LocalizedAPI.Interpolation, depth: Int = 0) {
        guard let literal = expression.as(StringLiteralExprSyntax.self), !literal.hasError,
              let kind = literal.stringLiteralKind else {
            self = .dynamic(prefix: nil)
            // A key the program computes: what it is built from, where the code shows it.
            guard depth < 3 else { return }
            // `String(localized: String.LocalizationValue("key"))`, `.init(localized: .init("Icon: Neon", defaultValue: "Neon"))`:
            // the value's own initialiser around a literal.
            if let call = expression.as(FunctionCallExprSyntax.self), let first = call.arguments.first, first.label == nil,
               first.expression.is(StringLiteralExprSyntax.self), Self.wrapsALocalizationValue(call.calledExpression) {
                self = KeyExpression(first.expression, inference: inference, interpolation: interpolation, depth: depth + 1)
                return
            }
            guard case .dynamic = interpolation else { return }
            if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count >= 3,
               let first = sequence.elements.first?.as(StringLiteralExprSyntax.self)?.representedLiteralValue,
               sequence.elements.dropFirst().first?.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" {
                // `"menu." + name`
                self = .dynamic(prefix: first)
            } else if let sequence = expression.as(SequenceExprSyntax.self), let shape = Self.concatenationShape(sequence) {
                // `prefix + "title"`, `base + "." + name + ".label"`: the literal texts in order, a gap for each other part
                // (the re-check of 2026-12-07: `let prefix = "e."` … `NSLocalizedString(prefix + "title", …)` lost
                // "e.title" to a plain `--fix`).
                self = .dynamic(prefix: nil, shape: shape)
            } else if let reference = expression.as(DeclReferenceExprSyntax.self),
                      let value = Self.localValue(of: reference.baseName.text, before: Syntax(expression)) {
                // `let key = "winetricks.category.\(category)"; NSLocalizedString(key, comment: "")`
                self = KeyExpression(value, inference: inference, interpolation: interpolation, depth: depth + 1)
            }
            return
        }
        if let value = literal.representedLiteralValue {
            self = .literal(value)
            return
        }
        var parts: [InterpolatedKey.Part] = []
        for segment in literal.segments {
            switch segment {
            case let .stringSegment(text):
                var value = ""
                text.appendUnescapedLiteralValue(stringLiteralKind: kind, delimiterLength: literal.delimiterLength, to: &value)
                if case let .text(previous)? = parts.last {
                    parts[parts.count - 1] = .text(previous + value)
                } else {
                    parts.append(.text(value))
                }
            case let .expressionSegment(interpolation):
                // App Intents' parameter summary: `\(\.$article)` is `${article}` in the key Xcode extracts.
                if let parameter = Self.summaryParameter(interpolation) {
                    if case let .text(previous)? = parts.last {
                        parts[parts.count - 1] = .text(previous + "${\(parameter)}")
                    } else {
                        parts.append(.text("${\(parameter)}"))
                    }
                    continue
                }
                parts.append(.argument(specifier: inference.specifier(of: interpolation)))
            }
        }
        switch interpolation {
        case .dynamic:
            var shape = [""]
            for part in parts {
                switch part {
                case let .text(text): shape[shape.count - 1] += text
                case .argument: shape.append("")
                }
            }
            if case let .text(prefix)? = parts.first { self = .dynamic(prefix: prefix, shape: shape) } else { self = .dynamic(prefix: nil, shape: shape) }
        case .formatKey:
            // SwiftUI's `LocalizedStringKey.StringInterpolation.appendLiteral` doubles `%` in the literal text.
            let key = InterpolatedKey(parts: parts.map { part in
                if case let .text(text) = part { .text(text.replacingOccurrences(of: "%", with: "%%")) } else { part }
            })
            // Only a parameter summary's `${…}` in it: a key with no argument, matched as a literal.
            self = key.argumentSpecifiers.isEmpty ? .literal(key.xcodeKey) : .interpolated(key)
        }
    }

    /// `\(\.$article)`: a key path to an App Intent's `@Parameter` (its projected value), which a `ParameterSummary`
    /// string names as `${article}`.
    static func summaryParameter(_ segment: ExpressionSegmentSyntax) -> String? {
        guard segment.expressions.count == 1, let keyPath = segment.expressions.first?.expression.as(KeyPathExprSyntax.self),
              keyPath.root == nil, keyPath.components.count == 1 else { return nil }
        let text = keyPath.components.trimmedDescription
        guard text.hasPrefix(".$"), text.count > 2, text.dropFirst(2).allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        return String(text.dropFirst(2))
    }

    /// `String.LocalizationValue`, `LocalizationValue`, `LocalizedStringResource`, `LocalizedStringKey`, or an implicit
    /// `.init` (whose type is the parameter's: a localized value where it is given as a key).
    static func wrapsALocalizationValue(_ callee: ExprSyntax) -> Bool {
        if let member = callee.as(MemberAccessExprSyntax.self), member.base == nil { return member.declName.baseName.text == "init" }
        let name = callee.trimmedDescription
        return ["String.LocalizationValue", "LocalizationValue", "LocalizedStringResource", "LocalizedStringKey"].contains(name)
    }

    /// The value of a `let` declared earlier in an enclosing block, with a plain initialiser (not in a closure
    /// or another function: the nearest enclosing declaration scope ends the search).
    static func localValue(of name: String, before node: Syntax) -> ExprSyntax? {
        var current = node
        while let parent = current.parent {
            if parent.is(FunctionDeclSyntax.self) || parent.is(ClosureExprSyntax.self) || parent.is(MemberBlockSyntax.self) { return nil }
            if let list = parent.as(CodeBlockItemListSyntax.self) {
                for item in list where item.position < current.position {
                    guard let declaration = item.item.as(VariableDeclSyntax.self), declaration.bindingSpecifier.tokenKind == .keyword(.let) else { continue }
                    for binding in declaration.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                        if let value = binding.initializer?.value { return value }
                    }
                }
            }
            current = parent
        }
        return nil
    }

    var interpolationArguments: CallArguments? {
        if case let .interpolated(key) = self { CallArguments(specifiers: key.argumentSpecifiers) } else { nil }
    }
}
