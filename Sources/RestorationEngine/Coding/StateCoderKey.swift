// The key names UIKit itself writes into restoration coders. Apps may not use them (rule 5).

/// Keys UIKit writes into coders; an app's own `encode(_:forKey:)` with one of them is refused
/// and reported as an `error` record.
public enum StateCoderKey {
    /// The app's bundle version when the archive was written (every coder).
    public static let bundleVersion = "UIApplicationStateRestorationBundleVersionKey"
    /// The user-interface idiom when the archive was written (every coder).
    public static let userInterfaceIdiom = "UIApplicationStateRestorationUserInterfaceIdiomKey"
    /// When the archive was written, seconds since 1970 (the application coder).
    public static let timestamp = "UIApplicationStateRestorationTimestampKey"
    /// The system version when the archive was written (the application coder).
    public static let systemVersion = "UIApplicationStateRestorationSystemVersionKey"
    /// The storyboard a view controller came from (view-controller coders, when it has one).
    public static let storyboard = "UIStateRestorationViewControllerStoryboardKey"

    /// Every key an app may not write.
    public static let reserved: Set<String> = [bundleVersion, userInterfaceIdiom, timestamp, systemVersion, storyboard]

    /// Whether `key` is one of UIKit's own. (Five comparisons, which fail fast on length, cost
    /// less than hashing the key: this runs for every key of every object.)
    public static func isReserved(_ key: String) -> Bool {
        key == bundleVersion || key == userInterfaceIdiom || key == timestamp || key == systemVersion || key == storyboard
    }
}
