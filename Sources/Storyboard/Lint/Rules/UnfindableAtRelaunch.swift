// RT007 unfindable-at-relaunch: a scene that exists only after a segue (shown, pushed, presented)
// with a restoration identifier but no storyboard ID. It is preserved, but at relaunch the search
// (rule 12) finds nothing unless a restoration class or the app delegate makes it: UIKit can
// instantiate a scene from the storyboard only by its storyboard ID.

public struct UnfindableAtRelaunch: LintRule {
    public static let info = LintRuleInfo(
        id: "RT007", name: "unfindable-at-relaunch", severity: .warning,
        summary: "A scene reached only by a segue has a restoration identifier but no storyboard ID.",
        rationale: "At relaunch UIKit asks the restoration class, then the app delegate, then looks for an object that "
            + "exists at launch, then instantiates from the storyboard by storyboard ID (rule 12). A scene that only a "
            + "segue shows exists at launch only if code makes it, and has no storyboard ID to be made from.",
        fix: "Give the scene a storyboard ID (or tick Use Storyboard ID), or set a restoration class, or return it from "
            + "the app delegate's application(_:viewControllerWithRestorationIdentifierPath:coder:).")

    public init() {}

    public func check(storyboards map: RestorationMap) -> [LintFinding] {
        var findings: [LintFinding] = []
        for (node, verdict) in map.verdicts.enumerated() {
            guard case .notRestored(.notFoundAtRelaunch) = verdict else { continue }
            let placed = map.tree.nodes[node]
            let controller = map.set[placed.controller]
            let how: String
            switch placed.placement {
            case .pushed: how = "pushed by a \(placed.segue?.kind.description ?? "show") segue"
            case .presented: how = "presented by a \(placed.segue?.kind.description ?? "presentation") segue"
            case .detail: how = "shown as the detail by a \(placed.segue?.kind.description ?? "showDetail") segue"
            default: how = "made with a scene that only a segue shows"
            }
            findings.append(.scene(Self.info, map, node: node,
                message: "\(controller.described) is \(how) and has the restoration identifier "
                    + "\(quoted(controller.effectiveRestorationIdentifier ?? "")) but no storyboard ID: at relaunch UIKit cannot "
                    + "make it from the storyboard, so it is restored only if a restoration class or the app delegate makes it.",
                fix: "Give it a storyboard ID (Identity inspector › Storyboard ID, or Use Storyboard ID), or set its "
                    + "restorationClass, or return it from application(_:viewControllerWithRestorationIdentifierPath:coder:)."))
        }
        return findings
    }

    public func check(scenario outline: ScenarioOutline) -> [LintFinding] {
        outline.items.indices.compactMap { index in
            let item = outline.items[index]
            // Only what preservation reaches: the rest is RT001's and RT011's.
            guard let controller = item.controller, let identifier = item.effectiveIdentifier, !item.createdAtLaunch,
                  outline.isPreserved(index), controller.restorationClass == nil,
                  (controller.storyboardIdentifier ?? "").isEmpty, controller.restore.appDelegateReturns == .none
            else { return nil }
            return .item(Self.info, outline, index,
                message: "\(identifier) (\(item.className)) does not exist at launch and has no restorationClass, no "
                    + "storyboardIdentifier, and the app delegate returns nil for it: no step of the relaunch search can make it "
                    + "(the engine records it as notFound).",
                fix: "Add a \"storyboardIdentifier\" or a \"restorationClass\", or set \"restore\": {\"appDelegateReturns\": \"instance\"}.")
        }
    }
}
