// RT005 view-in-unidentified-controller.

import Storyboard
import Testing

@Suite("RT005 view-in-unidentified-controller")
struct ViewInUnidentifiedControllerTests {
    @Test("a table view with an identifier in a view controller without one is a warning; cells are RT006's")
    func storyboard() throws {
        let findings = try Lint.storyboard("RT005", initial: "a", [
            Scenes.controller("a", customClass: "FeedViewController", inside: Scenes.view("tableView", "FeedTable", id: "t")),
            Scenes.controller("b", inside: Scenes.view("tableViewCell", "Cell", id: "c")),
            Scenes.controller("c", restorationID: "C", inside: Scenes.view("tableView", "Fine", id: "f")),
        ])
        #expect(findings.map(\.objectID) == ["t"])
        #expect(findings[0].message.contains("FeedTable") && findings[0].message.contains("FeedViewController"))
        #expect(findings[0].className == "UITableView")
    }

    @Test("in a scenario")
    func scenario() throws {
        let findings = try Lint.scenario("RT005", root: #"{"class":"A","views":[{"class":"UITableView","kind":"table","restorationIdentifier":"T"}]}"#)
        #expect(findings.map(Lint.path) == ["windows[0].root.views[0]"])
    }
}
