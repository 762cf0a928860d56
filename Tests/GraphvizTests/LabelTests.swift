// Label text: line splitting, justification and the length and line caps.

import Testing
@testable import Graphviz

@Suite("Labels")
struct LabelTests {
    @Test("newline, CRLF, CR and Unicode line separators all split lines")
    func splitsLines() {
        #expect(Label("a\nb\r\nc\rd\u{2028}e").lines == ["a", "b", "c", "d", "e"])
    }

    @Test("a centred multi-line label joins lines with \\n and has no trailing break")
    func centredLines() {
        #expect(Label("a\nb").dotValue == #""a\nb""#)
    }

    @Test("a left-justified label ends every line, the last included, with \\l")
    func leftJustifiedLines() {
        #expect(Label(lines: ["a", "b"], justification: .left).dotValue == #""a\lb\l""#)
    }

    @Test("labels past the byte cap are cut on a character boundary and end with an ellipsis")
    func capsLength() {
        let label = Label(String(repeating: "é", count: 10_000))
        #expect(label.text.utf8.count <= Label.maximumUTF8Length + Label.ellipsis.utf8.count)
        #expect(label.text.hasSuffix(Label.ellipsis))
        #expect(label.text.dropLast().allSatisfy { $0 == "é" })
    }

    @Test("labels past the line cap keep the first lines and mark the cut")
    func capsLines() {
        let label = Label(Array(repeating: "x", count: 40_000).joined(separator: "\n"))
        #expect(label.lines.count == Label.maximumLineCount)
        #expect(label.lines.last == "x" + Label.ellipsis)
    }

    @Test("labels within the caps are kept whole")
    func keepsShortLabels() {
        #expect(Label("CountryList\nUITableViewController").lines == ["CountryList", "UITableViewController"])
    }
}
