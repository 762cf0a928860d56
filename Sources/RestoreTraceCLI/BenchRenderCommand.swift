// `restoretrace _bench-render` (hidden): times what `render` does before the layout, step by
// step, over one trace: reading it into a table, and for each view the graph and its DOT text.
// Used by Benchmarks/render.sh to show where the time before libgvc goes.

import ArgumentParser
import RestoreTrace

/// Prints the CPU time of each step (best of `--runs`) of preparing a trace for libgvc.
struct BenchRenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "_bench-render",
        abstract: "Measure render's work before the layout.",
        discussion: """
            Example:
              restoretrace _bench-render /tmp/g5000.jsonl --runs 20
            """,
        shouldDisplay: false
    )

    @Argument(help: "The trace to prepare.")
    var trace: String

    @Option(help: "Runs per step; the best is reported.")
    var runs: Int = 10

    @Option(help: "The views to time after loading (all by default; none: loading only).")
    var views: String = "flow,hierarchy,locate"

    func run() throws {
        let input: InputBytes
        do {
            input = try InputBytes.read(trace)
        } catch {
            StandardError.write("restoretrace _bench-render: \(error.message)\n")
            throw ExitCode(1)
        }
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
                let start = BenchReaderCommand.cpuNanoseconds()
                let result = try body()
                fastest = min(fastest, BenchReaderCommand.cpuNanoseconds() - start)
                results.append(result)
            }
            let result = results.last
            report(name, nanoseconds: fastest)
            return result!
        }
        let source = try withExtendedLifetime(input) {
            try best("load (table)") { try DiagramSource.load(buffer: input.bytes, name: trace, kind: .trace) }
        }
        guard case .trace(let loaded) = source else { throw ExitCode(1) }
        print("  \(loaded.recordCount) records, \(input.bytes.count) bytes")
        for view in DiagramView.allCases where views.split(separator: ",").contains(Substring(view.rawValue)) {
            let graph = best("\(view.rawValue): graph") { source.graph(view: view)! }
            _ = best("\(view.rawValue): DOT text") { graph.dotSource }
            let building = (0..<max(1, runs)).map { _ in GraphvizRenderer.shared.measureBuilding(graph) }.min() ?? 0
            report("\(view.rawValue): cgraph build", nanoseconds: building)
        }
    }
}
