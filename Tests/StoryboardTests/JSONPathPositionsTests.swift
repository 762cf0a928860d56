// Where a scenario's objects are in its text, by JSON path, for lint's line and column.

import Storyboard
import Testing

@Suite("JSON path positions")
struct JSONPathPositionsTests {
    @Test("objects, array elements and nested paths, whatever the spacing, strings with brackets and escapes included")
    func finds() {
        let text = """
            {"format": "x", "note": "a [tricky] {string} with \\" quotes",
             "windows": [ { "root": {
                "class": "A", "children": [
                  {"class": "B"},
                  {"class": "C", "views": [ { "class": "V" } ]}
                ] } } ] }
            """
        let wanted: Set<String> = ["", "windows[0].root", "windows[0].root.children[1]", "windows[0].root.children[1].views[0]",
                                   "windows[0].root.children[0]", "windows[1].root"]
        let found = JSONPathPositions.find(wanted, in: Array(text.utf8))
        #expect(found[""].map { [$0.line, $0.column] } == [1, 1])
        #expect(found["windows[0].root"].map { [$0.line, $0.column] } == [2, 25])
        #expect(found["windows[0].root.children[0]"].map { [$0.line, $0.column] } == [4, 7])
        #expect(found["windows[0].root.children[1]"].map { [$0.line, $0.column] } == [5, 7])
        #expect(found["windows[0].root.children[1].views[0]"].map { [$0.line, $0.column] } == [5, 33])
        #expect(found["windows[1].root"] == nil)
    }

    @Test("text cut off or not JSON ends the pass without a crash")
    func malformed() {
        #expect(JSONPathPositions.find(["a"], in: Array("{\"a\": [1, 2".utf8)).count == 1)
        #expect(JSONPathPositions.find(["a"], in: Array("]]]}}}".utf8)).isEmpty)
        #expect(JSONPathPositions.find(["a"], in: Array("\"unterminated".utf8)).isEmpty)
    }
}
