// RestorationMap: every scene of a set of storyboards placed once where the app would show it —
// the launch hierarchy first (relationship and embed segues from the initial view controller),
// then, breadth first, what the other segues lead to — with the restoration path each would have
// and the verdict restoration would reach (SceneVerdict). Lint and render read it.

/// Where every scene would be, and what restoration would do with it.
public struct RestorationMap: Sendable {
    public let set: StoryboardSet
    /// The scenes placed, parents before children.
    public let tree: SceneTree
    /// One verdict per node of ``tree``.
    public let verdicts: [SceneVerdict]
    /// The roots the map was made from.
    public let roots: [ControllerID]
    /// View controllers (not storyboard references) that no segue leads to from a root.
    public let unreachable: [ControllerID]

    /// The map of `set` from `roots` (by default the set's launch roots).
    public init(set: StoryboardSet, roots: [ControllerID]? = nil) {
        self.set = set
        let roots = roots ?? set.launchRoots
        self.roots = roots
        var tree = SceneTree(set: set, repetition: .oncePerScene)
        for root in roots {
            tree.place(root, parent: nil, placement: .root, segue: nil, atLaunch: true)
        }
        // Breadth first over what segues lead to, so a scene is placed where it is reached first.
        var cursor = 0
        while cursor < tree.nodes.count {
            let source = cursor
            cursor += 1
            let node = tree.nodes[source]
            for segue in set[node.controller].segues {
                guard let navigation = segue.kind.navigation,
                      case .controller(let destination) = set.destination(of: segue, inFile: node.controller.file),
                      tree.firstNode[destination] == nil
                else { continue }
                let (parent, placement, after) = tree.attachment(of: navigation, from: source)
                tree.place(destination, parent: parent, placement: placement, segue: segue, atLaunch: false, pushedAfter: after)
            }
        }
        self.tree = tree
        verdicts = RestorationMap.verdicts(of: tree)
        unreachable = set.allControllers.filter { set[$0].kind != .reference && tree.firstNode[$0] == nil }
    }

    /// The verdict of a controller: its node's, or ``SceneVerdict/notReachable``.
    public func verdict(of controller: ControllerID) -> SceneVerdict {
        tree.firstNode[controller].map { verdicts[$0] } ?? .notReachable
    }

    /// The node of a controller, when it is placed.
    public func node(of controller: ControllerID) -> Int? { tree.firstNode[controller] }

    /// The restoration path of the node: nil when it or a scene above it has no identifier.
    public func path(of node: Int) -> [String]? {
        var components: [String] = []
        var current: Int? = node
        while let index = current {
            guard let identifier = set[tree.nodes[index].controller].effectiveRestorationIdentifier else { return nil }
            components.append(identifier)
            current = tree.nodes[index].parent
        }
        return components.reversed()
    }

    /// The path the node would have, a scene without an identifier written as `nil`.
    public func wouldBePath(of node: Int) -> [String?] {
        var components: [String?] = []
        var current: Int? = node
        while let index = current {
            components.append(set[tree.nodes[index].controller].effectiveRestorationIdentifier)
            current = tree.nodes[index].parent
        }
        return components.reversed()
    }

    // MARK: Verdicts

    /// Parents come before children, so one pass in node order sees every parent's verdict first.
    private static func verdicts(of tree: SceneTree) -> [SceneVerdict] {
        let set = tree.set
        var verdicts: [SceneVerdict] = []
        verdicts.reserveCapacity(tree.nodes.count)
        for (index, node) in tree.nodes.enumerated() {
            let controller = set[node.controller]
            verdicts.append(verdict(index, node, controller, tree: tree, decided: verdicts))
        }
        return verdicts
    }

    private static func verdict(_ index: Int, _ node: SceneTree.Node, _ controller: StoryboardController, tree: SceneTree,
                                decided: [SceneVerdict]) -> SceneVerdict {
        let set = tree.set
        guard let identifier = controller.effectiveRestorationIdentifier else {
            return .notRestored(controller.restorationIdentifier == nil ? .noRestorationIdentifier : .emptyRestorationIdentifier)
        }
        if let parent = node.parent, case .notRestored(let reason) = decided[parent] {
            if case .ancestorNotRestored(let cause) = reason { return .notRestored(.ancestorNotRestored(node: cause)) }
            return .notRestored(.ancestorNotRestored(node: parent))
        }
        if let parent = node.parent, node.placement == .embedded, !set[tree.nodes[parent].controller].isBuiltInContainer {
            return .notRestored(.notEncodedByContainer(container: parent))
        }
        if let after = node.pushedAfter, !decided[after].isRestored {
            return .notRestored(.stackTruncated(after: after))
        }
        if let earlier = earlierSibling(of: index, identifier: identifier, tree: tree) {
            return .notRestored(.duplicatePath(of: earlier))
        }
        guard !node.atLaunch else { return .restored(.existing) }
        guard let storyboardIdentifier = controller.storyboardIdentifier, !storyboardIdentifier.isEmpty else {
            return .notRestored(.notFoundAtRelaunch)
        }
        return .restored(.storyboard)
    }

    /// An earlier scene that is on screen together with the one at `index`, below the same
    /// parent, with the same identifier: containment siblings and presented scenes share their
    /// parent; a pushed scene shares its stack with the members below it.
    static func earlierSibling(of index: Int, identifier: String, tree: SceneTree) -> Int? {
        let node = tree.nodes[index]
        guard let parent = node.parent else { return nil }
        func same(_ other: Int) -> Bool { tree.set[tree.nodes[other].controller].effectiveRestorationIdentifier == identifier }
        if node.placement == .pushed {
            var below = node.pushedAfter
            while let member = below {
                if same(member) { return member }
                below = tree.nodes[member].pushedAfter
            }
            return tree.nodes[parent].children.first { $0 < index && tree.nodes[$0].placement.isContainment && same($0) }
        }
        // Alternatives (two scenes presented from one, two details) never show together: only
        // containment children are compared with everything.
        return tree.nodes[parent].children.first { other in
            other < index && (tree.nodes[other].placement.isContainment || node.placement.isContainment) && same(other)
                && tree.nodes[other].placement != .pushed
        }
    }
}
