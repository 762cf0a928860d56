// The XML tokenizer on its own: what it reads, where it says things are, and what it refuses
// (DTDs, undefined entities, bad nesting), always with a line and column.

@testable import Storyboard
import Testing

/// Runs the tokenizer over `text` and describes its events: `<a x=1>`, `</a>`, `!-- text`.
func tokenize(_ text: String, limits: XMLLimits = XMLLimits()) throws(XMLError) -> [String] {
    let bytes = Array(text.utf8)
    let result = bytes.withUnsafeBufferPointer { buffer in
        Result { () throws(XMLError) -> [String] in
            if let problem = UTF8Validation.firstProblem(buffer) {
                let (line, column) = UTF8Validation.lineAndColumn(of: problem.offset, in: buffer)
                throw XMLError(line: line, column: column, message: problem.message)
            }
            var tokenizer = XMLTokenizer(bytes: buffer, limits: limits)
            var events: [String] = []
            while true {
                switch try tokenizer.next() {
                case .startElement(let name, let position, _):
                    let attributes = tokenizer.attributes.map { "\(tokenizer.string($0.name))=\(tokenizer.value($0))" }
                    let (line, column) = tokenizer.lineAndColumn(position)
                    events.append("<\(tokenizer.string(name))\(attributes.map { " " + $0 }.joined())>@\(line):\(column)")
                case .endElement(let name):
                    events.append("</\(tokenizer.string(name))>")
                case .comment(let range):
                    events.append("!--\(tokenizer.string(range))")
                case .endOfDocument:
                    return events
                }
            }
        }
    }
    return try result.get()
}

/// The error the tokenizer stops with, or nil when it reads the text.
func tokenizerError(_ text: String, limits: XMLLimits = XMLLimits()) -> XMLError? {
    do {
        _ = try tokenize(text, limits: limits)
        return nil
    } catch {
        return error
    }
}

@Suite("XML tokenizer")
struct XMLTokenizerTests {
    @Test("elements, attributes, empty elements, comments and the declaration, with line and column")
    func readsElements() throws {
        let events = try tokenize("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- before -->
            <a x="1" y='two'>
              <b/>text<c  z = "3" ></c>
            </a>
            <!-- after -->
            """)
        #expect(events == ["!-- before ", "<a x=1 y=two>@3:1", "<b>@4:3", "</b>", "<c z=3>@4:11", "</c>", "</a>", "!-- after "])
    }

    @Test("predefined and numeric references are decoded; tabs and line breaks in values become spaces")
    func decodesReferences() throws {
        let events = try tokenize("<a v=\"&lt;&gt;&amp;&quot;&apos; &#65;&#x42;&#x1F600;\" w=\"a\tb\nc\r\nd\">x &amp; y</a>")
        #expect(events.first == "<a v=<>&\"' AB😀 w=a b c d>@1:1")
    }

    @Test("columns count Unicode scalars, not bytes")
    func columnsCountScalars() throws {
        let events = try tokenize("<a t=\"é😀\"><b/></a>")
        // `<a t="é😀">` is 10 scalars (15 bytes): <b> starts at column 11.
        #expect(events[1] == "<b>@1:11")
    }

    @Test("CDATA and processing instructions are skipped, a byte order mark is allowed (and not counted as a column)")
    func skipsCDATAAndInstructions() throws {
        let events = try tokenize("\u{FEFF}<?xml version=\"1.0\"?><a><![CDATA[<not> & markup]]><?pi data?></a>")
        #expect(events == ["<a>@1:22", "</a>"])
    }

    @Test("a DOCTYPE is refused: no DTD, so no entity expansion (billion laughs) and no external entity")
    func refusesDoctype() throws {
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [
              <!ENTITY lol "lol">
              <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
            ]>
            <lolz>&lol2;</lolz>
            """
        let error = try #require(tokenizerError(laughs))
        #expect(error.line == 2 && error.column == 1)
        #expect(error.message.contains("DOCTYPE") && error.message.contains("refused"))
        let external = "<?xml version=\"1.0\"?>\n<!DOCTYPE a [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<a>&x;</a>"
        #expect(tokenizerError(external)?.message.contains("DOCTYPE") == true)
    }

    @Test("an entity nobody defined is refused where it is, in text and in attribute values")
    func refusesUndefinedEntities() throws {
        let inText = try #require(tokenizerError("<a>\n  &xxe;</a>"))
        #expect((inText.line, inText.column) == (2, 3))
        #expect(inText.message.contains("&xxe;") && inText.message.contains("not defined"))
        let inValue = try #require(tokenizerError("<a v=\"&nbsp;\"/>"))
        #expect(inValue.message.contains("&nbsp;"))
        #expect(tokenizerError("<a v=\"a & b\"/>")?.message.contains("bare &") == true)
        #expect(tokenizerError("<a>&#0;</a>")?.message.contains("not the number of a character") == true)
        #expect(tokenizerError("<a>&#xD800;</a>") != nil)
        #expect(tokenizerError("<a>&#99999999999;</a>") != nil)
    }

    @Test("bad nesting, a second root, text outside the root and unclosed elements are errors naming the place")
    func refusesBadStructure() throws {
        let mismatch = try #require(tokenizerError("<a>\n<b></a></b>"))
        #expect((mismatch.line, mismatch.column) == (2, 4))
        #expect(mismatch.message.contains("</a> does not close <b>, opened at line 2"))
        #expect(tokenizerError("<a/><b/>")?.message.contains("second root") == true)
        #expect(tokenizerError("hello <a/>")?.message.contains("before the root") == true)
        #expect(tokenizerError("<a/> trailing")?.message.contains("after the root") == true)
        let truncated = try #require(tokenizerError("<a>\n  <b x=\"1\">"))
        #expect(truncated.message.contains("the file ends inside <b>, opened at line 2") && truncated.message.contains("cut off"))
        #expect(tokenizerError("<a x=\"1").map { $0.message.contains("never closed") } == true)
        #expect(tokenizerError("<a><!-- open").map { $0.message.contains("comment") } == true)
        #expect(tokenizerError("</a>")?.message.contains("closes nothing") == true)
        #expect(tokenizerError("")?.message.contains("no root element") == true)
    }

    @Test("attribute errors: duplicates, < in a value, a missing = or quote")
    func refusesBadAttributes() throws {
        #expect(tokenizerError("<a x=\"1\" x=\"2\"/>")?.message.contains("appears twice") == true)
        #expect(tokenizerError("<a x=\"<\"/>")?.message.contains("&lt;") == true)
        #expect(tokenizerError("<a x/>")?.message.contains("expected =") == true)
        #expect(tokenizerError("<a x=1/>")?.message.contains("quoted value") == true)
        #expect(tokenizerError("<a x=\"1\"y=\"2\"/>")?.message.contains("white space") == true)
    }

    @Test("bytes that are not UTF-8, NUL and UTF-16 are refused with their line and column")
    func refusesBadEncoding() throws {
        var bytes = Array("<a>\nok \u{00}</a>".utf8)
        let nul = try #require(tokenizerErrorBytes(bytes))
        #expect(nul.line == 2 && nul.column == 4)
        bytes = Array("<a>".utf8) + [0xC3, 0x28] + Array("</a>".utf8)
        #expect(tokenizerErrorBytes(bytes)?.message.contains("not UTF-8") == true)
        bytes = [0xFF, 0xFE, 0x3C, 0x00]
        #expect(tokenizerErrorBytes(bytes)?.message.contains("UTF-16") == true)
        #expect(tokenizerError("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>")?.message.contains("UTF-8 only") == true)
    }

    @Test("nesting past the limit stops at the limit, without recursing, even 100,000 deep")
    func capsDepth() throws {
        let deep = String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)
        let error = try #require(tokenizerError(deep))
        #expect(error.message.contains("deeper than 1000 levels"))
        #expect(error.column == 3_001)
        #expect(tokenizerError("<a><b><c/></b></a>", limits: XMLLimits(maximumDepth: 2)) != nil)
        #expect(tokenizerError("<a><b/></a>", limits: XMLLimits(maximumDepth: 2)) == nil)
    }

    @Test("too many attributes, too long a name or value are refused")
    func capsSizes() throws {
        let many = "<a " + (0..<300).map { "a\($0)=\"\"" }.joined(separator: " ") + "/>"
        #expect(tokenizerError(many)?.message.contains("more than 256 attributes") == true)
        #expect(tokenizerError("<" + String(repeating: "n", count: 2_000) + "/>")?.message.contains("name longer") == true)
        let long = "<a v=\"" + String(repeating: "x", count: 100) + "\"/>"
        #expect(tokenizerError(long, limits: XMLLimits(maximumAttributeValueBytes: 50))?.message.contains("longer than 50 bytes") == true)
    }
}

/// The error the tokenizer stops with on raw bytes (which need not be UTF-8), or nil.
func tokenizerErrorBytes(_ bytes: [UInt8]) -> XMLError? { rawTokenizerError(bytes) }

private func rawTokenizerError(_ bytes: [UInt8]) -> XMLError? {
    bytes.withUnsafeBufferPointer { buffer -> XMLError? in
        if let problem = UTF8Validation.firstProblem(buffer) {
            let (line, column) = UTF8Validation.lineAndColumn(of: problem.offset, in: buffer)
            return XMLError(line: line, column: column, message: problem.message)
        }
        var tokenizer = XMLTokenizer(bytes: buffer, limits: XMLLimits())
        do throws(XMLError) {
            while true { if case .endOfDocument = try tokenizer.next() { return nil } }
        } catch {
            return error
        }
    }
}
