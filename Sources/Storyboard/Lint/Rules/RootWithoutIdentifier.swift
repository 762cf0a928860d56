// RT010 root-without-identifier: the initial view controller (a window's root) has no restoration
// identifier. Preservation starts there and stops at once (rule 6): nothing of the app is ever
// restored. Most storyboards look like this; it is a warning because an app that uses state
// restoration has it wrong, and one that does not should know.

public struct RootWithoutIdentifier: LintRule {
    public static let info = LintRuleInfo(
        id: "RT010", name: "root-without-identifier", severity: .warning,
        summary: "The initial view controller has no restoration identifier, so nothing is restored.",
        rationale: "Preservation starts at the window's root view controller and stops at an object without a "
            + "restoration identifier (rule 6): with none on the root, the app preserves nothing.",
        fix: "Give the initial view controller a restoration identifier (or tick Use Storyboard ID and give it a "
            + "storyboard ID), then the scenes below it.")

    public init() {}

    public func check(storyboards map: RestorationMap) -> [LintFinding] {
        map.tree.nodes.indices.compactMap { node in
            guard map.tree.nodes[node].parent == nil, case .notRestored(let reason) = map.verdicts[node],
                  reason == .noRestorationIdentifier || reason == .emptyRestorationIdentifier
            else { return nil }
            let controller = map.set[map.tree.nodes[node].controller]
            let below = countBelow(node, in: map)
            let others = map.unreachable.count
            var message = "Nothing is restored: the initial view controller \(controller.described) "
                + "has no restoration identifier, so UIKit preserves nothing"
            message += below == 0 ? "." : " — not it, nor the \(below) \(below == 1 ? "scene" : "scenes") reached from it."
            if others > 0 {
                message += " \(others) other \(others == 1 ? "scene is" : "scenes are") shown only by code."
            }
            return .scene(Self.info, map, node: node, message: message,
                          fix: "If the app uses state restoration, give \(controller.displayName) a restoration identifier "
                              + "(Identity inspector › Restoration ID, or Use Storyboard ID), then each scene below it.")
        }
    }

    private func countBelow(_ node: Int, in map: RestorationMap) -> Int {
        var count = 0
        var pending = map.tree.nodes[node].children
        while let next = pending.popLast() {
            count += 1
            pending.append(contentsOf: map.tree.nodes[next].children)
        }
        return count
    }

    public func check(scenario outline: ScenarioOutline) -> [LintFinding] {
        outline.items.indices.compactMap { index in
            let item = outline.items[index]
            guard item.parent == nil, item.effectiveIdentifier == nil else { return nil }
            return .item(Self.info, outline, index,
                message: "Nothing of this window is restored: its root \(item.className) has no restoration identifier.",
                fix: "Give \(item.jsonPath) a \"restorationIdentifier\".")
        }
    }
}
