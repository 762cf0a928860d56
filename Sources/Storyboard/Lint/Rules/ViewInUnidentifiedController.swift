// RT005 view-in-unidentified-controller: a view with a restoration identifier in a view controller
// without one. A view is preserved only when its owning view controller is (rule 10,
// viewWithoutRestorableOwner), so its identifier does nothing.

public struct ViewInUnidentifiedController: LintRule {
    public static let info = LintRuleInfo(
        id: "RT005", name: "view-in-unidentified-controller", severity: .warning,
        summary: "A view has a restoration identifier but its view controller has none.",
        rationale: "A view is preserved only if its owning view controller is (rule 10): without an identifier on the "
            + "view controller, the view's identifier does nothing.",
        fix: "Give the view controller a restoration identifier too.")

    public init() {}

    public func check(storyboards map: RestorationMap) -> [LintFinding] {
        var findings: [LintFinding] = []
        for id in map.set.allControllers {
            let controller = map.set[id]
            guard controller.kind != .reference, controller.effectiveRestorationIdentifier == nil else { continue }
            for view in controller.views where !view.isPrototype && !view.restorationIdentifier.isEmpty {
                findings.append(.view(Self.info, map, controller: id, view: view,
                    message: "The \(view.className) \(quoted(view.restorationIdentifier)) is never preserved: its view controller "
                        + "\(controller.described) has no restoration identifier.",
                    fix: "Give \(controller.displayName) a restoration identifier (Identity inspector › Restoration ID, or Use "
                        + "Storyboard ID) at \(controller.source)."))
            }
        }
        return findings
    }

    public func check(scenario outline: ScenarioOutline) -> [LintFinding] {
        outline.items.indices.compactMap { index in
            let item = outline.items[index]
            guard item.isView, item.placement == .view, let identifier = item.effectiveIdentifier,
                  outline.items[item.owner].effectiveIdentifier == nil
            else { return nil }
            let owner = outline.items[item.owner]
            return .item(Self.info, outline, index,
                message: "The \(item.className) \(quoted(identifier)) is never preserved: its view controller \(owner.className) "
                    + "at \(owner.jsonPath) has no restoration identifier.",
                fix: "Give \(owner.jsonPath) a \"restorationIdentifier\".")
        }
    }
}
