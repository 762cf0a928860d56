// TraceRecordChecks: the errors across records — spans paired, nested, of one kind and thread
// and never reused; seq increasing; ts not negative and not going back on a thread — that every
// reader of a trace applies, so that every command refuses what `validate` refuses, with
// validate's words. (TraceValidator keeps its own bookkeeping, which also lists unfinished
// spans; its messages are these.)

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
            if seq < expected { return "seq \(seq) after seq \(expected - 1): seq must increase by one per record" }
        } else if seq < 0 {
            return "negative seq \(seq)"
        }
        if ts < 0 { return "negative ts \(ts): ts counts from the header's origin" }
        let number = threads.number(of: thread)
        while lastTs.count <= number {
            lastTs.append(nil)
            firstTs.append(nil)
            stacks.append([])
        }
        if let last = lastTs[number], ts < last {
            return "ts goes back from \(last) to \(ts) on \(Self.name(thread, quoted: "thread "))"
        }
        let id = span ?? 0
        switch phase {
        case .instant:
            break
        case .begin:
            if used.contains(id) { return "span id \(id) is used again (span ids must be unique in a trace)" }
            _ = used.insert(id)
            open[id] = OpenSpan(kind: kind, thread: number, line: line)
            stacks[number].append(id)
            if continuing { begun.append(id) }
        case .end:
            if let began = open[id] {
                if began.kind != kind {
                    return "span \(id) began as \"\(began.kind)\" (line \(began.line)) but ends as \"\(kind)\""
                }
                if began.thread != number {
                    return "span \(id) began on \(Self.name(threads.names[began.thread], quoted: "")) (line \(began.line)) but ends on \(Self.name(thread, quoted: ""))"
                }
                if let innermost = stacks[number].last, innermost != id {
                    return "span \(id) (\(kind)) ends while span \(innermost) begun inside it is still open; spans must nest (close the innermost first)"
                }
                open[id] = nil
                stacks[number].removeLast()
            } else if continuing && !used.contains(id) {
                // Begun in an earlier part, perhaps: the join decides.
                if let innermost = stacks[number].last {
                    return "span \(id) (\(kind)) ends while span \(innermost) begun inside it is still open; spans must nest (close the innermost first)"
                }
                _ = used.insert(id)
                earlierEnds.append(EarlierEnd(span: id, kind: kind, thread: thread))
            } else {
                let why = used.contains(id) ? "it has already ended" : "no \"B\" record began it"
                return "\"E\" for span \(id) (\(kind)) but \(why)"
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

    private static func name(_ thread: String?, quoted prefix: String) -> String {
        thread.map { "\(prefix)\"\($0)\"" } ?? "the main thread"
    }
}
