// RT014 unreachable-scene.

import Storyboard
import Testing

@Suite("RT014 unreachable-scene")
struct UnreachableSceneTests {
    @Test("scenes no segue leads to are infos, saying what their identifiers mean; references are not scenes")
    func storyboard() throws {
        let findings = try Lint.storyboard("RT014", initial: "a", [
            Scenes.controller("a", restorationID: "A"),
            Scenes.controller("login", restorationID: "Login", storyboardID: "LoginID"),
            Scenes.controller("onboarding", restorationID: "Onboarding"),
            Scenes.controller("plain"),
            Fixtures.scene("ref", #"<viewControllerPlaceholder storyboardName="Other" id="ref" sceneMemberID="viewController"/>"#),
        ])
        #expect(findings.map(\.objectID) == ["login", "onboarding", "plain"])
        #expect(findings[0].message.contains("storyboard ID LoginID, so UIKit can make it again"))
        #expect(findings[1].message.contains("no storyboard ID, so a restoration class or the app delegate must make it"))
        #expect(findings[2].message.contains("it is never restored"))
    }
}
