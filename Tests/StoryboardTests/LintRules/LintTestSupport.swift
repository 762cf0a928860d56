// Running one lint rule over a storyboard or a scenario written in a test.

import RestorationEngine
import Storyboard
import Testing

enum Lint {
    /// The findings of rule `id` on a storyboard of `scenes`.
    static func storyboard(_ id: String, initial: String?, _ scenes: [String]) throws -> [LintFinding] {
        Linter.lint(try Scenes.map(initial: initial, scenes)).filter { $0.rule.id == id }
    }

    /// The findings of rule `id` on a scenario whose window root is `root` (JSON).
    static func scenario(_ id: String, root: String, registered: String = "") throws -> [LintFinding] {
        let text = #"{"format":"restoretrace-scenario/1","name":"t","windows":[{"root":"# + root + "}]" + registered + "}"
        let scenario = try ScenarioLoader().load(bytes: Array(text.utf8), fileName: "t.scenario.json")
        return Linter.lint(ScenarioOutline(scenario: scenario, file: "t.scenario.json")).filter { $0.rule.id == id }
    }

    /// The JSON path of a scenario finding.
    static func path(_ finding: LintFinding) -> String? {
        if case .scenario(let location) = finding.location { return location.jsonPath }
        return nil
    }
}
