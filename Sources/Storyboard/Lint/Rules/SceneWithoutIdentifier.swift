// RT013 scene-without-identifier: a scene the app shows, below scenes that are restored, that has
// no restoration identifier. It is where restoration stops on that branch (rule 6): it starts
// fresh at relaunch, and so does everything below it. Often intended (a settings screen);
// reported as info so a reader sees every place state is not brought back.

public struct SceneWithoutIdentifier: LintRule {
    public static let info = LintRuleInfo(
        id: "RT013", name: "scene-without-identifier", severity: .info,
        summary: "A scene below restored scenes has no restoration identifier, so restoration stops there.",
        rationale: "An object without a restoration identifier is not preserved, nor anything below it (rule 6).",
        fix: "Give the scene a restoration identifier if the user's place in it should come back.")

    public init() {}

    public func check(storyboards map: RestorationMap) -> [LintFinding] {
        map.tree.nodes.indices.compactMap { node in
            guard let parent = map.tree.nodes[node].parent, map.verdicts[parent].isRestored,
                  map.verdicts[node] == .notRestored(.noRestorationIdentifier)
            else { return nil }
            let controller = map.set[map.tree.nodes[node].controller]
            let below = map.tree.nodes[node].children.count
            return .scene(Self.info, map, node: node,
                message: "\(controller.described) has no restoration identifier: it starts fresh at "
                    + "relaunch" + (below > 0 ? ", and so does everything below it." : "."),
                fix: "If its state should come back, give it a restoration identifier (Identity inspector › Restoration ID, or "
                    + "Use Storyboard ID).")
        }
    }

    public func check(scenario outline: ScenarioOutline) -> [LintFinding] {
        outline.items.indices.compactMap { index in
            let item = outline.items[index]
            guard !item.isView, let parent = item.parent, item.restorationIdentifier == nil,
                  outline.items[parent].effectiveIdentifier != nil, outline.nearestUnidentifiedAncestor(of: parent) == nil
            else { return nil }
            return .item(Self.info, outline, index,
                message: "\(item.className) has no restoration identifier: it starts fresh at relaunch, and so does everything below it.",
                fix: "Add a \"restorationIdentifier\" if its state should come back.")
        }
    }
}
