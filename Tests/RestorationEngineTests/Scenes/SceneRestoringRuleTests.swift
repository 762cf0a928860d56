// Rules 31–39 and 52 of spec SCENE_RULES.md (restoring a scene; activities, windows,
// activation; the files on disk), each shown through the trace.

import Foundation
import RestorationEngine
import Testing
import TraceFormat

@Suite("Scene rules: restoring, windows, activation")
struct SceneRestoringRuleTests {
    @Test("rule 31: an event's activity in the connection options wins over the session's saved one")
    func rule31ConnectionActivityWins() throws {
        let records = try SceneFixtures.run(SceneFixtures.mainSession + """
            , "events": [{"event": "background", "session": "main"}, {"event": "systemKill"}, {"event": "relaunch", "sessions": []},
                         {"event": "reconnect", "session": "main", "activity": {"type": "com.example.search", "userInfo": {"q": "Oslo"}}}]
            """)
        let connect = try #require(records.of(.sceneConnect, phase: .end).last)
        #expect(connect[attribute: "sessionActivity"]?.stringValue == "com.example.viewing")
        #expect(connect[attribute: "connectionActivities"] == .strings(["com.example.search"]))
        #expect(connect[attribute: "sceneActivity"]?.stringValue == "com.example.search")
        // UIKit locates nothing in a scene app.
        #expect(records.of(.locate).isEmpty)
    }

    @Test("rule 32: on a locked device the saved activity is unavailable at connection and arrives at unlock, with no callback")
    func rule32LockedDeviceReadsLate() throws {
        let records = try SceneFixtures.run(SceneFixtures.mainSession + """
            , "events": [{"event": "background", "session": "main"}, {"event": "systemKill"}, {"event": "deviceLocked"},
                         {"event": "relaunch"}, {"event": "unlock"}]
            """)
        let read = try #require(records.of(.activityRead, phase: .end).last)
        #expect(read.result == ActivityReadResult.unavailable.rawValue)
        let connectEnd = try #require(records.lastIndex { $0.kind == .sceneConnect && $0.phase == .end })
        #expect(records[connectEnd][attribute: "sessionActivity"] == nil)
        let available = try #require(records.index { $0.kind == .activityAvailable })
        let unlock = try #require(records.index { $0.kind == .deviceLock && $0[attribute: "locked"] == .bool(false) })
        let restore = try #require(records.lastIndex { $0.kind == .restoreInteractionState && $0.phase == .begin })
        #expect(unlock < available && available < restore)
        #expect(records[available][attribute: "activityType"]?.stringValue == "com.example.viewing")
        // The scene waited in the background until unlock.
        #expect(records[connectEnd...].prefix(while: { $0.kind != .deviceLock }).allSatisfy { $0.callback != "sceneDidBecomeActive" })
    }

    @Test("rule 33: willConnect, sceneWillEnterForeground, restoreInteractionState, sceneDidBecomeActive — once per connection, not without an activity")
    func rule33RestoreInteractionStateOrder() throws {
        let records = try SceneFixtures.run(SceneFixtures.mainSession + """
            , "events": [{"event": "background", "session": "main"}, {"event": "systemKill"}, {"event": "relaunch"},
                         {"event": "background", "session": "main"}, {"event": "foreground", "session": "main"}]
            """)
        let launch = try #require(records.lastIndex { $0.step == "didFinishLaunching" })
        let tail = Array(records[launch...])
        let connect = try #require(tail.index { $0.kind == .sceneConnect && $0.phase == .end })
        let willEnter = try #require(tail.index { $0.callback == "sceneWillEnterForeground" })
        let restore = try #require(tail.index { $0.kind == .restoreInteractionState })
        let active = try #require(tail.index { $0.callback == "sceneDidBecomeActive" })
        #expect(connect < willEnter && willEnter < restore && restore < active)
        #expect(tail.of(.restoreInteractionState, phase: .begin).count == 1, "the second foreground does not call it again")
        // The first connection had no saved activity: no call.
        let first = records[..<launch]
        #expect(!first.contains { $0.kind == .restoreInteractionState })

        // Through the Swift API: the delegate receives the session's activity.
        let delegate = KeepingSceneDelegate()
        let system = SceneSystem(store: InMemorySceneStateStore(), recorder: InMemoryRecorder()) {
            SceneApplication(sceneManifest: [SceneConfiguration { delegate }], declaredActivityTypes: ["t"])
        }
        system.launch()
        system.connectNewScene(persistentIdentifier: "A")?.userActivity = UserActivity(activityType: "t")
        system.moveToBackground("A")
        system.terminate()
        system.launch()
        #expect(delegate.restoredWith == ["t"])
    }

    @Test("rule 34: extend and complete per scene; a crash in between discards that session's state")
    func rule34ExtendCompletePerScene() throws {
        let crashed = try SceneFixtures.run(SceneFixtures.mainSession + """
            , "events": [{"event": "background", "session": "main"}, {"event": "extendRestoration", "session": "main"},
                         {"event": "crash"}, {"event": "relaunch"}]
            """)
        #expect(crashed.filter { $0.kind.rawValue == "extendRestoration" }.map { $0[attribute: "depth"] } == [.int(1)])
        let discard = try #require(crashed.of(.discard).first)
        #expect(discard.reason == "restorationIncomplete" && discard.session == "main")
        #expect(crashed.of(.activityRead, phase: .end).last?.result == "missing")

        let balanced = try SceneFixtures.run(SceneFixtures.mainSession + """
            , "events": [{"event": "background", "session": "main"}, {"event": "extendRestoration", "session": "main"},
                         {"event": "completeRestoration", "session": "main"}, {"event": "completeRestoration", "session": "main"},
                         {"event": "crash"}, {"event": "relaunch"}]
            """)
        #expect(balanced.of(.discard).isEmpty)
        #expect(balanced.of(.error).map(\.message).first??.contains("without a matching extendStateRestoration") == true)
        #expect(balanced.of(.activityRead, phase: .end).last?.result == "read")

        let killed = try SceneFixtures.run(SceneFixtures.mainSession + """
            , "events": [{"event": "background", "session": "main"}, {"event": "extendRestoration", "session": "main"},
                         {"event": "systemKill"}, {"event": "relaunch"}]
            """)
        #expect(killed.of(.discard).isEmpty, "a clean end keeps the state (rule 45)")
    }

    @Test("rule 35: setting a responder's userActivity hands it over; an activity no responder holds is invalidated")
    func rule35RespondersHoldActivities() {
        let activity = UserActivity(activityType: "t")
        let first = Responder(responderName: "A")
        let second = Responder(responderName: "B")
        first.userActivity = activity
        second.userActivity = activity
        #expect(activity.responders.map(\.responderName) == ["A", "B"])
        first.userActivity = nil
        #expect(!activity.isInvalidated)
        second.userActivity = nil
        #expect(activity.isInvalidated && activity.responders.isEmpty)
    }

    @Test("rule 36: each window saves and restores on its own; closing one leaves the others; archived ones wait to be selected")
    func rule36MultipleWindowsAreIndependent() throws {
        let records = try SceneFixtures.run("""
            "supportsMultipleScenes": true,
            "sessions": [{"persistentIdentifier": "left", "activity": {"type": "t", "userInfo": {"doc": "a"}}},
                         {"persistentIdentifier": "right", "activity": {"type": "t", "userInfo": {"doc": "b"}}},
                         {"persistentIdentifier": "card", "state": "archived", "activity": {"type": "t", "userInfo": {"doc": "c"}}}],
            "events": [{"event": "background", "session": "left"}, {"event": "background", "session": "right"},
                       {"event": "userClose", "session": "left"}, {"event": "systemKill"}, {"event": "relaunch", "sessions": ["right"]},
                       {"event": "reconnect", "session": "card"}]
            """)
        #expect(records.of(.activitySave, phase: .end).map(\.session) == ["left", "right"], "closing a background scene saves nothing more")
        #expect(records.of(.sessionDiscard).map(\.session) == ["left"])
        let launch = try #require(records.lastIndex { $0.step == "didFinishLaunching" })
        let afterLaunch = records[launch...].filter { $0.kind == .sceneConnect && $0.phase == .end }
        #expect(afterLaunch.map(\.session) == ["right", "card"])
        #expect(afterLaunch.map { $0[attribute: "sessionActivity"]?.stringValue } == ["t", "t"])
        #expect(records[launch...].filter { $0.kind == .sceneConnect && $0.phase == .begin }.map { $0[attribute: "reason"]?.stringValue } == ["launch", "reconnect"])
    }

    @Test("rule 37: an event goes to a scene that prefers it, else one that can take it, else a new session with an error")
    func rule37ActivationConditions() throws {
        let records = try SceneFixtures.run("""
            "supportsMultipleScenes": true,
            "sessions": [{"persistentIdentifier": "inbox", "activity": {"type": "t"},
                          "activationConditions": {"canActivateFor": ["mail-*"], "prefersToActivateFor": []}},
                         {"persistentIdentifier": "draft", "activity": {"type": "t"},
                          "activationConditions": {"canActivateFor": ["mail-*"], "prefersToActivateFor": ["mail-42"]}}],
            "events": [{"event": "openEvent", "activity": {"type": "t", "targetContentIdentifier": "mail-42"}},
                       {"event": "openEvent", "activity": {"type": "t", "targetContentIdentifier": "mail-7"}},
                       {"event": "openEvent", "activity": {"type": "t", "targetContentIdentifier": "calendar-1"}}]
            """)
        let activations = records.of(.sceneActivate)
        #expect(activations.map(\.session) == ["draft", "inbox", "SESSION-1"])
        #expect(activations.map(\.via) == ["prefers", "can", "new"])
        #expect(activations.map { $0[attribute: "targetContentIdentifier"]?.stringValue } == ["mail-42", "mail-7", "calendar-1"])
        #expect(records.of(.error).count == 1)
        let newConnect = try #require(records.of(.sceneConnect, phase: .begin).last)
        #expect(newConnect.session == "SESSION-1" && newConnect[attribute: "reason"]?.stringValue == "event")
    }

    @Test("rule 38: interactionActivityTrackingBaseName and Handoff eligibility change nothing in restoration")
    func rule38SignpostNamesAreIgnored() throws {
        func run(named: Bool) throws -> [TraceRecord] {
            let recorder = InMemoryRecorder()
            let system = SceneSystem(store: InMemorySceneStateStore(), recorder: recorder) {
                SceneApplication(sceneManifest: [SceneConfiguration { KeepingSceneDelegate() }], declaredActivityTypes: ["t"])
            }
            system.launch()
            let scene = try #require(system.connectNewScene(persistentIdentifier: "A"))
            let viewController = Responder(responderName: "ListViewController")
            if named { viewController.interactionActivityTrackingBaseName = "List" }
            scene.responders = [viewController]
            let activity = UserActivity(activityType: "t")
            activity.isEligibleForHandoff = named
            scene.userActivity = activity
            viewController.userActivity = activity
            system.moveToBackground("A")
            system.terminate()
            system.launch()
            return recorder.records
        }
        #expect(try run(named: true) == run(named: false))
    }

    @Test("rule 39: closing in the switcher discards by default; the FB9855914 flag keeps the session and restores it")
    func rule39SwitcherCloseFlag() throws {
        let events = """
            , "events": [{"event": "userClose", "session": "main"}, {"event": "systemKill"}, {"event": "relaunch", "sessions": ["main"]}]
            """
        let documented = try SceneFixtures.run(SceneFixtures.mainSession + events)
        #expect(documented.of(.sessionDiscard).count == 1)
        #expect(documented.of(.sceneConnect, phase: .begin).count == 1, "the discarded session does not come back")

        let reported = try SceneFixtures.run(#""debug": {"switcherCloseKeepsState": true}, "# + SceneFixtures.mainSession + events)
        #expect(reported.of(.sessionDiscard).isEmpty)
        #expect(reported.of(.sceneDisconnect).first?[attribute: "sessionKept"] == .bool(true))
        #expect(reported.of(.sceneConnect, phase: .end).last?[attribute: "sessionActivity"]?.stringValue == "com.example.viewing")
    }

    @Test("rule 52: each session's state lives in its own directory beside KnownSceneSessions; no identifier reaches outside")
    func rule52FilesOnDisk() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scenes-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        let store = SceneStateDirectory(url: url)
        let system = SceneSystem(store: store, recorder: InMemoryRecorder()) {
            SceneApplication(sceneManifest: [SceneConfiguration { KeepingSceneDelegate() }], declaredActivityTypes: ["t"], supportsMultipleScenes: true)
        }
        system.launch()
        for identifier in ["main", "../escape", ".hidden"] {
            system.connectNewScene(persistentIdentifier: identifier)?.userActivity = UserActivity(activityType: "t", userInfo: ["id": .string(identifier)])
            system.moveToBackground(identifier)
        }
        system.terminate()
        let names = try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
        #expect(names == ["KnownSceneSessions", "main", SceneStateDirectory.directoryName(of: "../escape"), SceneStateDirectory.directoryName(of: ".hidden")].sorted())
        #expect(names.allSatisfy { !$0.hasPrefix(".") && !$0.contains("/") })
        #expect(FileManager.default.fileExists(atPath: url.appendingPathComponent("main/data.data").path))
        system.launch(reconnecting: ["../escape"])
        #expect(system.application?.session(withIdentifier: "../escape")?.stateRestorationActivity?.userInfo == ["id": .string("../escape")])
    }
}
