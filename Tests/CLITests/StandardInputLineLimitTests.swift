// Standard input under the line limit (issue 19): a line that never ends is refused at the 64 MiB
// limit by every command that stops at a trace's first error, instead of being read forever or
// held whole; a bad trace on standard input is not answered with a command that cannot be rerun.

import Foundation
import Testing

@Suite("standard input: the line limit and what to run next")
struct StandardInputLineLimitTests {
    /// Runs `restoretrace ARGUMENTS` with a header and then an endless line of `a` on standard
    /// input (a shell pipeline; `timeout` only guards the test run against a hang).
    static func runOnEndlessLine(_ arguments: String) throws -> (status: Int32, errors: String) {
        let header = #"{"type":"header","format":"restoretrace/1","clock":"tick"}"#
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "{ echo '\(header)'; tr '\\0' a < /dev/zero; } | timeout 120 \"$0\" \(arguments) >/dev/null",
                             ExecutableRun.executableURL.path]
        process.currentDirectoryURL = simulateRepositoryRoot
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: text, as: UTF8.self))
    }

    @Test("a line with no end on standard input is refused at the limit, naming its line",
          arguments: ["render -", "explain -", "summary -", "export - --to chrome -o -", "diff Traces/countries.jsonl -"])
    func endlessLine(arguments: String) throws {
        let run = try Self.runOnEndlessLine(arguments)
        #expect(run.status == 2, "\(run.errors)")
        #expect(run.errors.contains("<stdin>:2: line longer than 64 MiB (the reader's limit) (fix that line, or pass --skip-bad-lines"),
                "\(run.errors)")
        #expect(!run.errors.contains("skipped"))
    }

    @Test("a bad trace on standard input asks for the trace saved to a file before validate, not `validate <stdin>`")
    func validateSuggestion() throws {
        let bad = Array("{\"type\":\"header\",\"format\":\"restoretrace/1\",\"clock\":\"tick\"}\n{\"seq\":0,\n".utf8)
        for command in [["render", "-", "-o", "-"], ["explain", "-"]] {
            let run = try ExecutableRun.run(command, input: bad)
            #expect(run.status == 2)
            #expect(run.standardError.contains("save it to a file and run `restoretrace validate FILE` for the full report"),
                    "\(run.standardError)")
            #expect(!run.standardError.contains("validate <stdin>"))
        }
    }
}
