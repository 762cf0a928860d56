// The locate view: which search steps were tried, derived from `via` (rule 12, rule 13).

import Testing
@testable import Diagrams
import TraceFormat

@Suite("Locate view")
struct LocateDiagramTests {
    typealias Step = LocateDiagram.SearchStep

    @Test("found via an existing object: restoration class not set, app delegate declined, existing answered")
    func existingAnswers() {
        let steps = LocateDiagram.searchSteps(via: "existing", result: "found", foundClass: "X", unfinished: false,
                                              restorationClassDeclined: false)
        #expect(steps == [
            Step(step: .restorationClass, outcome: .notSet), Step(step: .appDelegate, outcome: .declined),
            Step(step: .existing, outcome: .answered(result: "found", foundClass: "X")),
        ])
    }

    @Test("with a restoration class only it is asked, even when it returns nil (rule 13)")
    func restorationClassOnly() {
        let found = LocateDiagram.searchSteps(via: "restorationClass", result: "found", foundClass: nil, unfinished: false,
                                              restorationClassDeclined: false)
        #expect(found.map(\.step) == [.restorationClass])
        let declined = LocateDiagram.searchSteps(via: "none", result: "nil", foundClass: nil, unfinished: false,
                                                 restorationClassDeclined: true)
        #expect(declined == [Step(step: .restorationClass, outcome: .answered(result: "nil", foundClass: nil))])
    }

    @Test("not found: every step declined, then NOT FOUND")
    func nothingAnswers() {
        let steps = LocateDiagram.searchSteps(via: "none", result: "nil", foundClass: nil, unfinished: false,
                                              restorationClassDeclined: false)
        #expect(steps.map(\.step) == [.restorationClass, .appDelegate, .existing, .storyboard, .none])
        #expect(LocateDiagram.isProblem(steps))
    }

    @Test("the locate view draws one row per located object with the answering step and a legend")
    func drawsRows() {
        let (header, records) = SampleTraces.countries()
        let dot = LocateDiagram.graph(header: header, records: records).dotSource
        #expect(dot.contains(#"storyboard\n✓ found"#))
        #expect(dot.contains(#"CLASS MISMATCH\napp delegate\nfound LegacyProfileViewController"#))
        #expect(dot.contains(#"NOT FOUND\nno step produced it"#))
        #expect(dot.contains("only it is asked (rule 13)"))
        #expect(dot.contains("rankdir=LR"))
    }
}
