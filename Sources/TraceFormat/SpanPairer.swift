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

    // Open spans live in `slots` and stay put until their E takes them out; the index and the
    // per-thread stacks hold slot numbers, so hashing and stack moves never copy a record.
    private var slots: [OpenSpan?] = []
    /// `slotOrder[i]` is the opening order of the span in slot `i`, or -1 when the slot is free
    /// (checked by the stacks without touching the spans themselves).
    private var slotOrder: [Int] = []
    private var freeSlots: [Int] = []
    private var slotOfSpan: [Int64: Int] = [:]
    /// The main thread's open spans, innermost last: nearly every record is on it.
    private var mainStack = SpanStack()
    /// Other threads' open spans.
    private var threadStacks: [String: SpanStack] = [:]
    private var abandoned: [OpenSpan] = []
    private var opened = 0

    public init() {}

    /// The spans open now, in the order they began.
    public var openSpans: [PairedSpan] { slots.compactMap { $0 }.sorted { $0.order < $1.order }.map(\.span) }

    /// Feeds the next record (in file order); `line` is its line number, kept on the span.
    @discardableResult
    public mutating func feed(_ record: TraceRecord, line: Int? = nil) -> SpanPairingEvent {
        switch step(record, line: line) {
        case .instant: return .instant
        case .endWithoutBegin: return .endWithoutBegin
        case .began(let slot, let previous):
            guard let span = slots[slot]?.span else { return .endWithoutBegin }
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
            let id = record.span ?? 0
            let top = stackTop(record.thread)
            let span = PairedSpan(begin: record, parentSpan: top.entry?.spanID, depth: top.depth, beginLine: line)
            var previous: PairedSpan?
            if let existing = slotOfSpan[id], let entry = take(existing) {
                previous = entry.span
                removeFromStack(existing, thread: entry.span.thread)
                abandoned.append(entry)
            }
            let slot = store(OpenSpan(span: span, order: opened))
            let entry = SpanStack.Entry(slot: slot, order: opened, spanID: id)
            opened += 1
            slotOfSpan[id] = slot
            if let thread = record.thread { threadStacks[thread, default: SpanStack()].push(entry) } else { mainStack.push(entry) }
            return .began(slot: slot, previous: previous)
        case .end:
            let id = record.span ?? 0
            guard let slot = slotOfSpan.removeValue(forKey: id), var entry = take(slot) else { return .endWithoutBegin }
            let thread = entry.span.thread
            let innermost = stackTop(thread).entry
            removeFromStack(slot, thread: thread)
            entry.span.end = record
            entry.span.endLine = line
            return .ended(entry.span, innermostOpen: innermost.flatMap { $0.slot != slot ? $0.spanID : nil })
        }
    }

    /// The spans that never ended (still open at the end, or abandoned when their id was
    /// reused), in the order they began. The pairer is empty afterwards.
    public mutating func finish() -> [PairedSpan] {
        let unfinished = (abandoned + slots.compactMap { $0 }).sorted { $0.order < $1.order }.map(\.span)
        self = SpanPairer()
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

    private mutating func store(_ entry: OpenSpan) -> Int {
        if let slot = freeSlots.popLast() {
            slotOrder[slot] = entry.order
            slots[slot] = entry
            return slot
        }
        slotOrder.append(entry.order)
        slots.append(entry)
        return slots.count - 1
    }

    /// Moves the span out of `slot` and frees the slot.
    private mutating func take(_ slot: Int) -> OpenSpan? {
        guard let entry = slots[slot].take() else { return nil }
        slotOrder[slot] = -1
        freeSlots.append(slot)
        return entry
    }

    /// The innermost open span of `thread` and how many are open there.
    @inline(__always)
    private func stackTop(_ thread: String?) -> (entry: SpanStack.Entry?, depth: Int) {
        guard let thread else { return (mainStack.top, mainStack.depth) }
        let stack = threadStacks[thread]
        return (stack?.top, stack?.depth ?? 0)
    }

    /// Takes the span in `slot` (already freed) off its thread's stack.
    private mutating func removeFromStack(_ slot: Int, thread: String?) {
        guard let thread else {
            mainStack.remove(slot: slot, slotOrder: slotOrder)
            return
        }
        threadStacks[thread]?.remove(slot: slot, slotOrder: slotOrder)
        if threadStacks[thread]?.depth == 0 { threadStacks[thread] = nil }
    }

    /// One thread's open spans, innermost last. A span that ends out of order stays in place as
    /// a stale entry (recognised because its slot no longer holds the same opening) and is
    /// dropped when it reaches the top, so every operation is amortised O(1), even on hostile traces.
    private struct SpanStack: Sendable {
        struct Entry: Sendable {
            var slot: Int
            var order: Int
            var spanID: Int64
        }

        private var entries: [Entry] = []
        private var stale = 0

        var top: Entry? { entries.last }
        var depth: Int { entries.count - stale }

        mutating func push(_ entry: Entry) { entries.append(entry) }

        /// Removes the span in `slot`: popped when innermost, otherwise marked stale.
        mutating func remove(slot: Int, slotOrder: [Int]) {
            if entries.last?.slot == slot {
                entries.removeLast()
            } else {
                stale += 1
            }
            while stale > 0, let last = entries.last, slotOrder[last.slot] != last.order {
                entries.removeLast()
                stale -= 1
            }
        }
    }
}
