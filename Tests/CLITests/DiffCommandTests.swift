// CLI tests of `restoretrace diff`: exit 0 without regression, 1 with one (or a bad trace),
// 2 for usage errors; JSON output shape.

import Foundation
import Testing

@Suite struct DiffCommandTests {
    @Test("a trace compared with itself has no regression")
    func identical() throws {
        let path = try AnalysisFixtures.generated(objects: 100, seed: 21)
        let run = try ExecutableRun.run(["diff", path, path])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.contains("\nNo regression: "))
    }

    @Test("an object whose locate no longer finds it is a regression (exit 1), named in JSON")
    func lostObject() throws {
        let path = try AnalysisFixtures.generated(objects: 100, seed: 22)
        var lostPath = ""
        let after = try AnalysisFixtures.edited(path, name: "lost.jsonl") { lines in
            // Turn the first successful locate into a failed one, and drop that object's decode.
            guard let index = lines.firstIndex(where: {
                $0.contains("\"ph\":\"E\"") && $0.contains("\"kind\":\"locate\"") && $0.contains("\"result\":\"found\"")
            }) else { return }
            lines[index] = lines[index].replacingOccurrences(of: "\"result\":\"found\"", with: "\"result\":\"nil\"")
            if let record = try? AnalysisFixtures.json(lines[index]), let path = record["path"] as? [String] {
                lostPath = path.joined(separator: "/")
                let pathJSON = "\"path\":[" + path.map { "\"\($0)\"" }.joined(separator: ",") + "]"
                lines.removeAll { $0.contains("\"kind\":\"decode\"") && $0.contains(pathJSON) }
            }
        }
        let run = try ExecutableRun.run(["diff", path, after, "--format", "json"])
        #expect(run.status == 1)
        let report = try AnalysisFixtures.json(run.standardOutput)
        #expect(report["regression"] as? Bool == true)
        let lost = (report["restored"] as? [String: Any])?["onlyInA"] as? [[String]]
        #expect(lost?.map { $0.joined(separator: "/") } == [lostPath])
    }

    @Test("usage errors exit 2", arguments: [["-", "-"], ["a.jsonl", "b.jsonl", "--threshold", "-5"]])
    func usageErrors(arguments: [String]) throws {
        let run = try ExecutableRun.run(["diff"] + arguments)
        #expect(run.status == 2)
    }

    @Test("a missing trace is trouble (exit 2), never a regression, and is named")
    func missingTrace() throws {
        let path = try AnalysisFixtures.generated(objects: 20, seed: 23)
        let run = try ExecutableRun.run(["diff", path, "/nonexistent/b.jsonl"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("/nonexistent/b.jsonl"))
    }
}
