// Scenario errors for every field of the scene section (restoretrace-scenario/1.1), each naming
// its JSON path, and hostile values: huge userInfo, deep property lists, non-plist types,
// 10,000 sessions.

import RestorationEngine
import Testing
import TraceFormat

@Suite("Scene scenario errors and hostile values")
struct SceneScenarioErrorTests {
    /// The message the loader gives for a scene scenario around `scene`, or nil when it loads.
    private func message(_ scene: String, extra: String = "") -> String? {
        do {
            _ = try SceneFixtures.load(SceneFixtures.json(scene, extra: extra))
            return nil
        } catch {
            return "\(error)"
        }
    }

    static let cases: [(scene: String, extra: String, expected: String)] = [
        (#""sessions": [], "supportsMultipleScenes": 1"#, "", "scene.supportsMultipleScenes: expected true or false"),
        (#""sessions": [], "activityTypes": [1]"#, "", "scene.activityTypes[0]: expected a string"),
        (#""sessions": [], "debug": {"switcherCloseKeepsState": "yes"}"#, "", "scene.debug.switcherCloseKeepsState: expected true or false"),
        (#""sessions": [], "debug": {"developerModes": true}"#, "", "scene.debug.developerModes: unknown field"),
        (#""sesions": []"#, "", #"scene.sesions: unknown field; did you mean "sessions"?"#),
        (#""events": []"#, "", "scene.sessions: required field is missing"),
        (#""sessions": {}"#, "", "scene.sessions: expected an array of sessions"),
        (#""sessions": [{}]"#, "", "scene.sessions[0].persistentIdentifier: required field is missing"),
        (#""sessions": [{"persistentIdentifier": ""}]"#, "", "scene.sessions[0].persistentIdentifier: \"\" is not allowed here"),
        (#""sessions": [{"persistentIdentifier": "a"}, {"persistentIdentifier": "a"}]"#, "", "scene.sessions[1].persistentIdentifier: another session already has"),
        (#""sessions": [{"persistentIdentifier": "a", "role": "window"}]"#, "", "scene.sessions[0].role: \"window\" is not allowed here"),
        (#""sessions": [{"persistentIdentifier": "a", "configuration": 3}]"#, "", "scene.sessions[0].configuration: expected a string"),
        (#""sessions": [{"persistentIdentifier": "a", "state": "gone"}]"#, "", "scene.sessions[0].state: \"gone\" is not allowed here"),
        (#""sessions": [{"persistentIdentifier": "a", "userInfo": [1]}]"#, "", "scene.sessions[0].userInfo: expected an object (a dictionary) or null"),
        (#""sessions": [{"persistentIdentifier": "a", "userInfo": {"d": {"$date": "x"}}}]"#, "", "scene.sessions[0].userInfo.d.$date: expected seconds since 1970"),
        (#""sessions": [{"persistentIdentifier": "a", "userInfo": {"d": {"$tag": 1}}}]"#, "", "scene.sessions[0].userInfo.d.$tag: unknown tag"),
        (#""sessions": [{"persistentIdentifier": "a", "activity": {}}]"#, "", "scene.sessions[0].activity.type: required field is missing"),
        (#""sessions": [{"persistentIdentifier": "a", "activity": {"type": ""}}]"#, "", "scene.sessions[0].activity.type: \"\" is not allowed here"),
        (#""sessions": [{"persistentIdentifier": "a", "activity": {"type": "t", "title": 1}}]"#, "", "scene.sessions[0].activity.title: expected a string or null"),
        (#""sessions": [{"persistentIdentifier": "a", "activity": {"type": "t", "declared": "no"}}]"#, "", "scene.sessions[0].activity.declared: expected true or false"),
        (#""sessions": [{"persistentIdentifier": "a", "activity": {"type": "t", "needsSave": 0}}]"#, "", "scene.sessions[0].activity.needsSave: expected true or false"),
        (#""sessions": [{"persistentIdentifier": "a", "activity": {"type": "t", "isEligibleForHandoff": 0}}]"#, "", "scene.sessions[0].activity.isEligibleForHandoff: expected true or false"),
        (#""sessions": [{"persistentIdentifier": "a", "activity": {"type": "t", "targetContentIdentifier": 0}}]"#, "", "scene.sessions[0].activity.targetContentIdentifier: expected a string or null"),
        (#""sessions": [{"persistentIdentifier": "a", "activity": {"type": "t", "userinfo": {}}}]"#, "", #"scene.sessions[0].activity.userinfo: unknown field; did you mean "userInfo"?"#),
        (#""sessions": [{"persistentIdentifier": "a", "stateRestorationActivity": "maybe"}]"#, "", "scene.sessions[0].stateRestorationActivity: \"maybe\" is not allowed here"),
        (#""sessions": [{"persistentIdentifier": "a", "responders": [3]}]"#, "", "scene.sessions[0].responders[0]: expected a responder name or"),
        (#""sessions": [{"persistentIdentifier": "a", "responders": [{"userInfo": {}}]}]"#, "", "scene.sessions[0].responders[0].name: required field is missing"),
        (#""sessions": [{"persistentIdentifier": "a", "responders": [{"name": "V", "extra": 1}]}]"#, "", "scene.sessions[0].responders[0].extra: unknown field"),
        (#""sessions": [{"persistentIdentifier": "a", "activationConditions": {"canActivateFor": "x"}}]"#, "", "scene.sessions[0].activationConditions.canActivateFor: expected an array of strings"),
        (#""sessions": [{"persistentIdentifier": "a", "activationConditions": {"prefers": []}}]"#, "", "scene.sessions[0].activationConditions.prefers: unknown field"),
        (#""sessions": [{"persistentIdentifier": "a"}, {"persistentIdentifier": "b"}]"#, "", "scene.sessions: more than one session is connected"),
        (#""sessions": [], "events": {}"#, "", "scene.events: expected an array of events"),
        (#""sessions": [], "events": [{}]"#, "", "scene.events[0].event: required field is missing"),
        (#""sessions": [], "events": [{"event": "sleep"}]"#, "", "scene.events[0].event: \"sleep\" is not allowed here"),
        (#""sessions": [], "events": [{"event": "background"}]"#, "", "scene.events[0].session: required field is missing"),
        (#""sessions": [], "events": [{"event": "systemKill", "session": "a"}]"#, "", "scene.events[0].session: \"systemKill\" is not about one session"),
        (#""sessions": [], "events": [{"event": "background", "session": "a", "activity": {"type": "t"}}]"#, "", "scene.events[0].activity: \"background\" takes no activity"),
        (#""sessions": [], "events": [{"event": "openEvent"}]"#, "", "scene.events[0].activity: required field is missing"),
        (#""sessions": [], "events": [{"event": "relaunch", "sessionUserInfo": {}}]"#, "", "scene.events[0].sessionUserInfo: only \"change\""),
        (#""sessions": [], "events": [{"event": "systemKill", "sessions": []}]"#, "", "scene.events[0].sessions: only \"relaunch\""),
        (#""sessions": [], "events": [{"event": "relaunch", "sessions": [1]}]"#, "", "scene.events[0].sessions[0]: expected a string"),
        (#""sessions": [], "events": [{"event": "relaunch", "when": 1}]"#, "", "scene.events[0].when: unknown field"),
        (#""sessions": [], "windowz": 1"#, "", "scene.windowz: unknown field"),
    ]

    @Test("every field of the scene section is checked, and the message names its JSON path", arguments: cases.indices)
    func fieldErrorsNameTheirPath(index: Int) {
        let (scene, extra, expected) = Self.cases[index]
        let text = message(scene, extra: extra)
        #expect(text?.contains("test.scenario.json: " + expected) == true, "\(text ?? "loaded") should contain \(expected)")
    }

    @Test("lifecycle and scene need format 1.1, need each other, and lifecycle takes app or scene")
    func lifecycleAndFormat() throws {
        func load(_ text: String) -> String? {
            do { _ = try SceneFixtures.load(text); return nil } catch { return "\(error)" }
        }
        #expect(load(#"{"format": "restoretrace-scenario/1", "lifecycle": "scene", "scene": {"sessions": []}}"#)?
            .contains(#"lifecycle: this field needs "format": "restoretrace-scenario/1.1""#) == true)
        #expect(load(#"{"format": "restoretrace-scenario/1.1", "lifecycle": "scene"}"#)?.contains("scene: required field is missing") == true)
        #expect(load(#"{"format": "restoretrace-scenario/1.1", "scene": {"sessions": []}, "windows": [{"root": {"class": "V"}}]}"#)?
            .contains(#"scene: "scene" needs "lifecycle": "scene""#) == true)
        #expect(load(#"{"format": "restoretrace-scenario/1.1", "lifecycle": "scenes"}"#)?.contains(#"lifecycle: "scenes" is not allowed here"#) == true)
        #expect(load(#"{"format": "restoretrace-scenario/2", "windows": []}"#)?.contains("unsupported format") == true)
        // Version 1 files still load, and a 1.1 file without scenes is an ordinary app scenario.
        #expect(load(#"{"format": "restoretrace-scenario/1", "windows": [{"root": {"class": "V"}}]}"#) == nil)
        #expect(load(#"{"format": "restoretrace-scenario/1.1", "lifecycle": "app"}"#)?.contains("windows: required field is missing") == true)
        // A scene app needs no windows.
        #expect(load(#"{"format": "restoretrace-scenario/1.1", "lifecycle": "scene", "scene": {"sessions": []}}"#) == nil)
    }

    @Test("hostile values: a huge userInfo is saved, a plist deeper than 512 levels and a non-plist object fail the save clearly")
    func hostileUserInfo() throws {
        let keys = (0..<50_000).map { #""k\#($0)": \#($0)"# }.joined(separator: ",")
        let huge = try SceneFixtures.run(#""sessions": [{"persistentIdentifier": "main", "activity": {"type": "t", "userInfo": {"# + keys + "}}}]")
        #expect(huge.saveResults == ["written"])
        #expect(huge.of(.activityRead, phase: .end).last?.result == "read")

        let deep = String(repeating: #"{"a": "#, count: 600) + "1" + String(repeating: "}", count: 600)
        let deepRecords = try SceneFixtures.run(#""sessions": [{"persistentIdentifier": "main", "activity": {"type": "t", "userInfo": {"d": "# + deep + "}}}]")
        #expect(deepRecords.saveResults == ["encodeFailed"])
        #expect(deepRecords.of(.error).first?.message?.contains("nested more than 512 levels deep") == true)

        let object = try SceneFixtures.run(#""sessions": [{"persistentIdentifier": "main", "activity": {"type": "t", "userInfo": {"list": [1, {"$class": "NSManagedObject"}]}}}]"#)
        #expect(object.saveResults == ["encodeFailed"])
        #expect(object.of(.error).first?.message?.hasPrefix("userInfo.list[1]: NSManagedObject is not a property-list type") == true)

        // Deeper than the loader's JSON nesting limit: refused at load with line and column.
        let tooDeep = String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
        #expect(message(#""sessions": [{"persistentIdentifier": "main", "userInfo": {"x": "# + tooDeep + "}}]")?.contains("nested") == true)
    }

    @Test("hostile values: 10,000 sessions load and run, each saved and restored on its own")
    func tenThousandSessions() throws {
        let sessions = (0..<10_000).map { #"{"persistentIdentifier": "s\#($0)", "state": "archived", "activity": {"type": "t", "userInfo": {"n": \#($0)}}}"# }
        let scene = #""supportsMultipleScenes": true, "sessions": ["# + sessions.joined(separator: ",") + "], "
            + #""events": [{"event": "systemKill"}, {"event": "relaunch", "sessions": ["s0", "s9999"]}]"#
        let records = try SceneFixtures.run(scene)
        #expect(records.of(.sceneConnect, phase: .begin).map(\.session) == ["s0", "s9999"])
        #expect(records.of(.activityRead, phase: .end).allSatisfy { $0.result == "read" })
        let tooMany = (0...100_000).map { _ in "{}" }.joined(separator: ",")
        #expect(message(#""sessions": ["# + tooMany + "]")?.contains("a scenario may have at most 100000") == true)
    }
}
