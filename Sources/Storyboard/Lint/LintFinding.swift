// One lint finding: which rule, how serious, what and where (a storyboard's file, line and column,
// or a scenario's JSON path), the object it is about, and what to do.

import TraceFormat

/// Where a finding is.
public enum LintLocation: Sendable, Hashable {
    /// In a storyboard: its file, line, column and the Interface Builder object ID.
    case storyboard(ObjectSource)
    /// In a scenario: its file and the JSON path of the object (`windows[0].root.children[1]`),
    /// and the object's own `source` when the scenario has one (an imported scenario does).
    case scenario(file: String, jsonPath: String, source: ObjectSource?)

    /// The file the finding is in.
    public var file: String {
        switch self {
        case .storyboard(let source): return source.file
        case .scenario(let file, _, _): return file
        }
    }

    /// The line and column, when the location has them.
    public var line: Int? {
        if case .storyboard(let source) = self { return source.line }
        return nil
    }

    public var column: Int? {
        if case .storyboard(let source) = self { return source.column }
        return nil
    }

    /// `Main.storyboard:17:9` or `app.scenario.json: windows[0].root`.
    public var description: String {
        switch self {
        case .storyboard(let source): return source.description
        case .scenario(let file, let jsonPath, _): return file + ": " + (jsonPath.isEmpty ? "(the top level)" : jsonPath)
        }
    }
}

/// One finding of one rule.
public struct LintFinding: Sendable, Hashable {
    public var rule: LintRuleInfo
    public var message: String
    /// What to do about this finding.
    public var fix: String
    public var location: LintLocation
    /// The Interface Builder object ID of the object, when it has one.
    public var objectID: String?
    public var className: String?
    public var storyboardIdentifier: String?
    /// The restoration path the object would have; `nil` components are objects without an
    /// identifier on the way (nil when the rule is about no one object's path).
    public var restorationPath: [String?]?

    public init(rule: LintRuleInfo, message: String, fix: String, location: LintLocation, objectID: String? = nil,
                className: String? = nil, storyboardIdentifier: String? = nil, restorationPath: [String?]? = nil) {
        self.rule = rule
        self.message = message
        self.fix = fix
        self.location = location
        self.objectID = objectID
        self.className = className
        self.storyboardIdentifier = storyboardIdentifier
        self.restorationPath = restorationPath
    }

    public var severity: LintSeverity { rule.severity }

    /// The path as people read it: `Tabs/CountryNav/(no identifier)`.
    public var restorationPathText: String? {
        restorationPath.map { $0.map { $0 ?? "(no identifier)" }.joined(separator: "/") }
    }
}
