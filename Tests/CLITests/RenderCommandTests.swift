// `restoretrace render`, run in-process: outputs beside the input or at -o, formats, usage
// errors and bad input (exit 2, the file and line named), and no partial file on error.

import ArgumentParser
import Foundation
import Testing
@testable import RestoreTraceCLI

/// A fresh temporary directory per test.
private func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("render-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

private let traceText = """
    {"type":"header","format":"restoretrace/1","generator":"test","clock":"tick","scenario":"tiny"}
    {"seq":0,"ts":0,"ph":"B","span":1,"kind":"restoration"}
    {"seq":1,"ts":1,"ph":"B","span":2,"kind":"locate","path":["Root"],"class":"RootVC"}
    {"seq":2,"ts":2,"ph":"E","span":2,"kind":"locate","path":["Root"],"via":"existing","result":"found","foundClass":"RootVC"}
    {"seq":3,"ts":3,"ph":"B","span":3,"kind":"decode","path":["Root"],"class":"RootVC"}
    {"seq":4,"ts":4,"ph":"E","span":3,"kind":"decode","path":["Root"],"result":"decoded"}
    {"seq":5,"ts":5,"ph":"E","span":1,"kind":"restoration"}

    """

private let scenarioText = """
    {"format":"restoretrace-scenario/1","name":"tiny","windows":[{"root":{"class":"RootVC","restorationIdentifier":"Root"}}]}
    """

private func write(_ text: String, to url: URL) throws { try Data(text.utf8).write(to: url) }

private func run(_ arguments: [String]) throws {
    let command = try RenderCommand.parse(arguments)
    try command.run()
}

private func exitCode(_ arguments: [String]) -> Int32? {
    do {
        try run(arguments)
        return 0
    } catch let code as ExitCode {
        return code.rawValue
    } catch let failure as CommandFailure {
        return failure.status
    } catch {
        return nil
    }
}

@Suite("render command")
struct RenderCommandTests {
    @Test("a trace renders to SVG beside it: trace.jsonl -> trace.svg")
    func rendersBesideInput() throws {
        let directory = try temporaryDirectory()
        let trace = directory.appendingPathComponent("trace.jsonl")
        try write(traceText, to: trace)
        try run([trace.path])
        let svg = try String(contentsOf: directory.appendingPathComponent("trace.svg"), encoding: .utf8)
        #expect(svg.contains("<svg"))
        #expect(svg.contains("locate Root"))
    }

    @Test("the format follows -o's extension, and each view can be chosen")
    func formatFromOutputExtension() throws {
        let directory = try temporaryDirectory()
        let trace = directory.appendingPathComponent("trace.jsonl")
        try write(traceText, to: trace)
        let png = directory.appendingPathComponent("out.png")
        try run([trace.path, "--view", "locate", "-o", png.path])
        #expect([UInt8](try Data(contentsOf: png)).prefix(4) == [0x89, 0x50, 0x4E, 0x47])
        let dot = directory.appendingPathComponent("out.dot")
        try run([trace.path, "--view", "hierarchy", "--theme", "dark", "-o", dot.path])
        let text = try String(contentsOf: dot, encoding: .utf8)
        #expect(text.hasPrefix("digraph \"hierarchy\""))
        #expect(text.contains(##"bgcolor="#1e1e1e""##))
    }

    @Test("a scenario renders as its hierarchy; several inputs go into an -o directory")
    func severalInputsIntoDirectory() throws {
        let directory = try temporaryDirectory()
        try write(traceText, to: directory.appendingPathComponent("run.jsonl"))
        try write(scenarioText, to: directory.appendingPathComponent("app.scenario.json"))
        let out = directory.appendingPathComponent("diagrams")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try run([directory.appendingPathComponent("run.jsonl").path, directory.appendingPathComponent("app.scenario.json").path,
                 "-o", out.path, "--format", "dot"])
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("run.dot").path))
        let scenario = try String(contentsOf: out.appendingPathComponent("app.scenario.dot"), encoding: .utf8)
        #expect(scenario.contains("Hierarchy as described — tiny"))
    }

    @Test("usage errors exit 2: -o one file with two inputs, --max-nodes below 20 or above 10,000, extension against --format")
    func usageErrors() throws {
        let directory = try temporaryDirectory()
        let trace = directory.appendingPathComponent("trace.jsonl")
        try write(traceText, to: trace)
        #expect(exitCode([trace.path, trace.path, "-o", directory.appendingPathComponent("x.svg").path]) == 2)
        #expect(exitCode([trace.path, "--max-nodes", "5"]) == 2)
        #expect(exitCode([trace.path, "--max-nodes", "10001"]) == 2)
        #expect(exitCode([trace.path, "-o", directory.appendingPathComponent("x.svg").path, "--format", "png"]) == 2)
        #expect(exitCode([trace.path, "-o", directory.appendingPathComponent("x.txt").path]) == 2)
    }

    @Test("a drawing is the same whichever thread built its graph: alone (the warm-up builds it) or second of two (the render does)")
    func earlyBuildDrawsTheSame() throws {
        let directory = try temporaryDirectory()
        let trace = directory.appendingPathComponent("trace.jsonl")
        let other = directory.appendingPathComponent("other.jsonl")
        try write(traceText, to: trace)
        try write(traceText, to: other)
        for view in ["flow", "hierarchy", "locate"] {
            let alone = directory.appendingPathComponent("alone")
            let pair = directory.appendingPathComponent("pair")
            try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: pair, withIntermediateDirectories: true)
            // A tiny trace is read long before libgvc's context is made: its graph goes to the warm-up.
            let first = try ExecutableRun.run(["render", trace.path, "--view", view, "-o", alone.path])
            // The second of two inputs is built after the warm-up has ended.
            let second = try ExecutableRun.run(["render", other.path, trace.path, "--view", view, "-o", pair.path])
            #expect(first.status == 0, "\(first.standardError)")
            #expect(second.status == 0, "\(second.standardError)")
            let early = try Data(contentsOf: alone.appendingPathComponent("trace.svg"))
            let late = try Data(contentsOf: pair.appendingPathComponent("trace.svg"))
            #expect(early.count > 1000)
            #expect(early == late, "\(view): the SVGs differ")
        }
    }

    @Test("-o naming a missing directory (ending in /) makes it, parents too; one under a file is an error")
    func outputDirectoryIsMade() throws {
        let directory = try temporaryDirectory()
        let trace = directory.appendingPathComponent("trace.jsonl")
        let scenario = directory.appendingPathComponent("tiny.json")
        try write(traceText, to: trace)
        try write(scenarioText, to: scenario)
        let target = directory.appendingPathComponent("made/deeper").path + "/"
        try run([trace.path, scenario.path, "-o", target])
        #expect(FileManager.default.fileExists(atPath: target + "trace.svg"))
        #expect(FileManager.default.fileExists(atPath: target + "tiny.svg"))
        try write("not a directory", to: directory.appendingPathComponent("file"))
        #expect(exitCode([trace.path, "-o", directory.appendingPathComponent("file/sub").path + "/"]) == 2)
        // Nothing to draw, nothing made.
        let unused = directory.appendingPathComponent("unused").path + "/"
        #expect(exitCode([directory.appendingPathComponent("missing.jsonl").path, "-o", unused]) == 2)
        #expect(!FileManager.default.fileExists(atPath: unused))
    }

    @Test("the timing summary goes to stderr also when the drawing goes to standard output")
    func timingSummaryWithStandardOutput() throws {
        let directory = try temporaryDirectory()
        let trace = directory.appendingPathComponent("trace.jsonl")
        try write(traceText, to: trace)
        let toStandardOutput = try ExecutableRun.run(["render", trace.path, "-o", "-"])
        #expect(toStandardOutput.status == 0)
        #expect(toStandardOutput.standardOutput.contains("<svg"))
        #expect(toStandardOutput.standardError.contains("6 records, 3 spans"), "\(toStandardOutput.standardError)")
        let fromStandardInput = try ExecutableRun.run(["render", "-"], input: Array(traceText.utf8))
        #expect(fromStandardInput.standardError.contains("<stdin>: 6 records"), "\(fromStandardInput.standardError)")
        // Written to a file: the "wrote" line first, even with both streams in one pipe.
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "\"$0\" render \"$1\" -o \"$2\" 2>&1", ExecutableRun.executableURL.path, trace.path,
                           directory.appendingPathComponent("t.svg").path]
        let pipe = Pipe()
        shell.standardOutput = pipe
        try shell.run()
        let merged = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        let lines = merged.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasPrefix("wrote ") && lines[1].contains("6 records"), "\(merged)")
    }

    @Test("on a terminal, the progress line of a long layout counts seconds in place and ends with the total")
    func layoutProgressLine() {
        final class Collected: @unchecked Sendable {
            let lock = NSLock()
            var text = ""
            func add(_ more: String) { lock.withLock { text += more } }
        }
        let quick = Collected()
        LayoutProgress("laying out", write: quick.add).finish()
        #expect(quick.text == "laying out done\n")

        let slow = Collected()
        let progress = LayoutProgress("laying out", write: slow.add)
        Thread.sleep(forTimeInterval: 1.3)
        progress.finish(failed: true)
        let text = slow.lock.withLock { slow.text }
        #expect(text.hasPrefix("laying out\rlaying out 1 s"), "\(text.debugDescription)")
        #expect(text.hasSuffix(" s, failed\n"), "\(text.debugDescription)")
        // Nothing is written once finish() has returned.
        Thread.sleep(forTimeInterval: 1.1)
        #expect(slow.lock.withLock { slow.text } == text)
    }

    @Test("smoke test: a usage error after render exits 2 with its message while the early warm-up runs")
    func usageErrorWithEarlyWarmUp() throws {
        for arguments in [["render", "--max-nodes", "many", "t.jsonl"], ["render", "--view", "sideways", "t.jsonl"]] {
            let run = try ExecutableRun.run(arguments)
            #expect(run.status == 2, "\(arguments): \(run.standardError)")
            #expect(run.standardError.hasPrefix("restoretrace: "), "\(run.standardError)")
        }
    }

    @Test("a path deeper than 1,000 components, or a tree of over 2,000,000 path components, is refused with its line instead of hanging; 1,000 deep renders")
    func pathDepthLimit() throws {
        let directory = try temporaryDirectory()
        func trace(depth: Int) -> String {
            let path = "[" + Array(repeating: "\"a\"", count: depth).joined(separator: ",") + "]"
            return #"{"type":"header","format":"restoretrace/1","clock":"tick"}"# + "\n"
                + #"{"seq":0,"ts":0,"ph":"i","kind":"launch"}"# + "\n"
                + #"{"seq":1,"ts":1,"ph":"i","kind":"exclude","path":\#(path),"reason":"x"}"# + "\n"
        }
        let deep = directory.appendingPathComponent("deep.jsonl")
        try write(trace(depth: 50_000), to: deep)
        for view in ["flow", "hierarchy", "locate"] {
            let run = try ExecutableRun.run(["render", deep.path, "--view", view])
            #expect(run.status == 2)
            #expect(run.standardError.contains("deep.jsonl:3: the path has 50000 components; diagrams draw paths of at most 1000"),
                    "\(run.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("deep.svg").path))
        let limit = directory.appendingPathComponent("limit.jsonl")
        try write(trace(depth: 1_000), to: limit)
        #expect(exitCode([limit.path, "--view", "hierarchy"]) == 0)

        // Many different deep paths: each within the depth limit, too many path components in all
        // (the 4th 1,000-deep path, on line 5, passes 2,000,000: 500,500 each).
        var many = #"{"type":"header","format":"restoretrace/1","clock":"tick"}"# + "\n"
        for index in 0..<60 {
            let path = "[\"Root\(index)\"," + Array(repeating: "\"a\"", count: 999).joined(separator: ",") + "]"
            many += #"{"seq":\#(index),"ts":\#(index),"ph":"i","kind":"exclude","path":\#(path),"reason":"x"}"# + "\n"
        }
        let wide = directory.appendingPathComponent("wide.jsonl")
        try write(many, to: wide)
        let run = try ExecutableRun.run(["render", wide.path, "--view", "hierarchy"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("wide.jsonl:5: the paths up to this line make an object tree of more than 2000000"),
                "\(run.standardError)")
    }

    @Test("a scenario asked for the flow view is an error that says to simulate it first")
    func scenarioHasNoFlow() throws {
        let directory = try temporaryDirectory()
        let scenario = directory.appendingPathComponent("app.json")
        try write(scenarioText, to: scenario)
        #expect(exitCode([scenario.path, "--view", "flow"]) == 2)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("app.svg").path))
    }

    @Test("a malformed trace exits 2 and leaves no output file, not even a partial one")
    func badInputLeavesNoFile() throws {
        let directory = try temporaryDirectory()
        let trace = directory.appendingPathComponent("bad.jsonl")
        try write(traceText.replacingOccurrences(of: #""ts":3,"#, with: #""ts":3,,"#), to: trace)
        #expect(exitCode([trace.path]) == 2)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0 != "bad.jsonl" }
        #expect(leftovers.isEmpty, "left behind: \(leftovers)")
    }

    @Test("an existing drawing survives a failed render untouched")
    func failedRenderKeepsPreviousOutput() throws {
        let directory = try temporaryDirectory()
        let output = directory.appendingPathComponent("trace.svg")
        try write("previous drawing", to: output)
        let trace = directory.appendingPathComponent("trace.jsonl")
        try write("{\"type\":\"header\",\"format\":\"restoretrace/9\",\"clock\":\"tick\"}\n", to: trace)
        #expect(exitCode([trace.path]) == 2)
        #expect(try String(contentsOf: output, encoding: .utf8) == "previous drawing")
    }

    @Test("-o - plans standard output, with the format from --format or SVG")
    func dashMeansStandardOutput() throws {
        let command = try RenderCommand.parse(["trace.jsonl", "-o", "-", "--format", "dot"])
        let plan = try command.makePlan()
        #expect(plan.count == 1)
        #expect(plan[0].output == nil)
        #expect(plan[0].format == .dot)
        #expect(try RenderCommand.parse(["trace.jsonl", "-o", "-"]).makePlan()[0].format == .svg)
    }

    @Test("-o /dev/null writes into the device instead of replacing it")
    func deviceOutput() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = directory.appendingPathComponent("run.jsonl")
        try write(traceText, to: trace)
        #expect(exitCode([trace.path, "--format", "svg", "-o", "/dev/null"]) == 0)
        var status = stat()
        #expect(stat("/dev/null", &status) == 0 && (status.st_mode & S_IFMT) == S_IFCHR)
    }

    @Test("default output names drop only the last extension")
    func outputStems() {
        #expect(RenderCommand.stem(of: "Traces/countries.jsonl") == "Traces/countries")
        #expect(RenderCommand.stem(of: "app.scenario.json") == "app.scenario")
        #expect(RenderCommand.stem(of: "noextension") == "noextension")
    }
}

@Suite("render: focus and the node budget")
struct RenderFocusCommandTests {
    static let countries = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Traces/countries.jsonl").path

    @Test("--focus, --only problems and --depth draw part of the trace, and say so in the title")
    func focusOptions() throws {
        let run = try ExecutableRun.run(["render", Self.countries, "--focus", "Tabs/CountryNav", "--depth", "1", "--view", "hierarchy",
                                         "-o", "-", "--format", "dot"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("focus Tabs/CountryNav · depth 1"))
        #expect(run.standardOutput.contains("CountryList"))
        #expect(!run.standardOutput.contains("CountryTable"), "two levels below the focus")
        #expect(!run.standardOutput.contains("SettingsNav"), "not in the focused subtree")
        let problems = try ExecutableRun.run(["render", Self.countries, "--only", "problems", "-o", "-", "--format", "dot"])
        #expect(problems.status == 0, "\(problems.standardError)")
        #expect(problems.standardOutput.contains("only problems"))
    }

    @Test("a focus path the trace does not hold, a negative depth, a bad --only: exit 2 with what to do")
    func focusErrors() throws {
        let missing = try ExecutableRun.run(["render", Self.countries, "--focus", "Tabs/Nope", "-o", "-", "--format", "dot"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("no object of the trace has the path Tabs/Nope"))
        #expect(missing.standardOutput.isEmpty)
        #expect(try ExecutableRun.run(["render", Self.countries, "--depth", "-1"]).status == 2)
        #expect(try ExecutableRun.run(["render", Self.countries, "--only", "everything"]).status == 2)
        let unquoted = try ExecutableRun.run(["render", Self.countries, "--focus", "Tabs/\"open"])
        #expect(unquoted.status == 2)
        #expect(unquoted.standardError.hasPrefix("restoretrace: --focus"))
    }

    @Test("--max-nodes 0 draws everything")
    func unlimited() throws {
        let run = try ExecutableRun.run(["render", Self.countries, "--max-nodes", "0", "-o", "-", "--format", "dot"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(!run.standardOutput.contains("(collapsed)"))
    }
}
