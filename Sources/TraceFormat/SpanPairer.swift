// SpanPairer: matches each span's `E` record with its `B`, streaming, and works out each
// span's parent and depth from the per-thread nesting. Used by the validator, the renderer
// and the analyses.

/// A span: its `B` record, its `E` record (nil while open, or forever when the process stopped
/// inside it), the span it is nested in, and its depth (0 for a span with no parent).
public struct PairedSpan: Sendable, Hashable {
    public var begin: TraceRecord
    public var end: TraceRecord?
    /// The innermost span open on the same thread when this one began.
    public var parentSpan: Int64?
    /// 0 for an outermost span, 1 for its children, ...
    public var depth: Int
    /// The 1-based line of the `B` record, when the records were fed with line numbers.
    public var beginLine: Int?
    /// The 1-based line of the `E` record, when known.
    public var endLine: Int?

    public init(begin: TraceRecord, end: TraceRecord? = nil, parentSpan: Int64? = nil, depth: Int = 0,
                beginLine: Int? = nil, endLine: Int? = nil) {
        self.begin = begin
        self.end = end
        self.parentSpan = parentSpan
        self.depth = depth
        self.beginLine = beginLine
        self.endLine = endLine
    }

    /// The span id (from the `B` record).
    public var span: Int64 { begin.span ?? 0 }
    public var kind: RecordKind { begin.kind }
    /// The path of the `B` record, or of the `E` record when the `B` has none.
    public var path: [String]? { begin.path ?? end?.path }
    public var className: String? { begin.className }
    public var thread: String? { begin.thread }
    public var isFinished: Bool { end != nil }
    /// `end.ts - begin.ts`, or nil while unfinished.
    public var duration: Int64? { end.map { $0.ts &- begin.ts } }
    /// The `B` record's attributes followed by the `E` record's.
    public var attributes: [TraceAttribute] { begin.attributes + (end?.attributes ?? []) }

    /// The attribute named `key`, looked up on the `E` record first (results live there), then the `B`.
    public subscript(attribute key: String) -> JSONValue? { end?[attribute: key] ?? begin[attribute: key] }
}

/// What feeding one record to a ``SpanPairer`` did.
public enum SpanPairingEvent: Sendable, Hashable {
    /// An instant record: nothing to pair.
    case instant
    /// A `B` record opened a span.
    case began(PairedSpan)
    /// An `E` record closed the innermost open span of its thread.
    case ended(PairedSpan)
    /// An `E` record closed a span that was not the innermost open one on its thread
    /// (`innermostOpen` is the span that should have ended first). The span is closed anyway.
    case endedOutOfOrder(PairedSpan, innermostOpen: Int64)
    /// An `E` record whose span id is not open (never began, or already ended).
    case endWithoutBegin
    /// A `B` record reused the id of a span that is still open; the earlier span is given up
    /// as unfinished (it is among ``SpanPairer/finish()``'s result) and the new one opens.
    case beganWithOpenID(PairedSpan, previous: PairedSpan)

    /// The span an `E` record closed, in order or not.
    public var closedSpan: PairedSpan? {
        switch self {
        case .ended(let span), .endedOutOfOrder(let span, _): return span
        default: return nil
        }
    }
}

/// Pairs `B` and `E` records by span id as records stream past; memory holds only open spans.
///
/// ```swift
/// var pairer = SpanPairer()
/// for record in records {
///     if let span = pairer.feed(record).closedSpan { print(span.kind, span.duration ?? 0) }
/// }
/// for crashed in pairer.finish() { print("never finished:", crashed.kind, crashed.path ?? []) }
/// ```
///
/// Span ids pair across threads (an id is unique in a trace); parents and depth come from
/// the nesting on the `B` record's thread (nil thread = the main thread).
public struct SpanPairer: Sendable {
    private struct OpenSpan: Sendable {
        var span: PairedSpan
        /// Opening order, so that unfinished spans come back in file order.
        var order: Int
    }

    private var open: [Int64: OpenSpan] = [:]
    /// Per thread, the open span ids, innermost last.
    private var stacks: [String?: [Int64]] = [:]
    private var abandoned: [OpenSpan] = []
    private var opened = 0

    public init() {}

    /// The spans open now, in the order they began.
    public var openSpans: [PairedSpan] { open.values.sorted { $0.order < $1.order }.map(\.span) }

    /// Feeds the next record (in file order); `line` is its line number, kept on the span.
    @discardableResult
    public mutating func feed(_ record: TraceRecord, line: Int? = nil) -> SpanPairingEvent {
        switch record.phase {
        case .instant:
            return .instant
        case .begin:
            let id = record.span ?? 0
            let stack = stacks[record.thread] ?? []
            let parent = stack.last
            let depth = stack.count
            let span = PairedSpan(begin: record, parentSpan: parent, depth: depth, beginLine: line)
            var previous: OpenSpan?
            if let existing = open[id] {
                previous = existing
                abandoned.append(existing)
                removeFromStack(id, thread: existing.span.thread)
            }
            open[id] = OpenSpan(span: span, order: opened)
            opened += 1
            stacks[record.thread, default: []].append(id)
            if let previous { return .beganWithOpenID(span, previous: previous.span) }
            return .began(span)
        case .end:
            let id = record.span ?? 0
            guard var entry = open.removeValue(forKey: id) else { return .endWithoutBegin }
            entry.span.end = record
            entry.span.endLine = line
            let thread = entry.span.thread
            if let innermost = stacks[thread]?.last, innermost != id {
                removeFromStack(id, thread: thread)
                return .endedOutOfOrder(entry.span, innermostOpen: innermost)
            }
            stacks[thread]?.removeLast()
            if stacks[thread]?.isEmpty == true { stacks[thread] = nil }
            return .ended(entry.span)
        }
    }

    /// The spans that never ended (still open at the end, or abandoned when their id was
    /// reused), in the order they began. The pairer is empty afterwards.
    public mutating func finish() -> [PairedSpan] {
        let unfinished = (abandoned + open.values).sorted { $0.order < $1.order }.map(\.span)
        open = [:]
        stacks = [:]
        abandoned = []
        return unfinished
    }

    /// Every span of `records`, finished or not, in the order they began (for tools that hold
    /// a whole trace; `lines[i]`, when given, is the line of `records[i]`).
    public static func pairAll(_ records: [TraceRecord], lines: [Int]? = nil) -> [PairedSpan] {
        var pairer = SpanPairer()
        var spans: [PairedSpan] = []
        var position: [Int64: Int] = [:]
        for (i, record) in records.enumerated() {
            let line = lines.flatMap { i < $0.count ? $0[i] : nil }
            switch pairer.feed(record, line: line) {
            case .began(let span), .beganWithOpenID(let span, _):
                position[span.span] = spans.count
                spans.append(span)
            case .ended(let span), .endedOutOfOrder(let span, _):
                if let index = position[span.span] { spans[index] = span }
            case .instant, .endWithoutBegin:
                break
            }
        }
        return spans
    }

    private mutating func removeFromStack(_ id: Int64, thread: String?) {
        guard var stack = stacks[thread], let index = stack.lastIndex(of: id) else { return }
        stack.remove(at: index)
        stacks[thread] = stack.isEmpty ? nil : stack
    }
}
