// CLI tests of `restoretrace explain`: the three formats on real traces, --path, standard input,
// --fail-on-problems, and every kind of bad input with its exit code and a message that says where.

import Foundation
import Testing

@Suite struct ExplainCommandTests {
    static let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Traces")
    static func trace(_ name: String) -> String { traces.appendingPathComponent(name + ".jsonl").path }

    @Test("text: the outcome, problems first with their chain and fix and trace lines, then restored objects")
    func text() throws {
        let run = try ExecutableRun.run(["explain", Self.trace("rule-17-stack-truncated")])
        #expect(run.status == 0)
        let out = run.standardOutput
        #expect(out.contains("Outcome: the relaunch read the archive and finished restoring (2 restored, 3 not restored)."))
        #expect(out.contains("Flow/Step2 (Step2ViewController) was not restored: no step of the relaunch search found it — it was\n"
            + "    pushed onto Flow (stack index 1)"))
        #expect(out.contains("  Trace lines 28, 30\n"))
        let problems = try #require(out.range(of: "NOT RESTORED (3)"))
        let restored = try #require(out.range(of: "RESTORED (2)\n\nFlow (UINavigationController): it existed at launch\n"))
        #expect(problems.lowerBound < restored.lowerBound)
        #expect(out.split(separator: "\n").allSatisfy { $0.count <= 100 }, "lines are wrapped at 100 columns")
        #expect(!out.contains("\u{1B}["), "no colour into a pipe")
    }

    @Test("json: the documented shape, one verdict per object, line numbers of the trace")
    func json() throws {
        let run = try ExecutableRun.run(["explain", Self.trace("exclude-not-found"), "--format", "json"])
        #expect(run.status == 0)
        let document = try AnalysisFixtures.json(run.standardOutput)
        #expect(document["format"] as? String == "restoretrace-explain/1")
        #expect(document["scenario"] as? String == "exclude-not-found")
        let run_ = try #require(document["run"] as? [String: Any])
        #expect(run_["outcome"] as? String == "restored")
        let counts = try #require(document["counts"] as? [String: Any])
        #expect(counts["notRestored"] as? Int == 1 && counts["restored"] as? Int == 1 && counts["verdicts"] as? Int == 2)
        let verdicts = try #require(document["verdicts"] as? [[String: Any]])
        let login = try #require(verdicts.first)
        #expect(login["path"] as? [String] == ["Home", "Login"])
        #expect(login["status"] as? String == "notRestored" && login["cause"] as? String == "notFound")
        #expect(login["lines"] as? [Int] == [20, 22])
        #expect((login["because"] as? [String])?.first == "it was presented by Home")
        #expect(login["source"] is NSNull)
        #expect(Set(login.keys) == ["path", "identifier", "class", "parent", "status", "cause", "reason", "foundBy", "summary",
                                    "because", "fix", "source", "lines"])
        #expect(verdicts.last?["foundBy"] as? String == "existing")
    }

    @Test("json: lifecycle and sessions only when the trace has them, with their documented members")
    func jsonLifecycleAndSessions() throws {
        func document(_ name: String) throws -> [String: Any] {
            let run = try ExecutableRun.run(["explain", Self.trace(name), "--format", "json"])
            #expect(run.status == 0)
            return try AnalysisFixtures.json(run.standardOutput)
        }
        let secure = try document("secure-coding-violation")
        let facts = try #require(secure["lifecycle"] as? [[String: Any]])
        #expect(facts.map { $0["topic"] as? String } == ["securePair", "secureCodingViolation", "secureCodingViolation"])
        #expect(Set(facts[1].keys) == ["topic", "path", "summary", "lines"])
        #expect(facts[1]["path"] as? [String] == ["Nav", "Gallery"] && facts[1]["lines"] as? [Int] == [9])
        #expect(secure["sessions"] == nil)
        let verdicts = try #require(secure["verdicts"] as? [[String: Any]])
        #expect(verdicts.filter { $0["cause"] as? String == "secureCodingViolation" }.count == 2)

        let scene = try document("scene-ipad-switcher-close")
        let sessions = try #require(scene["sessions"] as? [[String: Any]])
        #expect(sessions.map { $0["session"] as? String } == ["inbox", "draft", "thread", "archive"])
        let draft = sessions[1]
        #expect(Set(draft.keys) == ["session", "outcome", "summary", "because", "fix", "connects", "saves", "reads", "discards", "lines"])
        #expect(draft["outcome"] as? String == "discarded")
        #expect((draft["discards"] as? [[String: Any]])?.first?["reason"] as? String == "userClosed")
        #expect((draft["saves"] as? [[String: Any]])?.first?["meaning"] as? String == "saved")

        let plain = try document("countries")
        #expect(plain["lifecycle"] == nil && plain["sessions"] == nil)
    }

    @Test("text and markdown: the App life cycle section after the objects, in their style")
    func lifecycleSection() throws {
        let text = try ExecutableRun.run(["explain", Self.trace("rule-17-stack-truncated")]).standardOutput
        let restored = try #require(text.range(of: "RESTORED (2)"))
        let facts = try #require(text.range(of: "APP LIFE CYCLE (1)\n\nUIKit warning: UIKit logged \"Can't find Child View Controller at index 1"))
        #expect(restored.lowerBound < facts.lowerBound)
        let markdown = try ExecutableRun.run(["explain", Self.trace("developer-mode"), "--format", "markdown"]).standardOutput
        #expect(markdown.contains("## App life cycle (1)\n\n- **Developer mode:** developer mode (UIStateRestorationDeveloperMode) kept"))
    }

    @Test("markdown: headings per group, code spans for names, a table of restored objects")
    func markdown() throws {
        let run = try ExecutableRun.run(["explain", Self.trace("rule-06-no-identifier"), "--format", "markdown"])
        #expect(run.status == 0)
        let out = run.standardOutput
        #expect(out.hasPrefix("# restoretrace explain: `rule-06-no-identifier`\n"))
        #expect(out.contains("## Not restored (4)"))
        #expect(out.contains("- `ComposeViewController (no identifier, below Tabs)` was not preserved"))
        #expect(out.contains("- `Attachments (AttachmentsViewController, below Tabs)` was not preserved"))
        #expect(out.contains("| `Tabs` | `UITabBarController` | it existed at launch |"))
    }

    @Test("--path: the object and everything below it; a path written with quotes or as JSON")
    func path() throws {
        let run = try ExecutableRun.run(["explain", Self.trace("rule-13-restoration-class-nil"), "--path", "Nav/Order", "--format", "json"])
        #expect(run.status == 0)
        let verdicts = try #require(try AnalysisFixtures.json(run.standardOutput)["verdicts"] as? [[String: Any]])
        #expect(verdicts.map { $0["path"] as? [String] ?? [] } == [["Nav", "Order"], ["Nav", "Order", "Receipt"]])
        let quoted = try ExecutableRun.run(["explain", Self.trace("rule-13-restoration-class-nil"), "--path", #"["Nav","Order"]"#])
        #expect(quoted.status == 0 && quoted.standardOutput.contains("Nav/Order/Receipt"))
    }

    @Test("--path to no object is trouble (2), naming the paths that end the same way")
    func missingPath() throws {
        let run = try ExecutableRun.run(["explain", Self.trace("countries"), "--path", "CountryDetail"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("no object of the trace has the path CountryDetail; objects that end the same way: Tabs/CountryNav/CountryDetail"))
        let bad = try ExecutableRun.run(["explain", Self.trace("countries"), "--path", #"Tabs/"open"#])
        #expect(bad.status == 2)
        #expect(bad.standardError.contains("a quoted identifier has no closing quote"))
    }

    @Test("--fail-on-problems: 1 when an object was not restored, 0 when all were")
    func failOnProblems() throws {
        #expect(try ExecutableRun.run(["explain", Self.trace("exclude-not-found"), "--fail-on-problems"]).status == 1)
        #expect(try ExecutableRun.run(["explain", Self.trace("countries"), "--fail-on-problems"]).status == 0)
        // Narrowed to a subtree that is fine.
        #expect(try ExecutableRun.run(["explain", Self.trace("exclude-not-found"), "--path", "Home", "--fail-on-problems"]).status == 1)
        #expect(try ExecutableRun.run(["explain", Self.trace("rule-13-restoration-class-nil"), "--path", "Nav/Checkout",
                                       "--fail-on-problems"]).status == 0)
        // Without the flag, problems are not failures.
        #expect(try ExecutableRun.run(["explain", Self.trace("exclude-not-found")]).status == 0)
    }

    @Test("standard input is read as a trace")
    func standardInput() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.trace("exclude-not-found"))))
        let run = try ExecutableRun.run(["explain", "-"], input: bytes)
        #expect(run.status == 0)
        #expect(run.standardOutput.hasPrefix("<stdin> (scenario exclude-not-found)"))
    }

    @Test("missing input, a directory, a malformed line and a usage error are trouble (2), each said with where")
    func badInput() throws {
        let missing = try ExecutableRun.run(["explain", "/nonexistent/trace.jsonl"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("/nonexistent/trace.jsonl: cannot read the input: no such file"))
        let directory = try ExecutableRun.run(["explain", Self.traces.path])
        #expect(directory.status == 2 && directory.standardError.contains("it is a directory"))

        let broken = try AnalysisFixtures.edited(Self.trace("exclude-not-found"), name: "explain-broken.jsonl") { lines in
            lines[4] = #"{"seq":3,"ts":3,"ph":"E","span":2,"kind":"willEncode","bytes":217,"keys":[]"#
        }
        let malformed = try ExecutableRun.run(["explain", broken])
        #expect(malformed.status == 2)
        #expect(malformed.standardError.contains("explain-broken.jsonl:5:"), "names the file and line: \(malformed.standardError)")
        #expect(malformed.standardOutput.isEmpty)
        let skipped = try ExecutableRun.run(["explain", broken, "--skip-bad-lines"])
        #expect(skipped.status == 0)
        #expect(skipped.standardError.contains("explain-broken.jsonl:5:"), "the skipped line is a warning")
        #expect(skipped.standardOutput.contains("Home/Login (LoginViewController) was not restored"))

        let usage = try ExecutableRun.run(["explain", Self.trace("countries"), "--format", "yaml"])
        #expect(usage.status == 2)
        let none = try ExecutableRun.run(["explain"])
        #expect(none.status == 2)
    }

    @Test("an empty file and a file that is not a trace are trouble (2)")
    func notATrace() throws {
        let empty = AnalysisFixtures.directory.appendingPathComponent("explain-empty.jsonl").path
        try Data().write(to: URL(fileURLWithPath: empty))
        let run = try ExecutableRun.run(["explain", empty])
        #expect(run.status == 2 && !run.standardError.isEmpty)
        let text = AnalysisFixtures.directory.appendingPathComponent("explain-text.jsonl").path
        try Data("hello\n".utf8).write(to: URL(fileURLWithPath: text))
        let notTrace = try ExecutableRun.run(["explain", text])
        #expect(notTrace.status == 2 && notTrace.standardError.contains("explain-text.jsonl:1"))
    }

    @Test("a last line cut off mid-write is a warning; the verdicts before it stand")
    func cutOffLastLine() throws {
        let source = try String(contentsOfFile: Self.trace("crash-during-decode"), encoding: .utf8)
        let cut = AnalysisFixtures.directory.appendingPathComponent("explain-cut.jsonl").path
        try (source + #"{"seq":29,"ts":29,"ph":"B","span":15,"kind":"dec"#).write(toFile: cut, atomically: true, encoding: .utf8)
        let run = try ExecutableRun.run(["explain", cut])
        #expect(run.status == 0)
        #expect(run.standardError.contains("explain-cut.jsonl:31:"))
        #expect(run.standardOutput.contains("Nav/Note (NoteViewController) was not restored: the process stopped inside its"))
    }

    @Test("storyboards end to end: imported, simulated and explained, each verdict names its storyboard line")
    func storyboardsEndToEnd() throws {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func explained(_ storyboard: String) throws -> [[String: Any]] {
            let path = simulateRepositoryRoot.appendingPathComponent("Tests/StoryboardTests/Fixtures/\(storyboard).storyboard").path
            let scenario = directory.appendingPathComponent(storyboard + ".scenario.json").path
            let trace = directory.appendingPathComponent(storyboard + ".jsonl").path
            #expect(try runRestoretrace(["import", path, "--open", "CountryVCID", "-o", scenario]).status == 0)
            #expect(try runRestoretrace(["simulate", scenario, "--clock", "tick", "-o", trace]).status == 0)
            let run = try ExecutableRun.run(["explain", trace, "--format", "json"])
            #expect(run.status == 0)
            return try #require(try AnalysisFixtures.json(run.standardOutput)["verdicts"] as? [[String: Any]])
        }
        // The example app of seed 001: everything comes back, the capital through its storyboard ID.
        let restorer = try explained("Restorer-MainStoryboard")
        #expect(restorer.count == 7 && restorer.allSatisfy { $0["status"] as? String == "restored" })
        let capital = try #require(restorer.first { ($0["path"] as? [String])?.last == "CountryVCID" })
        #expect(capital["foundBy"] as? String == "storyboard")
        // Two mistakes: the settings stack is left out, the capital cannot be made; the storyboard says where.
        let mistakes = try explained("Restorer-TwoMistakes")
        let problems = mistakes.filter { $0["status"] as? String == "notRestored" }
        #expect(problems.map { $0["cause"] as? String ?? "" } == ["noRestorationIdentifier", "ancestorExcluded", "notFound"])
        let sources = problems.map { $0["source"] as? [String: Any] }
        #expect(sources.map { $0?["line"] as? Int } == [190, 77, 137])
        #expect(sources.map { $0?["id"] as? String } == ["hd0-3g-mQA", "k3p-EJ-PDh", "Acu-ec-qdP"])
        #expect(sources.allSatisfy { ($0?["file"] as? String)?.hasSuffix("Restorer-TwoMistakes.storyboard") == true })
        #expect((problems[2]["because"] as? [String])?.first == "it was pushed onto TabBarControllerID/CountryNCID (stack index 1)")
    }

    @Test("--help has examples and the exit codes")
    func help() throws {
        let run = try ExecutableRun.run(["explain", "--help"])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("restoretrace explain Traces/countries.jsonl"))
        #expect(run.standardOutput.contains("Exit status: 0 the trace was read"))
        #expect(run.standardOutput.contains("--fail-on-problems"))
    }
}
