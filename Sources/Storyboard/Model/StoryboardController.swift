// A scene's view controller as Interface Builder describes it: what it is (element, class),
// how it is identified (storyboard ID, restoration identifier), where it leads (segues), and
// which of its views ask to be restored.

import TraceFormat

/// What kind of view controller an element describes.
public enum StoryboardControllerKind: String, Sendable, Hashable, CaseIterable {
    case viewController, navigation, tabBar, table, collection, split, page
    /// Any other `*Controller` element with `sceneMemberID="viewController"` (AVPlayerViewController,
    /// a SwiftUI hosting controller, ...): a plain view controller of its class.
    case other
    /// `viewControllerPlaceholder`: a reference to a scene of another storyboard.
    case reference

    /// Navigation, tab bar, split and page view controllers: containers UIKit's restoration covers.
    public var isBuiltInContainer: Bool {
        switch self {
        case .navigation, .tabBar, .split, .page: return true
        default: return false
        }
    }
}

/// `viewControllerPlaceholder`: a storyboard reference.
public struct StoryboardReference: Sendable, Hashable {
    /// `storyboardName`: the storyboard it points into; nil means its own storyboard.
    public var storyboardName: String?
    /// `referencedIdentifier`: the storyboard ID of the scene; nil means that storyboard's initial view controller.
    public var referencedIdentifier: String?
    public init(storyboardName: String?, referencedIdentifier: String?) {
        self.storyboardName = storyboardName
        self.referencedIdentifier = referencedIdentifier
    }
}

/// One scene's view controller.
public struct StoryboardController: Sendable, Hashable {
    /// The Interface Builder object ID (`id`).
    public var objectID: String
    /// The scene's `sceneID`.
    public var sceneID: String?
    /// The element name: `tableViewController`, `navigationController`, ...
    public var element: String
    public var kind: StoryboardControllerKind
    public var customClass: String?
    public var customModule: String?
    /// `storyboardIdentifier` (Storyboard ID).
    public var storyboardIdentifier: String?
    /// `restorationIdentifier` as written; see ``restorationIdentifier`` for what UIKit gets.
    public var restorationIdentifierAttribute: String?
    /// `useStoryboardIdentifierAsRestorationIdentifier="YES"` ("Use Storyboard ID").
    public var usesStoryboardIdentifierAsRestorationIdentifier: Bool
    /// `title`, or the navigation item's or tab bar item's title.
    public var title: String?
    /// Interface Builder's name of the scene: the comment before `<scene>` (`<!--Countries-->`).
    public var sceneName: String?
    public var segues: [StoryboardSegue]
    /// Its views that carry a restoration identifier, cells included, in file order.
    public var views: [StoryboardView]
    /// For `viewControllerPlaceholder`: what it points at.
    public var reference: StoryboardReference?
    /// Where its element starts.
    public var source: ObjectSource

    public init(objectID: String, sceneID: String? = nil, element: String, kind: StoryboardControllerKind,
                customClass: String? = nil, customModule: String? = nil, storyboardIdentifier: String? = nil,
                restorationIdentifierAttribute: String? = nil, usesStoryboardIdentifierAsRestorationIdentifier: Bool = false,
                title: String? = nil, sceneName: String? = nil, segues: [StoryboardSegue] = [], views: [StoryboardView] = [],
                reference: StoryboardReference? = nil, source: ObjectSource) {
        self.objectID = objectID
        self.sceneID = sceneID
        self.element = element
        self.kind = kind
        self.customClass = customClass
        self.customModule = customModule
        self.storyboardIdentifier = storyboardIdentifier
        self.restorationIdentifierAttribute = restorationIdentifierAttribute
        self.usesStoryboardIdentifierAsRestorationIdentifier = usesStoryboardIdentifierAsRestorationIdentifier
        self.title = title
        self.sceneName = sceneName
        self.segues = segues
        self.views = views
        self.reference = reference
        self.source = source
    }

    /// The restoration identifier UIKit gets: the storyboard ID under "Use Storyboard ID" (`""`
    /// when there is none), else the `restorationIdentifier` attribute. `""` is kept: the engine
    /// treats it as none, and lint says so.
    public var restorationIdentifier: String? {
        usesStoryboardIdentifierAsRestorationIdentifier ? (storyboardIdentifier ?? "") : restorationIdentifierAttribute
    }

    /// The identifier restoration uses: nil when there is none or it is empty.
    public var effectiveRestorationIdentifier: String? {
        guard let identifier = restorationIdentifier, !identifier.isEmpty else { return nil }
        return identifier
    }

    /// The UIKit class the element stands for (`UITableViewController`).
    public var uikitClass: String { UIKitClassNames.controller(element: element) }

    /// Its class: `customClass`, else the UIKit class.
    public var className: String {
        if let customClass, !customClass.isEmpty { return customClass }
        return uikitClass
    }

    /// The classes it counts as besides its own, nearest first (`UITableViewController`, `UIViewController`).
    public var superclasses: [String] {
        let chain = UIKitClassNames.controllerChain(element: element)
        if let customClass, !customClass.isEmpty, customClass != uikitClass { return chain }
        return Array(chain.dropFirst())
    }

    /// What people call it: its storyboard ID, else its restoration identifier, else its title or
    /// scene name, else (for a storyboard reference) what it refers to, else its class.
    public var displayName: String {
        if let storyboardIdentifier, !storyboardIdentifier.isEmpty { return storyboardIdentifier }
        if let effectiveRestorationIdentifier { return effectiveRestorationIdentifier }
        if let title, !title.isEmpty { return title }
        if let reference {
            return "→ " + [reference.storyboardName, reference.referencedIdentifier].compactMap { $0 }.joined(separator: " / ")
                .nonEmpty(or: "initial scene")
        }
        if let sceneName, !sceneName.isEmpty { return sceneName }
        return className
    }

    /// Its name and, when that is not its class, its class: `CountryList (UYLTableViewController)`.
    public var described: String {
        displayName == className ? className : "\(displayName) (\(className))"
    }

    /// Whether it is a container UIKit's built-in restoration covers (navigation, tab bar, split, page).
    public var isBuiltInContainer: Bool { kind.isBuiltInContainer }
}

extension String {
    func nonEmpty(or fallback: String) -> String { isEmpty ? fallback : self }
}
