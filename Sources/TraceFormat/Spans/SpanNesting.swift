// SpanNesting: the bookkeeping behind span pairing, whatever is kept per span: open spans by
// id, per-thread stacks of open spans (for parents, depth and the nesting check), and spans
// given up when their id was reused. `SpanPairer` keeps whole records in it; the validator's
// fast path keeps only the fields it reports. Threads come as numbers (`ThreadNumbers`).

/// Open spans with a `Payload` each, indexed by span id and nested per thread.
struct SpanNesting<Payload: Sendable>: Sendable {
    private struct Open: Sendable {
        var payload: Payload
        /// Opening order, so that unfinished spans come back in file order.
        var order: Int
        var thread: Int
    }

    // Open spans live in `slots` and stay put until their E takes them out; the index and the
    // per-thread stacks hold slot numbers, so hashing and stack moves never copy a payload.
    private var slots: [Open?] = []
    /// `slotOrder[i]` is the opening order of the span in slot `i`, or -1 when the slot is free
    /// (checked by the stacks without touching the spans themselves).
    private var slotOrder: [Int] = []
    private var freeSlots: [Int] = []
    private var slotOfSpan = SpanSlotTable()
    /// Each thread's open spans, by thread number (0, the main thread, carries nearly every record).
    private var threadStacks = [SpanStack()]
    private var abandoned: [Open] = []
    private var opened = 0

    init() {}

    /// The open spans' payloads, in the order they began.
    var openPayloads: [Payload] { slots.compactMap { $0 }.sorted { $0.order < $1.order }.map(\.payload) }

    func payload(inSlot slot: Int) -> Payload? { slots[slot]?.payload }

    /// Opens span `id` on thread number `thread`; `makePayload` gets the innermost open span
    /// of the thread (the parent) and the number open there (the depth). A still-open span
    /// with the same id is given up as unfinished and returned as `previous`.
    @inline(__always)
    mutating func begin(id: Int64, thread: Int, makePayload: (_ parent: Int64?, _ depth: Int) -> Payload)
        -> (slot: Int, previous: Payload?)
    {
        let top = stackTop(thread)
        let payload = makePayload(top.entry?.spanID, top.depth)
        var previous: Payload?
        if let existing = slotOfSpan.remove(id), let entry = take(existing) {
            previous = entry.payload
            removeFromStack(existing, thread: entry.thread)
            abandoned.append(entry)
        }
        let slot = store(Open(payload: payload, order: opened, thread: thread))
        let entry = SpanStack.Entry(slot: slot, order: opened, spanID: id)
        opened += 1
        slotOfSpan.insert(id, slot: slot)
        while threadStacks.count <= thread { threadStacks.append(SpanStack()) }
        threadStacks[thread].push(entry)
        return (slot, previous)
    }

    /// Rewrites the payload of the span most recently given up (after ``begin`` returned a `previous`).
    mutating func updateLastAbandoned(_ body: (inout Payload) -> Void) {
        guard !abandoned.isEmpty else { return }
        body(&abandoned[abandoned.count - 1].payload)
    }

    /// Rewrites every open span's payload.
    mutating func updateOpenPayloads(_ body: (inout Payload) -> Void) {
        for slot in slots.indices where slots[slot] != nil {
            if var open = slots[slot].take() {
                body(&open.payload)
                slots[slot] = open
            }
        }
    }

    /// Closes span `id`: its payload, and the innermost open span of its thread when that is
    /// another span. Nil when `id` is not open.
    @inline(__always)
    mutating func end(id: Int64) -> (payload: Payload, innermostOpen: Int64?)? {
        guard let slot = slotOfSpan.remove(id), let entry = take(slot) else { return nil }
        let innermost = stackTop(entry.thread).entry
        removeFromStack(slot, thread: entry.thread)
        return (entry.payload, innermost.flatMap { $0.slot != slot ? $0.spanID : nil })
    }

    /// The payloads of the spans that never ended (still open, or given up when their id was
    /// reused), in the order they began. The nesting is empty afterwards.
    mutating func finish() -> [Payload] {
        let unfinished = (abandoned + slots.compactMap { $0 }).sorted { $0.order < $1.order }.map(\.payload)
        self = SpanNesting()
        return unfinished
    }

    private mutating func store(_ entry: Open) -> Int {
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
    private mutating func take(_ slot: Int) -> Open? {
        guard let entry = slots[slot].take() else { return nil }
        slotOrder[slot] = -1
        freeSlots.append(slot)
        return entry
    }

    /// The innermost open span of `thread` and how many are open there.
    @inline(__always)
    private func stackTop(_ thread: Int) -> (entry: SpanStack.Entry?, depth: Int) {
        guard thread < threadStacks.count else { return (nil, 0) }
        return (threadStacks[thread].top, threadStacks[thread].depth)
    }

    /// Takes the span in `slot` (already freed) off its thread's stack.
    private mutating func removeFromStack(_ slot: Int, thread: Int) {
        threadStacks[thread].remove(slot: slot, slotOrder: slotOrder)
        // A thread with nothing open gives its storage back (traces may name many threads).
        if thread > 0 && threadStacks[thread].depth == 0 { threadStacks[thread] = SpanStack() }
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
