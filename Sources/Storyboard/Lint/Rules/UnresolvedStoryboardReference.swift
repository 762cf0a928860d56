// RT009 unresolved-storyboard-reference: a storyboard reference that leads to no scene among the
// storyboards given — its storyboard was not given, or has no such storyboard ID or no initial
// view controller. What lies behind it is not checked; nothing else is affected.

public struct UnresolvedStoryboardReference: LintRule {
    public static let info = LintRuleInfo(
        id: "RT009", name: "unresolved-storyboard-reference", severity: .info,
        summary: "A storyboard reference leads to no scene among the storyboards given.",
        rationale: "What a reference leads to is part of the app's hierarchy; without it, restoretrace cannot say what "
            + "restoration does with those scenes.",
        fix: "Give the referenced storyboard on the command line too (restoretrace lint Main.storyboard Other.storyboard), "
            + "or correct the reference's storyboard name or referenced ID.")

    public init() {}

    public func check(storyboards map: RestorationMap) -> [LintFinding] {
        map.set.allControllers.compactMap { id in
            let controller = map.set[id]
            guard controller.kind == .reference, case .failure(let reason) = map.set.resolve(id) else { return nil }
            let target = [controller.reference?.storyboardName.map { "storyboard \($0)" },
                          controller.reference?.referencedIdentifier.map { "scene \($0)" }].compactMap { $0 }.joined(separator: ", ")
            return .scene(Self.info, map, controller: id,
                message: "The storyboard reference (\(target.isEmpty ? "its own storyboard's initial scene" : target)) leads nowhere: "
                    + "\(reason); the scenes behind it are not checked.",
                fix: {
                    switch reason {
                    case .storyboardNotGiven(let name): return "Add \(name).storyboard to the command line."
                    case .noSuchIdentifier(let storyboard, let identifier):
                        return "Give a scene of \(storyboard).storyboard the storyboard ID \(identifier), or correct the reference."
                    case .noInitialViewController(let storyboard):
                        return "Mark a scene of \(storyboard).storyboard as the initial view controller, or name a scene in the reference."
                    case .cycle: return "Make one of the references name a scene, not another reference."
                    }
                }())
        }
    }
}
