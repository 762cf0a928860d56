// Every command that reads a trace refuses exactly what `validate` refuses, on the same line,
// and accepts what it accepts (issue 18): a deterministic corpus of the sample traces, each
// mutated one way (a broken line, a rule broken across records, or a harmless change), run
// through validate, summary, diff, export (chrome, speedscope, otlp), render and explain; and,
// with --skip-bad-lines, every command goes on past a line validate calls bad, with a warning.

import Foundation
import Testing
import TraceFormat

@Suite("a mutated corpus: every command agrees with validate")
struct MutatedCorpusAgreementTests {
    static let seeds = ["countries", "crash-during-decode", "feed-tabs"]

    /// A mutation of a trace's lines (line 0 is the header); nil when it does not apply.
    typealias Mutation = (name: String, apply: @Sendable ([[UInt8]]) -> [[UInt8]]?)

    static func text(_ line: [UInt8]) -> String { String(decoding: line, as: UTF8.self) }

    /// The index of the first record line (after `after`) that contains `needle`.
    static func firstLine(_ lines: [[UInt8]], containing needle: String, after: Int = 0) -> Int? {
        lines.indices.first { $0 > max(after, 0) && text(lines[$0]).contains(needle) }
    }

    static func replacing(_ line: [UInt8], _ target: String, with replacement: [UInt8]) -> [UInt8]? {
        let bytes = Array(target.utf8)
        guard let at = (0...(line.count - bytes.count)).first(where: { Array(line[$0 ..< $0 + bytes.count]) == bytes })
        else { return nil }
        return Array(line[..<at]) + replacement + Array(line[(at + bytes.count)...])
    }

    /// `"ts":N` of a line.
    static func timestamp(_ line: [UInt8]) -> Int? {
        let string = text(line)
        guard let range = string.range(of: "\"ts\":") else { return nil }
        return Int(string[range.upperBound...].prefix { $0.isNumber })
    }

    static let mutations: [Mutation] = [
        ("a repeated ts", { lines in
            var lines = lines
            let at = lines.count / 2
            lines[at].removeLast()  // "}"
            lines[at] += Array(#","ts":999999}"#.utf8)
            return lines
        }),
        ("a member name that is not UTF-8", { lines in
            var lines = lines
            lines[2] = [0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x2C] + lines[2].dropFirst()
            return lines
        }),
        ("a value that is not UTF-8", { lines in
            var lines = lines
            lines[3] = Array(#"{"note":""#.utf8) + [0xC3, 0x28] + Array(#"","#.utf8) + lines[3].dropFirst()
            return lines
        }),
        ("an E without its B", { lines in
            guard let begin = firstLine(lines, containing: #""ph":"B""#, after: 1) else { return nil }
            var lines = lines
            lines.remove(at: begin)
            return lines
        }),
        ("a B repeated (a span id used again)", { lines in
            guard let begin = firstLine(lines, containing: #""ph":"B""#, after: 1) else { return nil }
            var lines = lines
            lines.insert(lines[begin], at: begin + 1)
            return lines
        }),
        ("an E of another kind", { lines in
            guard let end = firstLine(lines, containing: #""ph":"E""#),
                let changed = replacing(lines[end], #""kind":""#, with: Array(#""kind":"x"#.utf8))
            else { return nil }
            var lines = lines
            lines[end] = changed
            return lines
        }),
        ("an E on another thread", { lines in
            guard let end = firstLine(lines, containing: #""ph":"E""#) else { return nil }
            var lines = lines
            lines[end] = Array(#"{"thread":"worker","#.utf8) + lines[end].dropFirst()
            return lines
        }),
        ("spans that do not nest", { lines in
            // Swap the E records of a span and the span begun inside it.
            guard let inner = lines.indices.first(where: { $0 > 1 && text(lines[$0]).contains(#""ph":"E""#)
                && text(lines[$0 + 1]).contains(#""ph":"E""#) })
            else { return nil }
            var lines = lines
            let first = lines[inner], second = lines[inner + 1]
            // Keep seq and ts in order: swap everything after them.
            func tail(_ line: [UInt8]) -> [UInt8] { Array(text(line).split(separator: ",\"ph\"", maxSplits: 1)[1].utf8) }
            func head(_ line: [UInt8]) -> [UInt8] { Array(text(line).split(separator: ",\"ph\"", maxSplits: 1)[0].utf8) }
            lines[inner] = head(first) + Array(",\"ph\"".utf8) + tail(second)
            lines[inner + 1] = head(second) + Array(",\"ph\"".utf8) + tail(first)
            return lines
        }),
        ("two lines swapped (seq goes back)", { lines in
            var lines = lines
            lines.swapAt(lines.count / 2, lines.count / 2 + 1)
            return lines
        }),
        ("ts going back", { lines in
            let at = lines.count / 2
            guard let ts = timestamp(lines[at]), ts > 0,
                let changed = replacing(lines[at], "\"ts\":\(ts),", with: Array("\"ts\":0,".utf8))
            else { return nil }
            var lines = lines
            lines[at] = changed
            return lines
        }),
        ("ts beyond 2^53 - 1", { lines in
            let at = lines.count - 1
            guard let ts = timestamp(lines[at]),
                let changed = replacing(lines[at], "\"ts\":\(ts),", with: Array("\"ts\":9007199254740993,".utf8))
            else { return nil }
            var lines = lines
            lines[at] = changed
            return lines
        }),
        ("a negative ts", { lines in
            guard let changed = replacing(lines[1], "\"ts\":0,", with: Array("\"ts\":-1,".utf8)) else { return nil }
            var lines = lines
            lines[1] = changed
            return lines
        }),
        ("a line cut in the middle", { lines in
            var lines = lines
            lines[lines.count / 2] = Array(lines[lines.count / 2].prefix(lines[lines.count / 2].count / 2))
            return lines
        }),
        ("seq as a string", { lines in
            guard let changed = replacing(lines[2], "\"seq\":1,", with: Array("\"seq\":\"1\",".utf8)) else { return nil }
            var lines = lines
            lines[2] = changed
            return lines
        }),
        // Harmless: what validate accepts, every command must accept.
        ("the last records dropped (spans left unfinished)", { lines in Array(lines.prefix(lines.count * 2 / 3)) }),
        ("an unknown member added", { lines in
            var lines = lines
            lines[2] = Array(#"{"extra":[1,{"a":"\u00e9"}],"#.utf8) + lines[2].dropFirst()
            return lines
        }),
        ("an instant dropped (a seq gap)", { lines in
            guard let instant = firstLine(lines, containing: #""ph":"i""#, after: 1) else { return nil }
            var lines = lines
            lines.remove(at: instant)
            return lines
        }),
    ]

    struct Case: CustomTestStringConvertible, Sendable {
        var seed: String
        var mutation: Int
        var testDescription: String { "\(seed): \(MutatedCorpusAgreementTests.mutations[mutation].name)" }
    }

    static let cases: [Case] = seeds.flatMap { seed in mutations.indices.map { Case(seed: seed, mutation: $0) } }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("each command refuses what validate refuses, on its line, and accepts what it accepts", arguments: cases)
    func agree(_ testCase: Case) throws {
        let seedPath = Self.root.appendingPathComponent("Traces/\(testCase.seed).jsonl").path
        let seedLines = try Data(contentsOf: URL(fileURLWithPath: seedPath)).split(separator: 0x0A, omittingEmptySubsequences: false)
            .dropLast().map { Array($0) }
        let mutation = Self.mutations[testCase.mutation]
        guard let lines = mutation.apply(seedLines) else {
            Issue.record("\(testCase.testDescription) does not apply")
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = directory.appendingPathComponent("t.jsonl").path
        try Data(lines.joined(separator: [0x0A]) + [0x0A]).write(to: URL(fileURLWithPath: trace))

        let report = try TraceValidator.validate(path: trace)
        let validate = try ExecutableRun.run(["validate", trace])
        #expect(validate.status == (report.isValid ? 0 : 1), "\(testCase.testDescription): validate")
        let firstError = report.diagnostics.first { $0.severity == .error }?.line
        let out = directory.appendingPathComponent("out").path
        let commands: [[String]] = [
            ["summary", trace], ["diff", seedPath, trace],
            ["export", trace, "--to", "chrome", "-o", out + ".chrome.json"],
            ["export", trace, "--to", "speedscope", "-o", out + ".speedscope.json"],
            ["export", trace, "--to", "otlp", "-o", out + ".otlp.json"],
            ["render", trace, "-o", out + ".svg"], ["explain", trace],
        ]
        for command in commands {
            let label = "\(testCase.testDescription): \(command[0]) \(command.count > 3 ? command[3] : "")"
            let run = try ExecutableRun.run(command)
            if report.isValid {
                #expect(run.status == 0 || (command[0] == "diff" && run.status == 1), "\(label) refused: \(run.standardError)")
                continue
            }
            #expect(run.status == 2, "\(label) accepted (exit \(run.status))")
            if let firstError {
                #expect(run.standardError.contains("t.jsonl:\(firstError):"), "\(label): \(run.standardError)")
            }
            // Past a bad record line, --skip-bad-lines goes on with a warning.
            guard let firstError, firstError > 1 else { continue }
            let skipping = try ExecutableRun.run(command + ["--skip-bad-lines"])
            #expect(skipping.status == 0 || (command[0] == "diff" && skipping.status == 1),
                    "\(label) --skip-bad-lines: exit \(skipping.status): \(skipping.standardError)")
            // summary lists its warnings in the summary; the others on standard error.
            #expect((skipping.standardError + skipping.standardOutput).contains("line skipped"),
                    "\(label) --skip-bad-lines: \(skipping.standardError)")
        }
    }
}
