// SceneScenarioSimulation: plays a scene scenario (`"lifecycle": "scene"`) through SceneSystem —
// the sessions at the start, then every event in order — with ScenarioSceneDelegate standing for
// the app's scene delegate. It runs in one process: a system kill drops every app object and a
// relaunch knows only the store (see docs/engine.md, "The scene life cycle").

import TraceFormat

/// What the scenario's app does in each scene: restore from the event's activity or the
/// session's (Apple's samples), keep its state in `scene.userActivity`, share it with its
/// responders, and answer `stateRestorationActivity(for:)` as the session says.
final class ScenarioSceneDelegate: SceneDelegate, UserActivityDelegate {
    let model: ScenarioSceneModel

    init(model: ScenarioSceneModel) { self.model = model }

    func scene(_ scene: Scene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        let spec = model.spec(for: session.persistentIdentifier)
        scene.activationConditions = spec.activationConditions
        scene.responders = spec.responders.map { ScenarioResponderObject(spec: $0) }
        // Rule 31: the event's activity wins over the saved one.
        let restored = options.userActivities.first ?? session.stateRestorationActivity
        let activity: UserActivity?
        if let restored {
            activity = UserActivity(activityType: restored.activityType, title: restored.title, userInfo: restored.userInfo)
        } else if let fresh = model.pendingActivity.removeValue(forKey: session.persistentIdentifier) ?? spec.activity {
            activity = fresh.makeUserActivity()
        } else {
            activity = nil
        }
        if session.userInfo == nil, let userInfo = spec.userInfo { session.userInfo = userInfo }
        adopt(activity, in: scene)
    }

    /// Makes `activity` the scene's, shared with its responders (rule 35).
    func adopt(_ activity: UserActivity?, in scene: Scene) {
        activity?.delegate = self
        scene.userActivity = activity
        for responder in scene.responders { responder.userActivity = activity }
        if model.spec(for: scene.session.persistentIdentifier).stateRestorationActivity == .notImplemented {
            scene.session.stateRestorationActivity = activity
        }
    }

    func stateRestorationActivity(for scene: Scene) -> UserActivity? {
        switch model.spec(for: scene.session.persistentIdentifier).stateRestorationActivity {
        case .scene: return scene.userActivity
        case .nil: return nil
        case .notImplemented: return UserActivity.notImplemented
        }
    }

    func userActivityWillSave(_ userActivity: UserActivity) {}
}

/// A responder of the scenario: its update adds its `userInfo` entries.
final class ScenarioResponderObject: Responder {
    let spec: ScenarioResponder
    init(spec: ScenarioResponder) {
        self.spec = spec
        super.init(responderName: spec.name)
    }
    override func updateUserActivityState(_ activity: UserActivity) {
        if !spec.userInfo.isEmpty { activity.addUserInfoEntries(from: spec.userInfo) }
    }
}

/// The scenario's app code, shared by every launch: each session's behaviour by identifier.
final class ScenarioSceneModel {
    private var specs: [String: ScenarioSession]
    /// Activities given by `connect` events for sessions not connected yet.
    var pendingActivity: [String: ScenarioActivity] = [:]

    init(scene: ScenarioSceneApp) {
        specs = Dictionary(scene.sessions.map { ($0.persistentIdentifier, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func spec(for identifier: String) -> ScenarioSession {
        specs[identifier] ?? ScenarioSession(persistentIdentifier: identifier)
    }

    func setSpec(_ spec: ScenarioSession) { specs[spec.persistentIdentifier] = spec }
}

/// Plays a scene scenario.
///
/// ```swift
/// let recorder = InMemoryRecorder(clock: .tick)
/// try SceneScenarioSimulation(scenario: scenario, store: InMemorySceneStateStore()).run(recorder: recorder)
/// ```
public struct SceneScenarioSimulation {
    public let scenario: Scenario
    public let store: any SceneStateStore

    public init(scenario: Scenario, store: any SceneStateStore) {
        self.scenario = scenario
        self.store = store
    }

    /// What went wrong before the first event (the scenario is not a scene scenario).
    public struct NotASceneScenario: Error, CustomStringConvertible {
        public var description: String { "the scenario does not use the scene life cycle (\"lifecycle\": \"scene\")" }
    }

    public func run(recorder: any TraceRecorder) throws {
        guard scenario.lifecycle == .scene, let sceneApp = scenario.scene else { throw NotASceneScenario() }
        let model = ScenarioSceneModel(scene: sceneApp)
        let declared = sceneApp.declaredActivityTypes
        let legacy = scenario.windows.isEmpty ? nil : ScenarioWorld(scenario: scenario, phase: .beforeTermination).application
        let system = SceneSystem(store: store, recorder: recorder,
                                 options: SceneSystemOptions(switcherCloseKeepsState: sceneApp.switcherCloseKeepsState)) {
            SceneApplication(sceneManifest: [SceneConfiguration { ScenarioSceneDelegate(model: model) }],
                             declaredActivityTypes: declared, supportsMultipleScenes: sceneApp.supportsMultipleScenes,
                             legacyApplication: legacy)
        }
        try seedArchivedSessions(sceneApp, declared: declared)
        system.launch(reconnecting: [])
        for session in sceneApp.sessions where session.state == .connected {
            system.connectNewScene(persistentIdentifier: session.persistentIdentifier)
        }
        let events = sceneApp.events ?? Self.defaultRoundTrip(sceneApp)
        for event in events { play(event, system: system, model: model) }
    }

    /// No events: every connected scene to the background, a system kill, a relaunch.
    static func defaultRoundTrip(_ sceneApp: ScenarioSceneApp) -> [ScenarioSceneEvent] {
        sceneApp.sessions.filter { $0.state == .connected }.map { ScenarioSceneEvent(kind: .background, session: $0.persistentIdentifier) }
            + [ScenarioSceneEvent(kind: .systemKill), ScenarioSceneEvent(kind: .relaunch,
                                                                          sessions: sceneApp.sessions.filter { $0.state == .connected }.map(\.persistentIdentifier))]
    }

    /// Archived sessions were saved by an earlier process: their files are in the store already.
    private func seedArchivedSessions(_ sceneApp: ScenarioSceneApp, declared: Set<String>) throws {
        let archived = sceneApp.sessions.filter { $0.state == .archived }
        guard !archived.isEmpty else { return }
        for session in archived {
            if let activity = session.activity, declared.contains(activity.type),
               activity.userInfo.map({ PropertyListValue.firstUnarchivable(in: $0) == nil }) ?? true {
                try store.write(SceneActivityArchive.encode(activity.makeUserActivity()), to: .activity, session: session.persistentIdentifier)
            }
            if let userInfo = session.userInfo, PropertyListValue.firstUnarchivable(in: userInfo) == nil {
                try store.write(SceneActivityArchive.encodeUserInfo(userInfo), to: .userInfo, session: session.persistentIdentifier)
            }
        }
        try store.writeKnownSessions(SceneActivityArchive.encodeKnownSessions(archived.map {
            SceneActivityArchive.KnownSession(persistentIdentifier: $0.persistentIdentifier, configurationName: $0.configuration, role: $0.role)
        }))
    }

    private func play(_ event: ScenarioSceneEvent, system: SceneSystem, model: ScenarioSceneModel) {
        let identifier = event.session ?? ""
        switch event.kind {
        case .background: system.moveToBackground(identifier)
        case .foreground: system.moveToForeground(identifier)
        case .connect:
            let session = event.session ?? system.application.map(system.makeIdentifier)
            if let session, let activity = event.activity { model.pendingActivity[session] = activity }
            system.connectNewScene(persistentIdentifier: session)
        case .memoryDisconnect: system.disconnectForMemory(identifier)
        case .reconnect: system.reconnect(identifier, userActivities: event.activity.map { [$0.makeUserActivity()] } ?? [])
        case .userClose: system.closeInSwitcher(identifier)
        case .destroyRequest: system.requestDestruction(identifier)
        case .systemKill: system.terminate(.systemKill)
        case .crash: system.terminate(.crash)
        case .relaunch: system.launch(reconnecting: event.sessions)
        case .deviceLocked: system.lockDevice()
        case .unlock: system.unlockDevice()
        case .openEvent:
            if let activity = event.activity { system.open(activity.makeUserActivity()) }
        case .change:
            var spec = model.spec(for: identifier)
            if let userInfo = event.sessionUserInfo {
                spec.userInfo = userInfo
                system.application?.session(withIdentifier: identifier)?.userInfo = userInfo
            }
            if event.clearsActivity {
                spec.stateRestorationActivity = .nil
            } else if let activity = event.activity {
                spec.activity = activity
                if spec.stateRestorationActivity == .nil { spec.stateRestorationActivity = .scene }
            }
            model.setSpec(spec)
            guard let scene = system.application?.session(withIdentifier: identifier)?.connectedScene else {
                system.error("change: the session has no connected scene", session: identifier)
                return
            }
            if let activity = event.activity, let delegate = scene.delegate as? ScenarioSceneDelegate {
                delegate.adopt(activity.makeUserActivity(), in: scene)
            }
        case .extendRestoration, .completeRestoration:
            guard let scene = system.application?.session(withIdentifier: identifier)?.connectedScene else {
                system.error("\(event.kind.rawValue): the session has no connected scene", session: identifier)
                return
            }
            if event.kind == .extendRestoration { scene.extendStateRestoration() } else { scene.completeStateRestoration() }
        }
    }
}
