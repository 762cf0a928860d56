// One lint finding: which rule, how serious, what and where (a storyboard's file, line and column,
// or a scenario's JSON path), the object it is about, and what to do.

import TraceFormat

/// Where a finding in a scenario is.
public struct ScenarioLocation: Sendable, Hashable {
    public var file: String
    /// The JSON path of the object (`windows[0].root.children[1]`); "" is the top level.
    public var jsonPath: String
    /// Where the object's value starts in the file, when the file's text was at hand.
    public var line: Int?
    public var column: Int?
    /// The object's own `source` when the scenario has one (an imported one does).
    public var source: ObjectSource?

    public init(file: String, jsonPath: String, line: Int? = nil, column: Int? = nil, source: ObjectSource? = nil) {
        self.file = file
        self.jsonPath = jsonPath
        self.line = line
        self.column = column
        self.source = source
    }

    /// The JSON path as people read it: `(the top level)` for "".
    public var pathText: String { jsonPath.isEmpty ? "(the top level)" : jsonPath }
}

/// Where a finding is.
public enum LintLocation: Sendable, Hashable {
    /// In a storyboard: its file, line, column and the Interface Builder object ID.
    case storyboard(ObjectSource)
    /// In a scenario: its file, the JSON path of the object, and its line and column when known.
    case scenario(ScenarioLocation)

    /// The file the finding is in.
    public var file: String {
        switch self {
        case .storyboard(let source): return source.file
        case .scenario(let location): return location.file
        }
    }

    /// The line and column, when the location has them.
    public var line: Int? {
        switch self {
        case .storyboard(let source): return source.line
        case .scenario(let location): return location.line
        }
    }

    public var column: Int? {
        switch self {
        case .storyboard(let source): return source.column
        case .scenario(let location): return location.column
        }
    }

    /// `Main.storyboard:17:9` or `app.scenario.json: windows[0].root`.
    public var description: String {
        switch self {
        case .storyboard(let source): return source.description
        case .scenario(let location):
            var text = location.file
            if let line = location.line {
                text += ":\(line)"
                if let column = location.column { text += ":\(column)" }
            }
            return text + ": " + location.pathText
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
