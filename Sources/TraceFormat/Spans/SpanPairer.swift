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
    private var nesting = SpanNesting<PairedSpan>()
    private var threads = ThreadNumbers()

    public init() {}

    /// The spans open now, in the order they began.
    public var openSpans: [PairedSpan] { nesting.openPayloads }

    /// Feeds the next record (in file order); `line` is its line number, kept on the span.
    @discardableResult
    public mutating func feed(_ record: TraceRecord, line: Int? = nil) -> SpanPairingEvent {
        switch step(record, line: line) {
        case .instant: return .instant
        case .endWithoutBegin: return .endWithoutBegin
        case .began(let slot, let previous):
            guard let span = nesting.payload(inSlot: slot) else { return .endWithoutBegin }
            if let previous { return .beganWithOpenID(span, previous: previous) }
            return .began(span)
        case .ended(let span, let innermostOpen):
            if let innermostOpen { return .endedOutOfOrder(span, innermostOpen: innermostOpen) }
            return .ended(span)
        }
    }

    /// What one record did, without copying the open span (the validator's hot path).
    enum Step {
        case instant
        /// The span opened in `slot`; `previous` is the still-open span whose id it reused.
        case began(slot: Int, previous: PairedSpan?)
        /// The span closed; `innermostOpen` is set when it was not the innermost on its thread.
        case ended(PairedSpan, innermostOpen: Int64?)
        case endWithoutBegin
    }

    /// Pairs one record: the work behind ``feed(_:line:)``.
    mutating func step(_ record: TraceRecord, line: Int?) -> Step {
        switch record.phase {
        case .instant:
            return .instant
        case .begin:
            let opened = nesting.begin(id: record.span ?? 0, thread: threads.number(of: record.thread)) {
                parent, depth in
                PairedSpan(begin: record, parentSpan: parent, depth: depth, beginLine: line)
            }
            return .began(slot: opened.slot, previous: opened.previous)
        case .end:
            guard var closed = nesting.end(id: record.span ?? 0) else { return .endWithoutBegin }
            closed.payload.end = record
            closed.payload.endLine = line
            return .ended(closed.payload, innermostOpen: closed.innermostOpen)
        }
    }

    /// The spans that never ended (still open at the end, or abandoned when their id was
    /// reused), in the order they began. The pairer is empty afterwards.
    public mutating func finish() -> [PairedSpan] {
        threads = ThreadNumbers()
        return nesting.finish()
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
}
