// Tests for TraceReader: round trips with the writer, chunk boundaries, long lines, odd input.

import Foundation
import Testing
@testable import TraceFormat

@Suite("Trace reader")
struct TraceReaderTests {
    static let hostileStrings = [
        "quote\"quote", "back\\slash", "new\nline", "nul\u{0}byte", "tab\tand\r", "\u{202E}rtl override\u{202C} שלום",
        "emoji 👩‍👩‍👧 🇫🇷", String(repeating: "ten kB \"\\ ", count: 1_000), "", "\u{7F}\u{1F}\u{2028}",
    ]

    static func sampleRecords() -> [TraceRecord] {
        var records: [TraceRecord] = []
        for (i, text) in hostileStrings.enumerated() {
            let seq = Int64(records.count)
            records.append(TraceRecord(
                seq: seq, ts: seq * 10, phase: .begin, span: Int64(i + 1), kind: .decode, path: ["Tabs", text],
                className: text, thread: i % 2 == 0 ? nil : text, attributes: [TraceAttribute("x-\(text)", .string(text))]))
            records.append(TraceRecord(
                seq: seq + 1, ts: seq * 10 + 5, phase: .end, span: Int64(i + 1), kind: RecordKind(text), path: [],
                attributes: [
                    TraceAttribute("keys", .strings([text, "k"])), TraceAttribute("bytes", .int(.max)),
                    TraceAttribute("ratio", 0.25), TraceAttribute("nested", .object(JSONObject([JSONMember(text, [nil, true])]))),
                ]))
        }
        records.append(TraceRecord(seq: Int64(records.count), ts: -1, phase: .instant, kind: .exclude))
        return records
    }

    @Test("what the writer writes, the reader reads back equal, hostile strings and unknown fields included")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("round.jsonl")
        let header = TraceHeader(generator: "test", clock: "tick", origin: "2026-11-22T10:00:00.000Z", scenario: "s\"\n",
                                 extra: [JSONMember("app", .object(JSONObject([JSONMember("bundleVersion", "1.2")]))),
                                         JSONMember("x-run", 3)])
        let writer = try TraceWriter(path: path, clock: .tick, header: header)
        let records = Self.sampleRecords()
        for record in records { writer.write(record) }
        try writer.close()

        var options = TraceReaderOptions()
        options.checksAcrossRecords = false  // the sample's records are odd on purpose
        let document = try TraceDocument.load(path: path, options: options)
        #expect(document.header == header)
        #expect(document.records == records)
        #expect(document.recordLines == Array(2...(records.count + 1)))
        #expect(document.diagnostics.isEmpty)
    }

    @Test("lines split across read chunks are reassembled, whatever the chunk size")
    func chunkBoundaries() throws {
        var bytes: [UInt8] = []
        TraceHeader(clock: "tick").serialize(into: &bytes)
        for record in Self.sampleRecords() { record.serialize(into: &bytes) }
        var unchecked = TraceReaderOptions()
        unchecked.checksAcrossRecords = false  // the sample's records are odd on purpose
        let expected = try TraceDocument.load(bytes: bytes, options: unchecked)
        for chunk in [16, 17, 100, 1000, 4096] {
            var options = TraceReaderOptions(chunkBytes: chunk)
            options.checksAcrossRecords = false
            let document = try TraceDocument.load(bytes: bytes, options: options)
            #expect(document == expected, "chunk \(chunk)")
        }
    }

    @Test("CRLF line ends and a final line without newline are accepted; blank lines are warnings")
    func lineEnds() throws {
        let text = "{\"type\":\"header\",\"format\":\"restoretrace/1\",\"clock\":\"tick\"}\r\n"
            + "{\"seq\":0,\"ts\":0,\"ph\":\"i\",\"kind\":\"launch\"}\r\n\n"
            + "{\"seq\":1,\"ts\":1,\"ph\":\"i\",\"kind\":\"launch\"}"
        let reader = TraceReader(bytes: Array(text.utf8))
        let lines = Array(reader)
        #expect(lines.count == 3)
        #expect(reader.lineNumber == 4)
        #expect(reader.diagnostics == [.warning(line: 3, "blank line")])
    }

    @Test("a line over the limit is an error and is skipped without holding it; the next line is read")
    func overlongLine() throws {
        var text = "{\"type\":\"header\",\"format\":\"restoretrace/1\",\"clock\":\"tick\"}\n"
        text += "{\"seq\":0,\"ts\":0,\"ph\":\"i\",\"kind\":\"launch\",\"x\":\"" + String(repeating: "a", count: 5000) + "\"}\n"
        text += "{\"seq\":1,\"ts\":1,\"ph\":\"i\",\"kind\":\"launch\"}\n"
        let reader = TraceReader(bytes: Array(text.utf8), options: TraceReaderOptions(maxLineBytes: 1024, chunkBytes: 256))
        let lines = Array(reader)
        #expect(lines.count == 2)
        #expect(reader.lineNumber == 3)
        #expect(reader.diagnostics == [.error(line: 2, "line longer than 1 KiB (the reader's limit)")])
    }

    @Test("with skipMalformedLines an over-long line is a warning that says it was skipped")
    func overlongLineSkipped() throws {
        var text = "{\"type\":\"header\",\"format\":\"restoretrace/1\",\"clock\":\"tick\"}\n"
        text += "{\"seq\":0,\"ts\":0,\"ph\":\"i\",\"kind\":\"launch\",\"x\":\"" + String(repeating: "a", count: 5000) + "\"}\n"
        text += "{\"seq\":1,\"ts\":1,\"ph\":\"i\",\"kind\":\"launch\"}\n"
        let options = TraceReaderOptions(skipMalformedLines: true, maxLineBytes: 1024, chunkBytes: 256)
        let reader = TraceReader(bytes: Array(text.utf8), options: options)
        #expect(Array(reader).count == 2)
        #expect(reader.errorCount == 0)
        #expect(reader.diagnostics == [.warning(line: 2, "line longer than 1 KiB (the reader's limit) (line skipped)")])
    }

    @Test("a single 50 MB line is read without crashing or hanging, and a cut-off one is a warning")
    func fiftyMegabyteLine() throws {
        let header = Array("{\"type\":\"header\",\"format\":\"restoretrace/1\",\"clock\":\"tick\"}\n".utf8)
        var line = Array("{\"seq\":0,\"ts\":0,\"ph\":\"i\",\"kind\":\"error\",\"message\":\"".utf8)
        line += [UInt8](repeating: UInt8(ascii: "x"), count: 50 << 20)
        line += Array("\"}\n".utf8)
        let reader = TraceReader(bytes: header + line)
        let lines = Array(reader)
        #expect(reader.diagnostics.isEmpty)
        guard case .record(let record)? = lines.last else {
            Issue.record("the 50 MB record was not read")
            return
        }
        #expect(record.message?.utf8.count == 50 << 20)

        let cut = TraceReader(bytes: header + line.dropLast(3))
        #expect(Array(cut).count == 1)
        #expect(cut.diagnostics.map(\.line) == [2])
        #expect(cut.diagnostics.first?.severity == .warning)
    }

    @Test("a last line without newline is a cut-off warning only when it ends too early; other errors stay errors")
    func lastLineWithoutNewline() {
        let header = "{\"type\":\"header\",\"format\":\"restoretrace/1\",\"clock\":\"tick\"}\n"
        for cut in ["{\"seq\":0,\"ts\":1", "{\"seq\":0,\"ts\":0,\"ph\":\"i\",\"kind\":\"lau", "{\"seq\":0,\"x\":\"\\u00", "{\"seq\":0,\"ts\":0,\"ph\":\"i\",\"kind\":\"launch\"", "{\"seq\":0,\"x\":tr"] {
            let reader = TraceReader(bytes: Array((header + cut).utf8))
            _ = Array(reader)
            #expect(reader.errorCount == 0 && reader.warningCount == 1, "\(cut)")
        }
        let wrong = TraceReader(bytes: Array((header + "{\"seq\":\"0\",\"ts\":0,\"ph\":\"i\",\"kind\":\"launch\"}").utf8))
        _ = Array(wrong)
        #expect(wrong.diagnostics == [.error(line: 2, column: 8, "\"seq\" must be an integer, found string")])
    }

    @Test("records missing a required field, or a span on B/E, are errors naming the field")
    func missingFields() throws {
        let text = "{\"type\":\"header\",\"format\":\"restoretrace/1\",\"clock\":\"tick\"}\n"
            + "{\"ts\":0,\"ph\":\"i\",\"kind\":\"launch\"}\n"
            + "{\"seq\":1,\"ts\":1,\"ph\":\"B\",\"kind\":\"decode\"}\n"
            + "{\"seq\":2,\"seq\":2,\"ts\":1,\"ph\":\"i\",\"kind\":\"launch\"}\n"
            + "{\"type\":\"header\",\"format\":\"restoretrace/1\",\"clock\":\"tick\"}\n"
        let reader = TraceReader(bytes: Array(text.utf8))
        #expect(Array(reader).count == 1)
        #expect(reader.diagnostics.map(\.description) == [
            #"line 2: missing required field "seq""#,
            #"line 3: missing "span": "B" records need a span id"#,
            #"line 4, column 10: duplicate field "seq""#,
            "line 5, column 1: a header line here: the header belongs on line 1 only (concatenated traces?)",
        ])
    }

    @Test("a file that does not exist is a typed error naming it")
    func missingFile() {
        #expect(throws: TraceReadError.cannotOpen(path: "/nonexistent/t.jsonl", code: ENOENT)) {
            _ = try TraceReader(path: "/nonexistent/t.jsonl")
        }
        #expect(throws: TraceReadError.cannotOpen(path: "/tmp", code: EISDIR)) { _ = try TraceReader(path: "/tmp") }
    }

    @Test("repeated path texts read back equal and share one array; tricky texts are parsed, not mistaken")
    func repeatedPaths() throws {
        // Each text twice or more, so the reader's path cache answers the repeats: brackets,
        // quotes and escapes inside strings, whitespace, an escaped form of the same path (a
        // different text, equal path), the empty path, one past the cache's length limit, and
        // a text that is not an array of strings after a valid one of the same prefix.
        let texts = [
            #"["Tabs","CountryNav"]"#, #"["a]b","c\"]d","e\\"]"#, #"[ "Tabs" , "CountryNav" ]"#,
            #"["Tabs","Country\u004eav"]"#, "[]", "[" + (0..<40).map { "\"Component\($0)\"" }.joined(separator: ",") + "]",
        ]
        var lines = [#"{"type":"header","format":"restoretrace/1","clock":"tick"}"#]
        for round in 0..<3 {
            for text in texts { lines.append(#"{"seq":\#(lines.count - 1),"ts":0,"ph":"i","kind":"exclude","path":\#(text)}"#) }
            if round == 1 { lines.append(#"{"seq":\#(lines.count - 1),"ts":0,"ph":"i","kind":"exclude","path":["Tabs",1]}"#) }
        }
        let document = try TraceDocument.load(
            bytes: Array((lines.joined(separator: "\n") + "\n").utf8), options: TraceReaderOptions(skipMalformedLines: true))
        #expect(document.diagnostics.count == 1, "\(document.diagnostics.map(\.message))")
        #expect(document.diagnostics.first?.message.contains("\"path\" must be an array of strings") == true)
        let expected: [[String]] = [
            ["Tabs", "CountryNav"], ["a]b", "c\"]d", "e\\"], ["Tabs", "CountryNav"], ["Tabs", "CountryNav"], [],
            (0..<40).map { "Component\($0)" },
        ]
        let paths = document.records.map { $0.path ?? ["<none>"] }
        #expect(paths == expected + expected + expected)
        // The second round's arrays are the first round's (shared storage) where the text is short
        // enough and holds no `]` inside a component (those are parsed every time, equal all the same).
        let address = { (path: [String]) in path.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } }
        #expect(address(paths[0]) == address(paths[texts.count]))
        #expect(address(paths[2]) == address(paths[texts.count + 2]))
        #expect(address(paths[3]) == address(paths[texts.count + 3]))
    }

    @Test("keptAttributes keeps the named attributes only, and still checks the others")
    func keptAttributes() throws {
        let text = #"""
            {"type":"header","format":"restoretrace/1","clock":"tick"}
            {"seq":0,"ts":0,"ph":"i","kind":"exclude","path":["A"],"keys":["k1","k2"],"reason":"x","children":[["A","B"]],"bytes":3}
            {"seq":1,"ts":1,"ph":"i","kind":"exclude","path":["A"],"children":[["A",tru]],"reason":"y"}

            """#
        let options = TraceReaderOptions(skipMalformedLines: true, keptAttributes: ["reason", "bytes"])
        let document = try TraceDocument.load(bytes: Array(text.utf8), options: options)
        #expect(document.records.count == 1)
        #expect(document.records.first?.attributes == [TraceAttribute("reason", "x"), TraceAttribute("bytes", 3)])
        // The malformed value of an attribute that is not kept is still an error, with its column.
        #expect(document.diagnostics.count == 1)
        #expect(document.diagnostics.first?.line == 3)
        let all = try TraceDocument.load(bytes: Array(text.utf8), options: TraceReaderOptions(skipMalformedLines: true))
        #expect(all.records.first?.attributes.map(\.key) == ["keys", "reason", "children", "bytes"])
        #expect(all.diagnostics.map(\.line) == document.diagnostics.map(\.line))
        #expect(all.diagnostics.map(\.column) == document.diagnostics.map(\.column))
    }

    @Test("loading a whole trace with errors throws them; skipping bad lines loads the rest")
    func documentLoadErrors() throws {
        let text = "{\"type\":\"header\",\"format\":\"restoretrace/1\",\"clock\":\"tick\"}\n{oops}\n"
            + "{\"seq\":0,\"ts\":0,\"ph\":\"i\",\"kind\":\"launch\"}\n"
        let error = #expect(throws: TraceReadError.self) { try TraceDocument.load(bytes: Array(text.utf8), name: "t.jsonl") }
        #expect(error?.description.contains("t.jsonl:2:2: unexpected 'o' (0x6F), expected a string key") == true)
        let document = try TraceDocument.load(bytes: Array(text.utf8), options: TraceReaderOptions(skipMalformedLines: true))
        #expect(document.records.count == 1)
        #expect(document.diagnostics.map(\.severity) == [.warning])
    }
}
