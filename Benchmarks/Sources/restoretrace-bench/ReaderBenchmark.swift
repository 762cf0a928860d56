// `restoretrace-bench reader`: times the streaming reader alone, the reader with span
// pairing, the validator over full records, and validation as `restoretrace validate` does it,
// over one trace. Used by Benchmarks/reader.sh.

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

/// Prints MB/s for four passes over the same trace (best of `--runs`), in CPU time of this
/// process (one thread), so that a busy machine slows the figures less than wall time would.
struct ReaderBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reader",
        abstract: "Measure the trace reader's throughput.",
        discussion: """
            Example:
              restoretrace-bench reader /tmp/big.jsonl --runs 3
            """
    )

    @Argument(help: "The trace to read.")
    var trace: String

    @Option(help: "Runs per pass; the best is reported.")
    var runs: Int = 3

    func run() throws {
        let dropAttributes = TraceReaderOptions(keepAttributes: false)
        let passes: [(String, TraceReaderOptions, (TraceReader) -> Int)] = [
            ("read", .default, { reader in
                var records = 0
                while let line = reader.next() { if case .record = line { records += 1 } }
                return records
            }),
            ("read + pair spans", .default, { reader in
                var pairer = SpanPairer()
                var records = 0
                while let line = reader.next() {
                    if case .record(let record) = line {
                        records += 1
                        pairer.feed(record, line: reader.lineNumber)
                    }
                }
                _ = pairer.finish()
                return records
            }),
            // Every record built, attributes included, then validated.
            ("read + validate", .default, { reader in TraceValidator.validate(reader).recordCount }),
            // What `restoretrace validate` runs: attributes dropped, so records are only scanned.
            ("validate (CLI)", dropAttributes, { reader in TraceValidator.validate(reader).recordCount }),
        ]
        for (name, options, pass) in passes {
            var best = UInt64.max
            var bytes = 0
            var records = 0
            for _ in 0..<max(1, runs) {
                let reader: TraceReader
                do {
                    reader = try TraceReader(path: trace, options: options)
                } catch {
                    printError("restoretrace-bench reader: \(error)\n")
                    throw ExitCode(2)
                }
                let start = ReaderBenchmark.cpuNanoseconds()
                records = pass(reader)
                best = min(best, ReaderBenchmark.cpuNanoseconds() - start)
                bytes = reader.bytesRead
            }
            let seconds = Double(best) / 1e9
            let label = name + String(repeating: " ", count: max(0, 18 - name.count))
            print(label + CFormat.string(" %7.3f s CPU  %7.1f MB/s  %6.0f ns/record", seconds,
                         Double(bytes) / 1_048_576 / seconds, Double(best) / Double(max(records, 1))))
        }
    }

    /// CPU time this process has used, in nanoseconds.
    static func cpuNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }
}
