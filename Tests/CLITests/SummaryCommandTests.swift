// CLI tests of `restoretrace summary`: numbers against an independent pass over a generated
// trace's JSON lines, formats, standard input, and bad input with exit codes.

import Foundation
import Testing

/// Generated traces in a temporary directory, shared by the analysis command tests.
enum AnalysisFixtures {
    static let directory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("restoretrace-analysis-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// `restoretrace-bench generate --objects N --seed S` into a file; returns its path.
    static func generated(objects: Int, seed: Int, clock: String = "ns") throws -> String {
        let path = directory.appendingPathComponent("gen-\(objects)-\(seed)-\(clock).jsonl").path
        if FileManager.default.fileExists(atPath: path) { return path }
        let run = try ExecutableRun.run([
            "generate", "--objects", "\(objects)", "--seed", "\(seed)", "--clock", clock, "-o", path,
        ], executable: "restoretrace-bench")
        #expect(run.status == 0, "generate failed: \(run.standardError)")
        return path
    }

    /// A copy of `path` with its lines changed by `edit`; returns the new path.
    static func edited(_ path: String, name: String, _ edit: (inout [String]) -> Void) throws -> String {
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        edit(&lines)
        let out = directory.appendingPathComponent(name).path
        try (lines.joined(separator: "\n") + "\n").write(toFile: out, atomically: true, encoding: .utf8)
        return out
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }
}

@Suite struct SummaryCommandTests {
    /// Per-kind durations computed straight from the JSON lines, pairing B and E by span id.
    static func referenceDurations(_ path: String) throws -> [String: [Int64]] {
        var open: [Int64: (kind: String, ts: Int64)] = [:]
        var durations: [String: [Int64]] = [:]
        for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst() {
            let record = try AnalysisFixtures.json(String(line))
            guard let ph = record["ph"] as? String, let ts = (record["ts"] as? NSNumber)?.int64Value else { continue }
            let span = (record["span"] as? NSNumber)?.int64Value ?? -1
            if ph == "B" { open[span] = (record["kind"] as? String ?? "", ts) }
            if ph == "E", let begun = open.removeValue(forKey: span) {
                durations[begun.kind, default: []].append(ts - begun.ts)
            }
        }
        return durations.mapValues { $0.sorted() }
    }

    @Test("json counts, totals and maxima equal an independent pass; percentiles within 0.4%")
    func jsonMatchesReference() throws {
        let path = try AnalysisFixtures.generated(objects: 400, seed: 3)
        let run = try ExecutableRun.run(["summary", path, "--format", "json"])
        #expect(run.status == 0, "\(run.standardError)")
        let summary = try AnalysisFixtures.json(run.standardOutput)
        #expect(summary["clock"] as? String == "ns")
        let kinds = try #require(summary["kinds"] as? [String: [String: Any]])
        let reference = try Self.referenceDurations(path)
        #expect(Set(kinds.keys) == Set(reference.keys))
        for (kind, sorted) in reference {
            let row = try #require(kinds[kind])
            #expect((row["count"] as? NSNumber)?.intValue == sorted.count, "\(kind) count")
            #expect((row["total"] as? NSNumber)?.int64Value == sorted.reduce(0, +), "\(kind) total")
            #expect((row["max"] as? NSNumber)?.int64Value == sorted.last, "\(kind) max")
            for percentile in [50, 90, 95, 99] {
                let exact = sorted[max((percentile * sorted.count + 99) / 100, 1) - 1]
                let value = try #require((row["p\(percentile)"] as? NSNumber)?.int64Value)
                #expect(abs(Double(value - exact)) <= Double(exact) / 256 + 0.5, "\(kind) p\(percentile)")
            }
        }
    }

    @Test("text fits 100 columns and a trace cut off mid-run lists its unfinished spans first")
    func textUnfinishedFirst() throws {
        let path = try AnalysisFixtures.generated(objects: 120, seed: 4)
        let cut = try AnalysisFixtures.edited(path, name: "cut.jsonl") { lines in
            // Stop inside the last decode: keep everything up to its B record.
            if let index = lines.lastIndex(where: { $0.contains("\"ph\":\"B\"") && $0.contains("\"kind\":\"decode\"") }) {
                lines.removeSubrange((index + 1)...)
            }
        }
        let run = try ExecutableRun.run(["summary", cut, "--by", "path", "--top", "3"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("UNFINISHED: 2 spans never ended."))
        #expect(run.standardOutput.split(separator: "\n").allSatisfy { $0.count <= 100 })
        #expect(!run.standardOutput.contains("\u{1B}["), "no colour when stdout is not a terminal")
    }

    @Test("reads standard input with -, and the same input gives byte-identical output")
    func standardInputDeterministic() throws {
        let path = try AnalysisFixtures.generated(objects: 100, seed: 5)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let first = try ExecutableRun.run(["summary", "-", "--format", "markdown"], input: bytes)
        let second = try ExecutableRun.run(["summary", path, "--format", "markdown"])
        #expect(first.status == 0)
        #expect(first.standardOutput == second.standardOutput)
    }

    @Test("csv output has the documented header")
    func csv() throws {
        let path = try AnalysisFixtures.generated(objects: 50, seed: 6)
        let run = try ExecutableRun.run(["summary", path, "--format", "csv"])
        #expect(run.standardOutput.hasPrefix("scope,kind,group,count,total,mean,p50,p90,p95,p99,max\n"))
    }

    @Test("a missing file exits 2 and names the file")
    func missingFile() throws {
        let run = try ExecutableRun.run(["summary", "/nonexistent/trace.jsonl"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("/nonexistent/trace.jsonl"))
    }

    @Test("a malformed line exits 2 naming its line; --skip-bad-lines goes on with a warning")
    func malformedLine() throws {
        let path = try AnalysisFixtures.generated(objects: 50, seed: 7)
        let bad = try AnalysisFixtures.edited(path, name: "bad-line.jsonl") { lines in lines[5] = "{\"seq\": oops" }
        let run = try ExecutableRun.run(["summary", bad])
        #expect(run.status == 2)
        #expect(run.standardError.contains("bad-line.jsonl:6"))
        #expect(run.standardOutput.isEmpty)
        let skipping = try ExecutableRun.run(["summary", bad, "--skip-bad-lines", "--format", "json"])
        #expect(skipping.status == 0)
        let warnings = try AnalysisFixtures.json(skipping.standardOutput)["warnings"] as? [String: Any]
        // Line 6 was a span's B: its E on line 7 has no B left, and is skipped too (as validate would call it).
        #expect((warnings?["count"] as? NSNumber)?.intValue == 2)
        let first = warnings?["first"] as? [[String: Any]]
        #expect(first?.compactMap { ($0["line"] as? NSNumber)?.intValue } == [6, 7])
        #expect((first?.last?["message"] as? String)?.hasPrefix("\"E\" for span 3 (encode) but no \"B\" record began it") == true)
    }

    @Test("usage errors exit 2", arguments: [["--top", "-1"], ["--format", "yaml"], ["--by", "colour"]])
    func usageErrors(arguments: [String]) throws {
        let path = try AnalysisFixtures.generated(objects: 20, seed: 8)
        let run = try ExecutableRun.run(["summary", path] + arguments)
        #expect(run.status == 2)
    }

    @Test("a negative --top is read as a number and refused as one, not taken for a missing value")
    func negativeTop() throws {
        let path = try AnalysisFixtures.generated(objects: 20, seed: 8)
        let run = try ExecutableRun.run(["summary", path, "--top", "-1"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("--top must be 0 or more, got -1"))
    }
}
