// RT002 duplicate-restoration-path: two objects on screen together, below the same parent, with
// the same identifier — so the same restoration path. The engine keeps the first and excludes
// the others (rule 9); UIKit does not say what it does, and no choice restores both.

public struct DuplicateRestorationPath: LintRule {
    public static let info = LintRuleInfo(
        id: "RT002", name: "duplicate-restoration-path", severity: .error,
        summary: "Two siblings have the same restoration identifier, so the same restoration path.",
        rationale: "Restoration paths must be unique (rule 9): only one of two objects with the same path can be "
            + "preserved and found again.",
        fix: "Give each sibling its own restoration identifier.")

    public init() {}

    public func check(storyboards map: RestorationMap) -> [LintFinding] {
        var findings: [LintFinding] = []
        for (node, verdict) in map.verdicts.enumerated() {
            guard case .notRestored(.duplicatePath(let earlier)) = verdict else { continue }
            let path = map.path(of: node).map { $0.joined(separator: "/") } ?? map.name(of: node)
            findings.append(.scene(Self.info, map, node: node,
                message: "\(map.set[map.tree.nodes[node].controller].displayName) has the same restoration path \(quoted(path)) as "
                    + "\(map.set[map.tree.nodes[earlier].controller].displayName) beside it; only the first is preserved.",
                fix: "Give one of them another restoration identifier (the other is at "
                    + "\(map.set[map.tree.nodes[earlier].controller].source))."))
        }
        // Views of one scene.
        for id in map.set.allControllers {
            var first: [String: StoryboardView] = [:]
            for view in map.set[id].views where !view.isPrototype && !view.restorationIdentifier.isEmpty {
                guard let earlier = first[view.restorationIdentifier] else {
                    first[view.restorationIdentifier] = view
                    continue
                }
                findings.append(.view(Self.info, map, controller: id, view: view,
                    message: "The \(view.className) has the restoration identifier \(quoted(view.restorationIdentifier)), as the "
                        + "\(earlier.className) at \(earlier.source) in the same scene does; only the first is preserved.",
                    fix: "Give one of the two views another restoration identifier."))
            }
        }
        return findings
    }

    public func check(scenario outline: ScenarioOutline) -> [LintFinding] {
        var findings: [LintFinding] = []
        var firstByParent: [Int: [String: Int]] = [:]
        for (index, item) in outline.items.enumerated() {
            guard let parent = item.parent, let identifier = item.effectiveIdentifier else { continue }
            if let earlier = firstByParent[parent, default: [:]][identifier] {
                findings.append(.item(Self.info, outline, index,
                    message: "\(identifier) (\(item.className)) has the same restoration path as \(outline.items[earlier].jsonPath); "
                        + "only the first is preserved (the engine excludes this one as duplicatePath).",
                    fix: "Give one of them another \"restorationIdentifier\"."))
            } else {
                firstByParent[parent, default: [:]][identifier] = index
            }
        }
        return findings
    }
}
