// Rules 19–24 of spec SCENE_RULES.md (which machinery runs; sessions, scenes, discard), each
// shown through the trace.

import Foundation
import RestorationEngine
import Testing
import TraceFormat

@Suite("Scene rules: life cycle, sessions, discard")
struct SceneLifecycleRuleTests {
    @Test("rule 19: a scenario chooses its life cycle; a scene app saves per scene, an app without scenes runs rules 1–18")
    func rule19LifecycleIsChosenPerScenario() throws {
        let records = try SceneFixtures.run(SceneFixtures.mainSession)
        #expect(!records.of(.sceneConnect).isEmpty)
        #expect(records.of(.activitySave, phase: .end).count == 1)
        #expect(records.of(.shouldSave).isEmpty && records.of(.preservation).isEmpty)

        let appScenario = try SceneFixtures.load("""
            {"format": "restoretrace-scenario/1.1", "lifecycle": "app", "windows": [{"root": {"class": "V", "restorationIdentifier": "R"}}]}
            """)
        #expect(appScenario.lifecycle == .app && appScenario.scene == nil)
        #expect(throws: SceneScenarioSimulation.NotASceneScenario.self) {
            try SceneScenarioSimulation(scenario: appScenario, store: InMemorySceneStateStore()).run(recorder: InMemoryRecorder())
        }
    }

    @Test("rule 20: a scene app's view-controller tree is excluded as sceneLifecycle and no view-controller step runs")
    func rule20SceneAppRunsNoViewControllerWalk() throws {
        let records = try SceneFixtures.run(SceneFixtures.mainSession, extra: """
            "app": {"shouldSave": true, "state": {"old": 1}},
            "windows": [{"root": {"class": "UINavigationController", "kind": "navigation", "restorationIdentifier": "Nav",
                                  "children": [{"class": "ListViewController", "restorationIdentifier": "List"}]}}],
            """)
        // One exclusion of the tree per launch (the default round trip launches twice).
        let exclusions = records.of(.exclude)
        #expect(records.filter { $0.step == "didFinishLaunching" }.count == 2)
        #expect(exclusions.map(\.path) == [["Nav"], ["Nav"]])
        #expect(exclusions.map(\.reason) == [ExclusionReason.sceneLifecycle.rawValue, ExclusionReason.sceneLifecycle.rawValue])
        for kind in [RecordKind.shouldSave, .willEncode, .encode, .shouldRestore, .locate, .decode, .finishedRestoring, .didDecode] {
            #expect(records.of(kind).isEmpty, "\(kind) must not run in a scene app")
        }

        // Through the Swift API: the legacy delegate is never asked.
        final class LegacyDelegate: ApplicationDelegate {
            var asked = false
            func application(_ application: Application, shouldSaveApplicationState coder: StateCoder) -> Bool { asked = true; return true }
            func application(_ application: Application, shouldRestoreApplicationState coder: StateCoder) -> Bool { asked = true; return true }
        }
        let legacy = LegacyDelegate()
        let recorder = InMemoryRecorder()
        let system = SceneSystem(store: InMemorySceneStateStore(), recorder: recorder) {
            SceneApplication(sceneManifest: [SceneConfiguration { PlainSceneDelegate() }],
                             legacyApplication: Application(delegate: legacy, windows: [Window(rootViewController: ViewController(restorationIdentifier: "Root"))]))
        }
        system.launch()
        let scene = try #require(system.connectNewScene())
        system.moveToBackground(scene.session.persistentIdentifier)
        system.terminate()
        system.launch()
        #expect(!legacy.asked)
        #expect(recorder.records(kind: .exclude).map(\.path) == [["Root"], ["Root"]])
    }

    @Test("rule 21: a session's persistent identifier lasts across launches until the session is discarded")
    func rule21PersistentIdentifierOutlivesProcesses() throws {
        let records = try SceneFixtures.run(SceneFixtures.mainSession + """
            , "events": [{"event": "background", "session": "main"}, {"event": "systemKill"}, {"event": "relaunch"},
                         {"event": "background", "session": "main"}, {"event": "systemKill"}, {"event": "relaunch"}]
            """)
        let connects = records.of(.sceneConnect, phase: .begin)
        #expect(connects.map(\.session) == ["main", "main", "main"])
        #expect(connects.map { $0[attribute: "reason"]?.stringValue } == ["new", "launch", "launch"])
        #expect(records.of(.sceneConnect, phase: .end).last?[attribute: "sessionActivity"]?.stringValue == "com.example.viewing")
    }

    @Test("rule 22: openSessions holds connected and archived sessions; an archived one reconnects when selected")
    func rule22OpenSessionsHoldArchivedOnes() throws {
        let records = try SceneFixtures.run("""
            "supportsMultipleScenes": true,
            "sessions": [{"persistentIdentifier": "shown", "activity": {"type": "t"}},
                         {"persistentIdentifier": "card", "state": "archived", "activity": {"type": "t", "userInfo": {"doc": 7}}}],
            "events": [{"event": "reconnect", "session": "card"}]
            """)
        let reconnect = try #require(records.of(.sceneConnect, phase: .begin).last)
        #expect(reconnect.session == "card" && reconnect[attribute: "reason"]?.stringValue == "reconnect")
        #expect(records.of(.activityRead, phase: .end).filter { $0.session == "card" }.compactMap(\.result) == ["read"])

        let system = SceneSystem(store: InMemorySceneStateStore(), recorder: InMemoryRecorder()) {
            SceneApplication(sceneManifest: [SceneConfiguration { PlainSceneDelegate() }], supportsMultipleScenes: true)
        }
        system.launch()
        let scene = try #require(system.connectNewScene(persistentIdentifier: "A"))
        system.disconnectForMemory("A")
        let application = try #require(system.application)
        #expect(application.openSessions.map(\.persistentIdentifier) == ["A"])
        #expect(application.openSessions.first?.scene == nil && application.connectedScenes.isEmpty)
        _ = scene
    }

    @Test("rule 23: a memory disconnect keeps the session; reconnecting restores without a launch")
    func rule23MemoryDisconnectKeepsTheSession() throws {
        let records = try SceneFixtures.run(SceneFixtures.mainSession + """
            , "events": [{"event": "background", "session": "main"}, {"event": "memoryDisconnect", "session": "main"},
                         {"event": "reconnect", "session": "main"}]
            """)
        let disconnect = try #require(records.index { $0.kind == .sceneDisconnect })
        #expect(records[disconnect].reason == SceneDisconnectReason.memory.rawValue)
        let after = records[disconnect...]
        #expect(!after.contains { $0.kind == .launch }, "no didFinishLaunching: the process kept running")
        #expect(!after.contains { $0.kind == .sessionDiscard || $0.kind == .didDiscardSceneSessions })
        let reconnect = try #require(after.first { $0.kind == .sceneConnect && $0.phase == .end })
        #expect(reconnect[attribute: "sessionActivity"]?.stringValue == "com.example.viewing")
        #expect(reconnect[attribute: "sceneActivity"]?.stringValue == "com.example.viewing")
        // The session and its saved activity were in memory: nothing is read from disk.
        #expect(!after.contains { $0.kind == .activityRead })
    }

    @Test("rule 24: a switcher close discards the session and its files, then didDiscardSceneSessions; at the next launch when not running")
    func rule24DiscardDeletesAndTellsTheApp() throws {
        let store = InMemorySceneStateStore()
        let running = try SceneFixtures.run(SceneFixtures.mainSession + """
            , "events": [{"event": "background", "session": "main"}, {"event": "userClose", "session": "main"}]
            """, store: store)
        let disconnect = try #require(running.index { $0.kind == .sceneDisconnect })
        let discard = try #require(running.index { $0.kind == .sessionDiscard })
        let told = try #require(running.index { $0.kind == .didDiscardSceneSessions && $0.phase == .begin })
        #expect(disconnect < discard && discard < told)
        #expect(running[discard].reason == SessionDiscardReason.userClosed.rawValue)
        #expect(running[told][attribute: "deferredToLaunch"] == .bool(false))
        #expect(running[told][attribute: "sessions"] == .strings(["main"]))
        #expect(store.sessionsWithFiles.isEmpty, "the session's saved activity is deleted")

        let deferred = try SceneFixtures.run(SceneFixtures.mainSession + """
            , "events": [{"event": "background", "session": "main"}, {"event": "systemKill"},
                         {"event": "userClose", "session": "main"}, {"event": "relaunch"}]
            """)
        let closedWhileDead = try #require(deferred.index { $0.kind == .sessionDiscard })
        let didFinish = try #require(deferred.lastIndex { $0.step == "didFinishLaunching" })
        let deferredTold = try #require(deferred.index { $0.kind == .didDiscardSceneSessions && $0.phase == .begin })
        #expect(closedWhileDead < didFinish && didFinish < deferredTold)
        #expect(deferred[deferredTold][attribute: "deferredToLaunch"] == .bool(true))
        #expect(deferred.of(.sceneConnect).filter { $0.session == "main" }.count == 2, "connected once, never again")

        let requested = try SceneFixtures.run(SceneFixtures.mainSession + """
            , "events": [{"event": "destroyRequest", "session": "main"}]
            """)
        #expect(requested.of(.sceneDisconnect).map(\.reason) == [SceneDisconnectReason.requested.rawValue])
        #expect(requested.of(.sessionDiscard).map(\.reason) == [SessionDiscardReason.requested.rawValue])
        #expect(requested.of(.didDiscardSceneSessions, phase: .begin).count == 1)
    }
}

/// A scene delegate that keeps nothing: the API's defaults.
final class PlainSceneDelegate: SceneDelegate {}
