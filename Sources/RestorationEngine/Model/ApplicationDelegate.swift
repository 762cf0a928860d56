// ApplicationDelegate: the app delegate's part in preservation and restoration, with
// UIKit's defaults (an app that implements nothing opts out of both).

/// The state-restoration methods of `UIApplicationDelegate`. Every method has a default:
/// `shouldSave`/`shouldRestore` answer false (UIKit's opt-in), the rest do nothing.
public protocol ApplicationDelegate: AnyObject {
    /// `application(_:willFinishLaunchingWithOptions:)`: runs before restoration; build the
    /// view controllers that exist at launch here.
    func applicationWillFinishLaunching(_ application: Application)
    /// `application(_:didFinishLaunchingWithOptions:)`: runs after restoration.
    func applicationDidFinishLaunching(_ application: Application)
    /// Opt in to preservation (rule 1).
    func application(_ application: Application, shouldSaveApplicationState coder: StateCoder) -> Bool
    /// Opt in to restoration; `coder` holds the archived bundle version and idiom (rule 1).
    func application(_ application: Application, shouldRestoreApplicationState coder: StateCoder) -> Bool
    /// `application(_:shouldSaveSecureApplicationState:)` (iOS 13.2, rule 40): supersedes the old
    /// method when ``implementedStateRestorationMethods`` holds `.securePair`; its coder requires secure coding.
    func application(_ application: Application, shouldSaveSecureApplicationState coder: StateCoder) -> Bool
    /// `application(_:shouldRestoreSecureApplicationState:)` (iOS 13.2, rule 40).
    func application(_ application: Application, shouldRestoreSecureApplicationState coder: StateCoder) -> Bool
    /// Which opt-in pairs the delegate implements (UIKit asks `respondsToSelector`); `[.legacyPair]` by default.
    var implementedStateRestorationMethods: StateRestorationMethods { get }
    /// Runs first in preservation, before any object encodes (rule 2).
    func application(_ application: Application, willEncodeRestorableStateWith coder: StateCoder)
    /// Runs after every object has decoded, before `finishedRestoring` (rule 3).
    func application(_ application: Application, didDecodeRestorableStateWith coder: StateCoder)
    /// Asked for view controllers without a restoration class (rules 12, 14). nil lets the
    /// implicit search go on.
    func application(
        _ application: Application, viewControllerWithRestorationIdentifierPath identifierComponents: [String],
        coder: StateCoder
    ) -> ViewController?
}

extension ApplicationDelegate {
    public func applicationWillFinishLaunching(_ application: Application) {}
    public func applicationDidFinishLaunching(_ application: Application) {}
    public func application(_ application: Application, shouldSaveApplicationState coder: StateCoder) -> Bool { false }
    public func application(_ application: Application, shouldRestoreApplicationState coder: StateCoder) -> Bool { false }
    public func application(_ application: Application, shouldSaveSecureApplicationState coder: StateCoder) -> Bool { false }
    public func application(_ application: Application, shouldRestoreSecureApplicationState coder: StateCoder) -> Bool { false }
    public var implementedStateRestorationMethods: StateRestorationMethods { [.legacyPair] }
    public func application(_ application: Application, willEncodeRestorableStateWith coder: StateCoder) {}
    public func application(_ application: Application, didDecodeRestorableStateWith coder: StateCoder) {}
    public func application(
        _ application: Application, viewControllerWithRestorationIdentifierPath identifierComponents: [String],
        coder: StateCoder
    ) -> ViewController? { nil }
}
