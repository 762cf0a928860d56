// `restoretrace-bench writer`: measures what recording costs per record with the
// JSONL writer, against the do-nothing recorder. Used by Benchmarks/reader.sh.

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

/// Records a realistic mix (encode spans with bytes and keys, exclude instants) and prints CPU
/// ns/record (CPU time, so that a busy machine slows the figure less than wall time would).
struct WriterBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "writer",
        abstract: "Measure the trace writer's cost per record.",
        discussion: """
            Example:
              restoretrace-bench writer --records 2000000 --durability buffered
            """
    )

    enum Durability: String, ExpressibleByArgument, CaseIterable {
        case buffered
        case everyRecord = "every-record"
        var mode: TraceWriter.Durability { self == .buffered ? .buffered : .everyRecord }
    }

    @Option(help: "How many records to write.")
    var records: Int = 1_000_000

    @Option(help: "buffered or every-record (one write(2) per record).")
    var durability: Durability = .buffered

    @Option(help: "Measure this many times and report the fastest (CPU time varies on a shared machine).")
    var runs: Int = 3

    @Option(name: [.short, .customLong("output")], help: "Where to write; by default a temporary file, removed afterwards.")
    var output: String?

    func validate() throws {
        guard records >= 3 else { throw ValidationError("--records must be 3 or more, got \(records).") }
        guard (1...100).contains(runs) else { throw ValidationError("--runs must be 1 to 100, got \(runs).") }
    }

    func run() throws {
        let path = output ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("restoretrace-bench-\(getpid()).jsonl").path
        defer { if output == nil { try? FileManager.default.removeItem(atPath: path) } }
        let baseline = measure(NullRecorder(), records: records).total
        var best: (total: UInt64, user: UInt64, system: UInt64)?
        var totals: [UInt64] = []
        var bytes = 0
        for _ in 0..<runs {
            let run: (total: UInt64, user: UInt64, system: UInt64)
            do {
                let writer = try TraceWriter(path: path, clock: .ns, durability: durability.mode)
                run = measure(writer, records: records)
                try writer.close()
                bytes = writer.bytesWritten
            } catch {
                printError("restoretrace-bench writer: \(error)\n")
                throw ExitCode(1)
            }
            totals.append(run.total)
            if best == nil || run.total < best!.total { best = run }
        }
        let (elapsed, user, system) = best!
        let perRecord = Double(elapsed) / Double(records)
        let share = { (part: UInt64) in CFormat.string("%.0f", Double(part) / Double(records)) }
        print("writer \(durability.rawValue): \(CFormat.string("%.0f", perRecord)) ns/record CPU "
            + "= \(share(user)) user (encoding) + \(share(system)) system (write(2)) "
            + "(\(records) records, \(bytes / records) bytes/record, "
            + "null recorder \(CFormat.string("%.0f", Double(baseline) / Double(records))) ns/record"
            + (runs > 1 ? "; best of \(runs), slowest \(CFormat.string("%.0f", Double(totals.max()!) / Double(records)))" : "")
            + ")")
    }

    /// CPU nanoseconds (this process, so kernel time for write(2) included) to record `records`
    /// records (a third each B, E, i) on `recorder`, in total and split into user and system time.
    /// The attribute arrays of the E records are built per record, as a caller would; the paths
    /// and the other attributes are built once.
    private func measure(_ recorder: some TraceRecorder, records: Int) -> (total: UInt64, user: UInt64, system: UInt64) {
        let paths = (0..<64).map { ["Tabs", "CountryNav", "CountryList\($0)", "CountryTable"] }
        let keys = TraceAttribute("keys", .strings(["kContentOffset", "kSelectedModelIds"]))
        let reason = [TraceAttribute("reason", "noRestorationIdentifier")]
        let (userStart, systemStart) = Self.userAndSystemNanoseconds()
        let start = ReaderBenchmark.cpuNanoseconds()
        var written = 0
        var i = 0
        while written + 3 <= records {
            let path = paths[i & 63]
            let span = recorder.begin(.encode, path: path, className: "UITableView", attributes: [])
            recorder.end(span, .encode, path: path, attributes: [TraceAttribute("bytes", .int(Int64(57 + i & 255))), keys])
            recorder.instant(.exclude, path: path, className: nil, attributes: reason)
            written += 3
            i += 1
        }
        let elapsed = ReaderBenchmark.cpuNanoseconds() - start
        let (userEnd, systemEnd) = Self.userAndSystemNanoseconds()
        let scale = { (value: UInt64) in written > 0 ? value * UInt64(records) / UInt64(written) : value }
        return (scale(elapsed), scale(userEnd - userStart), scale(systemEnd - systemStart))
    }

    /// User and system CPU time this process has used, in nanoseconds (getrusage: microsecond resolution).
    static func userAndSystemNanoseconds() -> (user: UInt64, system: UInt64) {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        let nanoseconds = { (time: timeval) in UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_usec) &* 1000 }
        return (nanoseconds(usage.ru_utime), nanoseconds(usage.ru_stime))
    }
}
