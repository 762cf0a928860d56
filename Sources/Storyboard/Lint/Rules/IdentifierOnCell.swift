// RT006 identifier-on-cell: a restoration identifier on a table or collection view cell (or a view
// inside one). Cells in a storyboard are prototypes, copied at run time; UIKit preserves a
// table's or collection's position and selection through the table view itself and its data
// source's model association, never through cells (rule 10).

public struct IdentifierOnCell: LintRule {
    public static let info = LintRuleInfo(
        id: "RT006", name: "identifier-on-cell", severity: .warning,
        summary: "A table or collection view cell (or a view inside one) has a restoration identifier.",
        rationale: "Cells are prototypes copied at run time and are not preserved; the table or collection view keeps "
            + "its scroll position, and with UIDataSourceModelAssociation its selection (rule 10).",
        fix: "Put the restoration identifier on the table or collection view, and adopt UIDataSourceModelAssociation "
            + "in its data source.")

    public init() {}

    public func check(storyboards map: RestorationMap) -> [LintFinding] {
        var findings: [LintFinding] = []
        for id in map.set.allControllers {
            for view in map.set[id].views where view.isPrototype && !view.restorationIdentifier.isEmpty {
                let what = view.isCell ? "The cell \(view.className)" : "The \(view.className) inside a cell"
                findings.append(.view(Self.info, map, controller: id, view: view,
                    message: "\(what) has the restoration identifier \(quoted(view.restorationIdentifier)); cells are prototypes "
                        + "copied at run time and are never preserved.",
                    fix: "Move the identifier to the table or collection view, and adopt UIDataSourceModelAssociation in its "
                        + "data source to keep the selection and the first visible row."))
            }
        }
        return findings
    }

    public func check(scenario outline: ScenarioOutline) -> [LintFinding] {
        outline.items.indices.compactMap { index in
            let item = outline.items[index]
            guard item.isView, item.effectiveIdentifier != nil, item.className.hasSuffix("Cell") else { return nil }
            return .item(Self.info, outline, index,
                message: "The \(item.className) looks like a cell and has a restoration identifier; UIKit does not preserve cells.",
                fix: "Describe the table or collection view instead, with \"dataSourceModelAssociation\" and its selection.")
        }
    }
}
