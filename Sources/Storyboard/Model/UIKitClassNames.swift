// The UIKit class each Interface Builder element stands for, and the classes above it: what a
// scene's `class` and `superclasses` are when it has no custom class (or in addition to it).

enum UIKitClassNames {
    /// UIKit classes of controller elements, with their superclasses up to UIViewController.
    private static let controllers: [String: [String]] = [
        "viewController": ["UIViewController"],
        "navigationController": ["UINavigationController", "UIViewController"],
        "tabBarController": ["UITabBarController", "UIViewController"],
        "tableViewController": ["UITableViewController", "UIViewController"],
        "collectionViewController": ["UICollectionViewController", "UIViewController"],
        "splitViewController": ["UISplitViewController", "UIViewController"],
        "pageViewController": ["UIPageViewController", "UIViewController"],
        "avPlayerViewController": ["AVPlayerViewController", "UIViewController"],
        "glkViewController": ["GLKViewController", "UIViewController"],
        "hostingController": ["UIHostingController", "UIViewController"],
        "viewControllerPlaceholder": ["UIViewController"],
    ]

    /// The class chain of a controller element, its own class first. An unknown `fooController`
    /// element is taken as `UIFooController`, a UIViewController subclass.
    static func controllerChain(element: String) -> [String] {
        if let chain = controllers[element] { return chain }
        return [uikitName(element), "UIViewController"]
    }

    static func controller(element: String) -> String { controllerChain(element: element)[0] }

    /// UIKit classes of view elements whose name does not follow `UI` + the element name.
    private static let views: [String: String] = [
        "view": "UIView",
        "wkWebView": "WKWebView",
        "mapView": "MKMapView",
        "arscnView": "ARSCNView",
        "arskView": "ARSKView",
        "sceneKitView": "SCNView",
        "skView": "SKView",
        "glkView": "GLKView",
        "mtkView": "MTKView",
        "containerView": "UIView",
        "tableViewCellContentView": "UITableViewCellContentView",
        "collectionViewCellContentView": "UIView",
    ]

    /// The UIKit class of a view element: `tableView` -> `UITableView`.
    static func view(element: String) -> String { views[element] ?? uikitName(element) }

    /// `UI` + the element name with its first letter upper-cased.
    private static func uikitName(_ element: String) -> String {
        guard let first = element.first else { return "UIView" }
        return "UI" + first.uppercased() + element.dropFirst()
    }
}
