// SceneSystem: the system side of the scene life cycle — processes starting and ending,
// sessions connecting, moving between foreground and background, being disconnected for memory,
// and the device locking — reporting every step to a TraceRecorder (rules 19–39). Saving is in
// SceneSystem+Saving.swift, discarding in SceneSystem+Discarding.swift, routing events in
// SceneSystem+Activation.swift.
//
// Processes are modelled in-process: `terminate` drops the app and every session and scene
// object; `launch` makes the app anew with `makeApplication` and knows only what the store kept.

import TraceFormat

/// Behaviour switches for reported behaviour that contradicts the documentation.
public struct SceneSystemOptions: Sendable, Hashable {
    /// Closing a scene in the app switcher keeps its session and state, as openradar FB9855914
    /// reports of iOS 15 (rule 39). Off: the documented discard (rule 24).
    public var switcherCloseKeepsState: Bool
    public init(switcherCloseKeepsState: Bool = false) { self.switcherCloseKeepsState = switcherCloseKeepsState }
}

/// Why the app's process ended (`processExit` records' `reason`).
public enum ProcessExitReason: String, Sendable, Hashable, CaseIterable {
    /// The system ended a background app (or Xcode stopped it): a clean end for restoration.
    case systemKill
    /// The app crashed: unbalanced `extendStateRestoration` calls discard state (rule 34).
    case crash
}

/// Why a scene connects (`sceneConnect` records' `reason`).
public enum SceneConnectReason: String, Sendable, Hashable, CaseIterable {
    /// A new session (the user opened a window, or the app's first launch).
    case new
    /// At launch, a session the system shows again.
    case launch
    /// An archived or memory-disconnected session the user selected in the switcher.
    case reconnect
    /// An event no connected scene could take (rule 37).
    case event
}

/// The system: runs an app's scenes through their life cycle and records every step.
///
/// ```swift
/// let system = SceneSystem(store: InMemorySceneStateStore(), recorder: recorder) {
///     SceneApplication(sceneManifest: [SceneConfiguration { MySceneDelegate() }], declaredActivityTypes: ["com.example.viewing"])
/// }
/// system.launch()
/// let scene = system.connectNewScene()
/// system.moveToBackground(scene.session.persistentIdentifier)   // activitySave
/// system.terminate(.systemKill)
/// system.launch()                                                 // the session reconnects and restores
/// ```
public final class SceneSystem {
    public let store: any SceneStateStore
    public let recorder: any TraceRecorder
    public var options: SceneSystemOptions
    private let makeApplication: () -> SceneApplication

    /// The running app, or nil between processes.
    public private(set) var application: SceneApplication?
    public private(set) var isDeviceLocked = false
    /// Sessions discarded while the app was not running: `didDiscardSceneSessions` at the next launch.
    var discardedWhileNotRunning: [String] = []
    /// What the system shows again at the next launch when not told otherwise: the sessions in
    /// the foreground when the process ended, else the last one sent to the background.
    private var shownAtLastExit: [String] = []
    private var lastBackgrounded: String?
    /// Scenes connected while the device was locked: they stay in the background until unlock.
    private var waitingForUnlock: [String] = []
    private var nextIdentifier = 1
    /// The sessions the store knows, when no process runs.
    var knownWhileNotRunning: [SceneActivityArchive.KnownSession]?

    public init(store: any SceneStateStore, recorder: any TraceRecorder, options: SceneSystemOptions = SceneSystemOptions(),
                makeApplication: @escaping () -> SceneApplication) {
        self.store = store
        self.recorder = recorder
        self.options = options
        self.makeApplication = makeApplication
    }

    public var isRunning: Bool { application != nil }

    // MARK: Records

    func attributes(_ session: SceneSession, _ more: [TraceAttribute] = []) -> [TraceAttribute] {
        attributes(session: session.persistentIdentifier, more)
    }

    func attributes(session identifier: String, _ more: [TraceAttribute] = []) -> [TraceAttribute] {
        var all: [TraceAttribute] = []
        all.reserveCapacity(1 + more.count)
        all.append(TraceAttribute("session", .string(identifier)))
        all.append(contentsOf: more)
        return all
    }

    func error(_ message: String, session: String?) {
        var attributes = [TraceAttribute("message", .string(message))]
        if let session { attributes.insert(TraceAttribute("session", .string(session)), at: 0) }
        recorder.instant(.error, path: nil, className: nil, attributes: attributes)
    }

    func state(_ scene: Scene, _ callback: String, _ state: SceneActivationState) {
        scene.activationState = state
        recorder.instant(.sceneState, path: nil, className: nil, attributes: attributes(scene.session, [
            TraceAttribute("callback", .string(callback)), TraceAttribute("state", .string(state.rawValue)),
        ]))
    }

    /// The running app's session, or an `error` record naming what was asked.
    func runningSession(_ identifier: String, for action: String) -> (SceneApplication, SceneSession)? {
        guard let application else {
            error("\(action): the app is not running", session: identifier)
            return nil
        }
        guard let session = application.session(withIdentifier: identifier) else {
            error("\(action): no open session has this identifier", session: identifier)
            return nil
        }
        return (application, session)
    }

    // MARK: Processes

    /// Starts the app's process: `willFinishLaunching`, the sessions the system kept, deferred
    /// discards, then reconnects `reconnecting` (default: what was shown when the last process
    /// ended; rule 36: archived sessions wait until the user selects them).
    public func launch(reconnecting: [String]? = nil) {
        guard application == nil else {
            error("launch: the app is already running", session: nil)
            return
        }
        let application = makeApplication()
        application.system = self
        self.application = application
        recorder.instant(.launch, path: nil, className: nil, attributes: [TraceAttribute("step", .string("willFinishLaunching"))])
        for known in readKnownSessions() {
            let session = SceneSession(persistentIdentifier: known.persistentIdentifier, role: known.role,
                                       configurationName: known.configurationName)
            application.add(session)
            discardIncompleteRestoration(of: session)
        }
        knownWhileNotRunning = nil
        reportLegacyRestoration(application)
        application.delegate?.applicationDidFinishLaunching(application)
        recorder.instant(.launch, path: nil, className: nil, attributes: [TraceAttribute("step", .string("didFinishLaunching"))])
        tellDeferredDiscards(application)
        for identifier in reconnecting ?? shownAtLastExit where application.session(withIdentifier: identifier) != nil {
            _ = reconnect(identifier, reason: .launch, userActivities: [])
        }
    }

    /// Ends the process without any callback, as the system does to a suspended app (or a crash).
    /// Scenes in the foreground are not saved: only background transitions save (rule 26).
    public func terminate(_ reason: ProcessExitReason = .systemKill) {
        guard let application else {
            error("terminate: the app is not running", session: nil)
            return
        }
        recorder.instant(.processExit, path: nil, className: nil, attributes: [TraceAttribute("reason", .string(reason.rawValue))])
        let foreground = application.connectedScenes.filter { $0.activationState != .background }.map(\.session.persistentIdentifier)
        shownAtLastExit = foreground.isEmpty ? (lastBackgrounded.map { [$0] } ?? []) : foreground
        shownAtLastExit.removeAll { application.session(withIdentifier: $0) == nil }
        for session in application.openSessions where session.connectedScene?.restorationExtensionDepth ?? 0 > 0 {
            // Rule 45 (the engine's choice): a clean end keeps the state; a crash leaves the marker.
            if reason == .systemKill { store.remove(.restorationInProgress, session: session.persistentIdentifier) }
        }
        writeKnownSessions(application.openSessions.map(Self.known))
        knownWhileNotRunning = application.openSessions.map(Self.known)
        for session in application.openSessions { session.connectedScene = nil }
        waitingForUnlock.removeAll()
        self.application = nil
    }

    static func known(_ session: SceneSession) -> SceneActivityArchive.KnownSession {
        SceneActivityArchive.KnownSession(persistentIdentifier: session.persistentIdentifier,
                                          configurationName: session.configurationName, role: session.role)
    }

    func readKnownSessions() -> [SceneActivityArchive.KnownSession] {
        if let knownWhileNotRunning { return knownWhileNotRunning }
        let bytes: [UInt8]?
        do {
            bytes = try store.readKnownSessions()
        } catch {
            self.error("cannot read \(SceneStateDirectory.knownSessionsFileName): \(error)", session: nil)
            return []
        }
        guard let bytes else { return [] }
        guard let sessions = SceneActivityArchive.decodeKnownSessions(bytes) else {
            error("\(SceneStateDirectory.knownSessionsFileName) is corrupt: every session is forgotten", session: nil)
            return []
        }
        return sessions
    }

    func writeKnownSessions(_ sessions: [SceneActivityArchive.KnownSession]) {
        do {
            try store.writeKnownSessions(SceneActivityArchive.encodeKnownSessions(sessions))
        } catch {
            self.error("cannot write \(SceneStateDirectory.knownSessionsFileName): \(error)", session: nil)
        }
    }

    /// Rule 20: the view-controller machinery does not run in a scene app; each window's tree is
    /// reported once per launch.
    private func reportLegacyRestoration(_ application: SceneApplication) {
        guard let legacy = application.legacyApplication else { return }
        for window in legacy.windows {
            guard let root = window.rootViewController else { continue }
            let identifier = root.restorationIdentifier.flatMap { $0.isEmpty ? nil : $0 }
            recorder.instant(.exclude, path: identifier.map { [$0] }, className: root.className,
                             attributes: [TraceAttribute("reason", .string(ExclusionReason.sceneLifecycle.rawValue))])
        }
    }

    // MARK: Connecting

    /// A new session and its scene (the user opens a window; `requestSceneSessionActivation(nil, …)`).
    @discardableResult
    public func connectNewScene(persistentIdentifier: String? = nil, userActivities: [UserActivity] = [],
                                reason: SceneConnectReason = .new) -> Scene? {
        guard let application else {
            error("connect: the app is not running", session: persistentIdentifier)
            return nil
        }
        if !application.supportsMultipleScenes, let existing = application.connectedScenes.first {
            error("connect: the app does not support multiple scenes (UIApplicationSupportsMultipleScenes); the event goes to the connected scene",
                  session: existing.session.persistentIdentifier)
            return existing
        }
        let identifier = persistentIdentifier ?? makeIdentifier(application)
        guard application.session(withIdentifier: identifier) == nil else {
            error("connect: a session with this identifier is already open", session: identifier)
            return nil
        }
        let session = SceneSession(persistentIdentifier: identifier, role: .windowApplication, configurationName: "")
        session.activityLoaded = true
        application.add(session)
        return connect(session, application: application, reason: reason, options: ConnectionOptions(userActivities: userActivities))
    }

    func makeIdentifier(_ application: SceneApplication) -> String {
        while true {
            let candidate = "SESSION-\(nextIdentifier)"
            nextIdentifier += 1
            if application.session(withIdentifier: candidate) == nil { return candidate }
        }
    }

    /// Connects an open session's scene again: an archived one the user selects, one
    /// disconnected for memory (no launch: rule 23), or one the system shows at launch.
    @discardableResult
    public func reconnect(_ identifier: String, userActivities: [UserActivity] = []) -> Scene? {
        reconnect(identifier, reason: .reconnect, userActivities: userActivities)
    }

    func reconnect(_ identifier: String, reason: SceneConnectReason, userActivities: [UserActivity]) -> Scene? {
        guard let (application, session) = runningSession(identifier, for: "reconnect") else { return nil }
        if let scene = session.connectedScene {
            if scene.activationState == .background { moveToForeground(scene) }
            return scene
        }
        if !application.supportsMultipleScenes, let existing = application.connectedScenes.first {
            // One window: showing another session replaces the connected one (its session is kept).
            moveToBackground(existing)
            disconnect(existing, reason: .memory)
        }
        return connect(session, application: application, reason: reason, options: ConnectionOptions(userActivities: userActivities))
    }

    /// `scene(_:willConnectTo:options:)` and the first foreground (rules 31–33).
    private func connect(_ session: SceneSession, application: SceneApplication, reason: SceneConnectReason,
                         options: ConnectionOptions) -> Scene? {
        let configuration = application.delegate?.application(application, configurationForConnecting: session, options: options)
            ?? application.sceneManifest.first { $0.role == session.role && (session.configurationName.isEmpty || $0.name == session.configurationName) }
            ?? application.sceneManifest.first
        guard let configuration else {
            error("connect: the scene manifest has no configuration", session: session.persistentIdentifier)
            return nil
        }
        session.configurationName = configuration.name
        let span = recorder.begin(.sceneConnect, path: nil, className: nil, attributes: attributes(session, [
            TraceAttribute("reason", .string(reason.rawValue)), TraceAttribute("role", .string(session.role.rawValue)),
            TraceAttribute("configuration", .string(configuration.name)),
        ]))
        if !session.activityLoaded { readSavedState(of: session) }
        let scene = Scene(session: session)
        scene.system = self
        session.connectedScene = scene
        session.scene = scene
        let delegate = configuration.makeDelegate()
        scene.delegate = delegate
        delegate.scene(scene, willConnectTo: session, options: options)
        var end: [TraceAttribute] = []
        if let saved = session.stateRestorationActivity { end.append(TraceAttribute("sessionActivity", .string(saved.activityType))) }
        if !options.userActivities.isEmpty {
            end.append(TraceAttribute("connectionActivities", .strings(options.userActivities.map(\.activityType))))
        }
        if let adopted = scene.userActivity { end.append(TraceAttribute("sceneActivity", .string(adopted.activityType))) }
        recorder.end(span, .sceneConnect, path: nil, attributes: attributes(session, end))
        if isDeviceLocked && session.activityPending {
            state(scene, "sceneDidEnterBackground", .background)
            waitingForUnlock.append(session.persistentIdentifier)
        } else {
            moveToForeground(scene)
        }
        return scene
    }

    /// Reads a session's `userInfo` and saved activity at its first connection in this process (rules 28, 30, 32).
    private func readSavedState(of session: SceneSession) {
        let identifier = session.persistentIdentifier
        if let bytes = readFile(.userInfo, of: session) {
            let span = recorder.begin(.activityRead, path: nil, className: nil,
                                      attributes: attributes(session, [TraceAttribute("file", .string(SceneStateFile.userInfo.rawValue))]))
            var result = ActivityReadResult.read
            if isDeviceLocked {
                result = .unavailable
            } else if let userInfo = SceneActivityArchive.decodeUserInfo(bytes) {
                session.userInfo = userInfo
                session.lastWrittenUserInfo = bytes
            } else {
                result = .decodeFailed
            }
            recorder.end(span, .activityRead, path: nil, attributes: attributes(session, [
                TraceAttribute("bytes", .int(Int64(bytes.count))), TraceAttribute("result", .string(result.rawValue)),
            ]))
        }
        let span = recorder.begin(.activityRead, path: nil, className: nil,
                                  attributes: attributes(session, [TraceAttribute("file", .string(SceneStateFile.activity.rawValue))]))
        var end: [TraceAttribute] = []
        let result: ActivityReadResult
        if let bytes = readFile(.activity, of: session) {
            end.append(TraceAttribute("bytes", .int(Int64(bytes.count))))
            if isDeviceLocked {
                result = .unavailable
                session.activityPending = true
            } else {
                result = apply(bytes, to: session, end: &end)
            }
        } else {
            result = .missing
        }
        session.activityLoaded = true
        end.append(TraceAttribute("result", .string(result.rawValue)))
        recorder.end(span, .activityRead, path: nil, attributes: attributes(session, end))
        _ = identifier
    }

    private func readFile(_ file: SceneStateFile, of session: SceneSession) -> [UInt8]? {
        do {
            return try store.read(file, session: session.persistentIdentifier)
        } catch {
            self.error("cannot read the session's \(file.rawValue): \(error)", session: session.persistentIdentifier)
            return nil
        }
    }

    /// Decodes a saved activity into `session.stateRestorationActivity` (rule 28).
    private func apply(_ bytes: [UInt8], to session: SceneSession, end: inout [TraceAttribute]) -> ActivityReadResult {
        switch SceneActivityArchive.decode(bytes) {
        case .activity(let activity):
            session.stateRestorationActivity = activity
            session.lastWrittenActivity = bytes
            end.append(TraceAttribute("activityType", .string(activity.activityType)))
            return .read
        case .noUserInfo(let type):
            session.stateRestorationActivity = nil
            end.append(TraceAttribute("activityType", .string(type)))
            return .noUserInfo
        case .failed(let reason):
            session.stateRestorationActivity = nil
            end.append(TraceAttribute("message", .string(reason)))
            return .decodeFailed
        }
    }

    // MARK: Foreground and background

    /// The user brings a session's scene to the foreground (reconnecting it when it has none).
    public func moveToForeground(_ identifier: String) {
        guard let (_, session) = runningSession(identifier, for: "foreground") else { return }
        guard let scene = session.connectedScene else {
            _ = reconnect(identifier)
            return
        }
        moveToForeground(scene)
    }

    func moveToForeground(_ scene: Scene) {
        guard scene.activationState != .foregroundActive else { return }
        state(scene, "sceneWillEnterForeground", .foregroundInactive)
        scene.delegate?.sceneWillEnterForeground(scene)
        if !scene.restoredInteractionState {
            scene.restoredInteractionState = true
            // Rule 33: once per connection, with the session's activity; skipped without one (the engine's choice).
            if let activity = scene.session.stateRestorationActivity {
                let span = recorder.begin(.restoreInteractionState, path: nil, className: nil,
                                          attributes: attributes(scene.session, [TraceAttribute("activityType", .string(activity.activityType))]))
                scene.delegate?.scene(scene, restoreInteractionStateWith: activity)
                recorder.end(span, .restoreInteractionState, path: nil, attributes: attributes(scene.session))
            }
        }
        state(scene, "sceneDidBecomeActive", .foregroundActive)
        scene.delegate?.sceneDidBecomeActive(scene)
    }

    /// The scene goes to the background (the user switched apps): it is saved (rules 25–27).
    public func moveToBackground(_ identifier: String) {
        guard let (_, session) = runningSession(identifier, for: "background") else { return }
        guard let scene = session.connectedScene else {
            error("background: the session has no connected scene", session: identifier)
            return
        }
        moveToBackground(scene)
    }

    func moveToBackground(_ scene: Scene) {
        guard scene.activationState != .background else { return }
        if scene.activationState == .foregroundActive {
            state(scene, "sceneWillResignActive", .foregroundInactive)
            scene.delegate?.sceneWillResignActive(scene)
        }
        state(scene, "sceneDidEnterBackground", .background)
        scene.delegate?.sceneDidEnterBackground(scene)
        lastBackgrounded = scene.session.persistentIdentifier
        save(scene)
    }

    // MARK: Disconnecting

    /// The system reclaims memory: the scene goes, the session stays (rule 23).
    public func disconnectForMemory(_ identifier: String) {
        guard let (_, session) = runningSession(identifier, for: "memoryDisconnect") else { return }
        guard let scene = session.connectedScene else {
            error("memoryDisconnect: the session has no connected scene", session: identifier)
            return
        }
        moveToBackground(scene)
        disconnect(scene, reason: .memory)
    }

    func disconnect(_ scene: Scene, reason: SceneDisconnectReason, extra: [TraceAttribute] = []) {
        let session = scene.session
        recorder.instant(.sceneDisconnect, path: nil, className: nil,
                         attributes: attributes(session, [TraceAttribute("reason", .string(reason.rawValue))] + extra))
        scene.delegate?.sceneDidDisconnect(scene)
        scene.activationState = .unattached
        scene.userActivity = nil
        for responder in scene.responders { responder.userActivity = nil }
        session.connectedScene = nil
        session.scene = nil
        waitingForUnlock.removeAll { $0 == session.persistentIdentifier }
    }

    // MARK: The device lock

    /// The device locks: saved state is encrypted and cannot be read until unlock (rules 32, 53).
    public func lockDevice() {
        guard !isDeviceLocked else { return }
        isDeviceLocked = true
        recorder.instant(.deviceLock, path: nil, className: nil, attributes: [TraceAttribute("locked", .bool(true))])
    }

    /// The device unlocks: activities that were unavailable are read (`activityAvailable`, no
    /// callback to the app), then scenes that waited come to the foreground.
    public func unlockDevice() {
        guard isDeviceLocked else { return }
        isDeviceLocked = false
        recorder.instant(.deviceLock, path: nil, className: nil, attributes: [TraceAttribute("locked", .bool(false))])
        guard let application else { return }
        for session in application.openSessions where session.activityPending {
            session.activityPending = false
            guard let bytes = readFile(.activity, of: session) else { continue }
            var end: [TraceAttribute] = []
            let result = apply(bytes, to: session, end: &end)
            if result == .read {
                recorder.instant(.activityAvailable, path: nil, className: nil, attributes: attributes(session, end))
            } else {
                error("the saved activity became readable but was not restored (\(result.rawValue))", session: session.persistentIdentifier)
            }
        }
        let waiting = waitingForUnlock
        waitingForUnlock.removeAll()
        for identifier in waiting {
            if let scene = application.session(withIdentifier: identifier)?.connectedScene { moveToForeground(scene) }
        }
    }
}
