// `restoretrace-bench generate`: writes a deterministic synthetic trace for benchmarks and
// stress tests. Documented in Benchmarks/README.md.

import ArgumentParser
import RestoreTrace
import TraceGeneration

/// Writes a synthetic trace: same options, byte-identical file.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write a deterministic synthetic trace (for benchmarks).",
        discussion: """
            A seeded hierarchy (tab bar, navigation stacks, tables; depth 2-8) preserved and \
            restored, with the engine's record mix and plausible durations. --target-mb repeats \
            preservation/restoration cycles until the file reaches that size.

            Example:
              restoretrace-bench generate --objects 300 --target-mb 100 -o /tmp/big.jsonl
            """
    )

    enum Clock: String, ExpressibleByArgument, CaseIterable {
        case ns, tick
        var unit: ClockUnit { self == .ns ? .ns : .tick }
    }

    @Option(parsing: .unconditional, help: "Objects in the synthetic hierarchy (2 or more).")
    var objects: Int = 200

    @Option(parsing: .unconditional, help: "Seed of the generator: the same seed gives the same trace.")
    var seed: UInt64 = 1

    @Option(help: "The ts unit: ns (synthetic nanoseconds) or tick (one per record).")
    var clock: Clock = .ns

    @Option(name: .customLong("target-mb"), parsing: .unconditional, help: "Repeat cycles until the trace is at least this many MiB.")
    var targetMB: Int?

    @Option(help: "A shape that stresses diagrams instead of the realistic app: \(ShapedTraceGenerator.Shape.allCases.map(\.rawValue).joined(separator: ", ")). --objects sets its size.")
    var shape: ShapedTraceGenerator.Shape?

    @Option(name: [.short, .customLong("output")], help: "Where to write the trace; - for standard output.")
    var output: String

    func validate() throws {
        guard objects >= 2 else { throw ValidationError("--objects must be 2 or more, got \(objects).") }
        guard objects <= 10_000_000 else {
            throw ValidationError("--objects must be at most 10,000,000, got \(objects); use --target-mb for bigger files.")
        }
        if let targetMB, targetMB < 1 || targetMB > 100_000 {
            throw ValidationError("--target-mb must be between 1 and 100000, got \(targetMB).")
        }
    }

    func run() throws {
        if let shape {
            do {
                let records = try ShapedTraceGenerator(shape: shape, objects: objects).write(to: output)
                printError("generate: \(records) records of the \(shape.rawValue) shape to \(output)\n")
            } catch {
                printError("restoretrace-bench generate: \(error)\n")
                throw ExitCode(1)
            }
            return
        }
        let generator = SyntheticTraceGenerator(configuration: .init(
            objects: objects, seed: seed, clock: clock.unit, targetBytes: targetMB.map { $0 << 20 }))
        let start = RecordStamper.monotonicNanoseconds()
        let records: Int
        do {
            records = try generator.write(to: output)
        } catch {
            printError("restoretrace-bench generate: \(error)\n")
            throw ExitCode(1)
        }
        let elapsed = Double(RecordStamper.monotonicNanoseconds() - start)
        let perRecord = records > 0 ? elapsed / Double(records) : 0
        printError(
            "generate: \(records) records to \(output) in \(CFormat.string("%.2f", elapsed / 1e9)) s (\(CFormat.string("%.0f", perRecord)) ns/record, generation included)\n")
    }
}

extension ShapedTraceGenerator.Shape: ExpressibleByArgument {}
