// Scale: 100,000 objects wide and deep go through preservation and restoration without
// growing the stack; absurdly deep hierarchies are refused with a clear error, not a crash.

import Foundation
import RestorationEngine
import Testing
import TraceGeneration
import TraceFormat

@Suite("Scale")
struct ScaleTests {
    private func cycle(_ scenario: Scenario) throws -> (PreservationResult, RestorationReport) {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let world = ScenarioWorld(scenario: scenario, phase: .beforeTermination)
        let preserved = try Preserver(application: world.application, clock: .deterministic)
            .preserve(to: ArchiveDirectory(url: directory), recorder: NullRecorder())
        let simulation = ScenarioSimulation(scenario: scenario, archiveDirectory: directory, clock: .deterministic)
        let report = try simulation.restore(recorder: NullRecorder(), crash: .throwSimulatedCrash)
        return (preserved, report)
    }

    @Test("100,000 objects side by side are preserved and restored")
    func wide() throws {
        let (preserved, report) = try cycle(GeneratedScenario.make(objects: 100_000, shape: .wide))
        #expect(preserved.encodedPaths.count == 100_000)
        #expect(report.decodedPaths.count == 100_000)
        #expect(report.finishedPaths.count == 100_000)
    }

    @Test("100,000 objects in chains 25 deep are preserved and restored without recursion")
    func deep() throws {
        let (preserved, report) = try cycle(GeneratedScenario.make(objects: 100_000, shape: .deep, chainLength: 25))
        #expect(preserved.encodedPaths.count == 100_000)
        #expect(preserved.encodedPaths.map(\.count).max() == 26)
        #expect(report.decodedPaths.count == 100_000)
    }

    @Test("a chain exactly as deep as the limit (1,000) is preserved and restored")
    func deepestAllowed() throws {
        let scenario = Scenario(name: "limit", windows: [ScenarioWindow(root: GeneratedScenario.chain(length: 1_000))])
        let (preserved, report) = try cycle(scenario)
        #expect(preserved.encodedPaths.last?.count == 1_000)
        #expect(report.decodedPaths.count == 1_000)
        #expect(report.finishedPaths.count == 1_000)
    }

    @Test("a 10,000-deep chain is refused with a clear error naming the limit, not a stack overflow")
    func absurdDepth() throws {
        let scenario = Scenario(name: "deep", windows: [ScenarioWindow(root: GeneratedScenario.chain(length: 10_000))])
        let world = ScenarioWorld(scenario: scenario, phase: .beforeTermination)
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let recorder = InMemoryRecorder()
        #expect(throws: PreservationError.hierarchyTooDeep(path: (["Chain0"] + (1...1_000).map { "Link\($0)" }), limit: 1_000)) {
            try Preserver(application: world.application).preserve(to: ArchiveDirectory(url: directory), recorder: recorder)
        }
        let error = try #require(recorder.records(kind: .error).first)
        #expect(error.message?.contains("deeper than 1000 levels") == true)
        #expect(recorder.records.last?.kind == .preservation)
        #expect(!ArchiveDirectory(url: directory).archiveExists)
    }
}
