// ScenarioImporter: storyboards -> the scenario of what the app shows at launch: the initial view
// controller (or the one --root names) and everything its relationship and embed segues reach,
// then, for each --open step, the scene a show or presentation segue leads to, pushed or presented
// where UIKit would put it. Every object carries its source (file, line, column, object ID).

import RestorationEngine
import TraceFormat

/// Turns storyboards into scenarios.
///
/// ```swift
/// let set = StoryboardSet([try StoryboardReader().read(contentsOf: "Main.storyboard")])
/// let scenario = try ScenarioImporter(options: .init(open: ["CountryVCID"])).scenario(from: set)
/// ```
public struct ScenarioImporter: Sendable {
    public struct Options: Sendable, Hashable {
        /// The root's storyboard ID (or class, or object ID); nil: the initial view controller.
        public var root: String?
        /// Screens to open, one after the other, each by storyboard ID, class or object ID.
        public var open: [String]
        /// The scenario's name; nil: the first storyboard's name.
        public var name: String?
        public init(root: String? = nil, open: [String] = [], name: String? = nil) {
            self.root = root
            self.open = open
            self.name = name
        }
    }

    public var options: Options

    public init(options: Options = Options()) { self.options = options }

    /// The scenario, and the tree it was built from (for summaries).
    public func scenario(from set: StoryboardSet) throws(ImportError) -> Scenario {
        try importing(set).scenario
    }

    /// The scenario and the placed scenes it describes.
    public func importing(_ set: StoryboardSet) throws(ImportError) -> (scenario: Scenario, tree: SceneTree) {
        let root = try self.root(in: set)
        var tree = SceneTree(set: set, repetition: .asOpened)
        tree.place(root, parent: nil, placement: .root, segue: nil, atLaunch: true)
        var selectedTab: [Int: Int] = [:]
        for step in options.open {
            try open(step, in: &tree, selectedTab: &selectedTab)
        }
        if tree.reachedMaximumDepth { throw .tooDeep(limit: SceneTree.maximumDepth + 1) }
        let windowRoot = ScenarioImporter.build(tree, selectedTab: selectedTab)
        var scenario = Scenario(name: options.name ?? set.files.first?.name ?? "storyboard", windows: [ScenarioWindow(root: windowRoot)])
        var provenance = [JSONMember("storyboards", .strings(set.files.map(\.path)))]
        if let rootName = options.root { provenance.append(JSONMember("root", .string(rootName))) }
        if !options.open.isEmpty { provenance.append(JSONMember("open", .strings(options.open))) }
        scenario.extensions = [JSONMember("x-import", .object(JSONObject(provenance)))]
        return (scenario, tree)
    }

    // MARK: The root

    private func root(in set: StoryboardSet) throws(ImportError) -> ControllerID {
        if let name = options.root {
            let matches = set.controllers(named: name)
            guard let first = matches.first else { throw .rootNotFound(name: name, candidates: set.storyboardIdentifiers) }
            guard matches.count == 1 else { throw .ambiguous(name: name, matches: matches.map { describe(set, $0) }) }
            return first
        }
        for (fileIndex, file) in set.files.enumerated() {
            guard let index = file.initialControllerIndex else { continue }
            switch set.resolve(ControllerID(file: fileIndex, index: index)) {
            case .success(let root): return root
            case .failure(let reason): throw .unresolvedRoot(reason)
            }
        }
        throw .noInitialViewController(files: set.files.map(\.path), candidates: set.storyboardIdentifiers)
    }

    private func describe(_ set: StoryboardSet, _ id: ControllerID) -> String {
        let controller = set[id]
        return "\(controller.className) id \(controller.objectID) at \(controller.source)"
    }

    // MARK: Opening screens

    /// Opens `step`: a segue from the screen shown (or a scene around it) whose destination it
    /// names; else a tab of a tab bar on the way to that screen, which becomes the selected one.
    private func open(_ step: String, in tree: inout SceneTree, selectedTab: inout [Int: Int]) throws(ImportError) {
        let set = tree.set
        let tabs = selectedTab
        let shown = tree.visibleLeaf(from: 0) { tabs[$0] ?? 0 }
        // The screen shown, then the scenes that hold it, nearest first.
        var sources: [Int] = []
        var current: Int? = shown
        while let index = current {
            sources.append(index)
            current = tree.nodes[index].parent
        }
        var choices: [String] = []
        var matches: [(source: Int, segue: StoryboardSegue, destination: ControllerID)] = []
        for source in sources {
            for segue in set[tree.nodes[source].controller].segues where segue.kind.navigation != nil {
                guard case .controller(let destination) = set.destination(of: segue, inFile: tree.nodes[source].controller.file)
                else { continue }
                let controller = set[destination]
                choices.append(ScenarioImporter.name(of: controller))
                if ScenarioImporter.names(of: controller).contains(step),
                   !matches.contains(where: { $0.destination == destination })
                {
                    matches.append((source, segue, destination))
                }
            }
        }
        // A storyboard ID outranks a class name.
        let byIdentifier = matches.filter { set[$0.destination].storyboardIdentifier == step }
        let chosen = byIdentifier.isEmpty ? matches : byIdentifier
        if chosen.count > 1 {
            throw .ambiguous(name: step, matches: chosen.map { describe(set, $0.destination) })
        }
        if let match = chosen.first, let navigation = match.segue.kind.navigation {
            let (parent, placement, after) = tree.attachment(of: navigation, from: match.source)
            if placement == .presented,
               let presented = tree.nodes[parent].children.first(where: { tree.nodes[$0].placement == .presented })
            {
                throw .alreadyPresenting(step: step, presenter: name(tree, parent), presented: name(tree, presented))
            }
            tree.place(match.destination, parent: parent, placement: placement, segue: match.segue, atLaunch: false, pushedAfter: after)
            return
        }
        // A tab on the way to the screen shown.
        for holder in sources.reversed() where set[tree.nodes[holder].controller].kind == .tabBar {
            let tabNodes = tree.nodes[holder].children.filter { tree.nodes[$0].placement.isContainment }
            if let position = tabNodes.firstIndex(where: { node in
                ScenarioImporter.names(of: set[tree.nodes[node].controller]).contains(step)
            }) {
                selectedTab[holder] = position
                return
            }
            choices += tabNodes.map { "tab " + name(tree, $0) }
        }
        var unique: [String] = []
        for choice in choices where !unique.contains(choice) { unique.append(choice) }
        throw .openNotFound(step: step, from: name(tree, shown), choices: unique)
    }

    private func name(_ tree: SceneTree, _ node: Int) -> String { ScenarioImporter.name(of: tree.set[tree.nodes[node].controller]) }

    /// How a scene is named in messages: its storyboard ID, else its restoration identifier, else its title or class.
    static func name(of controller: StoryboardController) -> String {
        if let identifier = controller.storyboardIdentifier, !identifier.isEmpty { return identifier }
        return controller.effectiveRestorationIdentifier ?? controller.displayName
    }

    /// The names an --open step may use for a scene: storyboard ID, restoration identifier, class, object ID, title.
    static func names(of controller: StoryboardController) -> [String] {
        [controller.storyboardIdentifier, controller.effectiveRestorationIdentifier, controller.className, controller.objectID,
         controller.title].compactMap { $0 }
    }

    // MARK: Building the scenario

    /// The scenario kind of a built-in container; nil for a plain view controller (a custom
    /// container when it has embedded children).
    static func scenarioKind(_ kind: StoryboardControllerKind) -> ViewControllerKind? {
        switch kind {
        case .navigation: return .navigation
        case .tabBar: return .tabBar
        case .split: return .split
        case .page: return .page
        default: return nil
        }
    }

    /// The scenario view controllers of the tree, built from the leaves up (node indices grow
    /// from parents to children, so a reverse walk sees every child first).
    static func build(_ tree: SceneTree, selectedTab: [Int: Int]) -> ScenarioViewController {
        let set = tree.set
        var built: [ScenarioViewController?] = Array(repeating: nil, count: tree.nodes.count)
        for index in tree.nodes.indices.reversed() {
            let node = tree.nodes[index]
            let controller = set[node.controller]
            var children: [ScenarioViewController] = []
            var presented: ScenarioViewController?
            var hasEmbedded = false
            // A showDetail replaces the split view's detail column.
            let replacesDetail = node.children.contains { tree.nodes[$0].placement == .detail }
            for child in node.children {
                let placed = tree.nodes[child]
                switch placed.placement {
                case .presented:
                    presented = built[child]
                case .child(let relationship) where replacesDetail && (relationship == "detailViewController" || relationship == "secondaryViewController"):
                    continue
                case .detail where child != node.children.last(where: { tree.nodes[$0].placement == .detail }):
                    continue
                default:
                    if placed.placement == .embedded { hasEmbedded = true }
                    if let value = built[child] { children.append(value) }
                }
                built[child] = nil
            }
            let kind = ScenarioImporter.scenarioKind(controller.kind) ?? (hasEmbedded ? .custom : .plain)
            let views = controller.views.filter { !$0.isPrototype }.map { view in
                ScenarioView(className: view.className, kind: ViewKind(rawValue: view.kind.rawValue) ?? .plain,
                             restorationIdentifier: view.restorationIdentifier, source: view.source)
            }
            let tabCount = kind == .tabBar ? children.count : 0
            built[index] = ScenarioViewController(
                className: controller.className, superclasses: controller.superclasses, kind: kind,
                restorationIdentifier: controller.restorationIdentifier,
                storyboardIdentifier: controller.storyboardIdentifier.flatMap { $0.isEmpty ? nil : $0 },
                children: children, presented: presented,
                selectedIndex: tabCount > 0 ? min(selectedTab[index] ?? 0, tabCount - 1) : nil,
                views: views, restore: ScenarioRestoreBehavior(createdAtLaunch: node.atLaunch), source: controller.source)
        }
        return built[0]!
    }
}
