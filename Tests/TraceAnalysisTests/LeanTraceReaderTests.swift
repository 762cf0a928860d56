// Tests of the fast path: the record-line scanner's records keep exactly the fields summary and
// diff use, as the full reader gives them, and unusual lines are declined; LeanTraceReader gives
// the same results as the full reader, and hands back to it (nil) whenever a line needs a
// proper diagnosis.

import Foundation
import Testing
@testable import TraceAnalysis
import TraceFormat

@Suite struct LeanTraceReaderTests {
    static func scan(_ line: String) -> TraceRecord? { scan(Array(line.utf8)) }

    static func scan(_ bytes: [UInt8], wantsEndPath: (Int64) -> Bool = { _ in true }) -> TraceRecord? {
        bytes.withUnsafeBufferPointer { LeanTraceReader.record($0, interner: StringInterner(), wantsEndPath: wantsEndPath) }
    }

    /// The record the full reader reads from `line` after a header, keeping the fast path's
    /// attributes (or those named, or all with nil).
    static func fullRecord(_ line: String, keeping kept: Set<String>? = Set(LeanTraceReader.keptAttributes.names)) -> TraceRecord? {
        let bytes = Array((#"{"type":"header","format":"restoretrace/1","clock":"ns"}"# + "\n" + line + "\n").utf8)
        let reader = TraceReader(bytes: bytes, options: TraceReaderOptions(keptAttributes: kept))
        guard case .header? = reader.next(), case .record(let record)? = reader.next(), reader.errorCount == 0 else { return nil }
        return record
    }

    /// Writes `header` and `records` as a JSONL file with the trace format's own encoder.
    static func write(_ header: TraceHeader, _ records: [TraceRecord], name: String, tail: String = "") throws -> String {
        var bytes: [UInt8] = []
        header.serialize(into: &bytes)
        for record in records { record.serialize(into: &bytes) }
        bytes.append(contentsOf: tail.utf8)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lean-\(getpid())-\(name)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func fullSummary(_ path: String, grouping: SummaryGrouping = .kind) throws -> [UInt8] {
        let input = try TraceInput(path: path)
        var statistics = TraceStatistics(header: input.header, options: .init(top: 5, grouping: grouping))
        while let record = try input.next() { statistics.add(record) }
        return SummaryJSONFormat.render(statistics.summary())
    }

    static func leanSummary(_ path: String, grouping: SummaryGrouping = .kind) -> [UInt8]? {
        LeanTraceReader.read(
            path: path, makeConsumer: { TraceStatistics(header: $0, options: .init(top: 5, grouping: grouping)) },
            add: { $0.add($1) }
        ).map { SummaryJSONFormat.render($0.summary()) }
    }

    @Test("a record line keeps its core fields and only via, result, reason and message")
    func keepsWhatSummaryUses() throws {
        let record = try #require(Self.scan(
            #"{"seq":7,"ts":420,"ph":"E","span":3,"kind":"locate","path":["Tabs","Nav"],"via":"existing","result":true,"keys":["a"],"x":{"y":[1,2.5e3,null]}}"#))
        #expect(record.seq == 7 && record.ts == 420 && record.phase == .end && record.span == 3)
        #expect(record.kind == .locate && record.path == ["Tabs", "Nav"])
        #expect(record.attributes == [TraceAttribute("via", "existing"), TraceAttribute("result", true)])
    }

    @Test("unusual lines are left to the full reader", arguments: [
        #"{"seq":1,"ts":2.5,"ph":"B","span":1,"kind":"encode"}"#,  // a fraction
        #"{"seq":1,"ts":2,"ph":"B","kind":"encode"}"#,  // a span without its id
        #"{"seq":1,"ts":2,"ph":"X","span":1,"kind":"encode"}"#,  // an unknown phase
        #"{"seq":1,"ts":2,"ph":"i","kind":"exclude"} trailing"#,  // text after the object
        #"{"seq":99999999999999999999,"ts":2,"ph":"i","kind":"exclude"}"#,  // overflow
        #"{"seq":1,"ts":2,"ph":"i","kind":"exclude","path":["a",3]}"#,  // a non-string path item
        #"{"seq":1,"ts":2,"ph":"i","kind":"exclude","ts":5}"#,  // a repeated core field (validate refuses it)
        #"{"seq":1,"ts":2,"ph":"i","kind":"exclude","vi\u0061":"a"}"#,  // an escaped key
        #"{"seq":1,"ts":2,"ph":"i","kind":"exclude","reåson":"a"}"#,  // a non-ASCII key (compared by canonical equivalence)
        #"{"seq":1,"ts":2,"ph":"i","kind":"exclude","type":"header"}"#,  // a header marker
        #"{"seq":1,"ts":2,"ph":"i","kind":7}"#,  // a kind that is not a string
        "",
    ])
    func refusesUnusualLines(line: String) {
        #expect(Self.scan(line) == nil)
    }

    @Test("a line the scanner takes gives the record the full reader gives", arguments: [
        #"{"seq":1,"ts":2,"ph":"B","span":1,"kind":"enc\"ode","path":["A\u00e9","B"],"class":"C\tD"}"#,  // escapes
        #"{"seq":1,"ts":2,"ph":"i","kind":""}"#,  // an empty kind
        #"{"seq":1,"ts":2,"ph":"i","kind":"appExtension","thread":"w\n"}"#,  // an unknown kind
        #"{"seq":1,"ts":2,"ph":"i","kind":"exclude","via":"a","via":"b"}"#,  // a repeated kept attribute
        #"{"seq":1,"ts":2,"ph":"i","kind":"exclude","via":5,"result":false,"reason":null,"message":{"m":[1]}}"#,
        #" { "seq" : 1, "ts" : 2, "ph" : "i" , "kind" : "exclude" , "result" : "a\/b" } "#,  // whitespace
        #"{"seq":1,"ts":2,"ph":"i","kind":"exclude","keys":["a"],"children":[["x"]],"x":{"y":[1,2.5e3,null]}}"#,
    ])
    func sameRecordAsFullReader(line: String) throws {
        let expected = try #require(Self.fullRecord(line))
        #expect(Self.scan(line) == expected)
    }

    @Test("invalid UTF-8 in a member name or a skipped value is left to the full reader, which refuses it as validate does")
    func invalidUTF8() {
        let start = Array(#"{"seq":1,"ts":2,"ph":"i","kind":"exclude","#.utf8)
        let lines: [[UInt8]] = [
            start + [0x22, 0xFF, 0x22] + Array(":1}".utf8),  // a name that is not UTF-8
            start + Array(#""x":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8),  // a skipped value that is not UTF-8
        ]
        for line in lines {
            #expect(Self.scan(line) == nil)
        }
        // Valid non-ASCII text in a skipped value stays on the fast path.
        #expect(Self.scan(#"{"seq":1,"ts":2,"ph":"i","kind":"exclude","x":"café 設定"}"#) != nil)
    }

    @Test("non-ASCII identifiers are kept when they are valid UTF-8")
    func nonASCII() {
        #expect(Self.scan(#"{"seq":0,"ts":0,"ph":"i","kind":"exclude","path":["Réglages","設定"]}"#)?.path == ["Réglages", "設定"])
    }

    @Test("the fast reader's summary equals the full reader's, byte for byte", arguments: SummaryGrouping.allCases)
    func sameSummaryAsFullReader(grouping: SummaryGrouping) throws {
        let trace = SyntheticTrace.make(objects: 700, seed: 31, crashAtEnd: true)
        let path = try Self.write(trace.header, trace.records, name: "same-\(grouping).jsonl")
        let lean = try #require(Self.leanSummary(path, grouping: grouping))
        #expect(lean == (try Self.fullSummary(path, grouping: grouping)))
    }

    @Test("a malformed line, a blank line or a cut-off last line sends the caller to the full reader",
          arguments: ["{\"seq\":oops}\n", "\n", "{\"seq\":900,\"ts\":"])
    func handsBack(tail: String) throws {
        let trace = SyntheticTrace.make(objects: 30, seed: 32)
        let path = try Self.write(trace.header, trace.records, name: "hand-back-\(tail.count).jsonl", tail: tail)
        #expect(Self.leanSummary(path) == nil)
    }

    @Test("an E record's path and class are skipped unless its B record had no path")
    func endPathOnlyWhenNeeded() throws {
        let line = #"{"seq":1,"ts":2,"ph":"E","span":4,"kind":"decode","path":["A"],"class":"C"}"#
        let skipped = try #require(Self.scan(Array(line.utf8), wantsEndPath: { _ in false }))
        let kept = try #require(Self.scan(Array(line.utf8), wantsEndPath: { $0 == 4 }))
        #expect(skipped.path == nil && skipped.className == nil)
        #expect(kept.path == ["A"] && kept.className == nil)
        let records = [
            TraceRecord(seq: 0, ts: 0, phase: .begin, span: 1, kind: .decode),
            TraceRecord(seq: 1, ts: 5, phase: .end, span: 1, kind: .decode, path: ["Late"]),
        ]
        let path = try Self.write(TraceHeader(clock: "ns"), records, name: "late-path.jsonl")
        #expect(Self.leanSummary(path) == (try Self.fullSummary(path)))
    }

    @Test("standard input and missing files are left to the full reader")
    func notFiles() {
        #expect(Self.leanSummary("-") == nil)
        #expect(Self.leanSummary("/nonexistent/trace.jsonl") == nil)
    }
}
