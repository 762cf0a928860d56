// Scenario fields that the rule tests do not already exercise: the selected tab, cost,
// the archive conditions of `relaunch`, and app state written in willEncode.

import Foundation
import RestorationEngine
import Testing
import TraceFormat

@Suite("Scenario fields")
struct ScenarioFieldTests {
    @Test("selectedIndex is archived by the tab bar and restored into the relaunched one")
    func selectedIndex() throws {
        let tabs = ScenarioViewController(className: "UITabBarController", kind: .tabBar, restorationIdentifier: "Tabs",
                                          children: [node("A"), node("B"), node("C")], selectedIndex: 2)
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let before = ScenarioWorld(scenario: scenario(tabs), phase: .beforeTermination)
        try Preserver(application: before.application).preserve(to: ArchiveDirectory(url: directory), recorder: NullRecorder())
        let after = ScenarioWorld(scenario: scenario(tabs), phase: .relaunch(crash: .throwSimulatedCrash))
        let relaunchedTabs = try #require(after.application.windows.first?.rootViewController as? TabBarController)
        #expect(relaunchedTabs.selectedIndex == 0)
        _ = try Restorer(application: after.application).restore(from: ArchiveDirectory(url: directory), recorder: NullRecorder())
        #expect(relaunchedTabs.selectedIndex == 2)
    }

    @Test("cost really spends its encode and decode microseconds inside the spans")
    func cost() throws {
        var slow = node("Slow")
        slow.cost = ScenarioCost(encodeMicros: 3_000, decodeMicros: 4_000)
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let simulation = ScenarioSimulation(scenario: scenario(slow), archiveDirectory: directory, clock: .wall)
        let recorder = InMemoryRecorder(clock: .ns)
        try simulation.preserve(recorder: recorder)
        _ = try simulation.restore(recorder: recorder, crash: .throwSimulatedCrash)
        func duration(_ kind: RecordKind) throws -> Int64 {
            let begin = try #require(recorder.records.first { $0.kind == kind && $0.phase == .begin })
            let end = try #require(recorder.records.first { $0.kind == kind && $0.phase == .end && $0.span == begin.span })
            return end.ts - begin.ts
        }
        #expect(try duration(.encode) >= 3_000_000)
        #expect(try duration(.decode) >= 4_000_000)
    }

    @Test("relaunch.archive corrupt and truncated damage the file between the processes and are discarded")
    func archiveConditions() throws {
        for condition in [ScenarioArchiveCondition.corrupt, .truncated] {
            let cycle = try Fixtures.cycle(Fixtures.countries(relaunch: ScenarioRelaunch(archive: condition)))
            #expect(cycle.report.discarded == .corruptArchive, "\(condition)")
            #expect(cycle.restoration.contains { $0.kind == .error }, "\(condition)")
            #expect(cycle.report.launchedFresh, "\(condition)")
        }
        let missing = try Fixtures.cycle(Fixtures.countries(relaunch: ScenarioRelaunch(archive: .missing)))
        #expect(missing.report.discarded == .archiveMissing)
    }

    @Test("a scenario state that uses a UIKit key is refused with an error naming the object")
    func reservedKeyInState() throws {
        let root = node("Root", state: JSONObject([JSONMember(StateCoderKey.storyboard, "x"), JSONMember("ok", 1)]))
        let cycle = try Fixtures.cycle(scenario(root))
        let error = try #require(cycle.preservation.first { $0.kind == .error })
        #expect(error.path == ["Root"])
        #expect(error.message?.contains(StateCoderKey.storyboard) == true)
        #expect(cycle.preservation.ends(.encode).first?.keys == ["ok"])
    }

    @Test("an encodes entry naming no registered object is an error record, and the run goes on")
    func unknownRegisteredObject() throws {
        let cycle = try Fixtures.cycle(scenario(node("Root", encodes: ["Ghost"]), app: ScenarioApp(encodes: ["Phantom"])))
        let messages = cycle.preservation.filter { $0.kind == .error }.compactMap(\.message)
        #expect(messages.count == 2)
        #expect(messages.contains { $0.contains("\"Phantom\"") } && messages.contains { $0.contains("\"Ghost\"") })
        #expect(cycle.report.decodedPaths == [["Root"]])
    }
}
