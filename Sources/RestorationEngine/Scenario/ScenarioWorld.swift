// ScenarioWorld: turns a Scenario into engine objects — the app as it goes to the background,
// or the relaunched app (what exists at launch, its restoration classes, app delegate answers,
// storyboard, and models with deleted identifiers). Built iteratively: deep scenarios are fine.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TraceFormat

/// A scenario's app, built as engine objects for one of the two processes.
public final class ScenarioWorld {
    public enum Phase {
        /// The first process: the whole hierarchy the scenario describes.
        case beforeTermination
        /// The second process: only what exists at launch; the rest is found by the engine's search.
        case relaunch(crash: CrashBehavior)
    }

    public let scenario: Scenario
    public let application: Application
    let phase: Phase
    /// Scenario view controllers by restoration path (every node whose identifiers are all set).
    private(set) var nodes: [RestorationPath: ScenarioViewController] = [:]
    private var storyboardNodes: [String: ScenarioViewController] = [:]
    private let storyboard: ScenarioStoryboard
    private let crash: (([String]) throws -> Void)?

    public convenience init(scenario: Scenario, phase: Phase) {
        self.init(scenario: scenario, phase: phase, onAbort: {})
    }

    /// `onAbort` runs just before `abort()` (to flush a buffered trace).
    init(scenario: Scenario, phase: Phase, onAbort: @escaping () -> Void) {
        self.scenario = scenario
        self.phase = phase
        let isRelaunch: Bool
        switch phase {
        case .beforeTermination:
            isRelaunch = false
            crash = nil
        case .relaunch(let behavior):
            isRelaunch = true
            switch behavior {
            case .abortProcess: crash = { _ in onAbort(); abort() }
            case .throwSimulatedCrash: crash = { path in throw SimulatedCrash(path: path) }
            }
        }
        let version = isRelaunch ? (scenario.relaunch.bundleVersion ?? scenario.app.bundleVersion) : scenario.app.bundleVersion
        let idiom = isRelaunch ? (scenario.relaunch.idiom ?? scenario.app.idiom) : scenario.app.idiom
        application = Application(bundleVersion: version, userInterfaceIdiom: idiom,
                                  systemVersion: scenario.app.effectiveSystemVersion)
        application.developerMode = scenario.debug.developerMode
        storyboard = ScenarioStoryboard()
        storyboard.world = self
        application.register(storyboard: storyboard)
        application.delegate = ScenarioAppDelegate(world: self)

        indexNodes()
        registerObjects(relaunch: isRelaunch)
        var restorationClassNames: [String] = []
        for node in nodes.values { if let name = node.restorationClass { restorationClassNames.append(name) } }
        for name in Set(restorationClassNames).sorted() {
            application.register(restorationClass: RestorationClass(name: name) { [weak self] components, _ in
                self?.restorationClassAnswer(for: RestorationPath(components))
            })
        }
        for window in scenario.windows {
            application.windows.append(Window(rootViewController: buildTree(from: window.root, relaunch: isRelaunch)))
        }
    }

    // MARK: Building

    /// Registers the scenario's objects (at relaunch only those `registeredAtLaunch`), each below
    /// its `restorationParent` when that names a view controller or registered object of the
    /// scenario; any other parent is ignored, as UIKit ignores a parent that is not restorable (rule 49).
    private func registerObjects(relaunch: Bool) {
        var pathByIdentifier: [String: RestorationPath] = [:]
        var declared: Set<RestorationPath> = []
        // Parents may be registered objects declared later: resolve in rounds, at most one per object.
        var pending = scenario.registeredObjects
        var resolved: [(ScenarioRegisteredObject, RestorationPath?)] = []
        for _ in 0...scenario.registeredObjects.count where !pending.isEmpty {
            var next: [ScenarioRegisteredObject] = []
            for registration in pending {
                guard let parent = registration.restorationParent else {
                    resolved.append((registration, nil))
                    declared.insert(RestorationPath([registration.restorationIdentifier]))
                    pathByIdentifier[registration.restorationIdentifier] = RestorationPath([registration.restorationIdentifier])
                    continue
                }
                let parentPath = RestorationPath(parent)
                if nodes[parentPath] != nil || declared.contains(parentPath) {
                    resolved.append((registration, parentPath))
                    declared.insert(parentPath.appending(registration.restorationIdentifier))
                } else {
                    next.append(registration)
                }
            }
            if next.count == pending.count {
                // Nothing left names a known parent: those parents are ignored.
                for registration in next { resolved.append((registration, nil)) }
                next = []
            }
            pending = next
        }
        let order = Dictionary(uniqueKeysWithValues: scenario.registeredObjects.enumerated().map { ($1.restorationIdentifier, $0) })
        resolved.sort { (order[$0.0.restorationIdentifier] ?? 0) < (order[$1.0.restorationIdentifier] ?? 0) }
        for (registration, parentPath) in resolved where !relaunch || registration.registeredAtLaunch {
            application.registerObject(forStateRestoration: ScenarioRegisteredInstance(registration, world: self),
                                       restorationIdentifier: registration.restorationIdentifier, parentPath: parentPath)
        }
        for registration in scenario.registeredObjects {
            guard let name = registration.objectRestorationClass else { continue }
            application.register(objectRestorationClass: ObjectRestorationClass(name: name) { [weak self] _, _ in
                guard let self, registration.objectRestorationClassReturns != .none else { return nil }
                return ScenarioRegisteredInstance(registration, world: self)
            })
        }
    }

    /// The crash the scenario asks for at relaunch (nil before termination).
    func crash(at path: [String]) throws {
        try crash?(path)
    }

    /// Every view controller with a complete path, and storyboard identifiers.
    private func indexNodes() {
        // `parent` is nil for a root; `reachable` is false below a node without an identifier,
        // where nothing has a path.
        var stack: [(node: ScenarioViewController, parent: RestorationPath?, reachable: Bool)] =
            scenario.windows.reversed().map { ($0.root, nil, true) }
        while let (node, parent, reachable) = stack.popLast() {
            if let identifier = node.storyboardIdentifier, storyboardNodes[identifier] == nil { storyboardNodes[identifier] = node }
            var path: RestorationPath?
            if reachable, let identifier = RestorationPath.effectiveIdentifier(node.restorationIdentifier) {
                path = parent?.appending(identifier) ?? RestorationPath([identifier])
            }
            if let path, nodes[path] == nil { nodes[path] = node }
            // The walk's order: the base encode writes the presented view controller before a
            // container writes its children, so on a duplicate path the presented one is kept.
            let below = (node.presented.map { [$0] } ?? []) + node.children
            for child in below.reversed() { stack.append((child, path, path != nil)) }
        }
    }

    /// Builds a tree of view controllers. Before termination: all of it. At relaunch: only what
    /// exists at launch (SCENARIO_FORMAT.md's `createdAtLaunch` and its default).
    private func buildTree(from root: ScenarioViewController, relaunch: Bool) -> ViewController? {
        if relaunch && !(root.restore.createdAtLaunch ?? true) { return nil }
        let rootObject = makeViewController(root, className: root.className, superclasses: root.superclasses)
        struct Item {
            var node: ScenarioViewController
            var object: ViewController
        }
        var stack = [Item(node: root, object: rootObject)]
        while let item = stack.popLast() {
            var built: [Item] = []
            for (index, child) in item.node.children.enumerated() {
                if relaunch {
                    let byDefault: Bool
                    switch item.node.kind {
                    case .tabBar, .split, .page: byDefault = true
                    case .navigation: byDefault = index == 0
                    case .plain, .custom: byDefault = false
                    }
                    guard child.restore.createdAtLaunch ?? byDefault else { continue }
                }
                let object = makeViewController(child, className: child.className, superclasses: child.superclasses)
                item.object.addChild(object)
                built.append(Item(node: child, object: object))
            }
            if let presented = item.node.presented, !relaunch || (presented.restore.createdAtLaunch ?? false) {
                let object = makeViewController(presented, className: presented.className, superclasses: presented.superclasses)
                item.object.present(object)
                built.append(Item(node: presented, object: object))
            }
            stack.append(contentsOf: built.reversed())
        }
        return rootObject
    }

    /// One view controller (without its children) with its views, acting out `node`.
    func makeViewController(_ node: ScenarioViewController, className: String, superclasses: [String]) -> ViewController {
        let behavior = ScenarioBehavior(node: node, className: className, superclasses: superclasses,
                                        application: application, crash: crash)
        let identifier = node.restorationIdentifier
        let object: ViewController
        switch node.kind {
        case .plain: object = ScenarioPlainViewController(behavior, restorationIdentifier: identifier)
        case .navigation: object = ScenarioNavigationController(behavior, restorationIdentifier: identifier)
        case .tabBar:
            let selected: Int
            if case .beforeTermination = phase { selected = node.selectedIndex ?? 0 } else { selected = 0 }
            object = ScenarioTabBarController(behavior, restorationIdentifier: identifier, selectedIndex: selected)
        case .split: object = ScenarioSplitViewController(behavior, restorationIdentifier: identifier)
        case .page: object = ScenarioPageViewController(behavior, restorationIdentifier: identifier)
        case .custom: object = ScenarioCustomContainer(behavior, restorationIdentifier: identifier, encodesChildren: node.encodesChildren)
        }
        if let name = node.restorationClass { object.restorationClass = application.restorationClasses[name] }
        if let storyboardIdentifier = node.storyboardIdentifier {
            object.storyboard = storyboard
            object.storyboardIdentifier = storyboardIdentifier
        }
        object.views = node.views.map(buildViews)
        return object
    }

    /// A view and its subviews, iteratively.
    private func buildViews(_ root: ScenarioView) -> View {
        let rootObject = makeView(root)
        var stack = [(root, rootObject)]
        while let (node, object) = stack.popLast() {
            var built: [(ScenarioView, View)] = []
            for subview in node.subviews {
                let child = makeView(subview)
                object.addSubview(child)
                built.append((subview, child))
            }
            stack.append(contentsOf: built.reversed())
        }
        return rootObject
    }

    private func makeView(_ node: ScenarioView) -> View {
        let behavior = ScenarioViewBehavior(className: node.className, state: node.state, source: node.source)
        let offset = node.contentOffset.flatMap { $0.count == 2 ? Point(x: $0[0], y: $0[1]) : nil } ?? .zero
        let isRelaunch: Bool
        if case .relaunch = phase { isRelaunch = true } else { isRelaunch = false }
        switch node.kind {
        case .plain:
            return ScenarioPlainView(behavior, restorationIdentifier: node.restorationIdentifier)
        case .scroll:
            let view = ScenarioScrollView(behavior, restorationIdentifier: node.restorationIdentifier)
            if !isRelaunch { view.contentOffset = offset }
            return view
        case .table:
            let view = ScenarioTableView(behavior, restorationIdentifier: node.restorationIdentifier)
            view.model = configure(view, node: node, offset: offset, relaunch: isRelaunch)
            return view
        case .collection:
            let view = ScenarioCollectionView(behavior, restorationIdentifier: node.restorationIdentifier)
            view.model = configure(view, node: node, offset: offset, relaunch: isRelaunch)
            return view
        }
    }

    /// Gives a table or collection view its model (without `deletedModelIds` at relaunch) and,
    /// before termination, its offset, selection and first visible element.
    private func configure(_ view: ElementListView, node: ScenarioView, offset: Point, relaunch: Bool) -> ScenarioModel? {
        guard node.dataSourceModelAssociation else {
            if !relaunch { view.contentOffset = offset }
            return nil
        }
        var identifiers = node.selectedModelIds
        if let first = node.firstVisibleModelId { identifiers.append(first) }
        if relaunch {
            let deleted = Set(scenario.relaunch.deletedModelIds)
            identifiers.removeAll { deleted.contains($0) }
        }
        let model = ScenarioModel(identifiers: identifiers)
        view.dataSource = model
        if !relaunch {
            view.contentOffset = offset
            view.selectedIndexPaths = node.selectedModelIds.compactMap { model.indexPath(of: $0) }
            view.firstVisibleIndexPath = node.firstVisibleModelId.flatMap { model.indexPath(of: $0) }
        }
        return model
    }

    // MARK: The relaunched app's answers

    func restorationClassAnswer(for path: RestorationPath) -> ViewController? {
        guard let node = nodes[path] else { return nil }
        return answer(node.restore.restorationClassReturns, for: node)
    }

    func appDelegateAnswer(for path: RestorationPath) -> ViewController? {
        guard let node = nodes[path] else { return nil }
        return answer(node.restore.appDelegateReturns, for: node)
    }

    private func answer(_ answer: ScenarioObjectAnswer, for node: ScenarioViewController) -> ViewController? {
        switch answer {
        case .none: return nil
        case .instance: return makeViewController(node, className: node.className, superclasses: node.superclasses)
        case .other(let className, let superclasses): return makeViewController(node, className: className, superclasses: superclasses)
        }
    }

    func storyboardInstance(withIdentifier identifier: String) -> ViewController? {
        guard let node = storyboardNodes[identifier] else { return nil }
        return makeViewController(node, className: node.className, superclasses: node.superclasses)
    }
}

/// The scenario's one storyboard: it can instantiate every view controller with a `storyboardIdentifier`.
final class ScenarioStoryboard: Storyboard {
    weak var world: ScenarioWorld?
    var name: String { "Main" }
    func instantiateViewController(withIdentifier identifier: String) -> ViewController? {
        world?.storyboardInstance(withIdentifier: identifier)
    }
}

/// The scenario's app delegate: `app` before termination, `relaunch` after.
final class ScenarioAppDelegate: ApplicationDelegate {
    private weak var world: ScenarioWorld?
    init(world: ScenarioWorld) { self.world = world }

    func application(_ application: Application, shouldSaveApplicationState coder: StateCoder) -> Bool {
        world?.scenario.app.shouldSave ?? false
    }

    var implementedStateRestorationMethods: StateRestorationMethods {
        guard let app = world?.scenario.app else { return [] }
        var methods: StateRestorationMethods = []
        if app.legacyPair { methods.insert(.legacyPair) }
        if app.secureCoding { methods.insert(.securePair) }
        return methods
    }

    func application(_ application: Application, shouldSaveSecureApplicationState coder: StateCoder) -> Bool {
        self.application(application, shouldSaveApplicationState: coder)
    }

    func application(_ application: Application, shouldRestoreSecureApplicationState coder: StateCoder) -> Bool {
        self.application(application, shouldRestoreApplicationState: coder)
    }

    /// Rule 44: the leading `extend`s of `relaunch.deferredRestoration` are made here; the rest
    /// run on the main queue after didFinishLaunching, as the asynchronous work finishing.
    func application(_ application: Application, didDecodeRestorableStateWith coder: StateCoder) {
        guard let world else { return }
        for _ in world.scenario.deferredCallsInDidDecode { application.extendStateRestoration() }
        for call in world.scenario.deferredCallsAfterLaunch {
            application.enqueueOnMainQueue { [weak world, unowned application] in
                switch call {
                case .extend: application.extendStateRestoration()
                case .complete: application.completeStateRestoration()
                case .terminate: application.terminate()
                case .crash: try world?.crash(at: [])
                }
            }
        }
    }

    func application(_ application: Application, willEncodeRestorableStateWith coder: StateCoder) {
        guard let app = world?.scenario.app else { return }
        if app.ignoreSnapshot == .inPreservation { application.ignoreSnapshotOnNextApplicationLaunch() }
        for member in app.state.members { coder.encode(member.value, forKey: member.key) }
        for identifier in app.encodes {
            if let object = application.registeredObject(withIdentifier: identifier) {
                coder.encode(object, forKey: identifier)
            } else {
                coder.reportError("app.encodes names \"\(identifier)\", which is not among the scenario's registeredObjects; add it there or remove it")
            }
        }
    }

    func application(_ application: Application, shouldRestoreApplicationState coder: StateCoder) -> Bool {
        guard let scenario = world?.scenario else { return false }
        var sameVersion: Bool { coder.decodeString(forKey: StateCoderKey.bundleVersion) == application.bundleVersion }
        var sameIdiom: Bool { coder.decodeString(forKey: StateCoderKey.userInterfaceIdiom) == application.userInterfaceIdiom }
        switch scenario.relaunch.shouldRestore {
        case .always: return true
        case .never: return false
        case .sameVersion: return sameVersion
        case .sameIdiom: return sameIdiom
        case .sameVersionAndIdiom: return sameVersion && sameIdiom
        }
    }

    func application(_ application: Application, viewControllerWithRestorationIdentifierPath identifierComponents: [String],
                     coder: StateCoder) -> ViewController? {
        world?.appDelegateAnswer(for: RestorationPath(identifierComponents))
    }
}

/// `relaunch`: what happened to the archive directory between the two processes.
struct RelaunchConditions {
    let relaunch: ScenarioRelaunch
    init(_ relaunch: ScenarioRelaunch) { self.relaunch = relaunch }

    func apply(to directory: ArchiveDirectory) throws {
        switch relaunch.archive {
        case .intact: break
        case .missing: directory.deleteArchive()
        case .corrupt:
            if var bytes = try directory.readArchive(), !bytes.isEmpty {
                // Flip one payload byte (or the last header byte of a tiny file): the checksum catches it.
                let position = bytes.count > RestorationArchive.headerSize ? (RestorationArchive.headerSize + bytes.count) / 2 : bytes.count - 1
                bytes[position] ^= 0xFF
                try ArchiveDirectory.writeAtomically(bytes, to: directory.archiveURL)
            }
        case .truncated:
            if let bytes = try directory.readArchive(), !bytes.isEmpty {
                try ArchiveDirectory.writeAtomically(Array(bytes.prefix(bytes.count / 2)), to: directory.archiveURL)
            }
        }
        try directory.setForceQuitRecorded(relaunch.forceQuit)
        try directory.setLaunchCrashCount(max(0, relaunch.launchCrashes))
    }
}
