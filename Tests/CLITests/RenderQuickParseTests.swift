// `render`'s arguments read without ArgumentParser: every line the quick reading takes gives the
// command ArgumentParser gives, and every line out of the ordinary is left to ArgumentParser.

import ArgumentParser
import Testing
@testable import RestoreTraceCLI

@Suite("render: the quick reading of its arguments")
struct RenderQuickParseTests {

    static let taken: [[String]] = [
        ["t.jsonl"],
        ["t.jsonl", "-o", "out.svg"],
        ["-o", "out.png", "t.jsonl"],
        ["t.jsonl", "--output", "out.pdf", "--view", "locate"],
        ["t.jsonl", "--output=out.dot", "--view=hierarchy", "--format=dot"],
        ["a.jsonl", "b.json", "-", "-o", "dir/", "--theme", "dark", "--heat", "--skip-bad-lines"],
        ["-", "--format", "pdf", "-o", "-"],
        ["t.jsonl", "--max-nodes", "50"],
        ["t.jsonl", "--max-nodes", "-5"],
        ["t.jsonl", "--max-nodes=7"],
        ["--view", "flow", "--", "--not-an-option.jsonl", "-o"],
        ["t.jsonl", "--theme", "light", "--format", "svg"],
        ["help"],  // an input named help, as ArgumentParser reads it too
    ]

    static let leftToArgumentParser: [[String]] = [
        [],
        ["--help"], ["-h"], ["t.jsonl", "--help"],
        ["t.jsonl", "--bogus"],
        ["t.jsonl", "-x"],
        ["t.jsonl", "-o"],
        ["t.jsonl", "-o", "a.svg", "-o", "b.svg"],
        ["t.jsonl", "--view", "sideways"],
        ["t.jsonl", "--format", "jpeg"],
        ["t.jsonl", "--theme", "Dark"],
        ["t.jsonl", "--max-nodes", "many"],
        ["t.jsonl", "--max-nodes", "5", "--max-nodes", "6"],
        ["t.jsonl", "--heat", "--heat"],
        ["t.jsonl", "--heat=yes"],
        ["t.jsonl", "--view", "--format"],
        ["t.jsonl", "-ofile.svg"],
        ["t.jsonl", "-o=file.svg"],
        ["--output"],
    ]

    @Test("every line the quick reading takes gives ArgumentParser's command")
    func takenLinesMatch() throws {
        for arguments in Self.taken {
            let quick = try #require(RenderCommand.quicklyParsed(arguments[...]), "not taken: \(arguments)")
            let parsed = try RenderCommand.parse(arguments)
            #expect(quick == parsed.settings, "\(arguments)")
        }
    }

    @Test("help, unknown, repeated and odd options are left to ArgumentParser, which says what is wrong")
    func unusualLinesAreLeft() {
        for arguments in Self.leftToArgumentParser {
            #expect(RenderCommand.quicklyParsed(arguments[...]) == nil, "taken: \(arguments)")
        }
    }

    @Test("mixed lines: the quick reading never takes a line ArgumentParser refuses, nor reads one differently")
    func mixedLines() {
        let pieces = ["t.jsonl", "-", "-o", "x.svg", "--output", "--view", "flow", "locate", "--format", "png", "--theme",
                      "dark", "--max-nodes", "30", "-3", "--heat", "--skip-bad-lines", "--", "--view=locate", "--bogus", "="]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let arguments = (0..<Int.random(in: 0...7, using: &random)).map { _ in pieces.randomElement(using: &random)! }
            guard let quick = RenderCommand.quicklyParsed(arguments[...]) else { continue }
            guard let parsed = try? RenderCommand.parse(arguments) else {
                Issue.record("taken, but ArgumentParser refuses: \(arguments)")
                continue
            }
            #expect(quick == parsed.settings, "\(arguments)")
        }
    }
}
