// RT014 unreachable-scene: a scene no chain of segues leads to from the initial view controller.
// Only code shows it (instantiateViewController(withIdentifier:), a storyboard of its own), so
// what restoration does with it depends on that code; restoretrace can only say so.

public struct UnreachableScene: LintRule {
    public static let info = LintRuleInfo(
        id: "RT014", name: "unreachable-scene", severity: .info,
        summary: "No segue leads to the scene from the initial view controller; only code shows it.",
        rationale: "Restoration walks what the app shows. A scene only code shows is preserved if that code puts it in "
            + "the hierarchy and every object above it has a restoration identifier, and found again only by a "
            + "storyboard ID, a restoration class or the app delegate (rule 12).",
        fix: "Nothing to fix in the storyboard; check the code that shows it (or give the storyboard it is reached from "
            + "on the command line).")

    public init() {}

    public func check(storyboards map: RestorationMap) -> [LintFinding] {
        map.unreachable.map { id in
            let controller = map.set[id]
            var message = "\(controller.described) is not reachable from the initial view controller: "
                + "only code shows it"
            if let identifier = controller.effectiveRestorationIdentifier {
                message += ". It has the restoration identifier \(quoted(identifier))"
                message += (controller.storyboardIdentifier ?? "").isEmpty
                    ? " but no storyboard ID, so a restoration class or the app delegate must make it at relaunch."
                    : " and the storyboard ID \(controller.storyboardIdentifier!), so UIKit can make it again if the objects above it are restored."
            } else {
                message += ", and it has no restoration identifier: it is never restored."
            }
            return .scene(Self.info, map, controller: id, message: message,
                          fix: controller.effectiveRestorationIdentifier == nil
                            ? "If its state should come back, give it a restoration identifier and make sure the code that shows it "
                                + "puts it below restored view controllers."
                            : "Make sure the code that shows it puts it below restored view controllers.")
        }
    }
}
