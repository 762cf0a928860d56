// RT010 root-without-identifier.

import Storyboard
import Testing

@Suite("RT010 root-without-identifier")
struct RootWithoutIdentifierTests {
    @Test("an initial view controller without an identifier: nothing is restored, and the message counts what is lost")
    func storyboard() throws {
        let findings = try Lint.storyboard("RT010", initial: "nav", [
            Scenes.controller("nav", "navigationController", segues: [Scenes.relationship("list", "rootViewController")]),
            Scenes.controller("list", restorationID: "List"),
            Scenes.controller("elsewhere"),
        ])
        #expect(findings.count == 1 && findings[0].severity == .warning && findings[0].objectID == "nav")
        #expect(findings[0].message.contains("Nothing is restored") && findings[0].message.contains("nor the 1 scene reached from it"))
        #expect(findings[0].message.contains("1 other scene is shown only by code"))
    }

    @Test("in a scenario: a window root without an identifier")
    func scenario() throws {
        #expect(try Lint.scenario("RT010", root: #"{"class":"A"}"#).count == 1)
        #expect(try Lint.scenario("RT010", root: #"{"class":"A","restorationIdentifier":"A"}"#).isEmpty)
    }
}
