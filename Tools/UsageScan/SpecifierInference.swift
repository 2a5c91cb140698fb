import SwiftSyntax

/// The printf specifier Xcode puts in a key for an interpolated value, where the type is visible without a type
/// checker: a literal, a `.count`, a conversion such as `Int(x)`, or a name whose declaration in an enclosing scope
/// carries a type annotation or a literal. Anything else is nil ("unknown"), which matches any specifier.
struct SpecifierInference {
    /// `LocalizedStringKey.StringInterpolation` and `String.LocalizationValue.StringInterpolation`, by type name.
    static let specifierByType: [String: String] = [
        "Int": "%lld", "Int64": "%lld", "Int32": "%d", "Int16": "%d", "Int8": "%d",
        "UInt": "%llu", "UInt64": "%llu", "UInt32": "%u", "UInt16": "%u", "UInt8": "%u",
        "Double": "%lf", "CGFloat": "%lf", "Float": "%f",
        "String": "%@", "Substring": "%@", "Text": "%@", "AttributedString": "%@", "Image": "%@", "Date": "%@", "URL": "%@",
    ]

    /// One interpolation segment: `\(x)`, `\(x, specifier: "%.1f")`, `\(date, style: .date)`, `\(n, format: .number)`.
    func specifier(of segment: ExpressionSegmentSyntax) -> String? {
        let expressions = segment.expressions
        if let specifier = expressions.first(where: { $0.label?.text == "specifier" }),
           let text = specifier.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue {
            return text
        }
        if expressions.contains(where: { $0.label != nil }) { return "%@" }
        guard let first = expressions.first else { return nil }
        return specifier(of: first.expression)
    }

    func specifier(of expression: ExprSyntax) -> String? {
        typeName(of: expression, depth: 0).flatMap { Self.specifierByType[$0] }
    }

    private func typeName(of expression: ExprSyntax, depth: Int) -> String? {
        if expression.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if expression.is(FloatLiteralExprSyntax.self) { return "Double" }
        if expression.is(StringLiteralExprSyntax.self) { return "String" }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self) { return typeName(of: prefix.expression, depth: depth) }
        if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "count", member.base != nil {
            return "Int"
        }
        if let call = expression.as(FunctionCallExprSyntax.self), let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
           Self.specifierByType[name] != nil {
            return name
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self), depth < 3 {
            return declaredType(of: reference.baseName.text, from: Syntax(reference), depth: depth)
        }
        return nil
    }

    /// Looks for `name`'s declaration in the scopes around `node`, innermost first.
    func declaredType(of name: String, from node: Syntax, depth: Int) -> String? {
        var current = node.parent
        while let scope = current {
            if let function = scope.as(FunctionDeclSyntax.self) {
                if let type = parameterType(name, function.signature.parameterClause.parameters) { return type }
            } else if let initializer = scope.as(InitializerDeclSyntax.self) {
                if let type = parameterType(name, initializer.signature.parameterClause.parameters) { return type }
            } else if let items = scope.as(CodeBlockItemListSyntax.self) {
                for item in items {
                    if let variable = item.item.as(VariableDeclSyntax.self), let type = variableType(name, variable, depth: depth) { return type }
                }
            } else if let members = scope.as(MemberBlockItemListSyntax.self) {
                for member in members {
                    if let variable = member.decl.as(VariableDeclSyntax.self), let type = variableType(name, variable, depth: depth) { return type }
                }
            } else if let loop = scope.as(ForStmtSyntax.self),
                      loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name,
                      let range = loop.sequence.as(InfixOperatorExprSyntax.self), range.leftOperand.is(IntegerLiteralExprSyntax.self) {
                return "Int"
            }
            current = scope.parent
        }
        return nil
    }

    private func parameterType(_ name: String, _ parameters: FunctionParameterListSyntax) -> String? {
        for parameter in parameters where (parameter.secondName ?? parameter.firstName).text == name {
            return parameter.type.trimmedDescription
        }
        return nil
    }

    private func variableType(_ name: String, _ variable: VariableDeclSyntax, depth: Int) -> String? {
        for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
            if let annotation = binding.typeAnnotation { return annotation.type.trimmedDescription }
            if let value = binding.initializer?.value { return typeName(of: value, depth: depth + 1) }
        }
        return nil
    }
}
