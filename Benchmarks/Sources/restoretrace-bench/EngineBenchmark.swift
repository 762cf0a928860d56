// `restoretrace-bench engine`: times preservation and restoration of a generated
// hierarchy of N objects through the engine (Preserver, archive on disk, Restorer), with a
// chosen recorder; building the scenario's objects is timed apart. Used by Benchmarks/engine.sh.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import RestoreTrace
import TraceGeneration

/// Preserves and restores a generated hierarchy; prints time per object and peak memory.
struct EngineBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "engine",
        abstract: "Measure the engine's preserve and restore time per object.",
        discussion: """
            Example:
              restoretrace-bench engine --objects 100000 --recorder jsonl --shape mixed
            """
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
            // Building the scenario's objects is the scenario's cost, not the engine's: timed apart.
            let buildStart = RecordStamper.monotonicNanoseconds()
            let before = ScenarioWorld(scenario: scenario, phase: .beforeTermination)
            let buildNanos = Double(RecordStamper.monotonicNanoseconds() - buildStart)
            let start = RecordStamper.monotonicNanoseconds()
            let cpuStart = Self.cpuNanoseconds()
            try Preserver(application: before.application, clock: .deterministic)
                .preserve(to: ArchiveDirectory(url: directory), recorder: traceRecorder)
            let preserved = RecordStamper.monotonicNanoseconds()
            let cpuPreserved = Self.cpuNanoseconds()
            let relaunched = ScenarioWorld(scenario: scenario, phase: .relaunch(crash: .throwSimulatedCrash))
            let restoreStart = RecordStamper.monotonicNanoseconds()
            let cpuRestoreStart = Self.cpuNanoseconds()
            let report = try Restorer(application: relaunched.application)
                .restore(from: ArchiveDirectory(url: directory), recorder: traceRecorder)
            if let writer = traceRecorder as? TraceWriter { try writer.close() }
            let restored = RecordStamper.monotonicNanoseconds()
            let cpuNanos = Double((cpuPreserved - cpuStart) + (Self.cpuNanoseconds() - cpuRestoreStart))

            let preserveNanos = Double(preserved - start)
            let restoreNanos = Double(restored - restoreStart)
            let perObject = (preserveNanos + restoreNanos) / Double(objects)
            print("objects=\(objects) shape=\(shape.rawValue) recorder=\(recorder.rawValue) "
                + "preserve=\(Self.milliseconds(preserveNanos)) ms restore=\(Self.milliseconds(restoreNanos)) ms "
                + "total=\(Self.milliseconds(preserveNanos + restoreNanos)) ms "
                + "per-object=\(CFormat.string("%.2f", perObject / 1_000)) us "
                + "cpu=\(Self.milliseconds(cpuNanos)) ms cpu-per-object=\(CFormat.string("%.2f", cpuNanos / Double(objects) / 1_000)) us "
                + "(scenario build \(Self.milliseconds(buildNanos)) ms each process, not counted) "
                + "decoded=\(report.decodedPaths.count) peak-rss=\(Self.peakResidentKilobytes() / 1024) MB")
        } catch {
            printError("restoretrace-bench engine: \(error)\n")
            throw ExitCode(1)
        }
    }

    private static func milliseconds(_ nanoseconds: Double) -> String { CFormat.string("%.1f", nanoseconds / 1e6) }

    /// CPU time this process has used (user + system), in nanoseconds: steadier than wall time
    /// on a busy machine.
    private static func cpuNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }

    /// Peak resident set size of this process, in kilobytes (Linux reports ru_maxrss in KB).
    private static func peakResidentKilobytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss)
    }
}
