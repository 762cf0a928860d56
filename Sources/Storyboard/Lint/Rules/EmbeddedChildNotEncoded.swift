// RT011 embedded-child-not-encoded: a view controller with a restoration identifier embedded (by
// a container view) in a plain view controller. UIViewController's encode saves its presented
// view controller and its views, not its children (rule 7): only the container's own
// encodeRestorableState(with:) can save them, which a storyboard cannot show.

import RestorationEngine

public struct EmbeddedChildNotEncoded: LintRule {
    public static let info = LintRuleInfo(
        id: "RT011", name: "embedded-child-not-encoded", severity: .info,
        summary: "An embedded view controller is restored only if its container's code encodes it.",
        rationale: "Built-in containers encode their children; a plain view controller with container views does not "
            + "(rule 7), so its embedded children are left out unless its encodeRestorableState(with:) encodes them.",
        fix: "Encode the child in the container's encodeRestorableState(with:) (coder.encode(child, forKey:)), or accept "
            + "that it starts fresh.")

    public init() {}

    public func check(storyboards map: RestorationMap) -> [LintFinding] {
        var findings: [LintFinding] = []
        for (node, verdict) in map.verdicts.enumerated() {
            guard case .notRestored(.notEncodedByContainer(let container)) = verdict else { continue }
            let containerController = map.set[map.tree.nodes[container].controller]
            findings.append(.scene(Self.info, map, node: node,
                message: "\(map.name(of: node)) is embedded in \(containerController.described), "
                    + "a plain view controller: it is restored only if \(containerController.className)'s "
                    + "encodeRestorableState(with:) encodes it.",
                fix: "In \(containerController.className).encodeRestorableState(with:), encode the child view controller; "
                    + "restoretrace assumes it does not."))
        }
        return findings
    }

    public func check(scenario outline: ScenarioOutline) -> [LintFinding] {
        outline.items.indices.compactMap { index in
            let item = outline.items[index]
            guard !item.isView, case .child = item.placement, let parent = item.parent, let identifier = item.effectiveIdentifier,
                  let container = outline.items[parent].controller, container.kind == .custom, !container.encodesChildren,
                  outline.items[parent].effectiveIdentifier != nil
            else { return nil }
            return .item(Self.info, outline, index,
                message: "\(identifier) (\(item.className)) is a child of the custom container \(container.className), whose "
                    + "\"encodesChildren\" is false: it is never preserved (notEncodedByContainer).",
                fix: "If \(container.className) encodes its children, set \"encodesChildren\": true at \(outline.items[parent].jsonPath).")
        }
    }
}
