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

    /// Whether `key` is one of UIKit's own. This runs for every key of every object: a key
    /// whose length no reserved key has (most app keys) is answered without comparing text.
    public static func isReserved(_ key: String) -> Bool {
        let length = key.utf8.count
        guard length >= shortestReservedLength && length <= longestReservedLength else { return false }
        return key == bundleVersion || key == userInterfaceIdiom || key == timestamp || key == systemVersion || key == storyboard
    }

    /// The keys UIKit's own classes write their state and references under (the presented view
    /// controller, views, a container's children, the selected tab, subviews, a scroll view's
    /// offset, a list's model identifiers). Apps may not write them either: an app value would
    /// replace the engine's and silently drop what it held. Unlike ``reserved``, they appear in
    /// the trace's `keys`.
    public static let containerKeys: Set<String> = [
        ViewController.Key.presentedViewController, ViewController.Key.views,
        NavigationController.stackKey, TabBarController.childrenKey, TabBarController.selectedIndexKey,
        SplitViewController.childrenKey, PageViewController.childrenKey, ContainerViewController.childrenKey,
        View.subviewsKey, ScrollView.contentOffsetKey, ElementListView.selectedModelIdsKey, ElementListView.firstVisibleModelIdKey,
    ]

    /// Whether an app may not write `key`: one of ``reserved`` or ``containerKeys``.
    static func isRefusedForApps(_ key: String) -> Bool { isReserved(key) || containerKeys.contains(key) }

    /// Whether `key` is one of the two keys UIKit writes into every object's coder (stored once
    /// in the archive, in the application coder).
    static func isPerObjectKey(_ key: String) -> Bool {
        let length = key.utf8.count
        guard length == bundleVersion.utf8.count || length == userInterfaceIdiom.utf8.count else { return false }
        return key == bundleVersion || key == userInterfaceIdiom
    }

    private static let shortestReservedLength = reserved.map(\.utf8.count).min() ?? 0
    private static let longestReservedLength = reserved.map(\.utf8.count).max() ?? 0
}
