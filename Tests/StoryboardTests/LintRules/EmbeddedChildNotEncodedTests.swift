// RT011 embedded-child-not-encoded.

import Storyboard
import Testing

@Suite("RT011 embedded-child-not-encoded")
struct EmbeddedChildNotEncodedTests {
    @Test("a child embedded in a plain view controller by a container view is an info naming the container's class")
    func storyboard() throws {
        let findings = try Lint.storyboard("RT011", initial: "home", [
            Scenes.controller("home", restorationID: "Home", customClass: "HomeViewController", inside: Scenes.containers(["map"])),
            Scenes.controller("map", restorationID: "Map"),
        ])
        #expect(findings.map(\.objectID) == ["map"])
        #expect(findings[0].message.contains("HomeViewController's encodeRestorableState(with:) encodes it"))
        #expect(findings[0].restorationPathText == "Home/Map")
    }

    @Test("in a scenario: a custom container that does not encode its children")
    func scenario() throws {
        #expect(try Lint.scenario("RT011", root: #"{"class":"C","kind":"custom","restorationIdentifier":"C","children":[{"class":"A","restorationIdentifier":"A"}]}"#).count == 1)
        #expect(try Lint.scenario("RT011", root: #"{"class":"C","kind":"custom","encodesChildren":true,"restorationIdentifier":"C","children":[{"class":"A","restorationIdentifier":"A"}]}"#).isEmpty)
    }
}
