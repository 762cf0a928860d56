// What describes a lint rule to people and to CI: a stable id and name, its severity, what it
// checks and why, and how to fix what it finds.

/// A lint rule's description.
public struct LintRuleInfo: Sendable, Hashable {
    /// Stable identifier, `RT001` …: CI configurations and SARIF baselines refer to it.
    public var id: String
    /// Stable kebab-case name, `parent-without-identifier`.
    public var name: String
    public var severity: LintSeverity
    /// One sentence: what the rule finds.
    public var summary: String
    /// Why it matters for state restoration, citing the rule of spec/RULES.md.
    public var rationale: String
    /// What to do about a finding, in general terms (each finding says it for its object).
    public var fix: String

    public init(id: String, name: String, severity: LintSeverity, summary: String, rationale: String, fix: String) {
        self.id = id
        self.name = name
        self.severity = severity
        self.summary = summary
        self.rationale = rationale
        self.fix = fix
    }
}
