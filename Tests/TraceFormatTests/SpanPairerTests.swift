// Tests for SpanPairer: pairing, parents and depth per thread, out-of-order ends, unfinished spans.

import Testing
@testable import TraceFormat

@Suite("Span pairer")
struct SpanPairerTests {
    private func record(_ seq: Int64, _ phase: Phase, _ span: Int64? = nil, _ kind: RecordKind = .decode,
                        thread: String? = nil) -> TraceRecord {
        TraceRecord(seq: seq, ts: seq, phase: phase, span: span, kind: kind, path: ["P\(span ?? 0)"], thread: thread)
    }

    @Test("pairs each E with its B and gives parent and depth from the nesting")
    func nesting() {
        var pairer = SpanPairer()
        #expect(pairer.feed(record(0, .begin, 1, .restoration)) == .began(PairedSpan(begin: record(0, .begin, 1, .restoration))))
        pairer.feed(record(1, .begin, 2), line: 3)
        #expect(pairer.feed(record(2, .instant, nil, .exclude)) == .instant)
        let inner = pairer.feed(record(3, .end, 2), line: 5).closedSpan
        #expect(inner?.parentSpan == 1 && inner?.depth == 1 && inner?.duration == 2)
        #expect(inner?.beginLine == 3 && inner?.endLine == 5)
        let outer = pairer.feed(record(4, .end, 1, .restoration)).closedSpan
        #expect(outer?.parentSpan == nil && outer?.depth == 0)
        #expect(pairer.finish().isEmpty)
    }

    @Test("nesting is per thread: a span on another thread has its own parent chain")
    func perThread() {
        var pairer = SpanPairer()
        pairer.feed(record(0, .begin, 1))
        guard case .began(let other) = pairer.feed(record(1, .begin, 2, thread: "bg")) else {
            Issue.record("expected a span to begin")
            return
        }
        #expect(other.parentSpan == nil && other.depth == 0)
        #expect(pairer.feed(record(2, .end, 1)).closedSpan?.span == 1)
        #expect(pairer.feed(record(3, .end, 2, thread: "bg")).closedSpan?.span == 2)
    }

    @Test("an E that is not innermost still closes its span and names the innermost")
    func outOfOrder() {
        var pairer = SpanPairer()
        pairer.feed(record(0, .begin, 1))
        pairer.feed(record(1, .begin, 2))
        guard case .endedOutOfOrder(let span, let innermost) = pairer.feed(record(2, .end, 1)) else {
            Issue.record("expected an out-of-order end")
            return
        }
        #expect(span.span == 1 && innermost == 2)
        #expect(pairer.feed(record(3, .end, 2)) == .ended(PairedSpan(begin: record(1, .begin, 2), end: record(3, .end, 2), parentSpan: 1, depth: 1)))
    }

    @Test("unfinished spans come back in the order they began; an E for nothing is reported")
    func unfinished() {
        var pairer = SpanPairer()
        pairer.feed(record(0, .begin, 1, .restoration))
        pairer.feed(record(1, .begin, 2, .locate))
        pairer.feed(record(2, .end, 2, .locate))
        pairer.feed(record(3, .begin, 3, .decode))
        #expect(pairer.feed(record(4, .end, 9)) == .endWithoutBegin)
        #expect(pairer.openSpans.map(\.span) == [1, 3])
        let unfinished = pairer.finish()
        #expect(unfinished.map(\.span) == [1, 3])
        #expect(unfinished.last?.parentSpan == 1)
    }

    @Test("pairAll returns every span in begin order with its end and line numbers")
    func pairAll() {
        let records = [record(0, .begin, 1), record(1, .begin, 2), record(2, .end, 2), record(3, .begin, 3)]
        let spans = SpanPairer.pairAll(records, lines: [2, 3, 4, 5])
        #expect(spans.map(\.span) == [1, 2, 3])
        #expect(spans.map(\.isFinished) == [false, true, false])
        #expect(spans[1].endLine == 4)
    }
}
