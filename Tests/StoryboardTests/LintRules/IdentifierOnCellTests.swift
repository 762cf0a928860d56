// RT006 identifier-on-cell.

import Storyboard
import Testing

@Suite("RT006 identifier-on-cell")
struct IdentifierOnCellTests {
    @Test("a table cell, a collection cell and a label inside a cell with identifiers are warnings")
    func storyboard() throws {
        let findings = try Lint.storyboard("RT006", initial: "a", [
            Scenes.controller("a", restorationID: "A", inside: """
                <tableView key="view" restorationIdentifier="Table" id="t"><prototypes>
                  <tableViewCell restorationIdentifier="Cell" id="cell"><tableViewCellContentView key="contentView" id="cv">
                    <subviews><label restorationIdentifier="Title" id="label"/></subviews></tableViewCellContentView></tableViewCell>
                </prototypes></tableView>
                """),
            Scenes.controller("b", restorationID: "B", inside: #"<collectionView key="view" id="g"><cells><collectionViewCell restorationIdentifier="Item" id="item"/></cells></collectionView>"#),
        ])
        #expect(findings.map(\.objectID) == ["cell", "label", "item"])
        #expect(findings[0].message.hasPrefix("The cell UITableViewCell") && findings[1].message.hasPrefix("The UILabel inside a cell"))
        #expect(findings[0].fix.contains("UIDataSourceModelAssociation"))
    }

    @Test("in a scenario: a view whose class is a cell")
    func scenario() throws {
        let findings = try Lint.scenario("RT006", root: #"{"class":"A","restorationIdentifier":"A","views":[{"class":"UITableViewCell","restorationIdentifier":"C"}]}"#)
        #expect(findings.count == 1)
    }
}
