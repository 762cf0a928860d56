// SimulateGoldenTracesTests: the traces committed in Traces/ are exactly what a fresh
// `restoretrace simulate --clock tick` makes from their scenarios, byte for byte, and running
// twice gives the same bytes (scripts/regenerate-traces.sh rewrites them).

import Foundation
import Testing

/// Scenarios that scripts/regenerate-traces.sh simulates with `--relaunch-after-crash`.
let scenariosSimulatedWithRelaunchAfterCrash: Set<String> = ["discard-restoration-failed", "deferred-restoration-crash"]

@Suite("simulate: golden traces in Traces/")
struct SimulateGoldenTracesTests {
    private var tracesDirectory: URL { simulateRepositoryRoot.appendingPathComponent("Traces") }

    private func scenarioNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: tracesDirectory.path)
            .filter { $0.hasSuffix(".scenario.json") }
            .map { String($0.dropLast(".scenario.json".count)) }
            .sorted()
    }

    private func simulate(_ name: String) throws -> SimulateRunResult {
        var arguments = ["simulate", "Traces/\(name).scenario.json", "-o", "-", "--clock", "tick"]
        if scenariosSimulatedWithRelaunchAfterCrash.contains(name) { arguments.append("--relaunch-after-crash") }
        return try runRestoretrace(arguments)
    }

    @Test("every committed trace equals a fresh --clock tick run of its scenario, byte for byte")
    func committedTracesAreCurrent() throws {
        let names = try scenarioNames()
        #expect(names.count >= 30)
        for name in names {
            let result = try simulate(name)
            #expect(result.status == 0, "simulate \(name) failed: \(result.standardError)")
            let committed = try Data(contentsOf: tracesDirectory.appendingPathComponent("\(name).jsonl"))
            #expect(result.standardOutput == committed,
                    "Traces/\(name).jsonl is out of date: run scripts/regenerate-traces.sh and review the diff")
        }
    }

    @Test("every trace in Traces/ has its scenario")
    func noOrphanTraces() throws {
        let names = Set(try scenarioNames())
        let traces = try FileManager.default.contentsOfDirectory(atPath: tracesDirectory.path).filter { $0.hasSuffix(".jsonl") }
        for trace in traces {
            #expect(names.contains(String(trace.dropLast(".jsonl".count))), "Traces/\(trace) has no scenario")
        }
    }

    @Test("the regenerate script and this test agree on which scenarios relaunch after a crash")
    func regenerateScriptAgrees() throws {
        let script = try String(contentsOf: simulateRepositoryRoot.appendingPathComponent("scripts/regenerate-traces.sh"), encoding: .utf8)
        let line = try #require(script.split(separator: "\n").first { $0.hasPrefix("relaunch_after_crash=") })
        let listed = Set(line.split(separator: "\"").dropFirst().first?.split(separator: " ").map(String.init) ?? [])
        #expect(listed == scenariosSimulatedWithRelaunchAfterCrash)
    }

    @Test("two --clock tick runs of the same scenario are byte-identical, archive directory aside")
    func tickRunsAreDeterministic() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let first = try runRestoretrace(["simulate", "Traces/countries.scenario.json", "-o", "-", "--clock", "tick",
                                         "--archive", scratch.appendingPathComponent("one").path])
        let second = try runRestoretrace(["simulate", "Traces/countries.scenario.json", "-o", "-", "--clock", "tick",
                                          "--archive", scratch.appendingPathComponent("two/nested").path])
        #expect(first.status == 0 && second.status == 0)
        #expect(!first.standardOutput.isEmpty)
        #expect(first.standardOutput == second.standardOutput)
    }
}
