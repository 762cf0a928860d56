// SimulateCommandTests: `restoretrace simulate` as a user runs it — the trace it writes, a crash
// during decode in the relaunch process, standard input and output, the archive directory, and
// bad scenarios or command lines (non-zero exit, the JSON path on stderr, no output file).

import Foundation
import Testing

@Suite("simulate: the command")
struct SimulateCommandTests {
    @Test("a scenario becomes one trace: header, preservation, then the relaunch's restoration, numbered continuously")
    func writesOneContinuousTrace() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("countries.jsonl")
        let result = try runRestoretrace(["simulate", "Traces/countries.scenario.json", "-o", output.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
        let data = try Data(contentsOf: output)
        let header = try #require(try JSONSerialization.jsonObject(
            with: Data(String(decoding: data, as: UTF8.self).split(separator: "\n")[0].utf8)) as? [String: Any])
        #expect(header["format"] as? String == "restoretrace/1")
        #expect(header["clock"] as? String == "ns")
        #expect(header["origin"] is String)
        #expect(header["scenario"] as? String == "countries")
        #expect((header["app"] as? [String: Any])?["bundleVersion"] as? String == "1.0")
        #expect((header["generator"] as? String)?.hasPrefix("restoretrace ") == true)

        let records = try traceRecords(data)
        #expect(records.map { ($0["seq"] as? Int) ?? -1 } == Array(0..<records.count))
        let kinds = records.map { $0["kind"] as? String ?? "" }
        for kind in ["willEncode", "encode", "archiveWrite", "archiveRead", "locate", "decode", "didDecode", "finishedRestoring"] {
            #expect(kinds.contains(kind), "no \(kind) record")
        }
        let preservationEnd = try #require(kinds.lastIndex(of: "preservation"))
        let restorationStart = try #require(kinds.firstIndex(of: "restoration"))
        #expect(preservationEnd < restorationStart)
        let timestamps = records.map { ($0["ts"] as? Int) ?? -1 }
        #expect(timestamps == timestamps.sorted(), "ns timestamps go backwards across the two processes")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["countries.jsonl"],
                "a temporary file was left beside the trace")
    }

    @Test("--clock tick writes no origin and ticks once per record")
    func tickClockHeader() throws {
        let result = try runRestoretrace(["simulate", "Traces/rule-03-relaunch-order.scenario.json", "-o", "-", "--clock", "tick"])
        #expect(result.status == 0)
        let firstLine = String(decoding: result.standardOutput, as: UTF8.self).split(separator: "\n")[0]
        #expect(!firstLine.contains("origin"))
        #expect(firstLine.contains(#""clock":"tick""#))
        for record in try traceRecords(result.standardOutput) {
            #expect(record["ts"] as? Int == record["seq"] as? Int)
        }
    }

    @Test("a crash during decode leaves the unfinished decode span on disk, and simulate says which object crashed")
    func crashDuringDecode() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("crash.jsonl")
        let result = try runRestoretrace(["simulate", "Traces/crash-during-decode.scenario.json", "-o", output.path, "--clock", "tick"])
        #expect(result.status == 0)
        #expect(result.standardError.contains("crashed inside the decode of Nav/Note (NoteViewController)"))
        #expect(result.standardError.contains("windows[0].root.children[1].restore.crashesDuringDecode"))
        #expect(result.standardError.contains("the trace ends with that unfinished decode span"))

        let records = try traceRecords(try Data(contentsOf: output))
        let last = try #require(records.last)
        #expect(last["kind"] as? String == "decode")
        #expect(last["ph"] as? String == "B")
        #expect(last["path"] as? [String] == ["Nav", "Note"])
        let span = try #require(last["span"] as? Int)
        #expect(!records.contains { $0["ph"] as? String == "E" && $0["span"] as? Int == span })
        #expect(!records.contains { $0["kind"] as? String == "finishedRestoring" })
    }

    @Test("--relaunch-after-crash launches once more: the archive is discarded because restoration crashed")
    func relaunchAfterCrash() throws {
        let result = try runRestoretrace(["simulate", "Traces/crash-during-decode.scenario.json", "-o", "-", "--clock", "tick",
                                          "--relaunch-after-crash"])
        #expect(result.status == 0)
        let records = try traceRecords(result.standardOutput)
        #expect(records.map { ($0["seq"] as? Int) ?? -1 } == Array(0..<records.count))
        let decodeIndex = try #require(records.firstIndex { $0["path"] as? [String] == ["Nav", "Note"] && $0["kind"] as? String == "decode" })
        let discard = try #require(records.firstIndex { $0["kind"] as? String == "discard" })
        #expect(decodeIndex < discard)
        #expect(records[discard]["reason"] as? String == "restorationFailed")
    }

    @Test("-o - writes the trace to standard output and - reads the scenario from standard input")
    func standardStreams() throws {
        let scenario = try Data(contentsOf: simulateRepositoryRoot.appendingPathComponent("Traces/countries.scenario.json"))
        let result = try runRestoretrace(["simulate", "-", "-o", "-", "--clock", "tick"], input: scenario)
        #expect(result.status == 0, "\(result.standardError)")
        let committed = try Data(contentsOf: simulateRepositoryRoot.appendingPathComponent("Traces/countries.jsonl"))
        #expect(result.standardOutput == committed)
    }

    @Test("--archive keeps the archive the relaunch read; without it the workspace under $TMPDIR/restoretrace-UID is removed")
    func archiveDirectory() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let archive = scratch.appendingPathComponent("kept/archive")
        let kept = try runRestoretrace(["simulate", "Traces/countries.scenario.json", "-o", "-", "--archive", archive.path])
        #expect(kept.status == 0)
        #expect(FileManager.default.fileExists(atPath: archive.appendingPathComponent("restoration.archive").path))

        let temporary = scratch.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let removed = try runRestoretrace(["simulate", "Traces/countries.scenario.json", "-o", "-"],
                                          environment: ["TMPDIR": temporary.path])
        #expect(removed.status == 0)
        let root = "restoretrace-\(getuid())"
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [root])
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.appendingPathComponent(root).path).isEmpty)
    }

    @Test("a bad scenario exits 2, names the file and JSON path on stderr, and writes no output file")
    func badScenario() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let scenario = scratch.appendingPathComponent("bad.scenario.json")
        try Data(#"{"format": "restoretrace-scenario/1", "windows": [{"root": {"class": "A", "kind": "navigation", "children": [{"class": 7}]}}]}"#.utf8)
            .write(to: scenario)
        let output = scratch.appendingPathComponent("bad.jsonl")
        let result = try runRestoretrace(["simulate", scenario.path, "-o", output.path])
        #expect(result.status == 2)
        #expect(result.standardError.contains("bad.scenario.json: windows[0].root.children[0].class: expected a string, found number"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["bad.scenario.json"])
    }

    @Test("malformed JSON on standard input is reported with its line and column")
    func malformedStandardInput() throws {
        let result = try runRestoretrace(["simulate", "-", "-o", "-"], input: Data("{\n  \"format\": }\n".utf8))
        #expect(result.status == 2)
        #expect(result.standardError.contains("<stdin>:2:13: malformed JSON"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test("a missing scenario file exits 2 and says so")
    func missingScenario() throws {
        let result = try runRestoretrace(["simulate", "Traces/no-such.scenario.json", "-o", "-"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("Traces/no-such.scenario.json: cannot read the scenario: no such file"))
    }

    @Test("an output in a directory that does not exist exits 2 before anything runs")
    func outputDirectoryMissing() throws {
        let result = try runRestoretrace(["simulate", "Traces/countries.scenario.json", "-o", "/nonexistent/dir/x.jsonl"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("/nonexistent/dir does not exist"))
    }

    @Test("usage errors exit 2: no -o, an unknown clock")
    func usageErrors() throws {
        let noOutput = try runRestoretrace(["simulate", "Traces/countries.scenario.json"])
        #expect(noOutput.status == 2)
        #expect(noOutput.standardError.contains("missing -o TRACE"))
        let badClock = try runRestoretrace(["simulate", "Traces/countries.scenario.json", "-o", "-", "--clock", "ms"])
        #expect(badClock.status == 2)
        #expect(badClock.standardError.contains("ms"))
        #expect(badClock.standardOutput.isEmpty)
    }

    @Test("--archive into a directory an earlier run used starts fresh: its crash marker does not leak")
    func reusedArchiveDirectory() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let archive = scratch.appendingPathComponent("archive").path
        let crashed = try runRestoretrace(["simulate", "Traces/crash-during-decode.scenario.json", "-o", "-", "--archive", archive])
        #expect(crashed.status == 0)
        let again = try runRestoretrace(["simulate", "Traces/countries.scenario.json", "-o", "-", "--clock", "tick", "--archive", archive])
        let committed = try Data(contentsOf: simulateRepositoryRoot.appendingPathComponent("Traces/countries.jsonl"))
        #expect(again.standardOutput == committed)
    }

    @Test("a relaunch process that fails unexpectedly exits 2, says so, and writes no output file")
    func relaunchFailure() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("trace.jsonl")
        let result = try runRestoretrace(["simulate", "Traces/countries.scenario.json", "-o", output.path],
                                         environment: ["RESTORETRACE_EXECUTABLE": "/bin/false"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("the relaunch process exited with status 1"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
    }

    @Test("a relaunch process that exits 0 without restoring is a failure, not a trace without its restoration")
    func relaunchThatDoesNothing() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("trace.jsonl")
        let result = try runRestoretrace(["simulate", "Traces/countries.scenario.json", "-o", output.path],
                                         environment: ["RESTORETRACE_EXECUTABLE": "/bin/true"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("does not end with its restoration span"))
        #expect(result.standardError.contains("/bin/true"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
    }

    @Test("--help documents the clock, the header, the crash and the exit codes")
    func help() throws {
        let result = try runRestoretrace(["simulate", "--help"])
        #expect(result.status == 0)
        let text = String(decoding: result.standardOutput, as: UTF8.self)
        for phrase in ["--clock", "--archive", "origin", "crashesDuringDecode", "Exit status", "restoretrace simulate Traces/countries.scenario.json"] {
            #expect(text.contains(phrase), "--help does not mention \(phrase)")
        }
    }
}
