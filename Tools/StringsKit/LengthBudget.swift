extension LintConfiguration {
    /// A key's length budget as the linter applies it: `l10n.json` first, else `[max: N]` in the
    /// base entry's translator comment. Shared with the REPL's `compare`, so both measure alike.
    public func lengthBudget(table: String, key: String, comment: String?) -> Int? {
        lengthBudget(table: table, key: key) ?? LintRun.declaredBudget(in: comment)
    }
}
