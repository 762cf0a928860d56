// RT012 segue-to-missing-scene.

import Storyboard
import Testing

@Suite("RT012 segue-to-missing-scene")
struct SegueToMissingSceneTests {
    @Test("a segue to an object ID no scene has, and one without a destination, are warnings; unwind segues to Exit are not")
    func storyboard() throws {
        let findings = try Lint.storyboard("RT012", initial: "a", [
            Scenes.controller("a", restorationID: "A", segues: [
                Scenes.segue("gone-42", "show", identifier: "showGone"),
                #"<segue kind="presentation" id="nowhere"/>"#,
                #"<segue destination="exit-a" kind="unwind" unwindAction="back:" id="unwind"/>"#,
            ]),
        ])
        #expect(findings.map(\.objectID) == ["seg-show-gone-42", "nowhere"])
        #expect(findings[0].message.contains("\"showGone\"") && findings[0].message.contains("gone-42"))
        #expect(findings[1].message.contains("leads to no destination"))
    }
}
