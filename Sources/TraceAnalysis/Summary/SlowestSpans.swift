// SlowestSpans: the N longest spans seen so far, kept in a bounded min-heap.

import TraceFormat

/// One finished span as the slowest-objects tables show it.
public struct TimedSpan: Sendable, Hashable {
    public var kind: RecordKind
    public var duration: Int64
    public var path: [String]?
    public var className: String?
    /// `seq` of the span's `B` record: it breaks ties, so the order is deterministic.
    public var beginSeq: Int64
    /// `via` and `result` from the `E` record (locate spans), if present.
    public var via: String?
    public var result: String?

    public init(
        kind: RecordKind, duration: Int64, path: [String]?, className: String?, beginSeq: Int64,
        via: String? = nil, result: String? = nil
    ) {
        self.kind = kind
        self.duration = duration
        self.path = path
        self.className = className
        self.beginSeq = beginSeq
        self.via = via
        self.result = result
    }

    /// Slower first; among equals, the earlier span first.
    static func isSlower(_ a: TimedSpan, than b: TimedSpan) -> Bool {
        a.duration != b.duration ? a.duration > b.duration : a.beginSeq < b.beginSeq
    }
}

/// Keeps the `capacity` slowest spans offered, in O(capacity) memory.
public struct SlowestSpans: Sendable {
    public let capacity: Int
    /// A min-heap under ``TimedSpan/isSlower(_:than:)``: the root is the fastest kept span.
    private var heap: [TimedSpan] = []

    public init(capacity: Int) { self.capacity = max(capacity, 0) }

    /// True when a span of `duration` would be kept; lets callers skip building the span.
    public func wouldKeep(duration: Int64) -> Bool {
        guard capacity > 0 else { return false }
        guard heap.count == capacity, let fastest = heap.first else { return true }
        return duration >= fastest.duration
    }

    /// Offers one span; it is kept if it is among the `capacity` slowest so far.
    public mutating func offer(_ span: TimedSpan) {
        guard capacity > 0 else { return }
        if heap.count < capacity {
            heap.append(span)
            siftUp(heap.count - 1)
        } else if TimedSpan.isSlower(span, than: heap[0]) {
            heap[0] = span
            siftDown(0)
        }
    }

    /// The kept spans, slowest first.
    public var sorted: [TimedSpan] { heap.sorted(by: TimedSpan.isSlower) }

    /// "a is kept in preference to b": a is faster, so it sits nearer the root.
    private func isFaster(_ a: Int, _ b: Int) -> Bool { TimedSpan.isSlower(heap[b], than: heap[a]) }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard isFaster(child, parent) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count && isFaster(left, smallest) { smallest = left }
            if right < heap.count && isFaster(right, smallest) { smallest = right }
            if smallest == parent { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
