// `restoretrace-bench`: the benchmarks' own command line, outside the shipped `restoretrace`.
// Benchmarks/*.sh call its subcommands; each lives in its own file.

import ArgumentParser
import RestoreTrace

@main
struct BenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restoretrace-bench",
        abstract: "Benchmarks and synthetic traces for restoretrace (not shipped).",
        discussion: """
            Build it with `swift build -c release --product restoretrace-bench`; Benchmarks/README.md \
            says which script runs which subcommand.
            """,
        subcommands: [GenerateCommand.self, EngineBenchmark.self, ReaderBenchmark.self, RenderBenchmark.self, WriterBenchmark.self, SceneBenchmark.self]
    )
}

/// Writes `text` to standard error as it is (add the line break yourself).
func printError(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
        try? FileDescriptorWriting.writeAll(UnsafeRawBufferPointer(bytes), to: 2, name: "standard error")
    }
}
