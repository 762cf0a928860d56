// RT002 duplicate-restoration-path.

import Storyboard
import Testing

@Suite("RT002 duplicate-restoration-path")
struct DuplicateRestorationPathTests {
    @Test("two tabs with the same identifier, and two views of one scene with the same identifier, are errors")
    func storyboard() throws {
        let findings = try Lint.storyboard("RT002", initial: "tabs", [
            Scenes.controller("tabs", "tabBarController", restorationID: "Tabs",
                              segues: [Scenes.relationship("a", "viewControllers"), Scenes.relationship("b", "viewControllers")]),
            Scenes.controller("a", restorationID: "Feed"),
            Scenes.controller("b", restorationID: "Feed", inside: #"<view key="view" id="v"><subviews><scrollView restorationIdentifier="S" id="s1"/><scrollView restorationIdentifier="S" id="s2"/></subviews></view>"#),
        ])
        #expect(findings.map(\.objectID) == ["b", "s2"])
        #expect(findings.allSatisfy { $0.severity == .error })
        #expect(findings[0].message.contains("same restoration path \"Tabs/Feed\""))
        #expect(findings[1].restorationPathText == "Tabs/Feed/S")
    }

    @Test("the same identifier on alternatives that never show together is fine")
    func alternatives() throws {
        #expect(try Lint.storyboard("RT002", initial: "home", [
            Scenes.controller("home", restorationID: "Home", segues: [Scenes.segue("a", "presentation"), Scenes.segue("b", "presentation")]),
            Scenes.controller("a", restorationID: "Sheet", storyboardID: "A"),
            Scenes.controller("b", restorationID: "Sheet", storyboardID: "B"),
        ]).isEmpty)
    }

    @Test("in a scenario: siblings, and a presented view controller beside a child")
    func scenario() throws {
        let findings = try Lint.scenario("RT002", root: #"""
            {"class":"C","kind":"custom","encodesChildren":true,"restorationIdentifier":"Root","children":[
              {"class":"A","restorationIdentifier":"X"},{"class":"B","restorationIdentifier":"X"}],
             "presented":{"class":"P","restorationIdentifier":"X"}}
            """#)
        #expect(findings.map(Lint.path) == ["windows[0].root.children[1]", "windows[0].root.presented"])
    }
}
