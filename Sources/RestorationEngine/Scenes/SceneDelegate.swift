// SceneDelegate and SceneApplicationDelegate: the app's side of the scene life cycle, with
// UIKit's method names. Every method has a default, as UIKit's are optional.

/// The model of `UISceneDelegate` / `UIWindowSceneDelegate`.
public protocol SceneDelegate: AnyObject {
    /// `scene(_:willConnectTo:options:)`: rebuild the UI. Apple's samples restore from
    /// `options.userActivities.first ?? session.stateRestorationActivity` (rule 31).
    func scene(_ scene: Scene, willConnectTo session: SceneSession, options: ConnectionOptions)
    func sceneDidDisconnect(_ scene: Scene)
    func sceneWillEnterForeground(_ scene: Scene)
    func sceneDidBecomeActive(_ scene: Scene)
    func sceneWillResignActive(_ scene: Scene)
    func sceneDidEnterBackground(_ scene: Scene)
    /// Opting in to activity-based restoration (rule 25). Return nil to delete the saved
    /// activity. The default implementation stands for a delegate that does not implement the
    /// method: UIKit then saves whatever the app assigned to `session.stateRestorationActivity`.
    func stateRestorationActivity(for scene: Scene) -> UserActivity?
    /// `scene(_:restoreInteractionStateWith:)`: once per connection, at the first foreground (rule 33).
    func scene(_ scene: Scene, restoreInteractionStateWith stateRestorationActivity: UserActivity)
    /// `scene(_:continue:)`: an event routed to a connected scene (rule 37).
    func scene(_ scene: Scene, continue userActivity: UserActivity)
}

extension SceneDelegate {
    public func scene(_ scene: Scene, willConnectTo session: SceneSession, options: ConnectionOptions) {}
    public func sceneDidDisconnect(_ scene: Scene) {}
    public func sceneWillEnterForeground(_ scene: Scene) {}
    public func sceneDidBecomeActive(_ scene: Scene) {}
    public func sceneWillResignActive(_ scene: Scene) {}
    public func sceneDidEnterBackground(_ scene: Scene) {}
    public func stateRestorationActivity(for scene: Scene) -> UserActivity? { UserActivity.notImplemented }
    public func scene(_ scene: Scene, restoreInteractionStateWith stateRestorationActivity: UserActivity) {}
    public func scene(_ scene: Scene, continue userActivity: UserActivity) {}
}

extension UserActivity {
    /// What the default `stateRestorationActivity(for:)` returns: "not implemented" (compared by identity).
    nonisolated(unsafe) static let notImplemented = UserActivity(activityType: "restoretrace.notImplemented")
}

/// The scene side of `UIApplicationDelegate`.
public protocol SceneApplicationDelegate: AnyObject {
    /// `application(_:didFinishLaunchingWithOptions:)`.
    func applicationDidFinishLaunching(_ application: SceneApplication)
    /// `application(_:configurationForConnecting:options:)`: nil takes the manifest's
    /// configuration for the session's role.
    func application(_ application: SceneApplication, configurationForConnecting session: SceneSession,
                     options: ConnectionOptions) -> SceneConfiguration?
    /// `application(_:didDiscardSceneSessions:)` (rule 24).
    func application(_ application: SceneApplication, didDiscardSceneSessions sessions: [SceneSession])
}

extension SceneApplicationDelegate {
    public func applicationDidFinishLaunching(_ application: SceneApplication) {}
    public func application(_ application: SceneApplication, configurationForConnecting session: SceneSession,
                            options: ConnectionOptions) -> SceneConfiguration? { nil }
    public func application(_ application: SceneApplication, didDiscardSceneSessions sessions: [SceneSession]) {}
}
