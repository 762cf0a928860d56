// RT004 whitespace-in-restoration-identifier.

import Storyboard
import Testing

@Suite("RT004 whitespace-in-restoration-identifier")
struct WhitespaceInRestorationIdentifierTests {
    @Test("a trailing space, a space inside, a tab, and a storyboard ID used as the identifier")
    func storyboard() throws {
        let findings = try Lint.storyboard("RT004", initial: "a", [
            Scenes.controller("a", restorationID: "Detail ", inside: Scenes.view("scrollView", "My Scroll", id: "s")),
            Scenes.controller("b", storyboardID: "\tSettings", useStoryboardID: true),
            Scenes.controller("c", restorationID: "Clean"),
        ])
        #expect(findings.map(\.objectID) == ["a", "s", "b"])
        #expect(findings[0].message.contains("trailing white space") && findings[1].message.contains("has white space"))
        #expect(findings[2].message.contains("storyboard ID (used as its restoration identifier)") && findings[2].message.contains("leading"))
    }

    @Test("in a scenario")
    func scenario() throws {
        let findings = try Lint.scenario("RT004", root: #"{"class":"A","restorationIdentifier":" A"}"#)
        #expect(findings.count == 1 && findings[0].severity == .warning)
    }
}
