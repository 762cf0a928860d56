// RT003 empty-restoration-identifier.

import Storyboard
import Testing

@Suite("RT003 empty-restoration-identifier")
struct EmptyRestorationIdentifierTests {
    @Test("an empty attribute, Use Storyboard ID without a storyboard ID, and an empty view identifier are warnings")
    func storyboard() throws {
        let findings = try Lint.storyboard("RT003", initial: "a", [
            Scenes.controller("a", restorationID: "", segues: [Scenes.relationship("b", "rootViewController")]),
            Scenes.controller("b", useStoryboardID: true, inside: Scenes.view("tableView", "", id: "t")),
        ])
        #expect(findings.map(\.objectID) == ["a", "b", "t"])
        #expect(findings.allSatisfy { $0.severity == .warning })
        #expect(findings[1].message.contains("Use Storyboard ID on but no storyboard ID"))
        #expect(findings[1].fix.contains("storyboard ID"))
    }

    @Test("in a scenario: \"restorationIdentifier\": \"\"")
    func scenario() throws {
        let findings = try Lint.scenario("RT003", root: #"{"class":"A","restorationIdentifier":"","views":[{"class":"UIView","restorationIdentifier":"V"}]}"#)
        #expect(findings.map(Lint.path) == ["windows[0].root"])
    }
}
