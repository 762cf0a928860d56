// Rules 25–30 of spec SCENE_RULES.md (saving a scene), each shown through the trace.

import RestorationEngine
import Testing
import TraceFormat

@Suite("Scene rules: saving")
struct SceneSavingRuleTests {
    @Test("rule 25: the delegate's activity is saved; nil deletes the saved one; without the method the session's property is saved")
    func rule25OptInAndNilClears() throws {
        let store = InMemorySceneStateStore()
        let records = try SceneFixtures.run(SceneFixtures.mainSession + """
            , "events": [{"event": "background", "session": "main"}, {"event": "foreground", "session": "main"},
                         {"event": "change", "session": "main", "activity": null}, {"event": "background", "session": "main"},
                         {"event": "systemKill"}, {"event": "relaunch"}]
            """, store: store)
        #expect(records.saveResults == ["written", "cleared"])
        #expect(records.of(.activitySave, phase: .end).compactMap { $0[attribute: "savedFrom"]?.stringValue } == ["stateRestorationActivity", "stateRestorationActivity"])
        #expect(records.of(.activityRead, phase: .end).last?.result == ActivityReadResult.missing.rawValue)

        let property = try SceneFixtures.run("""
            "sessions": [{"persistentIdentifier": "main", "stateRestorationActivity": "notImplemented",
                          "activity": {"type": "com.example.viewing", "userInfo": {"n": 1}}}]
            """)
        let save = try #require(property.of(.activitySave, phase: .end).first)
        #expect(save[attribute: "savedFrom"]?.stringValue == "sessionProperty" && save.result == "written")
        #expect(property.of(.sceneConnect, phase: .end).last?[attribute: "sessionActivity"]?.stringValue == "com.example.viewing")
    }

    @Test("rule 26: every background transition asks; an activity equal to the last one written is not written again")
    func rule26EveryBackgroundAsksAndUnchangedSkips() throws {
        let records = try SceneFixtures.run(SceneFixtures.mainSession + """
            , "events": [{"event": "background", "session": "main"}, {"event": "foreground", "session": "main"},
                         {"event": "background", "session": "main"}, {"event": "foreground", "session": "main"},
                         {"event": "change", "session": "main", "activity": {"type": "com.example.viewing", "userInfo": {"city": "Oslo"}}},
                         {"event": "background", "session": "main"}]
            """)
        #expect(records.saveResults == ["written", "unchanged", "written"])
        #expect(records.of(.activityWrite, phase: .begin).count == 2)
        // Each save follows its scene's sceneDidEnterBackground.
        let backgrounds = records.indices.filter { records[$0].callback == "sceneDidEnterBackground" }
        let saves = records.indices.filter { records[$0].kind == .activitySave && records[$0].phase == .begin }
        #expect(zip(backgrounds, saves).allSatisfy { $0 < $1 } && backgrounds.count == saves.count)
    }

    @Test("rule 27: userActivityWillSave, then updateUserActivityState on every responder sharing the activity; needsSave empties userInfo first")
    func rule27RespondersUpdateBeforeTheWrite() throws {
        func run(needsSave: Bool) throws -> [TraceRecord] {
            try SceneFixtures.run("""
                "sessions": [{"persistentIdentifier": "main",
                              "activity": {"type": "t", "userInfo": {"stale": 1}, "needsSave": \(needsSave)},
                              "responders": [{"name": "ListViewController", "userInfo": {"list": 1}},
                                             {"name": "DetailViewController", "userInfo": {"detail": 2}}]}]
                """)
        }
        let records = try run(needsSave: false)
        let save = try #require(records.index { $0.kind == .activitySave })
        let updates = records.of(.activityUpdate, phase: .begin)
        // The scene is a responder too (rule 35): it holds the activity first.
        #expect(updates.map { $0[attribute: "method"]?.stringValue } == ["userActivityWillSave"] + Array(repeating: "updateUserActivityState", count: 3))
        #expect(updates.map { $0[attribute: "responder"]?.stringValue }.dropFirst() == ["Scene", "ListViewController", "DetailViewController"])
        let write = try #require(records.index { $0.kind == .activityWrite })
        let lastUpdate = try #require(records.lastIndex { $0.kind == .activityUpdate })
        #expect(save < lastUpdate && lastUpdate < write)
        #expect(records.of(.activityUpdate, phase: .end).last?.keys == ["detail", "list", "stale"])
        // With needsSave the responders start from an empty userInfo.
        #expect(try run(needsSave: true).of(.activityUpdate, phase: .end).last?.keys == ["detail", "list"])
    }

    @Test("rule 28: only type, title and userInfo come back; a non-plist value fails the save and keeps the old file; a nil userInfo is not restored")
    func rule28WhatIsPersisted() throws {
        // Through the Swift API: targetContentIdentifier and Handoff do not survive.
        let store = InMemorySceneStateStore()
        let recorder = InMemoryRecorder()
        let delegate = KeepingSceneDelegate()
        let system = SceneSystem(store: store, recorder: recorder) {
            SceneApplication(sceneManifest: [SceneConfiguration { delegate }], declaredActivityTypes: ["t"])
        }
        system.launch()
        let scene = try #require(system.connectNewScene(persistentIdentifier: "A"))
        let activity = UserActivity(activityType: "t", title: "Title", userInfo: ["when": .date(3), "blob": .data([1, 2]), "link": .url("https://example.com"), "tags": .set([.string("a")])])
        activity.targetContentIdentifier = "doc-1"
        activity.isEligibleForHandoff = true
        scene.userActivity = activity
        system.moveToBackground("A")
        system.terminate()
        system.launch()
        let restored = try #require(system.application?.session(withIdentifier: "A")?.stateRestorationActivity)
        #expect(restored.activityType == "t" && restored.title == "Title")
        #expect(restored.userInfo == activity.userInfo)
        #expect(restored.targetContentIdentifier == nil && !restored.isEligibleForHandoff)

        let failed = try SceneFixtures.run(SceneFixtures.mainSession + """
            , "events": [{"event": "background", "session": "main"}, {"event": "foreground", "session": "main"},
                         {"event": "change", "session": "main", "activity": {"type": "com.example.viewing", "userInfo": {"photo": {"$class": "UIImage"}}}},
                         {"event": "background", "session": "main"}, {"event": "systemKill"}, {"event": "relaunch"}]
            """)
        #expect(failed.saveResults == ["written", "encodeFailed"])
        #expect(failed.of(.error).first?.message?.contains("UIImage is not a property-list type") == true)
        #expect(failed.of(.error).first?.session == "main")
        // The previous file is kept: the relaunch restores the first save.
        #expect(failed.of(.activityRead, phase: .end).last?.result == "read")

        let nilInfo = try SceneFixtures.run("""
            "sessions": [{"persistentIdentifier": "main", "activity": {"type": "t", "userInfo": null}}]
            """)
        #expect(nilInfo.saveResults == ["written"])
        #expect(nilInfo.of(.activityRead, phase: .end).last?.result == ActivityReadResult.noUserInfo.rawValue)
        #expect(nilInfo.of(.sceneConnect, phase: .end).last?[attribute: "sessionActivity"] == nil)
        let empty = try SceneFixtures.run("""
            "sessions": [{"persistentIdentifier": "main", "activity": {"type": "t", "userInfo": {}}}]
            """)
        #expect(empty.of(.activityRead, phase: .end).last?.result == "read")
    }

    @Test("rule 29: an activity type missing from NSUserActivityTypes is silently not persisted")
    func rule29UndeclaredTypeIsNotPersisted() throws {
        let records = try SceneFixtures.run("""
            "sessions": [{"persistentIdentifier": "main", "activity": {"type": "com.example.undeclared", "declared": false}}]
            """)
        #expect(records.saveResults == [ActivitySaveResult.notPersisted.rawValue])
        #expect(records.of(.activityWrite).isEmpty && records.of(.error).isEmpty)
        #expect(records.of(.activityRead, phase: .end).last?.result == "missing")
        let listed = try SceneFixtures.run("""
            "activityTypes": ["com.example.other"],
            "sessions": [{"persistentIdentifier": "main", "activity": {"type": "com.example.viewing"}}]
            """)
        #expect(listed.saveResults == ["notPersisted"])
    }

    @Test("rule 30: session.userInfo is saved when it is a property list, and comes back at relaunch; otherwise an error")
    func rule30SessionUserInfo() throws {
        let store = InMemorySceneStateStore()
        let records = try SceneFixtures.run("""
            "sessions": [{"persistentIdentifier": "main", "userInfo": {"productID": 42}, "activity": {"type": "t"}}]
            """, store: store)
        let writes = records.of(.activityWrite, phase: .begin).compactMap { $0[attribute: "file"]?.stringValue }
        #expect(writes == ["data.data", "userInfo.data"])
        #expect(records.of(.activityRead, phase: .begin).compactMap { $0[attribute: "file"]?.stringValue } == ["userInfo.data", "data.data"])
        #expect(try store.read(.userInfo, session: "main") == Array(#"{"productID":42}"#.utf8))

        let invalid = try SceneFixtures.run("""
            "sessions": [{"persistentIdentifier": "main", "userInfo": {"window": {"$class": "UIWindow"}}, "activity": {"type": "t"}}]
            """)
        #expect(invalid.of(.error).map(\.message).first??.hasPrefix("session.userInfo.window: UIWindow") == true)
        #expect(!invalid.of(.activityWrite, phase: .begin).contains { $0[attribute: "file"]?.stringValue == "userInfo.data" })
    }
}

/// A delegate that returns `scene.userActivity`, as Apple's sample does.
final class KeepingSceneDelegate: SceneDelegate {
    var restoredWith: [String] = []
    func stateRestorationActivity(for scene: Scene) -> UserActivity? { scene.userActivity }
    func scene(_ scene: Scene, restoreInteractionStateWith stateRestorationActivity: UserActivity) {
        restoredWith.append(stateRestorationActivity.activityType)
    }
}
