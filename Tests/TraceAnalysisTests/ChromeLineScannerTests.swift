// Tests of the chrome export fast path: ChromeLineScanner + LeanTraceReader.forEachLine write
// the same bytes as the exporter fed by the full reader, and hand unusual lines back to it.

import Foundation
import Testing
@testable import TraceAnalysis
import TraceFormat

@Suite struct ChromeLineScannerTests {
    static func scan(_ line: String) -> ChromeRecord? {
        var bytes = Array(line.utf8)
        return bytes.withUnsafeMutableBufferPointer { ChromeLineScanner.parse(UnsafeBufferPointer($0)) }
    }

    /// The fast path's export of `path`, or nil when it handed the file back.
    static func fastExport(_ path: String) throws -> MemoryOutput? {
        let output = MemoryOutput()
        let exported = try ChromeTraceExporter.exportTraceFile(path: path) { () throws(ExportError) -> ExportOutput in output }
        return exported ? output : nil
    }

    /// The export through TraceInput and the full reader.
    static func fullExport(_ path: String) throws -> MemoryOutput {
        let input = try TraceInput(path: path)
        let output = MemoryOutput()
        var exporter = try ChromeTraceExporter(header: input.header, output: output)
        while let record = try input.next() { try exporter.add(record) }
        try exporter.finish()
        return output
    }

    @Test("a generated trace exports byte for byte as through the full reader: unfinished spans, fractions",
          arguments: [false, true])
    func fastPathMatchesFullReader(crashAtEnd: Bool) throws {
        let trace = SyntheticTrace.make(objects: 60, seed: 11, crashAtEnd: crashAtEnd)
        let path = try LeanTraceReaderTests.write(
            trace.header, trace.records, name: "chrome-\(crashAtEnd).jsonl",
            tail: #"{"seq":999998,"ts":999999998,"ph":"i","kind":"exclude","contentOffset":[0,894.0,1821.5,0.25,-3.5,0.0]}"# + "\n")
        defer { unlink(path) }
        let fast = try #require(try Self.fastExport(path))
        #expect(fast.isCommitted)
        #expect(fast.bytes == (try Self.fullExport(path)).bytes)
    }

    @Test("attributes are copied as written: nested values, duplicate keys, empty paths, threads")
    func copiesAttributeText() throws {
        let record = try #require(Self.scan(
            #"{"seq":4,"ts":9,"ph":"i","kind":"exclude","path":["Tabs","Nav"],"class":"C","thread":"w","n":{"a":[true,null,-3,894.0,-0.25],"a":""},"k":[]}"#))
        #expect(record.seq == 4 && record.ts == 9 && record.phase == .instant && record.kind == .exclude)
        #expect(record.thread == "w" && record.pathComponentCount == 2 && record.hasClass)
        #expect(String(decoding: record.pathText, as: UTF8.self) == "Tabs/Nav")
        #expect(String(decoding: record.classText, as: UTF8.self) == "C")
        #expect(String(decoding: record.attributesText, as: UTF8.self) == #","n":{"a":[true,null,-3,894.0,-0.25],"a":""},"k":[]"#)
        let interleaved = try #require(Self.scan(
            #"{"a":1,"seq":1,"b":[2],"c":"x","ts":2,"ph":"i","kind":"launch","path":["","Tabs","","Nav"],"d":null}"#))
        #expect(String(decoding: interleaved.attributesText, as: UTF8.self) == #","a":1,"b":[2],"c":"x","d":null"#)
        #expect(String(decoding: interleaved.pathText, as: UTF8.self) == "/Tabs//Nav")
        #expect(interleaved.pathComponentCount == 4)
        let empty = try #require(Self.scan(#"{"seq":1,"ts":2,"ph":"i","kind":"launch","path":[]}"#))
        #expect(empty.pathComponentCount == 0 && empty.pathText.isEmpty && !empty.hasClass)
    }

    @Test("text the writer would write differently is left to the full reader", arguments: [
        #"{"seq":1,"ts":2,"ph":"i","kind":"exclude","x":1.50}"#,  // a trailing zero (written 1.5)
        #"{"seq":1,"ts":2,"ph":"i","kind":"exclude","x":1e3}"#,  // an exponent (written 1000.0)
        #"{"seq":1,"ts":2,"ph":"i","kind":"exclude","x":0.00001}"#,  // small (written 1e-05)
        #"{"seq":1,"ts":2,"ph":"i","kind":"exclude","x":-0.0}"#,  // negative zero
        #"{"seq":1,"ts":2,"ph":"i","kind":"exclude","x":1234567890123456.5}"#,  // too many digits
        #"{"seq":1,"ts":2,"ph":"i","kind":"exclude","x":[1, 2]}"#,  // whitespace
        #"{"seq":1,"ts":2,"ph":"i","kind":"exclude","x":"a\"b"}"#,  // an escape
        #"{"seq":1,"ts":2,"ph":"i","kind":"exclude","x":"café"}"#,  // non-ASCII
        #"{"seq":1,"ts":2,"ph":"i","kind":"exclude","x":-0}"#,  // negative zero
        #"{"seq":1,"ts":2,"ph":"i","kind":"exclude","x":007}"#,  // leading zeros
        #"{"seq":1,"ts":2,"ph":"i","kind":"exclude","seq":3}"#,  // a duplicate core field
        #"{"seq":1,"ts":9007199254740992,"ph":"i","kind":"exclude"}"#,  // ts beyond 2^53 - 1 (validate refuses it)
        #"{"seq":-9007199254740992,"ts":2,"ph":"i","kind":"exclude"}"#,  // seq beyond -(2^53 - 1)
        #"{"seq":1,"ts":2,"ph":"i","kind":"exclude","type":"header"}"#,  // a header marker
        #"{"seq":1,"ts":2,"ph":"B","kind":"encode"}"#,  // a span without its id
        #"{"seq":1,"ts":2,"ph":"i"}"#,  // no kind
        #"{"seq":1,"ts":2,"ph":"i","kind":"exclude"} x"#,  // text after the object
        #"{"seq":1,"ts":2,"ph":"i","kind":"exclude","path":["a", "b"]}"#,  // whitespace in a copied path
        #"{"seq":1,"ts":2,"ph":"i","kind":"exclude","path":["a\/b"]}"#,  // an escape in a copied path
        #"{"seq":1,"ts":2,"ph":"i","kind":"exclude","class":"C\u0044"}"#,  // an escape in a copied class
        #"{"seq":1,"ts":2,"ph":"i","kind":"exclude","x" :1}"#,  // whitespace in a copied member
    ])
    func refusesUnusualText(line: String) {
        #expect(Self.scan(line) == nil)
    }

    @Test("a line the scanner takes gives the record the full reader gives", arguments: [
        #"{"seq":1,"ts":2,"ph":"B","span":1,"kind":"enc\"ode","path":["A","B"],"class":"C"}"#,  // an escaped kind
        #"{"seq":1,"ts":2,"ph":"i","kind":"appExtension","thread":"w\n","session":"S1","session":"S2"}"#,
        #"{"seq":1,"ts":2,"ph":"i","kind":"exclude","session":1,"session":"A"}"#,  // the first session is no string
        #" { "seq" : 1, "ts" : 2, "ph" : "i" , "kind" : "exclude" , "a":1,  "b":[true] } "#,  // whitespace between members
        #"{"seq":1,"ts":2,"ph":"i","kind":"exclude","path":[],"x":{"y":[1,2.5,null,-7]}}"#,
    ])
    func sameRecordAsFullReader(line: String) throws {
        let expected = ChromeRecord(try #require(LeanTraceReaderTests.fullRecord(line, keeping: nil)))
        let record = try #require(Self.scan(line))
        #expect(record.seq == expected.seq && record.ts == expected.ts && record.phase == expected.phase)
        #expect(record.span == expected.span && record.kind == expected.kind && record.thread == expected.thread)
        #expect(record.session == expected.session && record.pathComponentCount == expected.pathComponentCount)
        #expect(record.hasClass == expected.hasClass && record.pathEnd == expected.pathEnd && record.classEnd == expected.classEnd)
        #expect(String(decoding: record.text, as: UTF8.self) == String(decoding: expected.text, as: UTF8.self))
    }

    @Test("escaped kinds, threads and unknown kinds stay on the fast path and export as through the full reader")
    func escapedTextExportsAlike() throws {
        let header = TraceHeader(clock: "ns")
        let path = try LeanTraceReaderTests.write(header, [], name: "chrome-escaped.jsonl", tail: #"""
            {"seq":0,"ts":1,"ph":"B","span":1,"kind":"enc\"ode","path":["A","B"],"class":"C","thread":"w\u00e9\n"}
            {"seq":1,"ts":2,"ph":"i","kind":"appExtension","session":"S1","thread":"w\u00e9\n","n":[1,2.5]}
            {"seq":2,"ts":3,"ph":"E","span":1,"kind":"enc\"ode","path":["A","B"],"class":"C","thread":"w\u00e9\n","result":"ok"}

            """#)
        defer { unlink(path) }
        let fast = try #require(try Self.fastExport(path))
        #expect(fast.bytes == (try Self.fullExport(path)).bytes)
    }

    @Test("odd text in any member: whenever the fast path exports a file, it writes the full reader's bytes")
    func oddTextExportsAlike() throws {
        let members = [
            #""session":1,"session":"A""#, #""session":"A","session":"B""#, #""session":null"#, #""session":"a b""#,
            #""x":1.0"#, #""x":1.50"#, #""x":-0"#, #""x":-0.0"#, #""x":1e3"#, #""x":0.1"#, #""x":0.05"#,
            #""x":123456789012345.6"#, #""x":12345678901234.5"#, #""x":100000000000000000"#, #""x":-12"#,
            #""x" : 1"#, #""x":[1, 2]"#, #""x":"a b""#, #""x":"a\u0062""#, #""x":"é""#, #""é":1"#,
            #""x":{"a":[true,false,null],"a":{}}"#, #""x":"\/""#, #""x":[]"#, #""x":"""#,
        ]
        // Core fields the fast path takes (whitespace or escapes in a copied path or class send
        // every line to the full reader: see refusesUnusualText).
        let cores = [
            #""seq":0,"ts":1,"ph":"i","kind":"exclude","path":["A","B"],"class":"C""#,
            #""seq":0,"ts":1,"ph":"i","kind":"enc\u006fde","path":[""],"thread":"t\t""#,
        ]
        let header = TraceHeader(clock: "ns")
        var fastCount = 0
        var lines = 0
        for core in cores {
            for member in members {
                for line in ["{" + core + "," + member + "}", "{" + member + "," + core + "}",
                             "{" + member + "," + core + #","y":2}"#] {
                    lines += 1
                    let path = try LeanTraceReaderTests.write(header, [], name: "chrome-odd-\(lines).jsonl", tail: line + "\n")
                    defer { unlink(path) }
                    guard let fast = try Self.fastExport(path) else { continue }
                    fastCount += 1
                    #expect(fast.bytes == (try Self.fullExport(path)).bytes, "\(line)")
                }
            }
        }
        // The lines whose member is already written as the exporter writes it (about half) stay
        // on the fast path: the comparison above is not vacuous.
        #expect(fastCount > lines / 3, "\(fastCount) of \(lines) on the fast path")
    }

    @Test("a file with one unusual line is handed back whole, and the full reader exports it")
    func handsBackUnusualFiles() throws {
        let trace = SyntheticTrace.make(objects: 10, seed: 3)
        let path = try LeanTraceReaderTests.write(
            trace.header, trace.records, name: "chrome-odd.jsonl",
            tail: #"{"seq":999999,"ts":999999999,"ph":"i","kind":"exclude","x":2.50}"# + "\n")
        defer { unlink(path) }
        #expect(try Self.fastExport(path) == nil)
        #expect(try Self.fullExport(path).text.contains(#""x":2.5}"#))
    }
}
