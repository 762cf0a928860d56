// Paths and trace strings as people see them: unambiguous, and free of terminal control codes.

import Testing
@testable import TraceAnalysis

@Suite("path text")
struct PathTextTests {
    @Test("plain identifiers join with /; a component with / or a quote is written as a JSON string")
    func unambiguous() {
        #expect(PathText.display(["Tabs", "CountryNav", "Détail"]) == "Tabs/CountryNav/Détail")
        #expect(PathText.display(["a/b"]) == "\"a/b\"")
        #expect(PathText.display(["a", "b"]) == "a/b")
        #expect(PathText.display(["say \"hi\"", ""]) == "\"say \\\"hi\\\"\"/\"\"")
    }

    @Test("a path is read back as display writes it, or as a JSON array", arguments: [
        ["Tabs", "CountryNav", "Détail"], ["a/b"], ["a", "b"], ["say \"hi\"", ""], ["back\\slash", "x"],
        ["\u{1B}[31mred\nline\u{202E}txt"], ["Café", "日本"],
    ])
    func parsesWhatItDisplays(_ path: [String]) throws {
        #expect(try PathText.parse(PathText.display(path)).get() == path)
    }

    @Test("a path given as a JSON array, and text that is no path, with why")
    func parsesArraysAndRefuses() throws {
        #expect(try PathText.parse(#"["Tabs","a/b"]"#).get() == ["Tabs", "a/b"])
        for (text, problem) in [
            (#"Tabs/"open"#, "a quoted identifier has no closing quote"),
            ("Tabs//Detail", "an identifier is empty"),
            ("", "an identifier is empty"),
            (#""a"b"#, "a closing quote must end the identifier"),
            (#""\q""#, "is followed by"),
            ("[1,2]", "not a JSON array of strings"),
            ("[]", "the array is empty"),
        ] {
            switch PathText.parse(text) {
            case .success(let path): Issue.record("\(text) read as \(path)")
            case .failure(let error): #expect(error.description.contains(problem), "\(text): \(error)")
            }
        }
    }

    @Test("escape sequences, newlines and bidirectional overrides never pass through")
    func controlCharacters() {
        let hostile = "\u{1B}[31mred\nline\u{202E}txt"
        let shown = PathText.display([hostile])
        #expect(!shown.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x202E }))
        #expect(shown.contains("\\u{1b}[31mred\\u{a}line\\u{202e}txt"))
        #expect(PathText.sanitized("UI\u{7}View") == "UI\\u{7}View")
        #expect(PathText.sanitized("UITableView") == "UITableView")
    }

    @Test("CSV cells that a spreadsheet would run as formulas are defused")
    func csvFormulas() {
        #expect(SummaryCSVFormat.field("=HYPERLINK(\"http://x\")") == "\"'=HYPERLINK(\"\"http://x\"\")\"")
        #expect(SummaryCSVFormat.field("+1") == "'+1")
        #expect(SummaryCSVFormat.field("@sum") == "'@sum")
        #expect(SummaryCSVFormat.field("decode") == "decode")
    }
}
