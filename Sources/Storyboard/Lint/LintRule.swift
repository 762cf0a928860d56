// The shape every lint rule has (one rule per file in Rules/, listed in LintRules.all), and
// the helpers that turn a scene, a view or a scenario object into a finding with its location,
// object ID, class, storyboard ID and would-be restoration path.

/// A lint rule: it looks at storyboards (through the restoration map of the whole set) and at
/// scenarios; a rule that does not apply to one of them finds nothing there.
public protocol LintRule: Sendable {
    static var info: LintRuleInfo { get }
    func check(storyboards map: RestorationMap) -> [LintFinding]
    func check(scenario outline: ScenarioOutline) -> [LintFinding]
}

extension LintRule {
    public func check(storyboards map: RestorationMap) -> [LintFinding] { [] }
    public func check(scenario outline: ScenarioOutline) -> [LintFinding] { [] }
    public var info: LintRuleInfo { Self.info }
}

extension LintFinding {
    /// A finding about the scene at `node` of the map.
    static func scene(_ rule: LintRuleInfo, _ map: RestorationMap, node: Int, message: String, fix: String) -> LintFinding {
        let controller = map.set[map.tree.nodes[node].controller]
        return LintFinding(rule: rule, message: message, fix: fix, location: .storyboard(controller.source),
                           objectID: controller.objectID, className: controller.className,
                           storyboardIdentifier: controller.storyboardIdentifier, restorationPath: map.wouldBePath(of: node))
    }

    /// A finding about a scene the map did not place (it has no path).
    static func scene(_ rule: LintRuleInfo, _ map: RestorationMap, controller id: ControllerID, message: String, fix: String)
        -> LintFinding
    {
        if let node = map.node(of: id) { return scene(rule, map, node: node, message: message, fix: fix) }
        let controller = map.set[id]
        return LintFinding(rule: rule, message: message, fix: fix, location: .storyboard(controller.source),
                           objectID: controller.objectID, className: controller.className,
                           storyboardIdentifier: controller.storyboardIdentifier)
    }

    /// A finding about a view of the scene `id`: its path is the scene's and its own identifier.
    static func view(_ rule: LintRuleInfo, _ map: RestorationMap, controller id: ControllerID, view: StoryboardView,
                     message: String, fix: String) -> LintFinding {
        let controller = map.set[id]
        var path: [String?]?
        if let node = map.node(of: id) {
            path = map.wouldBePath(of: node) + [view.restorationIdentifier.isEmpty ? nil : view.restorationIdentifier]
        }
        return LintFinding(rule: rule, message: message, fix: fix, location: .storyboard(view.source), objectID: view.objectID,
                           className: view.className, storyboardIdentifier: controller.storyboardIdentifier, restorationPath: path)
    }

    /// A finding about the object `item` of a scenario.
    static func item(_ rule: LintRuleInfo, _ outline: ScenarioOutline, _ item: Int, message: String, fix: String) -> LintFinding {
        let object = outline.items[item]
        return LintFinding(rule: rule, message: message, fix: fix, location: outline.location(of: item),
                           objectID: object.source?.objectID, className: object.className,
                           storyboardIdentifier: object.controller?.storyboardIdentifier,
                           restorationPath: outline.wouldBePath(of: item))
    }
}

/// Quotes an identifier in a message, so spaces and empty strings show: `"Country Detail"`.
func quoted(_ text: String) -> String { "\"" + text + "\"" }
