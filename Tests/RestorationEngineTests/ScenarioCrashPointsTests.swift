// ScenarioCrashPointsTests: the scenario says which objects crash the relaunched process in their
// decode, by restoration path, so `simulate` can tell a crash it was asked for from a real failure.

import RestorationEngine
import Testing

@Suite("Scenario.crashPoints")
struct ScenarioCrashPointsTests {
    @Test("each crashing view controller is found with its restoration path, class and JSON path")
    func findsCrashPoints() throws {
        let scenario = try loadScenario(#"""
            {"format": "restoretrace-scenario/1", "windows": [{"root": {"class": "Nav", "kind": "navigation",
              "restorationIdentifier": "Nav", "children": [
                {"class": "A", "restorationIdentifier": "A"},
                {"class": "B", "restorationIdentifier": "B", "restore": {"crashesDuringDecode": true},
                 "presented": {"class": "C", "restorationIdentifier": "C", "restore": {"crashesDuringDecode": true}}}]}}]}
            """#)
        #expect(scenario.crashPoints == [
            Scenario.CrashPoint(path: ["Nav", "B"], className: "B", jsonPath: "windows[0].root.children[1]"),
            Scenario.CrashPoint(path: ["Nav", "B", "C"], className: "C", jsonPath: "windows[0].root.children[1].presented"),
        ])
        #expect(scenario.crashesDuringDecode)
    }

    @Test("an object below a missing or empty identifier is never preserved, so it cannot crash in decode")
    func ignoresUnpreservableObjects() throws {
        let scenario = try loadScenario(#"""
            {"format": "restoretrace-scenario/1", "windows": [{"root": {"class": "Nav", "kind": "navigation", "children": [
                {"class": "B", "restorationIdentifier": "B", "restore": {"crashesDuringDecode": true}}]}},
              {"root": {"class": "Other", "restorationIdentifier": "", "restore": {"crashesDuringDecode": true}}}]}
            """#)
        #expect(scenario.crashPoints.isEmpty)
        #expect(!scenario.crashesDuringDecode)
    }
}
