// RT009 unresolved-storyboard-reference.

import Storyboard
import Testing

@Suite("RT009 unresolved-storyboard-reference")
struct UnresolvedStoryboardReferenceTests {
    @Test("a reference to a storyboard that was not given is an info, with the fix; a resolved one is not reported")
    func storyboard() throws {
        let main = Fixtures.storyboard(initial: "tabs", [
            Scenes.controller("tabs", "tabBarController", restorationID: "Tabs",
                              segues: [Scenes.relationship("r1", "viewControllers"), Scenes.relationship("r2", "viewControllers")]),
            Fixtures.scene("r1", #"<viewControllerPlaceholder storyboardName="Settings" referencedIdentifier="SettingsVC" id="r1" sceneMemberID="viewController"/>"#),
            Fixtures.scene("r2", #"<viewControllerPlaceholder storyboardName="Profile" id="r2" sceneMemberID="viewController"/>"#),
        ].joined(separator: "\n"))
        let profile = Fixtures.storyboard(initial: "p", Scenes.controller("p", restorationID: "Profile"))
        let findings = Linter.lint(try Fixtures.map([("Main", main), ("Profile", profile)])).filter { $0.rule.id == "RT009" }
        #expect(findings.map(\.objectID) == ["r1"])
        #expect(findings[0].severity == .info && findings[0].message.contains("storyboard Settings, scene SettingsVC"))
        #expect(findings[0].fix == "Add Settings.storyboard to the command line.")
    }
}
