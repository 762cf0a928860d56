// The engine's records, written by the JSONL TraceWriter, form a valid `restoretrace/1` trace;
// a crash inside decode leaves exactly one unfinished span, the decode.

import Foundation
import RestorationEngine
import Testing
import TraceFormat

@Suite("Traces written to disk")
struct TraceFileTests {
    private func writeCycle(_ scenario: Scenario) throws -> (TraceValidationReport, String) {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tracePath = directory.appendingPathComponent("trace.jsonl").path
        let writer = try TraceWriter(path: tracePath, clock: .tick, durability: .everyRecord)
        let simulation = ScenarioSimulation(scenario: scenario, archiveDirectory: directory, clock: .deterministic)
        try simulation.preserve(recorder: writer)
        try simulation.prepareRelaunch()
        do {
            _ = try simulation.restore(recorder: writer, crash: .throwSimulatedCrash)
        } catch is SimulatedCrash {}
        try writer.close()
        let text = try String(contentsOfFile: tracePath, encoding: .utf8)
        return (try TraceValidator.validate(path: tracePath), text)
    }

    @Test("a countries cycle written with TraceWriter validates with no errors and no unfinished span")
    func countriesTraceValidates() throws {
        let (report, text) = try writeCycle(Fixtures.countries())
        #expect(report.isValid, "\(report.diagnostics)")
        #expect(report.unfinishedSpans.isEmpty)
        for kind: RecordKind in [.willEncode, .encode, .locate, .decode, .finishedRestoring] {
            #expect((report.kindCounts[kind] ?? 0) > 0, "\(kind)")
        }
        #expect(text.contains(#""kind":"locate","path":["Tabs","CountryNav","CountryDetail"]"#))
    }

    @Test("a crash inside decode leaves only the decode span and the enclosing restoration span unfinished")
    func crashLeavesOpenDecode() throws {
        let crashing = scenario(node("Root", kind: .navigation, children: [
            node("Boom", restore: ScenarioRestoreBehavior(createdAtLaunch: true, crashesDuringDecode: true)),
        ]))
        let (report, _) = try writeCycle(crashing)
        let open = report.unfinishedSpans.map(\.begin.kind)
        #expect(open.contains(.decode))
        #expect(open.allSatisfy { $0 == .decode || $0 == .restoration })
    }
}
