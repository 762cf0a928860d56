// SceneApplication: the engine's UIApplication in a scene-based app — the scene manifest,
// NSUserActivityTypes, multiple-window support, open sessions, and the two requests an app
// makes of the system (activation, destruction).

/// The model of `UIApplication` for an app that uses the scene life cycle (rule 19).
public final class SceneApplication {
    public var delegate: (any SceneApplicationDelegate)?
    /// `UIApplicationSceneManifest`'s configurations; its presence makes the app a scene app.
    public var sceneManifest: [SceneConfiguration]
    /// `NSUserActivityTypes`: an activity of another type is silently not saved (rule 29).
    public var declaredActivityTypes: Set<String>
    /// `UIApplicationSupportsMultipleScenes` (iPad windows, rule 36).
    public var supportsMultipleScenes: Bool
    /// The view-controller-based restoration API an app may still carry (windows with
    /// restoration identifiers, a delegate answering shouldSave/shouldRestore). In a scene app
    /// UIKit calls none of it (rule 20): the engine reports the trees as `sceneLifecycle` exclusions.
    public var legacyApplication: Application?

    /// Sessions with a connected scene and archived ones, in the order they were created (rule 22).
    public private(set) var openSessions: [SceneSession] = []
    /// `openSessions` by persistent identifier: events name sessions, and apps may have thousands.
    private var sessionsByIdentifier: [String: SceneSession] = [:]
    weak var system: SceneSystem?

    public init(delegate: (any SceneApplicationDelegate)? = nil, sceneManifest: [SceneConfiguration],
                declaredActivityTypes: Set<String> = [], supportsMultipleScenes: Bool = false,
                legacyApplication: Application? = nil) {
        self.delegate = delegate
        self.sceneManifest = sceneManifest
        self.declaredActivityTypes = declaredActivityTypes
        self.supportsMultipleScenes = supportsMultipleScenes
        self.legacyApplication = legacyApplication
    }

    /// The scenes connected now, in session order.
    public var connectedScenes: [Scene] { openSessions.compactMap(\.connectedScene) }

    /// The open session with this identifier.
    public func session(withIdentifier identifier: String) -> SceneSession? {
        sessionsByIdentifier[identifier]
    }

    func add(_ session: SceneSession) {
        openSessions.append(session)
        sessionsByIdentifier[session.persistentIdentifier] = session
    }

    func remove(_ session: SceneSession) {
        openSessions.removeAll { $0 === session }
        sessionsByIdentifier[session.persistentIdentifier] = nil
    }

    /// `requestSceneSessionDestruction(_:options:errorHandler:)`: disconnects the scene, deletes
    /// the session's saved state, then calls `didDiscardSceneSessions` (rule 24).
    public func requestSceneSessionDestruction(_ session: SceneSession) {
        system?.destroy(session, reason: .requested)
    }

    /// `requestSceneSessionActivation(_:userActivity:options:errorHandler:)`: connects `session`
    /// (an archived one), or a new session when nil, with `userActivity` in the connection options.
    @discardableResult
    public func requestSceneSessionActivation(_ session: SceneSession?, userActivity: UserActivity?) -> Scene? {
        let activities = userActivity.map { [$0] } ?? []
        if let session { return system?.reconnect(session.persistentIdentifier, userActivities: activities) }
        return system?.connectNewScene(userActivities: activities)
    }
}
