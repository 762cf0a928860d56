// RT013 scene-without-identifier.

import Storyboard
import Testing

@Suite("RT013 scene-without-identifier")
struct SceneWithoutIdentifierTests {
    @Test("where restoration stops below restored scenes: one info, not one per scene below")
    func storyboard() throws {
        let findings = try Lint.storyboard("RT013", initial: "tabs", [
            Scenes.controller("tabs", "tabBarController", restorationID: "Tabs", segues: [Scenes.relationship("nav", "viewControllers")]),
            Scenes.controller("nav", "navigationController", segues: [Scenes.relationship("settings", "rootViewController")]),
            Scenes.controller("settings"),
        ])
        #expect(findings.map(\.objectID) == ["nav"])
        #expect(findings[0].message.contains("and so does everything below it"))
    }

    @Test("in a scenario")
    func scenario() throws {
        let findings = try Lint.scenario("RT013", root: #"{"class":"T","kind":"tabBar","restorationIdentifier":"T","children":[{"class":"Settings"}]}"#)
        #expect(findings.map(Lint.path) == ["windows[0].root.children[0]"])
    }
}
