// SceneTree: scenes placed where UIKit would put them — a container's relationship and embedded
// children below it, a shown scene on its navigation controller's stack, a presented one below
// its presenter. Both the restoration map (every scene once) and import (the screens a user
// opened) build one; neither recurses, and placement stops at a depth no app reaches.

/// How a scene came to be where it is.
public enum ScenePlacement: Sendable, Hashable {
    /// A window's root: the initial view controller.
    case root
    /// A container's child through a relationship segue (`rootViewController`, `viewControllers`, ...).
    case child(relationship: String?)
    /// A container view's child, through an embed segue.
    case embedded
    /// Pushed on a navigation controller's stack by a show (or push) segue.
    case pushed
    /// Presented by another scene (presentation, popover, modal, custom, or a show with no navigation controller).
    case presented
    /// Shown as a split view controller's detail by a showDetail segue.
    case detail

    /// Whether the scene exists as soon as its parent does (relationship and embed segues).
    public var isContainment: Bool {
        switch self {
        case .root, .child, .embedded: return true
        case .pushed, .presented, .detail: return false
        }
    }
}

/// Scenes placed in a tree.
public struct SceneTree: Sendable {
    public struct Node: Sendable, Hashable {
        public var controller: ControllerID
        public var parent: Int?
        public var placement: ScenePlacement
        /// The segue that placed it (nil for a root), and the file of its source scene.
        public var segue: StoryboardSegue?
        /// Whether it exists at launch: reached from a root through relationship and embed segues only.
        public var atLaunch: Bool
        /// A pushed scene: the member of the same navigation stack it was pushed from (nil: from the
        /// stack's root, or from the navigation controller itself).
        public var pushedAfter: Int?
        public var children: [Int] = []
        /// Levels below its root (a root is 0).
        public var depth: Int
    }

    /// Which scenes may be placed more than once.
    public enum Repetition: Sendable {
        /// Every scene at most once: the map of what restoration would do with each scene.
        case oncePerScene
        /// A scene again wherever a user could open it again (a detail pushed from a detail), but
        /// never inside itself through relationship and embed segues (that would never end).
        case asOpened
    }

    public let set: StoryboardSet
    public let repetition: Repetition
    public private(set) var nodes: [Node] = []
    /// The first node of each placed scene.
    public private(set) var firstNode: [ControllerID: Int] = [:]
    /// Whether some scene was left out because it would be deeper than ``maximumDepth``.
    public private(set) var reachedMaximumDepth = false

    /// The deepest placement (the scenario loader's limit: view controllers nest at most 1,000 deep).
    public static let maximumDepth = 999

    public init(set: StoryboardSet, repetition: Repetition) {
        self.set = set
        self.repetition = repetition
    }

    private func admits(_ controller: ControllerID, parent: Int?) -> Bool {
        switch repetition {
        case .oncePerScene: return firstNode[controller] == nil
        case .asOpened: return !isAncestorOrSelf(controller, of: parent)
        }
    }

    /// The relationship children of a controller in the order UIKit holds them (tabs in file
    /// order, a split view's columns leading to trailing), then its embedded children.
    public static func containmentSegues(of controller: StoryboardController) -> [StoryboardSegue] {
        let relationships = controller.segues.enumerated()
            .filter { $0.element.kind == .relationship }
            .sorted { ($0.element.relationshipRank, $0.offset) < ($1.element.relationshipRank, $1.offset) }
            .map(\.element)
        return relationships + controller.segues.filter { $0.kind == .embed }
    }

    /// Places `controller` and everything its relationship and embed segues reach below it;
    /// returns its node, or nil when ``repetition`` refuses it or it would be too deep.
    @discardableResult
    public mutating func place(_ controller: ControllerID, parent: Int?, placement: ScenePlacement, segue: StoryboardSegue?,
                               atLaunch: Bool, pushedAfter: Int? = nil) -> Int? {
        let depth = parent.map { nodes[$0].depth + 1 } ?? 0
        guard depth <= SceneTree.maximumDepth else {
            reachedMaximumDepth = true
            return nil
        }
        guard admits(controller, parent: parent) else { return nil }
        let top = add(Node(controller: controller, parent: parent, placement: placement, segue: segue, atLaunch: atLaunch,
                           pushedAfter: pushedAfter, depth: depth))
        var work = [top]
        while let current = work.popLast() {
            let file = nodes[current].controller.file
            var added: [Int] = []
            for childSegue in SceneTree.containmentSegues(of: set[nodes[current].controller]) {
                guard case .controller(let child) = set.destination(of: childSegue, inFile: file) else { continue }
                guard nodes[current].depth < SceneTree.maximumDepth else {
                    reachedMaximumDepth = true
                    break
                }
                guard admits(child, parent: current) else { continue }
                let childPlacement: ScenePlacement = childSegue.kind == .embed ? .embedded : .child(relationship: childSegue.relationship)
                added.append(add(Node(controller: child, parent: current, placement: childPlacement, segue: childSegue,
                                      atLaunch: nodes[current].atLaunch, depth: nodes[current].depth + 1)))
            }
            work.append(contentsOf: added.reversed())
        }
        return top
    }

    private mutating func add(_ node: Node) -> Int {
        if firstNode[node.controller] == nil { firstNode[node.controller] = nodes.count }
        nodes.append(node)
        if let parent = node.parent { nodes[parent].children.append(nodes.count - 1) }
        return nodes.count - 1
    }

    /// Where following a segue of kind `navigation` from the scene at `source` puts its
    /// destination: UIKit's `show` pushes onto the nearest navigation controller (and presents
    /// when there is none), `showDetail` replaces the nearest split view's detail.
    public func attachment(of navigation: SegueNavigation, from source: Int) -> (parent: Int, placement: ScenePlacement, pushedAfter: Int?) {
        switch navigation {
        case .present:
            return (source, .presented, nil)
        case .showDetail:
            if let split = nearest(from: source, kind: .split) { return (split, .detail, nil) }
            return attachment(of: .show, from: source)
        case .show:
            guard let navigation = nearest(from: source, kind: .navigation) else { return (source, .presented, nil) }
            // The stack member that holds the source (the source itself, or the container it is in).
            var member = source
            while member != navigation, let parent = nodes[member].parent, parent != navigation { member = parent }
            let after = member == navigation || nodes[member].placement != .pushed ? nil : member
            return (navigation, .pushed, after)
        }
    }

    /// The scene at `start` or its nearest ancestor of `kind`.
    public func nearest(from start: Int, kind: StoryboardControllerKind) -> Int? {
        var current: Int? = start
        while let index = current {
            if set[nodes[index].controller].kind == kind { return index }
            current = nodes[index].parent
        }
        return nil
    }

    /// Whether `controller` is at `node` or above it (a containment cycle would place it again).
    public func isAncestorOrSelf(_ controller: ControllerID, of node: Int?) -> Bool {
        var current = node
        while let index = current {
            if nodes[index].controller == controller { return true }
            current = nodes[index].parent
        }
        return false
    }

    /// The scene showing at `node`: for a tab bar, its selected (first) tab; for a navigation
    /// controller, the top of its stack; for a split view, its last column; else itself.
    public func visibleLeaf(from node: Int, selectedTab: (Int) -> Int = { _ in 0 }) -> Int {
        var current = node
        for _ in 0...SceneTree.maximumDepth {
            let children = nodes[current].children.filter { nodes[$0].placement != .presented }
            if let presented = nodes[current].children.last(where: { nodes[$0].placement == .presented }) {
                current = presented
                continue
            }
            guard !children.isEmpty else { return current }
            switch set[nodes[current].controller].kind {
            case .tabBar:
                let tabs = children.filter { nodes[$0].placement.isContainment }
                guard !tabs.isEmpty else { return current }
                current = tabs[min(max(0, selectedTab(current)), tabs.count - 1)]
            default:
                current = children.last!
            }
        }
        return current
    }
}
