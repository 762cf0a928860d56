// RT001 parent-without-identifier.

import Storyboard
import Testing

@Suite("RT001 parent-without-identifier")
struct ParentWithoutIdentifierTests {
    @Test("a view controller with an identifier under a container without one is an error naming the container")
    func storyboard() throws {
        let findings = try Lint.storyboard("RT001", initial: "tabs", [
            Scenes.controller("tabs", "tabBarController", restorationID: "Tabs", segues: [Scenes.relationship("nav", "viewControllers")]),
            Scenes.controller("nav", "navigationController", storyboardID: "CountryNav", segues: [Scenes.relationship("list", "rootViewController")]),
            Scenes.controller("list", restorationID: "List", customClass: "ListViewController"),
        ])
        let finding = try #require(findings.first)
        #expect(findings.count == 1 && finding.severity == .error && finding.rule.name == "parent-without-identifier")
        #expect(finding.objectID == "list" && finding.className == "ListViewController")
        #expect(finding.message.contains("CountryNav (UINavigationController) above it has no restoration identifier"))
        #expect(finding.restorationPathText == "Tabs/(no identifier)/List")
        #expect(finding.location.line != nil && finding.fix.contains("Give CountryNav a restoration identifier"))
    }

    @Test("nothing when every container has an identifier")
    func clean() throws {
        #expect(try Lint.storyboard("RT001", initial: "nav", [
            Scenes.controller("nav", "navigationController", restorationID: "Nav", segues: [Scenes.relationship("list", "rootViewController")]),
            Scenes.controller("list", restorationID: "List"),
        ]).isEmpty)
    }

    @Test("in a scenario: reported once, below the first object without an identifier")
    func scenario() throws {
        let findings = try Lint.scenario("RT001", root: #"""
            {"class":"UITabBarController","kind":"tabBar","restorationIdentifier":"Tabs","children":[
              {"class":"UINavigationController","kind":"navigation","children":[
                {"class":"List","restorationIdentifier":"List","children":[]}]}]}
            """#)
        #expect(findings.map(Lint.path) == ["windows[0].root.children[0].children[0]"])
    }
}
