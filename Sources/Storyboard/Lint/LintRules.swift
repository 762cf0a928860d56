// Every lint rule, in id order: the registry `lint` runs, SARIF's rule list, and the docs' table.

/// The lint rules restoretrace runs.
public enum LintRules {
    public static let all: [any LintRule] = [
        ParentWithoutIdentifier(),
        DuplicateRestorationPath(),
        EmptyRestorationIdentifier(),
        WhitespaceInRestorationIdentifier(),
        ViewInUnidentifiedController(),
        IdentifierOnCell(),
        UnfindableAtRelaunch(),
        TableWithoutModelAssociation(),
        UnresolvedStoryboardReference(),
        RootWithoutIdentifier(),
        EmbeddedChildNotEncoded(),
        SegueToMissingScene(),
        SceneWithoutIdentifier(),
        UnreachableScene(),
    ]

    /// The rule with id `id` (`RT001`) or name `name` (`parent-without-identifier`).
    public static func rule(named text: String) -> (any LintRule)? {
        all.first { $0.info.id == text || $0.info.name == text }
    }
}

/// Runs the rules.
public enum Linter {
    /// The findings of every rule on a set of storyboards, in file, line, column and rule order.
    public static func lint(_ map: RestorationMap, rules: [any LintRule] = LintRules.all) -> [LintFinding] {
        let fileOrder = Dictionary(map.set.files.enumerated().map { ($0.element.path, $0.offset) }, uniquingKeysWith: { a, _ in a })
        return sorted(rules.flatMap { $0.check(storyboards: map) }, fileOrder: fileOrder)
    }

    /// The findings of every rule on one scenario, in JSON-path order.
    public static func lint(_ outline: ScenarioOutline, rules: [any LintRule] = LintRules.all) -> [LintFinding] {
        let order = Dictionary(outline.items.enumerated().map { ($0.element.jsonPath, $0.offset) }, uniquingKeysWith: { a, _ in a })
        return rules.flatMap { $0.check(scenario: outline) }.enumerated().sorted { a, b in
            let left = a.element.location, right = b.element.location
            if case .scenario(let leftLocation) = left, case .scenario(let rightLocation) = right,
               leftLocation.jsonPath != rightLocation.jsonPath
            {
                let leftPath = leftLocation.jsonPath, rightPath = rightLocation.jsonPath
                return (order[leftPath] ?? Int.max, leftPath) < (order[rightPath] ?? Int.max, rightPath)
            }
            return (a.element.rule.id, a.offset) < (b.element.rule.id, b.offset)
        }.map(\.element)
    }

    /// Files in the order given, then lines, columns and rule ids.
    static func sorted(_ findings: [LintFinding], fileOrder: [String: Int]) -> [LintFinding] {
        findings.enumerated().sorted { a, b in
            let x = a.element, y = b.element
            if x.location.file != y.location.file {
                return (fileOrder[x.location.file] ?? Int.max, x.location.file) < (fileOrder[y.location.file] ?? Int.max, y.location.file)
            }
            let xl = (x.location.line ?? 0, x.location.column ?? 0), yl = (y.location.line ?? 0, y.location.column ?? 0)
            if xl != yl { return xl < yl }
            return (x.rule.id, a.offset) < (y.rule.id, b.offset)
        }.map(\.element)
    }
}
