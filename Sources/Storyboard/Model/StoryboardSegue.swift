// A segue: how one scene leads to another. Relationship and embed segues make the hierarchy the
// app shows at launch; the others are navigation the user performs.

import TraceFormat

/// `kind` of a segue.
public enum SegueKind: Sendable, Hashable, CustomStringConvertible {
    /// A container's child: `relationship` says which (`rootViewController`, `viewControllers`, ...).
    case relationship
    /// A container view's child view controller.
    case embed
    case show
    case showDetail
    case presentation
    case popoverPresentation
    case unwind
    /// Deprecated (Xcode 5 and earlier): a push onto the navigation stack.
    case push
    /// Deprecated: a modal presentation.
    case modal
    /// Deprecated: an iPad popover.
    case popover
    /// Deprecated: an iPad split view's detail replaced.
    case replace
    case custom
    /// A kind this reader does not know; kept as written.
    case other(String)

    public init(_ text: String) {
        switch text {
        case "relationship": self = .relationship
        case "embed": self = .embed
        case "show": self = .show
        case "showDetail": self = .showDetail
        case "presentation": self = .presentation
        case "popoverPresentation": self = .popoverPresentation
        case "unwind": self = .unwind
        case "push": self = .push
        case "modal": self = .modal
        case "popover": self = .popover
        case "replace": self = .replace
        case "custom": self = .custom
        default: self = .other(text)
        }
    }

    /// The `kind` attribute's text.
    public var description: String {
        switch self {
        case .relationship: return "relationship"
        case .embed: return "embed"
        case .show: return "show"
        case .showDetail: return "showDetail"
        case .presentation: return "presentation"
        case .popoverPresentation: return "popoverPresentation"
        case .unwind: return "unwind"
        case .push: return "push"
        case .modal: return "modal"
        case .popover: return "popover"
        case .replace: return "replace"
        case .custom: return "custom"
        case .other(let text): return text
        }
    }

    /// Relationship and embed segues: the destination exists as soon as the source does.
    public var isContainment: Bool { self == .relationship || self == .embed }

    /// How following the segue places its destination, or nil for containment and unwind segues.
    public var navigation: SegueNavigation? {
        switch self {
        case .show, .push: return .show
        case .showDetail, .replace: return .showDetail
        case .presentation, .popoverPresentation, .modal, .popover, .custom, .other: return .present
        case .relationship, .embed, .unwind: return nil
        }
    }
}

/// Where performing a segue puts its destination.
public enum SegueNavigation: String, Sendable, Hashable {
    /// Pushed onto the source's navigation controller (presented when there is none, as UIKit's `show` does).
    case show
    /// The detail of the source's split view controller (else as `show`).
    case showDetail
    /// Presented by the source (custom segues are taken as presentations: what they do is code).
    case present
}

/// One segue of a scene.
public struct StoryboardSegue: Sendable, Hashable {
    public var objectID: String?
    public var kind: SegueKind
    /// For relationship segues: `rootViewController`, `viewControllers`, `masterViewController`, ...
    public var relationship: String?
    /// The object ID of the destination; nil when the segue names none.
    public var destinationID: String?
    /// The segue's `identifier` (what code passes to `performSegue(withIdentifier:)`).
    public var identifier: String?
    public var source: ObjectSource

    public init(objectID: String?, kind: SegueKind, relationship: String? = nil, destinationID: String?, identifier: String? = nil,
                source: ObjectSource) {
        self.objectID = objectID
        self.kind = kind
        self.relationship = relationship
        self.destinationID = destinationID
        self.identifier = identifier
        self.source = source
    }

    /// The order of a container's relationship children: tabs in file order, a split view's
    /// columns from leading to trailing, then the compact column.
    public var relationshipRank: Int {
        switch relationship {
        case "rootViewController", "viewControllers": return 0
        case "masterViewController", "primaryViewController": return 1
        case "supplementaryViewController": return 2
        case "detailViewController", "secondaryViewController": return 3
        case "compactViewController": return 4
        default: return 5
        }
    }
}
