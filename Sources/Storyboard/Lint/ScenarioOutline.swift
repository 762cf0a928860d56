// ScenarioOutline: a scenario's view controllers and views as a flat list with parent links, each
// with its JSON path, its would-be restoration path and whether it exists at launch — what the
// lint rules read from a scenario. Built without recursion, however deep the scenario.

import RestorationEngine
import TraceFormat

/// The objects of one scenario, parents before children.
public struct ScenarioOutline: Sendable {
    public enum Object: Sendable, Hashable {
        case viewController(ScenarioViewController)
        case view(ScenarioView)
    }

    /// How an object hangs below its parent.
    public enum Placement: Sendable, Hashable {
        case root
        /// A child of a container; `index` in its `children`.
        case child(index: Int)
        case presented
        case view
        case subview
    }

    public struct Item: Sendable {
        public var object: Object
        public var parent: Int?
        public var placement: Placement
        /// The view controller whose views this view is among (itself, for a view controller).
        public var owner: Int
        /// Whether it exists at launch (SCENARIO_FORMAT.md's `createdAtLaunch` and its default).
        public var createdAtLaunch: Bool
        public var jsonPath: String

        public var restorationIdentifier: String? {
            switch object {
            case .viewController(let controller): return controller.restorationIdentifier
            case .view(let view): return view.restorationIdentifier
            }
        }

        public var effectiveIdentifier: String? {
            guard let identifier = restorationIdentifier, !identifier.isEmpty else { return nil }
            return identifier
        }

        public var className: String {
            switch object {
            case .viewController(let controller): return controller.className
            case .view(let view): return view.className
            }
        }

        public var source: ObjectSource? {
            switch object {
            case .viewController(let controller): return controller.source
            case .view(let view): return view.source
            }
        }

        public var controller: ScenarioViewController? {
            if case .viewController(let controller) = object { return controller }
            return nil
        }

        public var isView: Bool {
            if case .view = object { return true }
            return false
        }
    }

    public let scenario: Scenario
    /// The file as given (messages name it).
    public let file: String
    public let items: [Item]
    /// Where each item's value starts in the file's text, by JSON path (when the text was given).
    private var positions: [String: (line: Int, column: Int)] = [:]

    /// The outline of `scenario`; with `text`, the file's bytes, findings also name lines and columns.
    public init(scenario: Scenario, file: String, text: [UInt8]? = nil) {
        self.scenario = scenario
        self.file = file
        var items: [Item] = []
        struct Pending {
            var object: Object
            var parent: Int?
            var placement: Placement
            var owner: Int?
            var createdAtLaunch: Bool
            var jsonPath: String
        }
        var pending: [Pending] = []
        for (index, window) in scenario.windows.enumerated().reversed() {
            pending.append(Pending(object: .viewController(window.root), parent: nil, placement: .root, owner: nil,
                                   createdAtLaunch: window.root.restore.createdAtLaunch ?? true,
                                   jsonPath: window.root.jsonPath.isEmpty ? "windows[\(index)].root" : window.root.jsonPath))
        }
        while let next = pending.popLast() {
            let index = items.count
            items.append(Item(object: next.object, parent: next.parent, placement: next.placement, owner: next.owner ?? index,
                              createdAtLaunch: next.createdAtLaunch, jsonPath: next.jsonPath))
            var below: [Pending] = []
            switch next.object {
            case .viewController(let controller):
                for (childIndex, child) in controller.children.enumerated() {
                    let byDefault: Bool
                    switch controller.kind {
                    case .tabBar, .split, .page: byDefault = true
                    case .navigation: byDefault = childIndex == 0
                    case .plain, .custom: byDefault = false
                    }
                    below.append(Pending(object: .viewController(child), parent: index, placement: .child(index: childIndex), owner: nil,
                                         createdAtLaunch: next.createdAtLaunch && (child.restore.createdAtLaunch ?? byDefault),
                                         jsonPath: child.jsonPath.isEmpty ? "\(next.jsonPath).children[\(childIndex)]" : child.jsonPath))
                }
                if let presented = controller.presented {
                    below.append(Pending(object: .viewController(presented), parent: index, placement: .presented, owner: nil,
                                         createdAtLaunch: next.createdAtLaunch && (presented.restore.createdAtLaunch ?? false),
                                         jsonPath: presented.jsonPath.isEmpty ? "\(next.jsonPath).presented" : presented.jsonPath))
                }
                for (viewIndex, view) in controller.views.enumerated() {
                    below.append(Pending(object: .view(view), parent: index, placement: .view, owner: index,
                                         createdAtLaunch: next.createdAtLaunch,
                                         jsonPath: view.jsonPath.isEmpty ? "\(next.jsonPath).views[\(viewIndex)]" : view.jsonPath))
                }
            case .view(let view):
                for (subviewIndex, subview) in view.subviews.enumerated() {
                    below.append(Pending(object: .view(subview), parent: index, placement: .subview, owner: items[index].owner,
                                         createdAtLaunch: next.createdAtLaunch,
                                         jsonPath: subview.jsonPath.isEmpty ? "\(next.jsonPath).subviews[\(subviewIndex)]" : subview.jsonPath))
                }
            }
            pending.append(contentsOf: below.reversed())
        }
        self.items = items
        if let text { positions = JSONPathPositions.find(Set(items.map(\.jsonPath)), in: text) }
    }

    /// The restoration path of `item` as it would be, objects without an identifier as nil.
    public func wouldBePath(of item: Int) -> [String?] {
        var components: [String?] = []
        var current: Int? = item
        while let index = current {
            components.append(items[index].effectiveIdentifier)
            current = items[index].parent
        }
        return components.reversed()
    }

    /// The nearest object above `item` without an identifier (nil when every one has one).
    public func nearestUnidentifiedAncestor(of item: Int) -> Int? {
        var current = items[item].parent
        while let index = current {
            if items[index].effectiveIdentifier == nil { return index }
            current = items[index].parent
        }
        return nil
    }

    /// Whether preservation reaches the item: it and every object above it have identifiers, and
    /// no custom container on the way leaves its children out (rules 6 and 7).
    public func isPreserved(_ item: Int) -> Bool {
        var current: Int? = item
        while let index = current {
            guard items[index].effectiveIdentifier != nil else { return false }
            if let parent = items[index].parent, case .child = items[index].placement,
               let container = items[parent].controller, container.kind == .custom, !container.encodesChildren
            {
                return false
            }
            current = items[index].parent
        }
        return true
    }

    /// How people name an item: its identifier, else its class.
    public func name(of item: Int) -> String { items[item].effectiveIdentifier ?? items[item].className }

    /// Where `item` is, for a finding.
    public func location(of item: Int) -> LintLocation {
        let position = positions[items[item].jsonPath]
        return .scenario(ScenarioLocation(file: file, jsonPath: items[item].jsonPath, line: position?.line, column: position?.column,
                                          source: items[item].source))
    }
}
