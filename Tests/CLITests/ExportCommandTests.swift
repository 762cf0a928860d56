// CLI tests of `restoretrace export`: each format from a generated trace, standard output,
// and that a bad trace leaves no output file behind.

import Foundation
import Testing

@Suite struct ExportCommandTests {
    @Test("each format writes a complete file that parses", arguments: ["chrome", "speedscope", "otlp"])
    func formats(format: String) throws {
        let path = try AnalysisFixtures.generated(objects: 150, seed: 11)
        let out = AnalysisFixtures.directory.appendingPathComponent("export.\(format)").path
        let run = try ExecutableRun.run(["export", path, "--to", format, "-o", out])
        #expect(run.status == 0, "\(run.standardError)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        let documents = format == "otlp" ? text.split(separator: "\n").map(String.init) : [text]
        for document in documents { _ = try AnalysisFixtures.json(document) }
        #expect(!documents.isEmpty)
    }

    @Test("-o - streams to standard output")
    func standardOutput() throws {
        let path = try AnalysisFixtures.generated(objects: 40, seed: 12)
        let run = try ExecutableRun.run(["export", path, "--to", "chrome", "-o", "-"])
        #expect(run.status == 0)
        #expect(try AnalysisFixtures.json(run.standardOutput)["traceEvents"] is [Any])
    }

    @Test("a malformed trace exits 2, names the line, and leaves no output file")
    func badTraceLeavesNoFile() throws {
        let path = try AnalysisFixtures.generated(objects: 40, seed: 13)
        let bad = try AnalysisFixtures.edited(path, name: "bad-export.jsonl") { lines in lines[lines.count - 3] = "nonsense" }
        let out = AnalysisFixtures.directory.appendingPathComponent("never.trace.json").path
        let run = try ExecutableRun.run(["export", bad, "--to", "chrome", "-o", out])
        #expect(run.status == 2)
        #expect(run.standardError.contains("bad-export.jsonl:"))
        #expect(!FileManager.default.fileExists(atPath: out))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: AnalysisFixtures.directory.path)
            .filter { $0.hasPrefix(".never.trace.json.") && $0.hasSuffix(".tmp") }  // other tests share the directory
        #expect(leftovers.isEmpty)
    }

    @Test("-o /dev/null writes into the device instead of replacing it")
    func deviceOutput() throws {
        let path = try AnalysisFixtures.generated(objects: 20, seed: 14)
        let run = try ExecutableRun.run(["export", path, "--to", "speedscope", "-o", "/dev/null"])
        #expect(run.status == 0, "\(run.standardError)")
        var status = stat()
        #expect(stat("/dev/null", &status) == 0 && (status.st_mode & S_IFMT) == S_IFCHR)
    }

    @Test("standard input without -o is a usage error")
    func stdinNeedsOutput() throws {
        let run = try ExecutableRun.run(["export", "-", "--to", "otlp"])
        #expect(run.status == 2)
    }
}
