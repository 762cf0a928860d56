// explain's App life cycle and Scene sessions sections, read from the samples of Traces/ (real
// `simulate` output): each topic of AppLifecycleFact, each session's steps and verdict, the
// three formats, and traces without any that say nothing more.

import Foundation
import Testing
import TraceAnalysis
import TraceFormat

@Suite("explain: the app life cycle and scene sessions")
struct LifecycleExplanationTests {
    static func lifecycle(_ name: String) throws -> LifecycleExplanation {
        let document = try TraceDocument.load(path: VerdictTraces.directory.appendingPathComponent(name + ".jsonl").path)
        return LifecycleExplanation(header: try #require(document.header),
                                    records: zip(document.recordLines, document.records).map { ($0, $1) })
    }

    static func facts(_ name: String, _ topic: AppLifecycleFact.Topic) throws -> [AppLifecycleFact] {
        try lifecycle(name).facts.filter { $0.topic == topic }
    }

    @Test("the secure pair, and each encode and decode secure coding refused, with the key, the class and the rule")
    func secureCoding() throws {
        let pair = try #require(try Self.facts("secure-coding-violation", .securePair).first)
        #expect(pair.lines == [3, 20])
        let violations = try Self.facts("secure-coding-violation", .secureCodingViolation)
        #expect(violations.map(\.path) == [["Nav", "Gallery"], ["Nav", "Editor"]])
        #expect(violations[0].summary.contains("key \"photo\" (class UIImage)") && violations[0].summary.contains("rule 42"))
        #expect(violations[1].summary.contains("key \"buffer\" (class NSMutableData)") && violations[1].summary.contains("rule 41"))
        #expect(violations.map(\.lines) == [[9], [33]])
    }

    @Test("only the deprecated pair: a fact, and UIKit's deprecation warnings")
    func legacyPair() throws {
        let facts = try Self.lifecycle("secure-pair-legacy-warning").facts
        #expect(facts.contains { $0.topic == .legacyPair && $0.summary.contains("deprecated pair") })
        #expect(facts.filter { $0.topic == .warning }.allSatisfy { $0.summary.contains("is deprecated") })
        #expect(facts.contains { $0.topic == .warning })
    }

    @Test("deferred restoration: the counter left above zero, then the crash that discards the saved state")
    func deferredRestorationCrash() throws {
        let facts = try Self.lifecycle("deferred-restoration-crash").facts
        let counter = try #require(facts.first { $0.topic == .deferredRestoration })
        #expect(counter.summary.contains("extendStateRestoration() 2 times, completeStateRestoration() once"))
        #expect(counter.summary.contains("the counter was left at 1"))
        let discarded = try #require(facts.first { $0.topic == .restorationIncomplete })
        #expect(discarded.summary.contains("crashed after extendStateRestoration()"))
        #expect(facts.firstIndex { $0.topic == .deferredRestoration }! < facts.firstIndex { $0.topic == .restorationIncomplete }!)
    }

    @Test("deferred restoration: balanced, and an unmatched complete that UIKit ignored")
    func deferredRestorationCounter() throws {
        let counter = try #require(try Self.facts("deferred-restoration-counter", .deferredRestoration).first)
        #expect(counter.summary.contains("(1 unmatched, ignored: rule 45)"))
        #expect(counter.summary.contains("the counter went back to 0"))
    }

    @Test("registered objects: the path through the restorationParent and how each was found")
    func registeredObjects() throws {
        let facts = try Self.facts("registered-object-parents", .registeredObject)
        let draft = try #require(facts.first { $0.path == ["Tabs", "Inbox", "Draft"] })
        #expect(draft.summary.contains("restorationParent Tabs/Inbox"))
        #expect(draft.summary.contains("objectRestorationClass DraftRestorer made it"))
        // Found registered without a restorationParent: what apps did before rules 48–51, nothing to add
        // (the report of an app that uses none of it stays as it was).
        #expect(!facts.contains { $0.path == ["Search"] })
        let stale = try #require(facts.first { $0.path == ["Stale"] })
        #expect(stale.summary.contains("StaleRestorer returned nil"))
        let lost = try #require(facts.first { $0.path == ["Lost"] })
        #expect(lost.summary.contains("nothing was registered with its identifier"))
    }

    @Test("developer mode, the snapshot request and rule 55's stack-truncation warning")
    func developerModeSnapshotWarning() throws {
        #expect(try Self.facts("developer-mode", .developerMode).first?.summary.contains("\"forceQuit\"") == true)
        let truncated = try #require(try Self.facts("rule-17-stack-truncated", .warning).first)
        #expect(truncated.summary.contains("Can't find Child View Controller at index 1 with identifier Step2, truncating child array"))
        #expect(truncated.path == ["Flow"])
        let names = try VerdictTraces.names()
        let snapshots = try names.flatMap { try Self.facts($0, .ignoreSnapshot) }
        #expect(snapshots.contains { $0.summary.contains("was honoured") })
        #expect(snapshots.contains { $0.summary.contains("was ignored") })
    }

    @Test("scene sessions: connects, saves with their result and meaning, reads, discards, the verdict and the lines")
    func sessions() throws {
        let undeclared = try #require(try Self.lifecycle("scene-undeclared-type").sessions.first)
        #expect(undeclared.session == "main" && undeclared.verdict.outcome == .notRestored)
        #expect(undeclared.connects.map(\.value) == ["new", "launch"])
        #expect(undeclared.saves.map(\.value) == ["notPersisted"] && undeclared.saves[0].line == 10)
        #expect(SessionExplanation.meaning(ofSave: "notPersisted") == "type not in NSUserActivityTypes, not saved")
        #expect(undeclared.history.hasPrefix("Connects: new (line 4), launch (line 19); saves: notPersisted"))
        let ipad = try Self.lifecycle("scene-ipad-switcher-close").sessions
        #expect(ipad.map(\.session) == ["inbox", "draft", "thread", "archive"])
        let draft = try #require(ipad.first { $0.session == "draft" })
        #expect(draft.verdict.outcome == .discarded && draft.discards.map(\.value) == ["userClosed"])
        let crash = try Self.lifecycle("scene-extend-crash")
        #expect(crash.sessions.first?.discards.map(\.value) == ["restorationIncomplete"])
        #expect(crash.facts.contains { $0.topic == .deferredRestoration && $0.summary.hasPrefix("scene session main: ") })
    }

    @Test("text, Markdown and JSON carry both sections; a trace without any says nothing more")
    func formats() throws {
        let name = "secure-coding-violation"
        let verdicts = try VerdictTraces.verdicts(name)
        let lifecycle = try Self.lifecycle(name)
        let text = String(decoding: ExplainTextFormat().render(verdicts, name: name, lifecycle: lifecycle), as: UTF8.self)
        #expect(text.contains("\nAPP LIFE CYCLE (3)\n\nSecure coding: the app implements the secure pair"))
        #expect(text.contains("  Trace line 9\n"))
        let markdown = String(decoding: ExplainTextFormat(style: .markdown).render(verdicts, name: name, lifecycle: lifecycle), as: UTF8.self)
        #expect(markdown.contains("\n## App life cycle (3)\n\n- **Secure coding:** the app implements"))
        let json = try #require(try JSONSerialization.jsonObject(
            with: Data(ExplainJSONFormat.render(verdicts, name: name, lifecycle: lifecycle))) as? [String: Any])
        let facts = try #require(json["lifecycle"] as? [[String: Any]])
        #expect(facts.map { $0["topic"] as? String } == ["securePair", "secureCodingViolation", "secureCodingViolation"])
        #expect(json["sessions"] == nil)

        let scene = try Self.lifecycle("scene-undeclared-type")
        let sceneVerdicts = try VerdictTraces.verdicts("scene-undeclared-type")
        let sceneJSON = try #require(try JSONSerialization.jsonObject(
            with: Data(ExplainJSONFormat.render(sceneVerdicts, name: "s", lifecycle: scene))) as? [String: Any])
        let sessions = try #require(sceneJSON["sessions"] as? [[String: Any]])
        #expect(sessions.first?["outcome"] as? String == "notRestored")
        #expect((sessions.first?["saves"] as? [[String: Any]])?.first?["meaning"] as? String == "type not in NSUserActivityTypes, not saved")

        let plain = try Self.lifecycle("countries")
        #expect(plain.isEmpty)
        let countries = try VerdictTraces.verdicts("countries")
        #expect(ExplainTextFormat().render(countries, name: "c", lifecycle: plain) == ExplainTextFormat().render(countries, name: "c"))
        let plainJSON = try #require(try JSONSerialization.jsonObject(
            with: Data(ExplainJSONFormat.render(countries, name: "c", lifecycle: plain))) as? [String: Any])
        #expect(plainJSON["lifecycle"] == nil && plainJSON["sessions"] == nil)
    }

    @Test("the quick check finds every sample with something to say, and passes over a trace without")
    func mayHaveFacts() throws {
        for name in try VerdictTraces.names() {
            let bytes = try [UInt8](Data(contentsOf: VerdictTraces.directory.appendingPathComponent(name + ".jsonl")))
            if !(try Self.lifecycle(name)).isEmpty { #expect(LifecycleExplanation.mayHaveFacts(bytes), "\(name)") }
        }
        let countries = try [UInt8](Data(contentsOf: VerdictTraces.directory.appendingPathComponent("countries.jsonl")))
        #expect(!LifecycleExplanation.mayHaveFacts(countries))
    }
}
