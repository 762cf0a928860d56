// RT008 table-without-model-association: a table or collection view with a restoration
// identifier in a scenario that does not declare model association. UIKit then restores its
// scroll position only: selection and first visible row are saved as model identifiers, and only
// when the data source adopts UIDataSourceModelAssociation (rule 10). A storyboard cannot say
// whether the data source does, so the rule looks at scenarios (an imported one included).

import RestorationEngine

public struct TableWithoutModelAssociation: LintRule {
    public static let info = LintRuleInfo(
        id: "RT008", name: "table-without-model-association", severity: .info,
        summary: "A table or collection view with a restoration identifier has no model association.",
        rationale: "Without UIDataSourceModelAssociation, UIKit keeps a table's or collection's scroll position but "
            + "not its selection or first visible row (rule 10).",
        fix: "Adopt UIDataSourceModelAssociation in the data source, and say so in the scenario with "
            + "\"dataSourceModelAssociation\": true.")

    public init() {}

    public func check(scenario outline: ScenarioOutline) -> [LintFinding] {
        outline.items.indices.compactMap { index in
            let item = outline.items[index]
            guard case .view(let view) = item.object, view.kind == .table || view.kind == .collection,
                  let identifier = item.effectiveIdentifier, !view.dataSourceModelAssociation
            else { return nil }
            let noun = view.kind == .table ? "table view" : "collection view"
            return .item(Self.info, outline, index,
                message: "The \(noun) \(quoted(identifier)) declares no model association: its scroll position is restored, "
                    + "its selection and first visible \(view.kind == .table ? "row" : "item") are not.",
                fix: "If its data source adopts UIDataSourceModelAssociation, add \"dataSourceModelAssociation\": true "
                    + "(and the selection) to \(item.jsonPath); if not, adopt it to keep the selection.")
        }
    }
}
