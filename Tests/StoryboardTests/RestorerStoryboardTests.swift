// The real Restorer storyboard (the example app of seed 001), end to end: read, placed, judged,
// linted, imported with the detail opened, and simulated; and the real NetNewsWire settings
// storyboard, which has no restoration identifiers at all.

import Foundation
import RestorationEngine
import Storyboard
import Testing
import TraceFormat

@Suite("The Restorer and NetNewsWire storyboards")
struct RestorerStoryboardTests {
    @Test("Restorer: a tab bar of two navigation stacks, every scene restored, the pushed capital through its storyboard ID")
    func restorerMap() throws {
        let file = try StoryboardReader().read(contentsOf: Fixtures.restorer)
        #expect(file.controllers.count == 6 && file.controllers.allSatisfy(\.usesStoryboardIdentifierAsRestorationIdentifier))
        let map = RestorationMap(set: StoryboardSet([file]))
        let paths = map.tree.nodes.indices.map { map.path(of: $0)?.joined(separator: "/") ?? "-" }
        #expect(paths == [
            "TabBarControllerID",
            "TabBarControllerID/CountryNCID", "TabBarControllerID/SettingsNCID",
            "TabBarControllerID/CountryNCID/CountryTVCID", "TabBarControllerID/SettingsNCID/SettingsVCID",
            "TabBarControllerID/CountryNCID/CountryVCID",
        ])
        #expect(map.verdicts == Array(repeating: .restored(.existing), count: 5) + [.restored(.storyboard)])
        #expect(map.tree.nodes[5].placement == .pushed && map.tree.nodes[5].segue?.identifier == "UYLSegueShowCountry")
        #expect(map.unreachable.isEmpty)
        // Nothing to report: every scene uses its storyboard ID as its restoration identifier.
        #expect(Linter.lint(map).isEmpty)
        let summary = LintInputSummary.storyboards(map)[0]
        #expect(summary.restored == 6 && summary.restoredThroughStoryboard == 1 && summary.views == 1)
    }

    @Test("Restorer imported with the capital open, simulated: every object restored, the capital via storyboard, sources kept")
    func restorerImportAndSimulate() throws {
        let set = StoryboardSet([try StoryboardReader().read(contentsOf: Fixtures.restorer)])
        let scenario = try ScenarioImporter(options: .init(open: ["CountryVCID"])).scenario(from: set)
        let countries = scenario.windows[0].root.children[0]
        #expect(countries.children.map(\.className) == ["UYLTableViewController", "UYLCountryViewController"])
        #expect(countries.children[0].views.map(\.restorationIdentifier) == ["CountryTVID"])
        // The imported scenario's one finding: the table view declares no model association.
        let findings = Linter.lint(ScenarioOutline(scenario: scenario, file: "Restorer.scenario.json"))
        #expect(findings.map(\.rule.id) == ["RT008"])
        #expect(findings[0].objectID == "cqd-FH-55v" && findings[0].restorationPathText == "TabBarControllerID/CountryNCID/CountryTVCID/CountryTVID")

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("restorer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let simulation = ScenarioSimulation(scenario: scenario, archiveDirectory: directory, clock: .deterministic)
        let recorder = InMemoryRecorder(clock: .tick)
        try simulation.preserve(recorder: recorder)
        try simulation.prepareRelaunch()
        _ = try simulation.restore(recorder: recorder, crash: .throwSimulatedCrash)
        let located = recorder.records.filter { $0.kind == .locate && $0.phase == .end }
        #expect(located.count == 7 && located.allSatisfy { $0.result == "found" })
        #expect(located.filter { $0.via == "storyboard" }.map(\.path) == [["TabBarControllerID", "CountryNCID", "CountryVCID"]])
        #expect(!recorder.records.contains { $0.kind == .exclude })
        let capital = try #require(recorder.records.first { $0.kind == .encode && $0.path?.last == "CountryVCID" })
        #expect(capital.source == ObjectSource(file: Fixtures.restorer, line: 137, column: 17, objectID: "Acu-ec-qdP"))
    }

    @Test("NetNewsWire settings: no restoration identifiers — lint says nothing is restored, and which scenes only code shows")
    func netNewsWire() throws {
        let map = RestorationMap(set: StoryboardSet([try StoryboardReader().read(contentsOf: Fixtures.netNewsWire)]))
        #expect(map.tree.nodes.count == 2 && map.unreachable.count == 4)
        #expect(map.verdicts == [.notRestored(.noRestorationIdentifier), .notRestored(.noRestorationIdentifier)])
        let findings = Linter.lint(map)
        #expect(findings.map(\.rule.id) == ["RT014", "RT014", "RT010", "RT014", "RT014"])
        #expect(findings[2].message.contains("Nothing is restored") && findings[2].severity == .warning)
        #expect(findings.filter { $0.rule.id == "RT014" }.compactMap(\.storyboardIdentifier)
            == ["AddAccountViewController", "TimelineCustomizerCollectionViewController", "ArticleThemesTableViewController",
                "ColorPaletteTableViewController"])
        let scenario = try ScenarioImporter().scenario(from: map.set)
        #expect(scenario.windows[0].root.restorationIdentifier == nil && scenario.windows[0].root.children.count == 1)
    }
}
