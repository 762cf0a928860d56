// SceneSession: the engine's UISceneSession — one instance of the app's UI, with a persistent
// identifier that outlives processes, its `userInfo` and its saved activity (rules 21–22, 30) —
// and SceneConfiguration, what a session's scene is made from.

/// `UISceneSession.Role`.
public enum SceneSessionRole: String, Sendable, Hashable, CaseIterable {
    case windowApplication
    case windowExternalDisplayNonInteractive
}

/// `UISceneConfiguration`: a name from the app's scene manifest, the role, and how to make the
/// scene's delegate (UIKit instantiates `delegateClass`; here a closure stands for it).
public struct SceneConfiguration {
    public var name: String
    public var role: SceneSessionRole
    public var makeDelegate: () -> any SceneDelegate

    public init(name: String = "Default Configuration", role: SceneSessionRole = .windowApplication,
                makeDelegate: @escaping () -> any SceneDelegate) {
        self.name = name
        self.role = role
        self.makeDelegate = makeDelegate
    }
}

/// The model of `UISceneSession`.
public final class SceneSession {
    /// Lasts as long as the session, across launches (rule 21).
    public let persistentIdentifier: String
    public let role: SceneSessionRole
    /// The configuration's name (the manifest entry the scene was made from).
    public internal(set) var configurationName: String
    /// Custom attributes saved with the session when they are a valid property list (rule 30).
    public var userInfo: [String: PropertyListValue]?
    /// The saved activity: a copy of what `stateRestorationActivity(for:)` returned (rule 25),
    /// or what the app assigned when its delegate does not implement that method. nil while the
    /// device is locked and the file cannot be read yet (rule 32).
    public var stateRestorationActivity: UserActivity?
    /// The connected scene, or nil for an archived session (rule 22).
    public internal(set) weak var scene: Scene?

    /// The scene while connected (sessions own their scene; `scene` is weak in UIKit's direction).
    var connectedScene: Scene?
    /// The bytes last written for the activity and the `userInfo` (rule 26: unchanged skips).
    var lastWrittenActivity: [UInt8]?
    var lastWrittenUserInfo: [UInt8]?
    /// The saved activity has been read (or never existed) in this process.
    var activityLoaded = false
    /// The read found the device locked: read again at unlock (rule 32).
    var activityPending = false

    init(persistentIdentifier: String, role: SceneSessionRole, configurationName: String) {
        self.persistentIdentifier = persistentIdentifier
        self.role = role
        self.configurationName = configurationName
    }
}
