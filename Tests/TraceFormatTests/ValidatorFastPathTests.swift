// The validator's fast path (record lines scanned, not built) against the record-by-record
// path: the same report, diagnostics and unfinished spans included, for valid, hostile and
// mutated traces.

import Testing
import TraceGeneration
@testable import TraceFormat

@Suite("Validator fast path")
struct ValidatorFastPathTests {
    /// The report of the record-by-record path: every line parsed into a `TraceRecord`.
    static func recordByRecordReport(_ bytes: [UInt8], options: TraceReaderOptions) -> TraceValidationReport {
        var options = options
        options.keepAttributes = false
        options.checksAcrossRecords = false  // the validator below applies them
        let reader = TraceReader(bytes: bytes, name: "trace", options: options)
        var validator = TraceValidator(path: reader.path, maxStoredDiagnostics: options.maxStoredDiagnostics)
        var header: TraceHeader?
        while let line = reader.next() {
            switch line {
            case .header(let value): header = value
            case .record(let record): validator.check(record, line: reader.lineNumber)
            }
        }
        var report = validator.finish(reader: reader)
        report.header = header
        return report
    }

    static func expectSameReport(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let bytes = Array(text.utf8)
        let fast = TraceValidator.validate(bytes: bytes, name: "trace")
        let slow = recordByRecordReport(bytes, options: .default)
        #expect(fast == slow, sourceLocation: sourceLocation)
    }

    static let header = #"{"type":"header","format":"restoretrace/1","clock":"ns"}"# + "\n"

    @Test("seq, ts and span beyond 2^53 - 1: the fast path reports what the record-by-record path reports")
    func integersOutOfRange() {
        for field in ["seq", "ts", "span"] {
            let values = ["seq": "0", "ts": "1", "span": "3"].merging([field: "12345678901234567"]) { $1 }
            let line = #"{"seq":\#(values["seq"]!),"ts":\#(values["ts"]!),"ph":"B","span":\#(values["span"]!),"kind":"decode"}"#
            Self.expectSameReport(Self.header + line + "\n")
        }
    }

    @Test("unfinished spans keep their path, class and thread, escapes included")
    func unfinishedSpansKeepTheirText() {
        let text = Self.header + """
            {"seq":0,"ts":1,"ph":"B","span":1,"kind":"restoration","thread":"worker-thread-number-one"}
            {"seq":1,"ts":2,"ph":"B","span":2,"kind":"decode","path":["Tabs","Caf\\u00e9 \\"list\\""],"class":"Caf\\u00e9VC"}
            {"seq":2,"ts":3,"ph":"B","span":3,"kind":"decode","path":[ "Tabs" , "Été" ],"class":"ListVC"}
            {"seq":3,"ts":4,"ph":"B","span":4,"kind":"decode","path":[]}
            {"seq":4,"ts":5,"ph":"E","span":4,"kind":"decode"}
            {"seq":5,"ts":6,"ph":"B","span":5,"kind":"x-custom","type":"x","path":["A"]}

            """
        Self.expectSameReport(text)
    }

    @Test("pairing errors read the same: reused ids, wrong kind or thread, bad nesting, E without B")
    func pairingErrors() {
        let text = Self.header + """
            {"seq":0,"ts":1,"ph":"B","span":1,"kind":"decode","path":["A"],"class":"AVC"}
            {"seq":1,"ts":2,"ph":"B","span":1,"kind":"decode","path":["A","B"],"class":"BVC"}
            {"seq":2,"ts":3,"ph":"B","span":2,"kind":"encode","path":["C"]}
            {"seq":3,"ts":4,"ph":"E","span":1,"kind":"encode","thread":"t"}
            {"seq":4,"ts":5,"ph":"E","span":9,"kind":"decode"}
            {"seq":5,"ts":6,"ph":"E","span":1,"kind":"decode"}
            {"seq":7,"ts":2,"ph":"i","kind":"launch","thread":"t"}
            {"seq":7,"ts":-1,"ph":"B","span":3,"kind":"launch"}
            {"seq":8,"ts":9,"ph":"i","kind":"decode"}
            {"seq": 9,"ts":10,"ph":"i","kind":"launch"}
            {"seq":10,"ts":11,"ph":"i","kind":"unknown-kind"}
            {"seq":11,"ts":12,"ph":"i","kind":"lau\\u006ech"}
            {"seq":12,"ts":13,"ph":"B","kind":"decode"}
            {"seq":13,"ts":14,"ph":"i","kind":"launch","kind":"launch"}
            {"seq":14,"ts":15,"ph":"i","kind":"launch","x":[1,{"a":null}],"y":"\\u00e9"}
            {"seq":15,"ts":01,"ph":"i","kind":"launch"}
            not json

            """
        Self.expectSameReport(text)
    }

    @Test("many spans ending out of order on several threads: text storage compacts and stays right")
    func outOfOrderEndsCompact() {
        var text = Self.header
        var seq = 0
        let longComponent = String(repeating: "Component", count: 8)
        for span in 1...3_000 {
            text += #"{"seq":\#(seq),"ts":\#(seq),"ph":"B","span":\#(span),"kind":"decode","thread":"t\#(span % 3)","path":["\#(longComponent)","\#(span)"],"class":"C\#(span)"}"# + "\n"
            seq += 1
        }
        for span in 1...2_990 {  // first in, first out: every E but the last on a thread is out of order
            text += #"{"seq":\#(seq),"ts":\#(seq),"ph":"E","span":\#(span),"kind":"decode","thread":"t\#(span % 3)"}"# + "\n"
            seq += 1
        }
        let bytes = Array(text.utf8)
        let options = TraceReaderOptions(maxStoredDiagnostics: 10_000)
        let fast = TraceValidator.validate(bytes: bytes, name: "trace", options: options)
        #expect(fast == Self.recordByRecordReport(bytes, options: options))
        #expect(fast.unfinishedSpans.map(\.span) == Array(2_991...3_000))
        #expect(fast.unfinishedSpans.first?.path == [longComponent, "2991"])
        #expect(fast.unfinishedSpans.first?.className == "C2991")
    }

    @Test("keys and kinds matched a word at a time: near misses, line ends, whitespace, threads")
    func keysAndKindsNearMisses() {
        let text = Self.header + """
            {"ph":"B","kind":"finishedRestoring","span":1,"seq":0,"ts":1}
            {"seq":1,"ph":"E","span":1,"kind":"finishedRestoring","ts":2}
            {"seq":2,"ph":"i","kind":"finishedXestoring","ts":3}
            {"seq":3,"ph":"i","kind":"finishedRestorin","ts":4}
            {"seq":4,"ph":"i","kind":"finishedRestoringX","ts":5}
            {"seq":5,"ph":"i","kind":"decodE","ts":6}
            {"seq":6,"ph":"i","kind":"decod","ts":7}
            {"seq":7,"ph":"i","kind":"","ts":8}
            {"seq":8,"ph":"i","kind":"shouldRestore","tsx":1,"ts":9}
            {"seq":9,"ph":"i","kind":"launch","t":1,"ts":10}
            {"seq":10,"ph":"i","kind":"launch","seqs":1,"sp":2,"spans":3,"kinds":4,"paths":[],"classes":"","threads":"","types":1,"ts":11}
            {"seq":11,"ts":12,"ph":"i","kind":"launch","ts":13}
            { "seq" : 12 , "ts" : 13 , "ph" : "B" , "span" : 2 , "kind" : "decode" , "path" : [ "A" , "B" ] , "class" : "C" , "thread" : "t1" }
            {"seq":13,"ts":14,"ph":"B","span":3,"kind":"decode","thread":"t2","path":["A"]}
            {"seq":14,"ts":12,"ph":"E","span":2,"kind":"decode","thread":"t2"}
            {"seq":15,"ts":15,"ph":"i","kind":"launch","thread":"t\\u0031"}
            {"seq":16,"ts":16,"ph":"i","kind":"launch","thread":""}
            {"seq":17,"ts":16,"ph":"i","kind":"launch","thread":"","ts"
            {"seq":18,"ts":17,"ph":"i","kind":"launch","ts":1
            {"seq":19,"ts":18,"ph":"i","kind":"launch","ph"
            {"seq":20,"ts":19,"ph":"i","kind":"dec
            """
        Self.expectSameReport(text)
    }

    @Test("lists of paths (children) skipped a path at a time: empty, spaced, nested deeper, broken")
    func listsOfPaths() {
        let text = Self.header + """
            {"seq":0,"ts":1,"ph":"i","kind":"launch","children":[["A"],["A","B"],[]]}
            {"seq":1,"ts":2,"ph":"i","kind":"launch","children":[]}
            {"seq":2,"ts":3,"ph":"i","kind":"launch","children":[[]]}
            {"seq":3,"ts":4,"ph":"i","kind":"launch","children": [ [ "A" , "B" ] , [ "C" ] ] }
            {"seq":4,"ts":5,"ph":"i","kind":"launch","children":[["A"],"B"]}
            {"seq":5,"ts":6,"ph":"i","kind":"launch","children":[["A"],5,{"x":[1]}]}
            {"seq":6,"ts":7,"ph":"i","kind":"launch","children":[[["A"]]]}
            {"seq":7,"ts":8,"ph":"i","kind":"launch","children":[["A\\u0042"],["\\"q\\""]]}
            {"seq":8,"ts":9,"ph":"i","kind":"launch","children":[["A"],]}
            {"seq":9,"ts":10,"ph":"i","kind":"launch","children":[["A"]["B"]]}
            {"seq":10,"ts":11,"ph":"i","kind":"launch","children":[["A"]
            {"seq":11,"ts":12,"ph":"i","kind":"launch","children":[["A],["B"]]}
            {"seq":12,"ts":13,"ph":"i","kind":"launch","children":[["A"],["B\u{01}"]]}
            {"seq":13,"ts":14,"ph":"i","kind":"launch","children":[["A"],["B\\q"]]}
            """
        Self.expectSameReport(text)
    }

    @Test("span slot table: random inserts and removals agree with a Dictionary")
    func spanSlotTable() {
        var table = SpanSlotTable()
        var reference: [Int64: Int] = [:]
        var random = SplitMix64(seed: 0x5107)
        for step in 0..<200_000 {
            // Small id ranges collide a lot; a few huge and negative ids test the hashing.
            let id: Int64 = switch random.next() % 10 {
            case 0: Int64(bitPattern: random.next())
            case 1: -Int64(random.next() % 100)
            default: Int64(random.next() % 3_000)
            }
            if random.next() % 2 == 0, reference[id] == nil {
                table.insert(id, slot: step)
                reference[id] = step
            } else {
                #expect(table.remove(id) == reference.removeValue(forKey: id))
            }
            if step % 1_000 == 0 {
                for (id, slot) in reference { #expect(table.slot(of: id) == slot) }
            }
        }
        for (id, slot) in reference { #expect(table.remove(id) == slot) }
        #expect(table.slot(of: 1) == nil)
    }

    @Test("mutated traces give the same report on both paths")
    func mutatedTraces() throws {
        let seeds = try ReaderFuzzTests.seeds()
        var random = SplitMix64(seed: 0xFA57_9A7B)
        for iteration in 0..<600 {
            var input = seeds[iteration % seeds.count]
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let mutation = ReaderFuzzTests.Mutation.allCases[
                    Int(random.next() % UInt64(ReaderFuzzTests.Mutation.allCases.count))]
                input = ReaderFuzzTests.mutate(input, with: mutation, others: seeds, random: &random)
            }
            let options = TraceReaderOptions(skipMalformedLines: iteration % 2 == 0,
                                             chunkBytes: iteration % 3 == 0 ? 64 : 1 << 16)
            let fast = TraceValidator.validate(bytes: input, name: "trace", options: options)
            #expect(fast == Self.recordByRecordReport(input, options: options), "iteration \(iteration)")
        }
    }
}
