// `restoretrace _bench-engine` (hidden): times preservation and restoration of a generated
// hierarchy of N objects through the engine, with a chosen recorder. Used by Benchmarks/engine.sh.

import ArgumentParser
import Foundation
import RestoreTrace

/// Preserves and restores a generated hierarchy; prints time per object and peak memory.
struct BenchEngineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "_bench-engine",
        abstract: "Measure the engine's preserve and restore time per object.",
        discussion: """
            Example:
              restoretrace _bench-engine --objects 100000 --recorder jsonl --shape mixed
            """,
        shouldDisplay: false
    )

    enum Recorder: String, ExpressibleByArgument, CaseIterable {
        case null, memory, jsonl
    }

    enum Shape: String, ExpressibleByArgument, CaseIterable {
        case mixed, wide, deep
        var generated: GeneratedScenario.Shape {
            switch self {
            case .mixed: return .mixed
            case .wide: return .wide
            case .deep: return .deep
            }
        }
    }

    @Option(help: "How many restorable objects the hierarchy has.")
    var objects: Int = 10_000

    @Option(help: "null (records nothing), memory (InMemoryRecorder) or jsonl (TraceWriter to a temporary file).")
    var recorder: Recorder = .null

    @Option(help: "mixed (tabs of navigation stacks with table views), wide (one tab bar), deep (chains of 100).")
    var shape: Shape = .mixed

    func validate() throws {
        guard objects >= 1 else { throw ValidationError("--objects must be 1 or more, got \(objects).") }
    }

    func run() throws {
        let scenario = GeneratedScenario.make(objects: objects, shape: shape.generated)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("restoretrace-bench-engine-\(getpid())")
        let tracePath = directory.appendingPathComponent("trace.jsonl").path
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let traceRecorder: any TraceRecorder
            switch recorder {
            case .null: traceRecorder = NullRecorder()
            case .memory: traceRecorder = InMemoryRecorder(clock: .ns)
            case .jsonl: traceRecorder = try TraceWriter(path: tracePath, clock: .ns, durability: .buffered)
            }
            let simulation = ScenarioSimulation(scenario: scenario, archiveDirectory: directory, clock: .deterministic)
            let start = RecordStamper.monotonicNanoseconds()
            try simulation.preserve(recorder: traceRecorder)
            let preserved = RecordStamper.monotonicNanoseconds()
            let report = try simulation.restore(recorder: traceRecorder, crash: .throwSimulatedCrash)
            if let writer = traceRecorder as? TraceWriter { try writer.close() }
            let restored = RecordStamper.monotonicNanoseconds()

            let preserveNanos = Double(preserved - start)
            let restoreNanos = Double(restored - preserved)
            let perObject = (preserveNanos + restoreNanos) / Double(objects)
            print("objects=\(objects) shape=\(shape.rawValue) recorder=\(recorder.rawValue) "
                + "preserve=\(Self.milliseconds(preserveNanos)) ms restore=\(Self.milliseconds(restoreNanos)) ms "
                + "total=\(Self.milliseconds(preserveNanos + restoreNanos)) ms "
                + "per-object=\(String(format: "%.2f", perObject / 1_000)) us "
                + "decoded=\(report.decodedPaths.count) peak-rss=\(Self.peakResidentKilobytes() / 1024) MB")
        } catch {
            FileHandle.standardError.write(Data("restoretrace _bench-engine: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }

    private static func milliseconds(_ nanoseconds: Double) -> String { String(format: "%.1f", nanoseconds / 1e6) }

    /// Peak resident set size of this process, in kilobytes (Linux reports ru_maxrss in KB).
    private static func peakResidentKilobytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss)
    }
}
