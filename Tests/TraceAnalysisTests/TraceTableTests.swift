// TraceTable: the table scanned from a trace's bytes is the table built from the reader's
// records, for hand-written, generated and mutated traces; the scan gives up on every line the
// reader would say something about; spans pair as the reader's pairing has it; objects come
// parents first; and the tree limits stop a hostile trace with the line that broke them.

import Foundation
import Testing
import TraceGeneration
@testable import TraceAnalysis
@testable import TraceFormat

@Suite("Trace table")
struct TraceTableTests {
    static let header = #"{"type":"header","format":"restoretrace/1","clock":"tick"}"# + "\n"
    static let kept = ["reason", "result", "via", "foundClass", "bytes", "message", "step", "parent", "unmatchedModelIds"]

    /// The table the reader's records give, when the reader reads `bytes` without a diagnostic.
    static func tableFromRecords(_ bytes: [UInt8], limits: TraceTableLimits = .none) throws -> TraceTable? {
        var options = TraceReaderOptions.default
        options.keptAttributes = Set(kept)
        options.checksAcrossRecords = false  // the tables of odd pairings too
        let document = try TraceDocument.load(bytes: bytes, options: options)
        guard document.diagnostics.isEmpty, let header = document.header else { return nil }
        return try TraceTable(header: header, records: document.records, keptAttributes: kept,
                              lines: document.recordLines, limits: limits)
    }

    /// A generated trace's bytes.
    static func generated(objects: Int, seed: UInt64) throws -> [UInt8] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("table-\(getpid())-\(objects)-\(seed).jsonl").path
        defer { unlink(path) }
        _ = try SyntheticTraceGenerator(configuration: .init(objects: objects, seed: seed, clock: .tick)).write(to: path)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func scan(_ bytes: [UInt8], limits: TraceTableLimits = .none) throws -> TraceTable? {
        try bytes.withUnsafeBytes { try TraceTable.scan($0, keptAttributes: kept, limits: limits, checksAcrossRecords: false) }
    }

    /// Scans `text`, expects the scan to take it, and the table to equal the records' one.
    static func expectSameTable(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let bytes = Array(text.utf8)
        let scanned = try scan(bytes)
        let built = try tableFromRecords(bytes)
        #expect(scanned != nil, "the scan gave up", sourceLocation: sourceLocation)
        #expect(built != nil, "the reader had something to say", sourceLocation: sourceLocation)
        if let scanned, let built {
            let differences = scanned.differences(from: built)
            #expect(differences.isEmpty, "\(differences)", sourceLocation: sourceLocation)
        }
    }

    @Test("escapes, Unicode, spaces, repeated and odd attributes read the same scanned as from records")
    func trickyTextsMatch() throws {
        try Self.expectSameTable(Self.header + #"""
            {"seq":0,"ts":1,"ph":"B","span":1,"kind":"preservation"}
            {"seq":1,"ts":2,"ph":"B","span":2,"kind":"encode","path":["Tabs"],"class":"UITabBarController"}
            {"seq":2,"ts":3,"ph":"B","span":3,"kind":"encode","path":["Tabs","Caf\u00e9 \"list\""],"class":"Caf\u00e9VC"}
            {"seq":3,"ts":4,"ph":"E","span":3,"kind":"encode","path":[ "Tabs" , "Café \"list\"" ],"bytes":12,"keys":["a"]}
            {"seq":4,"ts":5,"ph":"B","span":4,"kind":"encode","path":["Tabs","Été","a\\b"],"class":"ÉtéVC"}
            {"seq":5,"ts":6,"ph":"E","span":4,"kind":"encode","path":["Tabs","Été","a\\b"],"bytes":1.5}
            {"seq":6,"ts":7,"ph":"E","span":2,"kind":"encode","path":["Tabs"],"bytes":99999999999999999999}
            {"seq":7,"ts":8,"ph":"i","kind":"exclude","class":"NoIdentifierVC","reason":"noRestorationIdentifier","parent":["Tabs"],"reason":"second"}
            {"seq":8,"ts":9,"ph":"i","kind":"exclude","path":["Tabs","Été"],"reason":null}
            {"seq":9,"ts":10,"ph":"i","kind":"error","path":["Tabs"],"message":"\u0000 nul \t tab","x-custom":{"a":[1,2,{"b":null}]}}
            {"seq":10,"ts":11,"ph":"E","span":1,"kind":"preservation"}
            {"seq":11,"ts":12,"ph":"B","span":5,"kind":"restoration","thread":"worker"}
            {"seq":12,"ts":13,"ph":"i","kind":"launch","step":"willFinishLaunching"}
            {"seq":13,"ts":14,"ph":"B","span":6,"kind":"locate","path":["Tabs"],"class":"UITabBarController"}
            {"seq":14,"ts":15,"ph":"E","span":6,"kind":"locate","path":["Tabs"],"via":"storyboard","result":"found"}
            {"seq":15,"ts":16,"ph":"B","span":7,"kind":"decode","path":["Tabs"]}
            {"seq":16,"ts":17,"ph":"E","span":7,"kind":"decode","path":["Tabs"],"result":true,"unmatchedModelIds":["m1","m2"]}
            {"seq":17,"ts":18,"ph":"B","span":8,"kind":"decode","path":["Tabs","Caf\u00e9 \"list\""]}
            {"seq":18,"ts":19,"ph":"E","span":8,"kind":"decode","result":false,"unmatchedModelIds":[1]}
            {"seq":19,"ts":20,"ph":"i","kind":"didDecode","result":"","via":[],"foundClass":{}}
            {"seq":20,"ts":21,"ph":"E","span":5,"kind":"restoration"}

            """#)
    }

    @Test("generated traces scan to the table their records give")
    func generatedTracesMatch() throws {
        for (objects, seed) in [(1, 1), (40, 2), (400, 3)] as [(Int, UInt64)] {
            let bytes = try Self.generated(objects: objects, seed: seed)
            let scanned = try Self.scan(bytes)
            let built = try Self.tableFromRecords(bytes)
            #expect(scanned != nil && built != nil)
            if let scanned, let built {
                let differences = scanned.differences(from: built)
                #expect(differences.isEmpty, "\(objects) objects: \(differences)")
                #expect(scanned.count == built.count)
            }
        }
    }

    @Test("the scan gives up on every line the reader would report, and takes a complete last line without newline")
    func scanDeclines() throws {
        let record = #"{"seq":0,"ts":1,"ph":"i","kind":"launch"}"#
        let declined = [
            Self.header + record + "\n\n",  // blank line
            Self.header + #"{"seq":0,"ts":1,"ph":"i","kind":"x-custom"}"# + "\n",  // unknown kind
            Self.header + #"{"seq":0,"ts":1,"ph":"i","kind":"launch","re\u0061son":"x"}"# + "\n",  // escaped key
            Self.header + #"{"seq":0,"ts":1,"ph":"i","kind":"launch","type":"record"}"# + "\n",  // type field
            Self.header + #"{"seq":0,"seq":1,"ts":1,"ph":"i","kind":"launch"}"# + "\n",  // duplicate core field
            Self.header + #"{"seq":0,"ts":1,"ph":"i","kind":"launch""# + "\n",  // malformed
            Self.header + #"{"seq":0,"ts":1,"ph":"B","kind":"decode"}"# + "\n",  // a span without id
            Self.header + #"{"seq":0,"ts":1.5,"ph":"i","kind":"launch"}"# + "\n",  // not an integer
            Self.header + #"{"seq":0,"ts":1,"ph":"i","kind":"launch","path":"Tabs"}"# + "\n",  // path not an array
            Self.header + #"{"seq":0,"ts":1,"ph":"i","kind":"launch"#,  // cut off
            #"{"type":"header","format":"restoretrace/1","clock":"minutes"}"# + "\n" + record + "\n",  // header warning
            #"{"type":"header","format":"restoretrace/2"}"# + "\n" + record + "\n",  // unsupported format
            record + "\n",  // no header
            "",
        ]
        for text in declined {
            #expect(try Self.scan(Array(text.utf8)) == nil, "taken: \(text.debugDescription)")
        }
        // Lists of paths (`children`) the scanner skips a path at a time: broken ones go to the reader.
        let launch = #"{"seq":0,"ts":1,"ph":"i","kind":"launch","children":"#
        for children in [#"[["A"],]"#, #"[["A"]["B"]]"#, #"[["A"]"#, #"[["A],["B"]]"#, #"[["A"],["B\q"]]"#] {
            let text = Self.header + launch + children + "}\n"
            #expect(try Self.scan(Array(text.utf8)) == nil, "taken: \(text.debugDescription)")
        }
        for children in [#"[["A"],["A","B"],[]]"#, "[]", "[[]]", #" [ [ "A" , "B" ] , [ "C" ] ] "#, #"[["A"],5,{"x":[1]}]"#,
                         #"[[["A"]]]"#, #"[["A\u0042"],["\"q\""]]"#] {
            try Self.expectSameTable(Self.header + launch + children + "}\n")
        }
        var invalidUTF8 = Array((Self.header + #"{"seq":0,"ts":1,"ph":"i","kind":"error","message":"x"#).utf8)
        invalidUTF8 += [0xC3, 0x28] + Array(#""}"#.utf8) + [0x0A]
        #expect(try Self.scan(invalidUTF8) == nil)
        // A complete last line without newline is a record, as the reader has it; so is CRLF.
        try Self.expectSameTable(Self.header + record)
        try Self.expectSameTable(Self.header.replacingOccurrences(of: "\n", with: "\r\n") + record + "\r\n")
    }

    @Test("seq, ts and span beyond 2^53 - 1 are left to the reader, which refuses them")
    func integersOutOfRange() throws {
        for field in ["seq", "ts", "span"] {
            let values = ["seq": "0", "ts": "1", "span": "3"].merging([field: "12345678901234567"]) { $1 }
            let line = #"{"seq":\#(values["seq"]!),"ts":\#(values["ts"]!),"ph":"B","span":\#(values["span"]!),"kind":"decode"}"#
            let text = Self.header + line + "\n"
            #expect(try Self.scan(Array(text.utf8)) == nil, "\(field)")
        }
        try Self.expectSameTable(Self.header + #"{"seq":9007199254740991,"ts":9007199254740991,"ph":"i","kind":"launch"}"# + "\n")
    }

    @Test("repeated odd attribute values, two spellings of one accented text, and long kept names read the same both ways")
    func valuesKeptOncePerOccurrence() throws {
        let text = Self.header + #"""
            {"seq":0,"ts":1,"ph":"i","kind":"decode","path":["A"],"unmatchedModelIds":[1,2],"reason":"été"}
            {"seq":1,"ts":2,"ph":"i","kind":"decode","path":["A"],"unmatchedModelIds":[1,2],"reason":"été"}
            {"seq":2,"ts":3,"ph":"i","kind":"decode","path":["Café"],"unmatchedModelIds":{"a":1},"reason":"été"}
            {"seq":3,"ts":4,"ph":"i","kind":"decode","path":["Café"],"unmatchedModelIds":{"a":1}}

            """#
        try Self.expectSameTable(text)
        let table = try #require(try Self.scan(Array(text.utf8)))
        #expect(table.strings.count == 2, "composed and decomposed spellings stay two strings")
        #expect(table.objectPath.count == 3, "and two objects besides [\"A\"]")
        // A kept name longer than 24 bytes is compared whole.
        let long = "anAttributeNameLongerThanTwentyFour"
        let line = Self.header + #"{"seq":0,"ts":1,"ph":"i","kind":"launch","\#(long)":"x","reason":"r"}"# + "\n"
        let scanned = try #require(try Array(line.utf8).withUnsafeBytes {
            try TraceTable.scan($0, keptAttributes: ["reason", long], limits: .none)
        })
        #expect(scanned.string(0, 1) == "x")
        #expect(scanned.string(0, 0) == "r")
    }

    @Test("spans pair as the reader's pairing has it: nested, reused ids, an end without begin, a begin without end")
    func spanPairing() throws {
        let text = Self.header + """
            {"seq":0,"ts":1,"ph":"B","span":1,"kind":"encode","path":["A"]}
            {"seq":1,"ts":2,"ph":"B","span":2,"kind":"encode","path":["A","B"]}
            {"seq":2,"ts":3,"ph":"E","span":2,"kind":"encode","path":["A","B"]}
            {"seq":3,"ts":4,"ph":"E","span":1,"kind":"encode","path":["A"]}
            {"seq":4,"ts":5,"ph":"E","span":7,"kind":"decode"}
            {"seq":5,"ts":6,"ph":"B","span":3,"kind":"decode","path":["A"]}
            {"seq":6,"ts":7,"ph":"B","span":3,"kind":"decode","path":["A","B"]}
            {"seq":7,"ts":8,"ph":"E","span":3,"kind":"decode"}
            {"seq":8,"ts":9,"ph":"B","span":4,"kind":"decode","path":["C"]}

            """
        let table = try #require(try Self.scan(Array(text.utf8)))
        #expect(table.rows.map(\.partner) == [3, 2, 1, 0, -1, -1, 7, 6, -1])
        #expect(table.lastTimestamp == 9)
        try Self.expectSameTable(text)
    }

    @Test("objects are every named path and its prefixes, parents first, numbered in the order first named")
    func objectsParentsFirst() throws {
        let text = Self.header + """
            {"seq":0,"ts":1,"ph":"i","kind":"exclude","path":["Tabs","Nav","List"],"reason":"x"}
            {"seq":1,"ts":2,"ph":"i","kind":"exclude","path":["Tabs","Other"],"reason":"x"}
            {"seq":2,"ts":3,"ph":"i","kind":"exclude","path":[],"class":"Pathless","reason":"x"}
            {"seq":3,"ts":4,"ph":"i","kind":"exclude","path":["Tabs","Nav"],"reason":"x"}

            """
        let table = try #require(try Self.scan(Array(text.utf8)))
        let paths = table.objectPath.map { table.paths[Int($0)] }
        #expect(paths == [["Tabs"], ["Tabs", "Nav"], ["Tabs", "Nav", "List"], ["Tabs", "Other"]])
        #expect(table.objectParent == [-1, 0, 1, 0])
        #expect(table.objectFirstSeq == [0, 0, 0, 1])
        #expect(table.object(ofRow: 2) == nil, "an empty path names no object")
        #expect(table.object(ofPath: ["Tabs", "Nav"]) == 1)
        #expect(table.object(ofPath: ["Nowhere"]) == nil)
        try Self.expectSameTable(text)
    }

    @Test("the tree limits stop a trace at the line that breaks them, scanned or from records")
    func limits() throws {
        let deep = (0..<12).map { "\"c\($0)\"" }.joined(separator: ",")
        let tooDeep = Self.header + #"{"seq":0,"ts":1,"ph":"i","kind":"launch"}"# + "\n"
            + #"{"seq":1,"ts":2,"ph":"i","kind":"exclude","path":[\#(deep)],"reason":"x"}"# + "\n"
        let limits = TraceTableLimits(maximumPathDepth: 10, maximumPathComponents: 40)
        #expect(throws: TraceTableLimitError.pathTooDeep(line: 3, depth: 12)) { try Self.scan(Array(tooDeep.utf8), limits: limits) }
        #expect(throws: TraceTableLimitError.pathTooDeep(line: 3, depth: 12)) {
            try Self.tableFromRecords(Array(tooDeep.utf8), limits: limits)
        }
        // 9-deep paths differing in their leaf: the first makes 9 objects (45 components), each
        // next one 9 more: 54, 63, 72, then 81 on line 6, past 80.
        var wide = Self.header
        for index in 0..<9 {
            let path = (0..<8).map { "\"p\($0)\"" }.joined(separator: ",") + ",\"leaf\(index)\""
            wide += #"{"seq":\#(index),"ts":1,"ph":"i","kind":"exclude","path":[\#(path)],"reason":"x"}"# + "\n"
        }
        let components = TraceTableLimits(maximumPathDepth: 10, maximumPathComponents: 80)
        #expect(throws: TraceTableLimitError.tooManyPathComponents(line: 6)) { try Self.scan(Array(wide.utf8), limits: components) }
        #expect(throws: TraceTableLimitError.tooManyPathComponents(line: 6)) {
            try Self.tableFromRecords(Array(wide.utf8), limits: components)
        }
        #expect(try Self.scan(Array(wide.utf8), limits: .none) != nil)
    }

    @Test("mutated generated traces: whatever the scan takes, the reader reads the same without a word")
    func mutatedTraces() throws {
        let original = try Self.generated(objects: 30, seed: 9)
        var random = SplitMix64(seed: 77)
        let replacements: [UInt8] = Array("\"\\[]{},:0123456789 eE.-+tfnu\u{7F}".utf8) + [0x00, 0x0A, 0xC3, 0xFF]
        var taken = 0
        for _ in 0..<400 {
            var bytes = original
            for _ in 0..<Int(random.next() % 3 + 1) {
                let index = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 3 {
                case 0: bytes[index] = replacements[Int(random.next() % UInt64(replacements.count))]
                case 1: bytes.remove(at: index)
                default: bytes.insert(replacements[Int(random.next() % UInt64(replacements.count))], at: index)
                }
            }
            guard let scanned = try? Self.scan(bytes) else { continue }
            taken += 1
            let built = try #require(try Self.tableFromRecords(bytes), "the scan took a trace the reader reports on")
            let differences = scanned.differences(from: built)
            #expect(differences.isEmpty, "\(differences)")
        }
        #expect(taken > 0, "some mutations keep the trace well formed (a changed digit, say)")
    }
}
