// TraceRecordChecks: the errors across records — spans paired, nested, of one kind and thread
// and never reused; seq increasing; ts not negative and not going back on a thread — that every
// reader of a trace applies, so that every command refuses what `validate` refuses, with
// validate's words (`TraceRuleMessages`, which both say). TraceValidator keeps its own
// bookkeeping: it reports every error of a record and goes on, warns of seq gaps and misused
// kinds, and lists unfinished spans with their `B` record, where a reader stops at the first
// error of a record and leaves its state as it was.

/// The words of the errors across records, for ``TraceRecordChecks`` and ``TraceValidator`` alike.
enum TraceRuleMessages {
    static func negativeSeq(_ seq: Int64) -> String { "negative seq \(seq)" }

    static func seqBackwards(_ seq: Int64, expected: Int64) -> String {
        "seq \(seq) after seq \(expected - 1): seq must increase by one per record"
    }

    static func negativeTs(_ ts: Int64) -> String { "negative ts \(ts): ts counts from the header's origin" }

    static func tsBackwards(from last: Int64, to ts: Int64, thread: String?) -> String {
        "ts goes back from \(last) to \(ts) on \(thread.map { "thread \"\($0)\"" } ?? "the main thread")"
    }

    static func spanReused(_ id: Int64) -> String { "span id \(id) is used again (span ids must be unique in a trace)" }

    /// `beginLine` is the `B` record's line when known.
    static func kindChanged(_ id: Int64, began: RecordKind, beginLine: Int?, ends: RecordKind) -> String {
        "span \(id) began as \"\(began)\"\(at(beginLine)) but ends as \"\(ends)\""
    }

    static func threadChanged(_ id: Int64, began: String?, beginLine: Int?, ends: String?) -> String {
        "span \(id) began on \(name(began))\(at(beginLine)) but ends on \(name(ends))"
    }

    static func notNested(_ id: Int64, kind: RecordKind, innermost: Int64) -> String {
        "span \(id) (\(kind)) ends while span \(innermost) begun inside it is still open; spans must nest (close the innermost first)"
    }

    /// An `E` record whose span is not open: `everUsed` when it began and ended before.
    static func endWithoutBegin(_ id: String, kind: RecordKind, everUsed: Bool) -> String {
        "\"E\" for span \(id) (\(kind)) but \(everUsed ? "it has already ended" : "no \"B\" record began it")"
    }

    private static func name(_ thread: String?) -> String { thread.map { "\"\($0)\"" } ?? "the main thread" }

    private static func at(_ line: Int?) -> String { line.map { " (line \($0))" } ?? "" }
}

/// The checks across records, fed one record at a time in file order.
///
/// ``check(seq:ts:phase:span:kind:thread:line:)`` returns the first error the record makes, or
/// nil; a record with an error changes nothing, so a reader that skips it goes on as if the line
/// were not there. A part of a trace read on its own (``init(continuing:)``) notes what it cannot
/// settle alone — its first seq, each thread's first ts, spans ended that began before it — and
/// ``joined(_:_:)`` settles that against the part before it.
package struct TraceRecordChecks: Sendable {
    private struct OpenSpan: Sendable {
        var kind: RecordKind
        var thread: Int
        var line: Int
    }

    private struct EarlierEnd: Sendable {
        var span: Int64
        var kind: RecordKind
        var thread: String?
    }

    private let continuing: Bool
    private var expectedSeq: Int64?
    private var firstSeq: Int64?
    private var threads = ThreadNumbers()
    private var lastTs: [Int64?] = [nil]
    private var firstTs: [Int64?] = [nil]
    private var open: [Int64: OpenSpan] = [:]
    /// Open spans of each thread, innermost last.
    private var stacks: [[Int64]] = [[]]
    private var used = SpanIDSet()
    /// A continuing part's spans begun, and its ends of spans begun before it, in order.
    private var begun: [Int64] = []
    private var earlierEnds: [EarlierEnd] = []

    /// `continuing`: the records are a part of a trace that does not start at its first record.
    package init(continuing: Bool = false) { self.continuing = continuing }

    /// The first error `record` makes in file order (line `line`), or nil.
    @inline(__always)
    package mutating func check(_ record: TraceRecord, line: Int) -> String? {
        check(seq: record.seq, ts: record.ts, phase: record.phase, span: record.span, kind: record.kind,
              thread: record.thread, line: line)
    }

    /// The first error a record with these fields makes in file order (line `line`), or nil.
    package mutating func check(
        seq: Int64, ts: Int64, phase: Phase, span: Int64?, kind: RecordKind, thread: String?, line: Int
    ) -> String? {
        if let expected = expectedSeq {
            if seq < expected { return TraceRuleMessages.seqBackwards(seq, expected: expected) }
        } else if seq < 0 {
            return TraceRuleMessages.negativeSeq(seq)
        }
        if ts < 0 { return TraceRuleMessages.negativeTs(ts) }
        let number = threads.number(of: thread)
        while lastTs.count <= number {
            lastTs.append(nil)
            firstTs.append(nil)
            stacks.append([])
        }
        if let last = lastTs[number], ts < last {
            return TraceRuleMessages.tsBackwards(from: last, to: ts, thread: thread)
        }
        let id = span ?? 0
        switch phase {
        case .instant:
            break
        case .begin:
            if used.contains(id) { return TraceRuleMessages.spanReused(id) }
            _ = used.insert(id)
            open[id] = OpenSpan(kind: kind, thread: number, line: line)
            stacks[number].append(id)
            if continuing { begun.append(id) }
        case .end:
            if let began = open[id] {
                if began.kind != kind {
                    return TraceRuleMessages.kindChanged(id, began: began.kind, beginLine: began.line, ends: kind)
                }
                if began.thread != number {
                    return TraceRuleMessages.threadChanged(id, began: threads.names[began.thread], beginLine: began.line, ends: thread)
                }
                if let innermost = stacks[number].last, innermost != id {
                    return TraceRuleMessages.notNested(id, kind: kind, innermost: innermost)
                }
                open[id] = nil
                stacks[number].removeLast()
            } else if continuing && !used.contains(id) {
                // Begun in an earlier part, perhaps: the join decides.
                if let innermost = stacks[number].last {
                    return TraceRuleMessages.notNested(id, kind: kind, innermost: innermost)
                }
                _ = used.insert(id)
                earlierEnds.append(EarlierEnd(span: id, kind: kind, thread: thread))
            } else {
                return TraceRuleMessages.endWithoutBegin(String(id), kind: kind, everUsed: used.contains(id))
            }
        }
        if firstSeq == nil { firstSeq = seq }
        if firstTs[number] == nil { firstTs[number] = ts }
        lastTs[number] = ts
        expectedSeq = max(expectedSeq ?? 0, seq &+ 1)
        return nil
    }

    /// The checks of `earlier` then `later` (a continuing part that starts where `earlier` ends)
    /// as one, or nil when the two break a rule between them (read them in one pass to learn
    /// which line).
    package static func joined(_ earlier: TraceRecordChecks, _ later: TraceRecordChecks) -> TraceRecordChecks? {
        var joined = earlier
        if let first = later.firstSeq, let expected = earlier.expectedSeq, first < expected { return nil }
        if let next = later.expectedSeq { joined.expectedSeq = max(joined.expectedSeq ?? 0, next) }
        if joined.firstSeq == nil { joined.firstSeq = later.firstSeq }
        for end in later.earlierEnds {
            let number = joined.threads.number(of: end.thread)
            joined.grow(to: number)
            if joined.continuing && joined.open[end.span] == nil && !joined.used.contains(end.span) {
                // Begun before `earlier` too.
                guard joined.stacks[number].isEmpty else { return nil }
                _ = joined.used.insert(end.span)
                joined.earlierEnds.append(end)
                continue
            }
            guard let began = joined.open[end.span], began.kind == end.kind, began.thread == number,
                joined.stacks[number].last == end.span
            else { return nil }
            joined.open[end.span] = nil
            joined.stacks[number].removeLast()
        }
        for id in later.begun where !joined.used.insert(id) { return nil }
        for (laterNumber, name) in later.threads.names.enumerated() {
            let number = joined.threads.number(of: name)
            joined.grow(to: number)
            if let first = later.firstTs[laterNumber], let last = joined.lastTs[number], first < last { return nil }
            if joined.firstTs[number] == nil { joined.firstTs[number] = later.firstTs[laterNumber] }
            if let last = later.lastTs[laterNumber] { joined.lastTs[number] = last }
            for id in later.stacks[laterNumber] {
                guard var span = later.open[id] else { continue }
                span.thread = number
                joined.open[id] = span
                joined.stacks[number].append(id)
            }
        }
        if joined.continuing { joined.begun += later.begun }
        return joined
    }

    private mutating func grow(to number: Int) {
        while lastTs.count <= number {
            lastTs.append(nil)
            firstTs.append(nil)
            stacks.append([])
        }
    }
}
