// `restoretrace validate`: reports, exit codes, standard input, options.

import Foundation
import Testing

@Suite("restoretrace validate")
struct ValidateCommandTests {
    static let header = #"{"type":"header","format":"restoretrace/1","clock":"tick"}"#

    private func write(_ text: String, in directory: URL, as name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private func scratchDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("validate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a valid trace exits 0 with counts and its unfinished spans")
    func validTrace() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try write(Self.header + "\n" + """
            {"seq":0,"ts":0,"ph":"B","span":1,"kind":"restoration"}
            {"seq":1,"ts":1,"ph":"B","span":2,"kind":"decode","path":["Tabs","List"],"class":"ListViewController"}

            """, in: directory, as: "crash.jsonl")
        let run = try ExecutableRun.run(["validate", path])
        #expect(run.status == 0)
        #expect(run.standardOutput.hasPrefix("\(path): valid (2 unfinished spans)\n  format restoretrace/1, clock tick\n"))
        #expect(run.standardOutput.contains("  2 records: 2 spans (0 finished, 2 unfinished), 0 instants, 2 kinds, 218 bytes\n"))
        #expect(run.standardOutput.contains("    line 3: decode span 2 at Tabs/List (ListViewController)\n"))
    }

    @Test("an invalid trace exits 1 and lists at most 20 problems, then how many more")
    func invalidTrace() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let lines = (0..<25).map { #"{"seq":\#($0),"ts":"late","ph":"i","kind":"launch"}"# }
        let path = try write(Self.header + "\n" + lines.joined(separator: "\n") + "\n", in: directory, as: "bad.jsonl")
        let run = try ExecutableRun.run(["validate", path])
        #expect(run.status == 1)
        #expect(run.standardOutput.hasPrefix("\(path): INVALID (25 errors)\n"))
        #expect(run.standardOutput.contains(#"    error   line 2, column 15: "ts" must be an integer, found string"#))
        #expect(run.standardOutput.contains("line 21, column"))
        #expect(!run.standardOutput.contains("line 22, column"))
        #expect(run.standardOutput.hasSuffix("    … and 5 more\n"))
    }

    @Test("--skip-bad-lines turns malformed lines into warnings; --quiet prints only invalid verdicts")
    func options() throws {
        let trace = Self.header + "\n{broken\n" + #"{"seq":0,"ts":0,"ph":"i","kind":"launch"}"# + "\n"
        let strict = try ExecutableRun.run(["validate", "--quiet", "-"], input: Array(trace.utf8))
        #expect(strict.status == 1)
        #expect(strict.standardOutput == "<stdin>: INVALID (1 error)\n")
        let skipping = try ExecutableRun.run(["validate", "-q", "--skip-bad-lines", "-"], input: Array(trace.utf8))
        #expect(skipping.status == 0)
        #expect(skipping.standardOutput.isEmpty)
    }

    @Test("a missing file and an unknown option are trouble (exit 2) with a clear message")
    func usageErrors() throws {
        let missing = try ExecutableRun.run(["validate", "/nonexistent/trace.jsonl"])
        #expect(missing.status == 2)
        #expect(missing.standardError == "restoretrace: /nonexistent/trace.jsonl: cannot read the trace: No such file or directory (nothing was checked)\n")
        let unknown = try ExecutableRun.run(["validate", "--frobnicate", "x.jsonl"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.hasPrefix("restoretrace: Unknown option '--frobnicate'"))
        let none = try ExecutableRun.run(["validate"])
        #expect(none.status == 2)
    }

    @Test("--help and --version work")
    func helpAndVersion() throws {
        let help = try ExecutableRun.run(["--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("validate"))
        #expect(!help.standardOutput.contains("generate"))
        let validateHelp = try ExecutableRun.run(["validate", "--help"])
        #expect(validateHelp.status == 0 && validateHelp.standardOutput.contains("Exit status: 0 every trace is valid"))
        let version = try ExecutableRun.run(["--version"])
        #expect(version.status == 0 && version.standardOutput == "0.1.0\n")
    }
}
