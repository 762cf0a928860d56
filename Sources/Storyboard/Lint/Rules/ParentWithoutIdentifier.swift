// RT001 parent-without-identifier: a view controller with a restoration identifier below one
// without. UIKit preserves nothing below an object without an identifier (rule 6), so this one is
// silently never restored, whatever its own identifier says.

public struct ParentWithoutIdentifier: LintRule {
    public static let info = LintRuleInfo(
        id: "RT001", name: "parent-without-identifier", severity: .error,
        summary: "A view controller with a restoration identifier is below a container or presenter that has none.",
        rationale: "Preservation starts at the window's root and stops at the first object without a restoration "
            + "identifier (rule 6): everything below it is left out, silently, even objects that have one.",
        fix: "Give the object above it a restoration identifier (Identity inspector › Restoration ID, or Use Storyboard ID).")

    public init() {}

    public func check(storyboards map: RestorationMap) -> [LintFinding] {
        var findings: [LintFinding] = []
        for (node, verdict) in map.verdicts.enumerated() {
            guard case .notRestored(.ancestorNotRestored(let cause)) = verdict,
                  let identifier = map.set[map.tree.nodes[node].controller].effectiveRestorationIdentifier,
                  case .notRestored(let causeReason) = map.verdicts[cause],
                  causeReason == .noRestorationIdentifier || causeReason == .emptyRestorationIdentifier
            else { continue }
            let container = map.set[map.tree.nodes[cause].controller]
            findings.append(.scene(Self.info, map, node: node,
                message: "\(map.name(of: node)) has the restoration identifier \(quoted(identifier)) but is never restored: "
                    + "\(container.described) above it has no restoration identifier, so UIKit "
                    + "preserves nothing below it.",
                fix: "Give \(container.displayName) a restoration identifier: in Interface Builder, Identity inspector › "
                    + "Restoration ID, or tick Use Storyboard ID (at \(container.source))."))
        }
        return findings
    }

    public func check(scenario outline: ScenarioOutline) -> [LintFinding] {
        var findings: [LintFinding] = []
        for (index, item) in outline.items.enumerated() where !item.isView {
            guard let identifier = item.effectiveIdentifier, let above = outline.nearestUnidentifiedAncestor(of: index) else { continue }
            // Report only below the first object without one: deeper ones add nothing.
            guard outline.nearestUnidentifiedAncestor(of: above) == nil else { continue }
            findings.append(.item(Self.info, outline, index,
                message: "\(identifier) (\(item.className)) has a restoration identifier but is never restored: "
                    + "\(outline.items[above].className) at \(outline.items[above].jsonPath) above it has none, so nothing below it "
                    + "is preserved.",
                fix: "Give \(outline.items[above].jsonPath) a \"restorationIdentifier\"."))
        }
        return findings
    }
}
