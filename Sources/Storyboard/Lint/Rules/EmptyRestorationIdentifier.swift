// RT003 empty-restoration-identifier: an identifier that is there but empty — an empty
// `restorationIdentifier`, or "Use Storyboard ID" on a scene without a storyboard ID. The engine
// treats `""` as none (rule 9, a documented choice; UIKit is silent), so nothing is preserved.

public struct EmptyRestorationIdentifier: LintRule {
    public static let info = LintRuleInfo(
        id: "RT003", name: "empty-restoration-identifier", severity: .warning,
        summary: "A restoration identifier is empty.",
        rationale: "An empty identifier opts nothing in: restoretrace treats it as none (rule 9), and so the object "
            + "and everything below it are not preserved.",
        fix: "Type a restoration identifier, or give the scene a storyboard ID when Use Storyboard ID is on.")

    public init() {}

    public func check(storyboards map: RestorationMap) -> [LintFinding] {
        var findings: [LintFinding] = []
        for id in map.set.allControllers {
            let controller = map.set[id]
            if controller.kind != .reference, controller.restorationIdentifier == "" {
                let usesStoryboardID = controller.usesStoryboardIdentifierAsRestorationIdentifier
                findings.append(.scene(Self.info, map, controller: id,
                    message: usesStoryboardID
                        ? "\(controller.described) has Use Storyboard ID on but no storyboard ID, so its "
                            + "restoration identifier is empty and it is never preserved."
                        : "\(controller.described) has an empty restoration identifier, which counts as "
                            + "none: it is never preserved.",
                    fix: usesStoryboardID ? "Give the scene a storyboard ID (Identity inspector › Storyboard ID)."
                                          : "Type a restoration identifier (Identity inspector › Restoration ID), or remove it."))
            }
            for view in controller.views where view.restorationIdentifier.isEmpty {
                findings.append(.view(Self.info, map, controller: id, view: view,
                    message: "The \(view.className) has an empty restoration identifier, which counts as none.",
                    fix: "Type a restoration identifier, or remove the empty one."))
            }
        }
        return findings
    }

    public func check(scenario outline: ScenarioOutline) -> [LintFinding] {
        outline.items.indices.compactMap { index in
            let item = outline.items[index]
            guard item.restorationIdentifier == "" else { return nil }
            return .item(Self.info, outline, index,
                message: "\(item.className) has \"restorationIdentifier\": \"\", which counts as none: it is never preserved.",
                fix: "Write an identifier, or leave the field out.")
        }
    }
}
