// CLI tests of the scene life cycle: `simulate` of a scene scenario (in-process, a valid trace
// whose header says lifecycle scene), `summary`'s per-session table, `render --view scene`.

import Foundation
import Testing

@Suite struct SceneCommandsTests {
    private var traces: URL { simulateRepositoryRoot.appendingPathComponent("Traces") }

    @Test("simulate plays a scene scenario into a valid trace whose records name their session")
    func simulateSceneScenario() throws {
        let output = AnalysisFixtures.directory.appendingPathComponent("scene-round-trip.jsonl").path
        let run = try ExecutableRun.run(["simulate", traces.appendingPathComponent("scene-round-trip.scenario.json").path,
                                         "-o", output, "--clock", "tick"])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
        #expect(lines.first?.contains(#""lifecycle":"scene""#) == true)
        let sceneKinds = ["sceneConnect", "sceneState", "activitySave", "activityUpdate", "activityWrite", "activityRead", "restoreInteractionState"]
        for line in lines.dropFirst() where sceneKinds.contains(where: { line.contains(#""kind":"\#($0)""#) }) {
            #expect(line.contains(#""session":"main""#), "\(line)")
        }
        let validate = try ExecutableRun.run(["validate", output])
        #expect(validate.status == 0, "\(validate.standardOutput)\(validate.standardError)")
    }

    @Test("summary of a scene trace ends with one row per session: connects, saves by result, reads, restores, discards")
    func summaryPerSession() throws {
        let run = try ExecutableRun.run(["summary", traces.appendingPathComponent("scene-ipad-switcher-close.jsonl").path])
        #expect(run.status == 0)
        let text = run.standardOutput
        #expect(text.contains("Sessions (scene life cycle)"))
        let draft = try #require(text.split(separator: "\n").first { $0.hasPrefix("  draft ") })
        #expect(draft.contains("written 1") && draft.contains("discard userClosed"))
        let markdown = try ExecutableRun.run(["summary", traces.appendingPathComponent("scene-nil-clears-unchanged-skips.jsonl").path,
                                              "--format", "markdown"])
        #expect(markdown.standardOutput.contains("| main | 2 | written 3, unchanged 1, cleared 1 |"))
    }

    @Test("render draws a scene trace as one lane per session by default, and any trace with --view scene")
    func renderSceneView() throws {
        let output = AnalysisFixtures.directory.appendingPathComponent("scenes.dot").path
        let run = try ExecutableRun.run(["render", traces.appendingPathComponent("scene-ipad-switcher-close.jsonl").path,
                                         "--format", "dot", "-o", output])
        #expect(run.status == 0, "\(run.standardError)")
        #expect((run.standardOutput + run.standardError).contains("scene view"))
        let dot = try String(contentsOfFile: output, encoding: .utf8)
        for session in ["inbox", "draft", "thread", "archive"] { #expect(dot.contains("session \(session)")) }
        #expect(dot.contains("didDiscardSceneSessions (deferred)"))
        let other = try ExecutableRun.run(["render", traces.appendingPathComponent("countries.jsonl").path, "--view", "scene",
                                           "--format", "dot", "-o", output])
        #expect(other.status == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("no scene sessions in this trace"))
    }

    @Test("explain says of each session whether its window came back with its state, and why not")
    func explainPerSession() throws {
        func explain(_ name: String) throws -> String {
            let run = try ExecutableRun.run(["explain", traces.appendingPathComponent("\(name).jsonl").path])
            #expect(run.status == 0, "\(run.standardError)")
            // Wrapped lines joined again: the tests read sentences.
            return run.standardOutput.replacingOccurrences(of: "\n    ", with: " ")
        }
        let undeclared = try explain("scene-undeclared-type")
        #expect(undeclared.contains("SCENE SESSIONS (1)\n\nSession main was not restored: its window came back without its state"))
        #expect(undeclared.contains("  Fix: add com.example.editing to the NSUserActivityTypes array of Info.plist."))
        #expect(undeclared.contains("  Connects: new (line 4), launch (line 19); saves: notPersisted = type not in NSUserActivityTypes, "
            + "not saved (line 10); reads: missing (line 20); discards: none."))
        #expect(try explain("scene-round-trip").contains("Session main was restored from its saved activity"))
        #expect(try explain("scene-nil-clears-unchanged-skips").contains("Session main was not restored: the activity was saved with a nil userInfo"))
        #expect(try explain("scene-locked-device").contains("Session main was restored late: the device was locked at connection"))
        #expect(try explain("scene-extend-crash").contains("crashed between extendStateRestoration and completeStateRestoration"))
        let ipad = try explain("scene-ipad-switcher-close")
        #expect(ipad.contains("Session draft was discarded: the user closed it in the app switcher"))
        #expect(ipad.contains("discards: userClosed (line 37)"))
        #expect(ipad.contains("Session archive was restored from its saved activity"))
        #expect(try explain("scene-memory-disconnect").contains("Session main was restored from the session kept in memory"))
        // Other traces are unchanged.
        let countries = try explain("countries")
        #expect(!countries.contains("SCENE SESSIONS") && !countries.contains("APP LIFE CYCLE"))
    }
}
