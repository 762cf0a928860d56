// The bad-input corpus through the validator: each cross-record problem names the right line.

import Foundation
import Testing
@testable import TraceFormat

func validateCorpus(_ name: String) throws -> TraceValidationReport {
    let url = try #require(Bundle.module.url(forResource: "Corpus/\(name)", withExtension: nil))
    return try TraceValidator.validate(path: url.path)
}

@Suite("Bad-input corpus: validator")
struct CorpusValidatorTests {
    @Test("spans that never end are listed with line, kind, path and class, and do not make the trace invalid")
    func bWithoutE() throws {
        let report = try validateCorpus("b-without-e.jsonl")
        #expect(report.isValid)
        #expect(report.unfinishedSpans.map(\.span) == [1, 3])
        #expect(report.unfinishedSpans.last?.className == "CountryListViewController")
        #expect(report.unfinishedSpans.last?.parentSpan == 1)
        #expect(report.unfinishedSpans.map(\.beginLine) == [2, 5])
        #expect(report.unfinishedSpans.last?.path == ["Tabs", "CountryNav", "CountryList"])
        #expect(report.diagnostics.isEmpty)
    }

    @Test("an E without its B is an error on the E's line")
    func eWithoutB() throws {
        let report = try validateCorpus("e-without-b.jsonl")
        #expect(!report.isValid)
        #expect(report.diagnostics == [.error(line: 3, "\"E\" for span 7 (encode) but no \"B\" record began it")])
    }

    @Test("a reused span id is an error on the second B")
    func duplicateSpanIDs() throws {
        let report = try validateCorpus("duplicate-span-ids.jsonl")
        #expect(report.diagnostics == [.error(line: 4, "span id 1 is used again (span ids must be unique in a trace)")])
        #expect(report.spanCount == 2)
    }

    @Test("a negative ts is an error on its line, and so is the step back it makes")
    func negativeTs() throws {
        let report = try validateCorpus("negative-ts.jsonl")
        #expect(report.diagnostics.map(\.description) == [
            "line 3: negative ts -5: ts counts from the header's origin",
            "line 3: ts goes back from 100 to -5 on the main thread",
        ])
    }

    @Test("ts going back on a thread is an error on the later line")
    func decreasingTs() throws {
        let report = try validateCorpus("decreasing-ts.jsonl")
        #expect(report.diagnostics == [.error(line: 4, "ts goes back from 400 to 250 on the main thread")])
    }

    @Test("a seq gap is a warning and seq going backwards an error")
    func seqGapAndBackwards() throws {
        let report = try validateCorpus("seq-gap-and-backwards.jsonl")
        #expect(report.diagnostics.map(\.description) == [
            "line 3: seq jumps from 0 to 2: 1 record lost",
            "line 4: seq 1 after seq 2: seq must increase by one per record",
        ])
        #expect(report.diagnostics.map(\.severity) == [.warning, .error])
    }

    @Test("improper nesting and a kind mismatch between B and E are errors on the E lines")
    func improperNesting() throws {
        let report = try validateCorpus("improper-nesting.jsonl")
        #expect(report.diagnostics.map(\.description) == [
            "line 4: span 1 (decode) ends while span 2 begun inside it is still open; spans must nest (close the innermost first)",
            "line 5: span 2 began as \"decode\" (line 3) but ends as \"locate\"",
        ])
    }

    @Test("unknown kinds are a warning once, and the trace stays valid")
    func unknownKind() throws {
        let report = try validateCorpus("unknown-kind-and-field.jsonl")
        #expect(report.isValid)
        #expect(report.diagnostics == [.warning(line: 2, "unknown kind \"x-snapshot\" (kept; first use shown)")])
        #expect(report.kindCounts == ["x-snapshot": 1, .decode: 2])
    }

    @Test("reader errors come into the report in line order")
    func readerErrorsMerged() throws {
        let report = try validateCorpus("wrong-types.jsonl")
        #expect(report.errorCount == 5)
        #expect(report.diagnostics.compactMap(\.line) == [3, 4, 5, 6, 7])
        let empty = try validateCorpus("empty.jsonl")
        #expect(!empty.isValid && empty.recordCount == 0)
        let header = try validateCorpus("header-only.jsonl")
        #expect(header.isValid && header.diagnostics.isEmpty && header.header?.clock == "tick")
    }
}
