// `restoretrace-bench`, the benchmarks' own executable: `generate` writes deterministic, valid
// traces; the shipped `restoretrace` has none of the benchmark commands.

import Foundation
import Testing

@Suite("restoretrace-bench")
struct BenchmarkCommandTests {
    @Test("generate: the same options write byte-identical traces that validate cleanly")
    func deterministicAndValid() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("generate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("a.jsonl").path
        let second = directory.appendingPathComponent("b.jsonl").path
        for path in [first, second] {
            let run = try ExecutableRun.run(["generate", "--objects", "60", "--seed", "9", "--clock", "tick", "-o", path],
                                            executable: "restoretrace-bench")
            #expect(run.status == 0, "\(run.standardError)")
        }
        #expect(FileManager.default.contentsEqual(atPath: first, andPath: second))
        let validation = try ExecutableRun.run(["validate", first])
        #expect(validation.status == 0)
        #expect(validation.standardOutput.hasPrefix("\(first): valid\n"))
    }

    @Test("generate: bad values are refused and nothing is written")
    func usageErrors() throws {
        let never = FileManager.default.temporaryDirectory.appendingPathComponent("never-\(UUID().uuidString).jsonl").path
        let tooFew = try ExecutableRun.run(["generate", "--objects", "1", "-o", never], executable: "restoretrace-bench")
        #expect(tooFew.status != 0)
        #expect(tooFew.standardError.contains("--objects must be 2 or more, got 1."))
        let tooMany = try ExecutableRun.run(["generate", "--objects", "9223372036854775807", "-o", never], executable: "restoretrace-bench")
        #expect(tooMany.status != 0)
        #expect(tooMany.standardError.contains("--objects must be at most 10,000,000"))
        #expect(!FileManager.default.fileExists(atPath: never))
    }

    @Test("the shipped restoretrace has no benchmark or generator commands")
    func shippedCLIHasNoBenchmarks() throws {
        for command in ["generate", "_bench-engine", "_bench-reader", "_bench-render", "_bench-writer"] {
            let run = try ExecutableRun.run([command, "trace.jsonl"])
            #expect(run.status == 2, "\(command)")
            #expect(run.standardError.contains("unexpected arguments: '\(command)', 'trace.jsonl'"), "\(command): \(run.standardError)")
        }
    }
}
