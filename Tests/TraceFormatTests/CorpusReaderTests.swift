// The bad-input corpus through the reader: each file's diagnostics name the right line.

import Foundation
import Testing
@testable import TraceFormat

/// Reads a corpus file with the streaming reader and returns its lines and diagnostics.
func readCorpus(_ name: String, options: TraceReaderOptions = .default) throws -> (lines: [TraceLine], reader: TraceReader) {
    let url = try #require(Bundle.module.url(forResource: "Corpus/\(name)", withExtension: nil))
    let reader = try TraceReader(path: url.path, options: options)
    return (Array(reader), reader)
}

@Suite("Bad-input corpus: reader")
struct CorpusReaderTests {
    @Test("an empty file is an error saying a header is expected")
    func empty() throws {
        let (lines, reader) = try readCorpus("empty.jsonl")
        #expect(lines.isEmpty)
        #expect(reader.diagnostics == [.error(line: nil,
            "the trace is empty; expected a header line {\"type\":\"header\",\"format\":\"restoretrace/1\",…}")])
    }

    @Test("a header with no records is valid")
    func headerOnly() throws {
        let (lines, reader) = try readCorpus("header-only.jsonl")
        #expect(lines.count == 1)
        #expect(reader.header?.scenario == "corpus")
        #expect(reader.diagnostics.isEmpty)
    }

    @Test("records without a header: line 1 is reported, the records are still read")
    func noHeader() throws {
        let (lines, reader) = try readCorpus("no-header.jsonl")
        #expect(lines.count == 2)
        #expect(reader.diagnostics.map(\.line) == [1])
        #expect(reader.diagnostics.first?.severity == .error)
        #expect(reader.diagnostics.first?.message.hasPrefix("the header is missing") == true)
        let (_, skipping) = try readCorpus("no-header.jsonl", options: TraceReaderOptions(skipMalformedLines: true))
        #expect(skipping.diagnostics.first?.severity == .warning)
    }

    @Test("binary garbage is reported by line and byte, without crashing")
    func binaryGarbage() throws {
        let (lines, reader) = try readCorpus("binary-garbage.jsonl")
        #expect(lines.isEmpty)
        let first = try #require(reader.diagnostics.first)
        #expect(first.line == 1 && first.column == 1 && first.severity == .error)
        #expect(first.message.hasPrefix("unexpected byte 0x89, expected a value"))
    }

    @Test("invalid UTF-8 is named with its line and column")
    func invalidUTF8() throws {
        let (lines, reader) = try readCorpus("invalid-utf8.jsonl")
        #expect(lines.count == 2)
        #expect(reader.diagnostics == [.error(line: 3, column: 62, "invalid UTF-8 (byte 0xE9) in string")])
    }

    @Test("wrong field types are named with the field, the expected and the found type")
    func wrongTypes() throws {
        let (lines, reader) = try readCorpus("wrong-types.jsonl")
        #expect(lines.count == 2)
        #expect(reader.diagnostics.map(\.description) == [
            #"line 3, column 15: "ts" must be an integer, found string"#,
            #"line 4, column 50: "path" must be an array of strings, found string"#,
            #"line 5, column 8: "seq" must be an integer, found number 3.5"#,
            #"line 6, column 22: "ph" must be "B", "E" or "i", found "X""#,
            #"line 7, column 33: "kind" must be a string, found number"#,
        ])
    }

    @Test("a last line cut off mid-write is a warning with its line number; earlier records are kept")
    func truncatedLastLine() throws {
        let (lines, reader) = try readCorpus("truncated-last-line.jsonl")
        #expect(lines.count == 3)
        #expect(reader.errorCount == 0)
        #expect(reader.diagnostics.map(\.line) == [4])
        #expect(reader.diagnostics.first?.severity == .warning)
        #expect(reader.diagnostics.first?.message.hasPrefix("the last line is cut off") == true)
    }

    @Test("an unknown major format is refused, naming the version this reader supports")
    func unknownMajorFormat() throws {
        let (lines, reader) = try readCorpus("unknown-major-format.jsonl")
        #expect(lines.isEmpty)
        #expect(reader.diagnostics == [.error(line: 1,
            "unsupported trace format \"restoretrace/2\": this reader supports restoretrace/1 only; use a newer restoretrace to read it")])
    }

    @Test("unknown kinds and fields are kept, in order, without a diagnostic")
    func unknownKindAndField() throws {
        let (lines, reader) = try readCorpus("unknown-kind-and-field.jsonl")
        #expect(reader.diagnostics.isEmpty)
        guard lines.count == 4, case .record(let custom) = lines[1], case .record(let end) = lines[3] else {
            Issue.record("expected a header and three records, got \(lines)")
            return
        }
        #expect(custom.kind == "x-snapshot")
        #expect(custom.attributes == [
            TraceAttribute("x-note", "kept"),
            TraceAttribute("nested", .object(JSONObject([JSONMember("a", [1, 2.5, nil])]))),
        ])
        #expect(end.keys == ["kSelectedIndex"])
        #expect(end.attributes.map(\.key) == ["keys", "zz"])
    }

    @Test("a malformed line is an error with line and column, or a warning when skipping bad lines")
    func malformedLine() throws {
        let (lines, reader) = try readCorpus("malformed-line.jsonl")
        #expect(lines.count == 3)
        #expect(reader.diagnostics == [.error(line: 3, column: 42, "unexpected '\"' (0x22), expected ',' or '}'")])
        let (_, skipping) = try readCorpus("malformed-line.jsonl", options: TraceReaderOptions(skipMalformedLines: true))
        #expect(skipping.diagnostics.map(\.severity) == [.warning])
        #expect(skipping.diagnostics.first?.message.hasSuffix("(line skipped)") == true)
    }
}
