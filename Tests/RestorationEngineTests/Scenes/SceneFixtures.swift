// Shared fixtures of the scene tests: scene scenarios written as JSON (so the loader is
// exercised too), run in memory, and small readers of the records they leave.

import RestorationEngine
import TraceFormat

enum SceneFixtures {
    /// A `restoretrace-scenario/1.1` scene scenario around `scene` (the `scene` object's members).
    static func json(_ scene: String, extra: String = "") -> String {
        """
        {"format": "restoretrace-scenario/1.1", "name": "scenes", "lifecycle": "scene", \(extra)
         "scene": { \(scene) }}
        """
    }

    static func load(_ text: String) throws -> Scenario {
        try ScenarioLoader().load(bytes: Array(text.utf8), fileName: "test.scenario.json")
    }

    /// Runs the scene scenario and returns its records (and the store it left).
    static func run(_ scene: String, extra: String = "", store: InMemorySceneStateStore = InMemorySceneStateStore()) throws -> [TraceRecord] {
        let recorder = InMemoryRecorder(clock: .tick)
        try SceneScenarioSimulation(scenario: load(json(scene, extra: extra)), store: store).run(recorder: recorder)
        return recorder.records
    }

    /// One session "main" showing a document, saved under a declared type.
    static let mainSession = """
        "sessions": [{"persistentIdentifier": "main", "activity": {"type": "com.example.viewing", "title": "Paris",
                      "userInfo": {"city": "Paris"}}}]
        """
}

extension TraceRecord {
    /// `session`: the persistent identifier a scene record is about.
    var session: String? { self[attribute: "session"]?.stringValue }
    var callback: String? { self[attribute: "callback"]?.stringValue }
}

extension Array where Element == TraceRecord {
    func of(_ kind: RecordKind, phase: Phase? = nil) -> [TraceRecord] {
        filter { $0.kind == kind && (phase == nil || $0.phase == phase) }
    }
    /// End records of `activitySave`, their results in order.
    var saveResults: [String] { of(.activitySave, phase: .end).compactMap(\.result) }
    /// The index of the first record matching.
    func index(_ predicate: (TraceRecord) -> Bool) -> Int? { firstIndex(where: predicate) }
}
