// Every command that reads a trace refuses the malformed lines `validate` refuses, on its fast
// path too (issue 18): a repeated core member, a member name or a skipped value that is not
// UTF-8, a `ts` beyond 2^53 - 1. (Checks across records — seq order, span pairing — are still
// `validate`'s alone; see Benchmarks/reliability-probes.py for the count.)

import Foundation
import Testing

@Suite("malformed lines: every command agrees with validate")
struct MalformedLineAgreementTests {
    static let header = Array(#"{"type":"header","format":"restoretrace/1","clock":"tick"}"#.utf8) + [0x0A]
    static let good = Array(#"{"seq":0,"ts":0,"ph":"i","kind":"launch"}"#.utf8) + [0x0A]
    static let start = Array(#"{"seq":1,"ts":1,"ph":"i","kind":"exclude","#.utf8)

    static let cases: [(name: String, line: [UInt8])] = [
        ("a repeated ts", Array(#"{"seq":1,"ts":1,"ph":"i","kind":"exclude","ts":5}"#.utf8)),
        ("a member name that is not UTF-8", start + [0x22, 0xFF, 0x22] + Array(":1}".utf8)),
        ("a value that is not UTF-8", start + Array(#""reasonText":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)),
        ("ts beyond 2^53 - 1", Array(#"{"seq":1,"ts":9007199254740993,"ph":"i","kind":"exclude"}"#.utf8)),
    ]

    @Test("validate calls it invalid (1); summary, diff, export, render and explain refuse it (2)",
          arguments: 0..<4)
    func agree(index: Int) throws {
        let (name, line) = Self.cases[index]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("agree-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = directory.appendingPathComponent("t.jsonl").path
        try Data(Self.header + Self.good + line + [0x0A]).write(to: URL(fileURLWithPath: trace))
        #expect(try ExecutableRun.run(["validate", trace]).status == 1, "\(name)")
        let out = directory.appendingPathComponent("out").path
        for command in [["summary", trace], ["diff", trace, trace], ["export", trace, "--to", "chrome", "-o", out],
                        ["export", trace, "--to", "speedscope", "-o", out], ["render", trace, "-o", out + ".svg"],
                        ["explain", trace]] {
            let run = try ExecutableRun.run(command)
            #expect(run.status == 2, "\(name): \(command[0]) exit \(run.status)")
            #expect(run.standardError.contains("t.jsonl:3"), "\(name): \(command[0]): \(run.standardError)")
        }
    }
}
