// `restoretrace-bench render`: times what `render` does before the layout, step by
// step, over one trace: reading it into a table, and for each view the graph and its DOT text.

import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import RestoreTrace

/// Prints the CPU time of each step (best of `--runs`) of preparing a trace for libgvc.
struct RenderBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Measure render's work before the layout.",
        discussion: """
            Example:
              restoretrace-bench render /tmp/g5000.jsonl --runs 20
            """
    )

    @Argument(help: "The trace to prepare.")
    var trace: String

    @Option(help: "Runs per step; the best is reported.")
    var runs: Int = 10

    @Option(help: "The views to time after loading (all by default; none: loading only).")
    var views: String = "flow,hierarchy,locate"

    func run() throws {
        let descriptor = open(trace, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0, let input = try? FileDescriptorReading.readAll(descriptor) else {
            printError("restoretrace-bench render: cannot read \(trace): \(String(cString: strerror(errno)))\n")
            throw ExitCode(2)
        }
        close(descriptor)
        func report(_ name: String, nanoseconds: UInt64) {
            print(name + String(repeating: " ", count: max(0, 24 - name.count)) + CFormat.string("%8.3f ms CPU", Double(nanoseconds) / 1e6))
        }
        func best<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
            var fastest = UInt64.max
            // Every result is kept until the step is over: a render never frees what it made,
            // so freeing must not count.
            var results: [T] = []
            results.reserveCapacity(max(1, runs))
            for _ in 0..<max(1, runs) {
                let start = ReaderBenchmark.cpuNanoseconds()
                let result = try body()
                fastest = min(fastest, ReaderBenchmark.cpuNanoseconds() - start)
                results.append(result)
            }
            let result = results.last
            report(name, nanoseconds: fastest)
            return result!
        }
        let source = try best("load (table)") {
            try input.withUnsafeBytes { try DiagramSource.load(buffer: $0, name: trace, kind: .trace) }
        }
        guard case .trace(let loaded) = source else { throw ExitCode(1) }
        print("  \(loaded.recordCount) records, \(input.count) bytes")
        for view in DiagramView.allCases where views.split(separator: ",").contains(Substring(view.rawValue)) {
            let graph = best("\(view.rawValue): graph") { source.graph(view: view)! }
            _ = best("\(view.rawValue): DOT text") { graph.dotSource }
        }
    }
}
