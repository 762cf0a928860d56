// The scene consumers' models on hand-made records: SceneSummaryBuilder (sessions, unattributed
// scene records, the app's life cycle), the summary formats' new members only when present,
// SessionDiff's regressions, and the export tracks, profiles and OTLP attributes per session.

import Foundation
import Testing
@testable import TraceAnalysis
import TraceFormat

@Suite struct SceneConsumerModelTests {
    /// Records with consecutive seq and ts, spans numbered as they begin.
    struct Records {
        var records: [TraceRecord] = []
        var nextSpan: Int64 = 1
        var ts: Int64 = 0

        mutating func begin(_ kind: RecordKind, _ attributes: [String: JSONValue] = [:], at time: Int64? = nil) -> Int64 {
            let span = nextSpan
            nextSpan += 1
            append(.begin, kind, span: span, attributes, at: time)
            return span
        }

        mutating func end(_ span: Int64, _ kind: RecordKind, _ attributes: [String: JSONValue] = [:], at time: Int64? = nil) {
            append(.end, kind, span: span, attributes, at: time)
        }

        mutating func instant(_ kind: RecordKind, _ attributes: [String: JSONValue] = [:]) {
            append(.instant, kind, span: nil, attributes, at: nil)
        }

        private mutating func append(_ phase: Phase, _ kind: RecordKind, span: Int64?, _ attributes: [String: JSONValue], at time: Int64?) {
            ts = time ?? ts + 1
            let members = attributes.sorted { $0.key < $1.key }.map { TraceAttribute($0.key, $0.value) }
            records.append(TraceRecord(seq: Int64(records.count), ts: ts, phase: phase, span: span, kind: kind, attributes: members))
        }
    }

    static let sceneHeader = TraceHeader(clock: "tick", scenario: "model", extra: [JSONMember("lifecycle", "scene")])

    /// Session `main`: connects, saves twice (written, notPersisted), is killed, reconnects at
    /// launch, reads its activity back and restores; session `side` is discarded; one
    /// `sceneState` names no session.
    static func sceneRecords() -> [TraceRecord] {
        var r = Records()
        let connect = r.begin(.sceneConnect, ["session": "main", "reason": "new"], at: 0)
        r.end(connect, .sceneConnect, ["session": "main"], at: 2)
        let save = r.begin(.activitySave, ["session": "main"], at: 10)
        let update = r.begin(.activityUpdate, ["session": "main"], at: 11)
        r.end(update, .activityUpdate, ["session": "main"], at: 12)
        r.end(save, .activitySave, ["session": "main", "result": "written"], at: 15)
        let second = r.begin(.activitySave, ["session": "main"], at: 20)
        r.end(second, .activitySave, ["session": "main", "result": "notPersisted"], at: 21)
        let side = r.begin(.sceneConnect, ["session": "side", "reason": "new"], at: 22)
        r.end(side, .sceneConnect, ["session": "side"], at: 23)
        r.instant(.sceneDisconnect, ["session": "side", "reason": "userClosed"])
        r.instant(.sessionDiscard, ["session": "side", "reason": "userClosed"])
        r.instant(.sceneState, ["callback": "sceneDidBecomeActive"])
        r.instant(.processExit, ["reason": "systemKill"])
        r.instant(.launch, ["step": "didFinishLaunching"])
        let relaunch = r.begin(.sceneConnect, ["session": "main", "reason": "launch"], at: 40)
        let read = r.begin(.activityRead, ["session": "main", "file": "data.data"], at: 41)
        r.end(read, .activityRead, ["session": "main", "result": "read", "activityType": "com.example.viewing"], at: 43)
        let userInfo = r.begin(.activityRead, ["session": "main", "file": "userInfo.data"], at: 44)
        r.end(userInfo, .activityRead, ["session": "main", "result": "read"], at: 45)
        r.end(relaunch, .sceneConnect, ["session": "main"], at: 46)
        let restore = r.begin(.restoreInteractionState, ["session": "main"], at: 47)
        r.end(restore, .restoreInteractionState, ["session": "main"], at: 50)
        r.instant(.error, ["session": "main", "message": "something"])
        return r.records
    }

    static func builder(_ records: [TraceRecord]) -> SceneSummaryBuilder {
        var builder = SceneSummaryBuilder()
        for record in records { builder.add(record) }
        return builder
    }

    static func summary(_ header: TraceHeader, _ records: [TraceRecord]) -> TraceSummary {
        var statistics = TraceStatistics(header: header)
        for record in records { statistics.add(record) }
        var summary = statistics.summary()
        builder(records).complete(&summary)
        return summary
    }

    @Test("a session whose records leave out their reason, result or via: summary and the timeline explain tells from say the same word")
    func missingFieldsSameWord() {
        var r = Records()
        let connect = r.begin(.sceneConnect, ["session": "s"])
        r.end(connect, .sceneConnect, ["session": "s"])
        r.instant(.sceneActivate, ["session": "s"])
        let save = r.begin(.activitySave, ["session": "s"])
        r.end(save, .activitySave, ["session": "s"])
        let read = r.begin(.activityRead, ["session": "s", "file": "data.data"])
        r.end(read, .activityRead, ["session": "s"])
        r.instant(.sceneDisconnect, ["session": "s"])
        r.instant(.sessionDiscard, ["session": "s"])
        r.instant(.discard, ["session": "s"])
        r.instant(.processExit)
        let word = TraceStatistics.unspecified
        let summary = Self.builder(r.records).sessionSummaries[0]
        #expect(summary.connects.map(\.name) == [word] && summary.saves.map(\.name) == [word])
        #expect(summary.reads.map(\.name) == [word] && summary.disconnects.map(\.name) == [word])
        #expect(summary.discards.map(\.name) == [word] && summary.stateDiscards.map(\.name) == [word])
        #expect(Self.builder(r.records).appLifecycle.processExits.map(\.name) == [word])
        var timeline = SceneTimeline()
        for record in r.records { timeline.add(record) }
        let details = Dictionary(timeline.sessions[0].steps.map { ($0.kind, $0.detail) }) { first, _ in first }
        #expect(details[.connect] == word && details[.save] == word && details[.read] == word)
        #expect(details[.disconnect] == word && details[.discard] == word && details[.discardState] == word)
        #expect(details[.activate] == "activate via " + word)
        #expect(timeline.processSteps.map(\.label) == ["exit: " + word])
    }

    @Test("sessions: connects by reason, saves in order, the activity's reads, restores, discards, errors and outermost time")
    func sessionSummaries() throws {
        let builder = Self.builder(Self.sceneRecords())
        let sessions = builder.sessionSummaries
        #expect(sessions.map(\.identifier) == ["main", "side"])
        let main = sessions[0]
        #expect(main.connects == [.init(name: "new", count: 1), .init(name: "launch", count: 1)])
        #expect(main.saves == [.init(name: "written", count: 1), .init(name: "notPersisted", count: 1)])
        #expect(main.saveResults == ["written", "notPersisted"])
        #expect(main.reads == [.init(name: "read", count: 1)], "the userInfo file read well: not counted")
        #expect(main.restores == 1)
        #expect(main.errors == 1)
        // connect 2 + save 5 (its update is inside) + save 1 + relaunch connect 6 (reads inside) + restore 3
        #expect(main.timeSpent == 2 + 5 + 1 + 6 + 3)
        #expect(main.lastEnd == nil)
        let side = sessions[1]
        #expect(side.discards == [.init(name: "userClosed", count: 1)])
        #expect(side.disconnects == [.init(name: "userClosed", count: 1)])
        #expect(side.lastEnd == "discard userClosed")
        #expect(builder.unattributedSceneRecords == 1)
        #expect(builder.appLifecycle.launches == 1)
        #expect(builder.appLifecycle.processExits == [.init(name: "systemKill", count: 1)])
    }

    @Test("the app's life cycle: secure and old pair, warnings, violations, extend/complete, ignoreSnapshot, developer mode")
    func appLifecycle() throws {
        var r = Records()
        r.instant(.shouldSave, ["result": true, "secure": true])
        r.instant(.shouldRestore, ["result": true, "secure": false])
        r.instant(.warning, ["message": "deprecated"])
        let encode = r.begin(.encode)
        r.end(encode, .encode, ["result": "secureCodingViolation"])
        let decode = r.begin(.decode)
        r.end(decode, .decode, ["result": "secureCodingViolation"])
        r.instant(.extendRestoration, ["depth": 1])
        r.instant(.extendRestoration, ["depth": 2])
        r.instant(.completeRestoration, ["depth": 1])
        r.instant(.completeRestoration, ["depth": 0, "ignored": true])
        r.instant(.ignoreSnapshot, ["honoured": true])
        r.instant(.ignoreSnapshot, ["honoured": false])
        r.instant(.discardSuppressed, ["reason": "forceQuit"])
        r.instant(.deviceLock, ["locked": true])
        r.instant(.deviceLock, ["locked": false])
        let discarded = r.begin(.didDiscardSceneSessions, [
            "session": "x", "sessions": .array([.string("x"), .string("y")]), "deferredToLaunch": true,
        ])
        r.end(discarded, .didDiscardSceneSessions, ["session": "x"])
        let summary = Self.summary(TraceHeader(clock: "tick"), r.records)
        let app = try #require(summary.appLifecycle) as AppLifecycleSummary?
        #expect(summary.secureCodingViolations == 2)
        #expect(app?.securePairCalls == 1 && app?.legacyPairCalls == 1 && app?.warnings == 1)
        #expect(app?.encodeViolations == 1 && app?.decodeViolations == 1)
        #expect(app?.extendCalls == 2 && app?.completeCalls == 2 && app?.ignoredCalls == 1 && app?.deepestExtension == 2)
        #expect(app?.ignoreSnapshotHonoured == 1 && app?.ignoreSnapshotIgnored == 1)
        #expect(app?.discardsSuppressed == [.init(name: "forceQuit", count: 1)])
        #expect(app?.deviceLocks == 1 && app?.deviceUnlocks == 1)
        #expect(app?.deferredSessionDiscards == 2, "both sessions the deferred call names")
        #expect(summary.sessions?.map(\.identifier) == ["x"], "didDiscardSceneSessions is a session's record")
    }

    @Test("a secure-coding violation alone brings the app-life-cycle section; a plain trace has neither section")
    func sectionsOnlyWhenPresent() throws {
        var plain = Records()
        let encode = plain.begin(.encode)
        plain.end(encode, .encode)
        plain.instant(.shouldSave, ["result": true, "secure": true])
        let summary = Self.summary(TraceHeader(clock: "tick"), plain.records)
        #expect(summary.sessions == nil && summary.appLifecycle == nil)
        let json = String(decoding: SummaryJSONFormat.render(summary), as: UTF8.self)
        #expect(!json.contains("\"sessions\"") && !json.contains("\"appLifecycle\"") && !json.contains("unattributedSceneRecords"))
        #expect(!SummaryCSVFormat.render(summary).contains("session"))
        #expect(!SummaryTextFormat().render(summary).contains("App life cycle"))

        var violation = Records()
        let decode = violation.begin(.decode)
        violation.end(decode, .decode, ["result": "secureCodingViolation"])
        let withViolation = Self.summary(TraceHeader(clock: "tick"), violation.records)
        #expect(withViolation.appLifecycle?.decodeViolations == 1)
        #expect(withViolation.sessions == nil)
    }

    @Test("a scene header alone makes an empty sessions list; scene kinds without the header make sessions too")
    func sessionsTrigger() {
        let empty = Self.summary(Self.sceneHeader, [])
        #expect(empty.sessions == [])
        let withoutHeader = Self.summary(TraceHeader(clock: "tick"), Self.sceneRecords())
        #expect(withoutHeader.sessions?.map(\.identifier) == ["main", "side"])
        #expect(withoutHeader.unattributedSceneRecords == 1)
    }

    @Test("summary formats: JSON members, CSV rows, text and Markdown sections of sessions and the app's life cycle")
    func summaryFormats() throws {
        let summary = Self.summary(Self.sceneHeader, Self.sceneRecords())
        let document = try #require(try JSONSerialization.jsonObject(with: Data(SummaryJSONFormat.render(summary))) as? [String: Any])
        let sessions = try #require(document["sessions"] as? [[String: Any]])
        #expect(sessions.map { $0["session"] as? String } == ["main", "side"])
        #expect(sessions[0]["saves"] as? [String: Int] == ["written": 1, "notPersisted": 1])
        #expect(sessions[0]["restores"] as? Int == 1)
        #expect(sessions[0]["timeSpent"] as? Int == 17)
        #expect(sessions[1]["lastEnd"] as? String == "discard userClosed")
        #expect(document["unattributedSceneRecords"] as? Int == 1)
        let app = try #require(document["appLifecycle"] as? [String: Any])
        #expect(app["processExits"] as? [String: Int] == ["systemKill": 1])

        let csv = SummaryCSVFormat.render(summary).split(separator: "\n").map(String.init)
        #expect(csv.contains("session,activitySave written,main,1,,,,,,,"))
        #expect(csv.contains("session,activitySave notPersisted,main,1,,,,,,,"))
        #expect(csv.contains("session,timeSpent,main,,17,,,,,,"))
        #expect(csv.contains("session,sessionDiscard userClosed,side,1,,,,,,,"))
        #expect(csv.contains("session,unattributed,,1,,,,,,,"))
        #expect(csv.contains("appLifecycle,processExit systemKill,,1,,,,,,,"))
        #expect(csv.allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == SummaryCSVFormat.columns.count })

        let text = SummaryTextFormat(maxWidth: 200).render(summary)
        let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("  main ") })
        #expect(row.contains("written 1, notPersisted 1") && row.contains("read 1"))
        #expect(text.contains("1 scene record names no session"))
        #expect(text.contains("App life cycle") && text.contains("systemKill 1"))
        let markdown = SummaryTextFormat(style: .markdown).render(summary)
        #expect(markdown.contains("| side | 1 | - | - | 0 | discard userClosed | 0 | 1 |"))
    }

    @Test("a state discard of a session shows beside how it ended")
    func stateDiscard() throws {
        var r = Self.Records()
        let connect = r.begin(.sceneConnect, ["session": "main", "reason": "new"])
        r.end(connect, .sceneConnect, ["session": "main"])
        r.instant(.discard, ["session": "main", "reason": "restorationIncomplete"])
        let summary = Self.summary(Self.sceneHeader, r.records)
        #expect(summary.sessions?.first?.stateDiscards == [.init(name: "restorationIncomplete", count: 1)])
        #expect(SummaryTextFormat().render(summary).contains("state discarded: restorationIncomplete"))
    }

    // MARK: - diff

    static func session(_ name: String, restores: Int64 = 0, reads: [String: Int64] = [:], saves: [String] = []) -> SessionSummary {
        var session = SessionSummary(identifier: name)
        session.restores = restores
        session.reads = reads.sorted { $0.key < $1.key }.map { .init(name: $0.key, count: $0.value) }
        session.saveResults = saves
        return session
    }

    @Test("session diff: a missing session, fewer restores or reads, a save that no longer keeps state are regressions")
    func sessionDiffRegressions() {
        let a = [
            Self.session("main", restores: 1, reads: ["read": 1], saves: ["written", "unchanged"]),
            Self.session("gone", saves: ["written"]),
        ]
        let b = [
            Self.session("main", restores: 0, reads: ["noUserInfo": 1], saves: ["written", "notPersisted", "written"]),
            Self.session("new"),
        ]
        let diff = SessionDiff(a, b)
        #expect(diff.onlyInA == ["gone"])
        #expect(diff.onlyInB == ["new"])
        #expect(diff.restoreChanges.count == 1 && diff.restoreChanges[0].isRegression)
        #expect(diff.saveChanges.map(\.number) == [2, 3])
        #expect(diff.saveChanges.map(\.isRegression) == [true, false])
        #expect(diff.regressions == [
            "session missing: gone",
            "session main restored less: restores 1 → 0, reads read 1 → noUserInfo 1",
            "session main save 2: unchanged → notPersisted",
        ])
    }

    @Test("session diff: better saves and more restores are changes, not regressions; TraceDiff counts them only with sessions")
    func sessionDiffImprovements() {
        let a = [Self.session("main", restores: 0, reads: ["missing": 1], saves: ["notPersisted"])]
        let b = [Self.session("main", restores: 1, reads: ["read": 1], saves: ["written"])]
        let diff = SessionDiff(a, b)
        #expect(diff.restoreChanges.count == 1 && !diff.restoreChanges[0].isRegression)
        #expect(diff.saveChanges.count == 1 && !diff.saveChanges[0].isRegression)
        #expect(diff.regressions.isEmpty)

        let outcomes = TraceOutcomes(header: TraceHeader(clock: "tick"))
        let plain = TraceDiff(outcomes, outcomes)
        #expect(plain.sessions == nil)
        #expect(!String(decoding: TraceDiffFormat.json(plain, nameA: "a", nameB: "b"), as: UTF8.self).contains("\"sessions\""))
        let scenes = TraceDiff(outcomes, outcomes, sessionsA: [Self.session("main")], sessionsB: [])
        #expect(scenes.isRegression)
        #expect(scenes.regressions == ["session missing: main"])
        #expect(TraceDiffFormat.text(scenes, nameA: "a", nameB: "b").contains("Sessions only in A\n  main"))
    }

    // MARK: - exports

    static func export(_ format: ExportFormat, _ records: [TraceRecord]) throws -> [UInt8] {
        let output = MemoryOutput()
        var exporter = try format.exporter(header: sceneHeader, output: output)
        for record in records { try exporter.add(record) }
        try exporter.finish()
        return output.bytes
    }

    @Test("chrome: each session on its own tid from 4, named `session ID`; records without a session stay on tid 3")
    func chromeSessionTracks() throws {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(Self.export(.chrome, Self.sceneRecords()))) as? [String: Any])
        let events = try #require(document["traceEvents"] as? [[String: Any]])
        let names = events.filter { $0["name"] as? String == "thread_name" }
            .compactMap { ($0["tid"] as? Int ?? -1, ($0["args"] as? [String: Any])?["name"] as? String ?? "") }
        #expect(names.map(\.0) == [4, 5, 3])
        #expect(names.map(\.1) == ["session main", "session side", "outside phases"])
        for event in events where event["ph"] as? String == "X" || event["ph"] as? String == "i" {
            let session = (event["args"] as? [String: Any])?["session"] as? String
            let tid = event["tid"] as? Int
            #expect(tid == (session == "main" ? 4 : session == "side" ? 5 : 3), "\(event)")
        }
    }

    @Test("chrome: the fast line scanner reads session as the full reader does")
    func chromeScannerSession() throws {
        var line = Array(#"{"seq":3,"ts":3,"ph":"i","kind":"sceneState","session":"main","state":"background"}"#.utf8)
        let record = try #require(line.withUnsafeMutableBufferPointer { ChromeLineScanner.parse(UnsafeBufferPointer($0)) })
        #expect(record.session == "main")
        #expect(String(decoding: record.attributesText, as: UTF8.self) == #","session":"main","state":"background""#)
        var number = Array(#"{"seq":3,"ts":3,"ph":"i","kind":"sceneState","session":7}"#.utf8)
        let other = try #require(number.withUnsafeMutableBufferPointer { ChromeLineScanner.parse(UnsafeBufferPointer($0)) })
        #expect(other.session == nil, "a session that is not a string names no track, as TraceRecord's stringValue")
    }

    @Test("speedscope: one profile per session")
    func speedscopeProfiles() throws {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(Self.export(.speedscope, Self.sceneRecords()))) as? [String: Any])
        let profiles = try #require(document["profiles"] as? [[String: Any]])
        #expect(profiles.compactMap { $0["name"] as? String } == ["restoretrace model · session main", "restoretrace model · session side"])
    }

    @Test("otlp: restoretrace.session once per span, parents only within the session")
    func otlpSession() throws {
        var r = Records()
        let save = r.begin(.activitySave, ["session": "a"])
        r.instant(.sceneState, ["session": "b", "state": "background"])
        let update = r.begin(.activityUpdate, ["session": "a"])
        r.end(update, .activityUpdate, ["session": "a"])
        r.end(save, .activitySave, ["session": "a", "result": "written"])
        let text = String(decoding: try Self.export(.otlp, r.records), as: UTF8.self)
        let line = try #require(text.split(separator: "\n").first)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let spans = try #require(((((document["resourceSpans"] as? [[String: Any]])?.first?["scopeSpans"] as? [[String: Any]])?.first)?["spans"] as? [[String: Any]]))
        func attributes(_ span: [String: Any]) -> [String] { (span["attributes"] as? [[String: Any]] ?? []).compactMap { $0["key"] as? String } }
        for span in spans {
            #expect(attributes(span).filter { $0 == "restoretrace.session" }.count == 1, "\(span)")
        }
        let saveSpan = try #require(spans.first { $0["name"] as? String == "activitySave" })
        let updateSpan = try #require(spans.first { $0["name"] as? String == "activityUpdate" })
        let stateSpan = try #require(spans.first { $0["name"] as? String == "sceneState" })
        #expect(updateSpan["parentSpanId"] as? String == saveSpan["spanId"] as? String)
        #expect(stateSpan["parentSpanId"] == nil, "session b's instant is not a child of session a's save")
    }
}
