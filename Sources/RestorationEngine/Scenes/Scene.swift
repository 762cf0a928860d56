// Scene: the engine's UIScene / UIWindowScene — a responder connected to one session, with its
// activation state, activation conditions (rule 37) and the per-scene extend/complete pair
// (rule 34) — and ConnectionOptions, what `scene(_:willConnectTo:options:)` receives (rule 31).

/// `UIScene.ActivationState`.
public enum SceneActivationState: String, Sendable, Hashable, CaseIterable {
    case unattached
    case foregroundActive
    case foregroundInactive
    case background
}

/// `UIScene.ConnectionOptions`: the activities of the event that caused the connection (rule 31).
public struct ConnectionOptions {
    /// From search, other apps, `requestSceneSessionActivation`; Handoff ones are excluded.
    public var userActivities: [UserActivity]
    public init(userActivities: [UserActivity] = []) { self.userActivities = userActivities }
}

/// `UISceneActivationConditions` (rule 37). Predicates are modelled as lists of patterns
/// matched against a target content identifier: an exact string, or a prefix ending in `*`
/// (`"*"` alone is `TRUEPREDICATE`). UIKit's defaults: any event can activate, none prefers.
public struct SceneActivationConditions: Sendable, Hashable {
    public var canActivateForTargetContentIdentifier: [String]
    public var prefersToActivateForTargetContentIdentifier: [String]

    public init(canActivateFor: [String] = ["*"], prefersToActivateFor: [String] = []) {
        canActivateForTargetContentIdentifier = canActivateFor
        prefersToActivateForTargetContentIdentifier = prefersToActivateFor
    }

    static func matches(_ patterns: [String], _ identifier: String?) -> Bool {
        patterns.contains { pattern in
            if pattern == "*" { return true }
            guard let identifier else { return false }
            if pattern.hasSuffix("*") { return identifier.hasPrefix(pattern.dropLast()) }
            return identifier == pattern
        }
    }
}

/// The model of `UIWindowScene`. A scene is a ``Responder``: apps keep their state in
/// `scene.userActivity` and return it from `stateRestorationActivity(for:)` (rule 35).
public final class Scene: Responder {
    /// The session; a scene exists only while connected to it.
    public unowned let session: SceneSession
    public internal(set) var delegate: (any SceneDelegate)?
    public internal(set) var activationState: SceneActivationState = .unattached
    /// Kept only while the scene is connected (rule 37: the engine's choice).
    public var activationConditions = SceneActivationConditions()
    /// The scene's part of the app's UI that shares activities (its view controllers).
    public var responders: [Responder] = []
    /// `restoreInteractionState` is called once per connection (rule 33).
    var restoredInteractionState = false
    /// `extendStateRestoration` calls not yet balanced (rule 34).
    public internal(set) var restorationExtensionDepth = 0
    weak var system: SceneSystem?

    init(session: SceneSession) {
        self.session = session
        super.init(responderName: "Scene")
    }

    /// `UIScene.extendStateRestoration()`: more restoration runs asynchronously; balance it with
    /// ``completeStateRestoration()``. A crash in between discards the session's saved state (rule 34).
    public func extendStateRestoration() { system?.extendStateRestoration(of: self) }

    /// `UIScene.completeStateRestoration()`.
    public func completeStateRestoration() { system?.completeStateRestoration(of: self) }
}
