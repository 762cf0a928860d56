// RT008 table-without-model-association.

import Storyboard
import Testing

@Suite("RT008 table-without-model-association")
struct TableWithoutModelAssociationTests {
    @Test("a table and a collection view with identifiers and no model association are infos; one with it is not")
    func scenario() throws {
        let findings = try Lint.scenario("RT008", root: #"""
            {"class":"A","restorationIdentifier":"A","views":[
              {"class":"UITableView","kind":"table","restorationIdentifier":"T"},
              {"class":"UICollectionView","kind":"collection","restorationIdentifier":"G"},
              {"class":"UITableView","kind":"table","restorationIdentifier":"M","dataSourceModelAssociation":true},
              {"class":"UIScrollView","kind":"scroll","restorationIdentifier":"S"}]}
            """#)
        #expect(findings.map(Lint.path) == ["windows[0].root.views[0]", "windows[0].root.views[1]"])
        #expect(findings.allSatisfy { $0.severity == .info })
        #expect(findings[1].message.contains("first visible item"))
    }

    @Test("a storyboard cannot say whether a data source adopts model association: nothing is reported there")
    func storyboard() throws {
        #expect(try Lint.storyboard("RT008", initial: "a", [
            Scenes.controller("a", restorationID: "A", inside: Scenes.view("tableView", "T", id: "t")),
        ]).isEmpty)
    }
}
