// RT012 segue-to-missing-scene: a segue whose destination is no scene of its storyboard (or that
// names none). Interface Builder never writes one; a hand edit or a bad merge does, and the app
// crashes when it performs the segue. restoretrace cannot place what it leads to.

public struct SegueToMissingScene: LintRule {
    public static let info = LintRuleInfo(
        id: "RT012", name: "segue-to-missing-scene", severity: .warning,
        summary: "A segue leads to an object ID that no scene of the storyboard has.",
        rationale: "A segue to nothing cannot be performed (the app crashes), and what it should lead to cannot be "
            + "placed in the hierarchy restoration walks.",
        fix: "Reconnect the segue in Interface Builder (a merge often leaves such segues behind).")

    public init() {}

    public func check(storyboards map: RestorationMap) -> [LintFinding] {
        var findings: [LintFinding] = []
        for id in map.set.allControllers {
            let controller = map.set[id]
            for segue in controller.segues where segue.kind != .unwind {
                let target: String
                switch map.set.destination(of: segue, inFile: id.file) {
                case .missing(let objectID): target = "the object ID \(objectID), which no scene of \(map.set.files[id.file].name).storyboard has"
                case .none: target = "no destination"
                case .controller, .unresolved, .exit: continue
                }
                findings.append(LintFinding(
                    rule: Self.info,
                    message: "The \(segue.kind) segue\(segue.identifier.map { " " + quoted($0) } ?? "") of \(controller.displayName) "
                        + "(\(controller.className)) leads to \(target).",
                    fix: "Reconnect or delete the segue in Interface Builder.", location: .storyboard(segue.source),
                    objectID: segue.objectID, className: controller.className, storyboardIdentifier: controller.storyboardIdentifier,
                    restorationPath: map.node(of: id).map(map.wouldBePath(of:))))
            }
        }
        return findings
    }
}
