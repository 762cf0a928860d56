// Tests of the checks across records that every reader applies: they find what the validator
// finds, on the same line, and a trace checked in two parts then joined is refused exactly
// when it is refused in one pass, wherever it is split.

import Foundation
import Testing
import TraceFormat

@Suite struct TraceRecordChecksTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The records of a sample trace, read without the checks.
    static func records(_ name: String) throws -> [TraceRecord] {
        var options = TraceReaderOptions()
        options.checksAcrossRecords = false
        let path = packageRoot.appendingPathComponent("Traces/\(name).jsonl").path
        return try TraceDocument.load(path: path, options: options).records
    }

    /// The sample's records, and the same mutated: each record dropped, repeated, swapped with
    /// the next, moved to another thread, renamed or sent back in time, one at a time.
    static func variants(_ records: [TraceRecord]) -> [[TraceRecord]] {
        var variants = [records]
        for index in records.indices {
            var dropped = records
            dropped.remove(at: index)
            var repeated = records
            repeated.insert(records[index], at: index)
            var threaded = records
            threaded[index].thread = "worker"
            var renamed = records
            renamed[index].kind = RecordKind("other")
            var earlier = records
            earlier[index].ts = max(records[index].ts - 2, -1)
            variants += [dropped, repeated, threaded, renamed, earlier]
            if index + 1 < records.count {
                var swapped = records
                swapped.swapAt(index, index + 1)
                variants.append(swapped)
            }
        }
        return variants
    }

    /// The first error of one pass, with its record index.
    static func firstError(_ records: ArraySlice<TraceRecord>, continuing: Bool = false)
        -> (checks: TraceRecordChecks, error: (index: Int, message: String)?)
    {
        var checks = TraceRecordChecks(continuing: continuing)
        for index in records.indices {
            if let message = checks.check(records[index], line: index + 2) { return (checks, (index, message)) }
        }
        return (checks, nil)
    }

    @Test("the checks report the validator's first error, on its line, and nothing on a valid trace")
    func sameAsValidator() throws {
        for name in ["countries", "crash-during-decode", "feed-tabs"] {
            for variant in Self.variants(try Self.records(name)) {
                var bytes = Array(#"{"type":"header","format":"restoretrace/1","clock":"tick"}"#.utf8) + [0x0A]
                for record in variant { record.serialize(into: &bytes) }
                let report = TraceValidator.validate(bytes: bytes)
                let expected = report.diagnostics.first { $0.severity == .error }
                let found = Self.firstError(variant[...]).error
                #expect(found?.message == expected?.message, "\(name)")
                #expect(found.map { $0.index + 2 } == expected?.line, "\(name): \(found?.message ?? "-")")
            }
        }
    }

    @Test("checked in two parts and joined, a trace is refused exactly when one pass refuses it")
    func joinedAgreesWithOnePass() throws {
        var refusedAtJoin = 0
        for variant in Self.variants(try Self.records("countries")) {
            let whole = Self.firstError(variant[...]).error
            for split in 1 ..< variant.count {
                let earlier = Self.firstError(variant[..<split])
                let later = Self.firstError(variant[split...], continuing: true)
                let refused = earlier.error != nil || later.error != nil
                    || TraceRecordChecks.joined(earlier.checks, later.checks) == nil
                #expect(refused == (whole != nil), "split at \(split): \(whole?.message ?? "valid")")
                if whole != nil && earlier.error == nil && later.error == nil { refusedAtJoin += 1 }
            }
        }
        #expect(refusedAtJoin > 100)  // the join itself decides many of them
    }

    @Test("a reader refuses a record that breaks a rule across records, or skips it with a warning")
    func readerRefusesOrSkips() throws {
        let trace = Array("""
            {"type":"header","format":"restoretrace/1","clock":"tick"}
            {"seq":0,"ts":0,"ph":"B","span":1,"kind":"preservation"}
            {"seq":1,"ts":1,"ph":"E","span":2,"kind":"preservation"}
            {"seq":2,"ts":2,"ph":"E","span":1,"kind":"preservation"}

            """.utf8)
        let refused = TraceReader(bytes: trace, name: "t")
        while refused.next() != nil {}
        #expect(refused.diagnostics.map(\.line) == [3])
        #expect(refused.diagnostics.first?.message == #""E" for span 2 (preservation) but no "B" record began it"#)

        let skipping = TraceReader(bytes: trace, name: "t", options: TraceReaderOptions(skipMalformedLines: true))
        var kept = 0
        while let line = skipping.next() { if case .record = line { kept += 1 } }
        #expect(kept == 2 && skipping.errorCount == 0)
        #expect(skipping.diagnostics.first?.message.hasSuffix("(line skipped)") == true)

        var options = TraceReaderOptions()
        options.checksAcrossRecords = false
        let unchecked = TraceReader(bytes: trace, name: "t", options: options)
        while unchecked.next() != nil {}
        #expect(unchecked.errorCount == 0)
        // The validator reports the error once, not twice.
        #expect(TraceValidator.validate(bytes: trace).errorCount == 1)
    }
}
