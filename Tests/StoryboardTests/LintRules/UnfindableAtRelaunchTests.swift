// RT007 unfindable-at-relaunch.

import Storyboard
import Testing

@Suite("RT007 unfindable-at-relaunch")
struct UnfindableAtRelaunchTests {
    @Test("a pushed and a presented scene with restoration identifiers but no storyboard IDs are warnings that say which way out")
    func storyboard() throws {
        let findings = try Lint.storyboard("RT007", initial: "nav", [
            Scenes.controller("nav", "navigationController", restorationID: "Nav", segues: [Scenes.relationship("list", "rootViewController")]),
            Scenes.controller("list", restorationID: "List", segues: [Scenes.segue("detail", "show"), Scenes.segue("sheet", "presentation"),
                                                                        Scenes.segue("fine", "show")]),
            Scenes.controller("detail", restorationID: "Detail"),
            Scenes.controller("sheet", restorationID: "Sheet"),
            Scenes.controller("fine", restorationID: "Fine", storyboardID: "FineID"),
        ])
        #expect(findings.map(\.objectID) == ["detail", "sheet"])
        #expect(findings[0].message.contains("pushed by a show segue") && findings[1].message.contains("presented by a presentation segue"))
        #expect(findings[0].message.contains("restoration class or the app delegate"))
        #expect(findings[0].restorationPathText == "Nav/Detail")
    }

    @Test("in a scenario: not created at launch, no restoration class, no storyboard ID, the app delegate returns nil")
    func scenario() throws {
        let findings = try Lint.scenario("RT007", root: #"""
            {"class":"UINavigationController","kind":"navigation","restorationIdentifier":"Nav","children":[
              {"class":"List","restorationIdentifier":"List"},
              {"class":"Lost","restorationIdentifier":"Lost"},
              {"class":"ByClass","restorationIdentifier":"ByClass","restorationClass":"ByClass"},
              {"class":"ByDelegate","restorationIdentifier":"ByDelegate","restore":{"appDelegateReturns":"instance"}},
              {"class":"ByStoryboard","restorationIdentifier":"ByStoryboard","storyboardIdentifier":"S"}]}
            """#)
        #expect(findings.map(Lint.path) == ["windows[0].root.children[1]"])
    }
}

@Suite("RT007 and the rules around it")
struct UnfindableAtRelaunchScopeTests {
    @Test("children a custom container leaves out are RT011's, not RT007's")
    func notPreservedIsNotUnfindable() throws {
        let root = #"{"class":"C","kind":"custom","restorationIdentifier":"C","children":[{"class":"A","restorationIdentifier":"A"}]}"#
        #expect(try Lint.scenario("RT007", root: root).isEmpty)
        #expect(try Lint.scenario("RT011", root: root).count == 1)
    }
}
