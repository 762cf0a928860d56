// The seam between whatever does restoration work and whatever keeps the record of it.
// The engine talks only to `TraceRecorder`; the JSONL writer and the in-memory recorder
// are two implementations.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Receives every step of a run. Implementations stamp `seq`, `ts` and span ids, so callers
/// only say what happened. Implementations MUST be safe to call from any thread.
public protocol TraceRecorder: AnyObject, Sendable {
    /// Begins a span (`ph` "B") and returns its id, to be passed to ``end(_:_:path:attributes:)``.
    func begin(_ kind: RecordKind, path: [String]?, className: String?, attributes: [TraceAttribute]) -> Int64
    /// Ends the span `span` (`ph` "E").
    func end(_ span: Int64, _ kind: RecordKind, path: [String]?, attributes: [TraceAttribute])
    /// Records an instant (`ph` "i").
    func instant(_ kind: RecordKind, path: [String]?, className: String?, attributes: [TraceAttribute])
}

extension TraceRecorder {
    @discardableResult
    public func begin(_ kind: RecordKind, path: [String]? = nil, className: String? = nil) -> Int64 {
        begin(kind, path: path, className: className, attributes: [])
    }
    public func end(_ span: Int64, _ kind: RecordKind, path: [String]? = nil) {
        end(span, kind, path: path, attributes: [])
    }
    public func instant(_ kind: RecordKind, path: [String]? = nil, className: String? = nil) {
        instant(kind, path: path, className: className, attributes: [])
    }

    /// Runs `body` inside a span; the end record carries what `body` returns as attributes.
    public func span<T>(
        _ kind: RecordKind, path: [String]? = nil, className: String? = nil,
        attributes: [TraceAttribute] = [], _ body: () throws -> (T, [TraceAttribute])
    ) rethrows -> T {
        let id = begin(kind, path: path, className: className, attributes: attributes)
        let (value, endAttributes) = try body()
        end(id, kind, path: path, attributes: endAttributes)
        return value
    }
}

/// Assigns `seq`, `ts` and span ids. Not thread-safe by itself: recorders call it under their lock.
public struct RecordStamper: Sendable {
    public let clock: ClockUnit
    private var nextSeq: Int64 = 0
    private var nextSpan: Int64 = 1
    private let start: UInt64

    public init(clock: ClockUnit) {
        self.clock = clock
        self.start = RecordStamper.monotonicNanoseconds()
    }

    /// Continues another recorder's numbering, e.g. in a child process that appends to the
    /// same trace: `start` is that recorder's ``monotonicStart`` (CLOCK_MONOTONIC is system-wide).
    public init(clock: ClockUnit, nextSeq: Int64, nextSpan: Int64, monotonicStart: UInt64) {
        self.clock = clock
        self.start = monotonicStart
        self.nextSeq = nextSeq
        self.nextSpan = nextSpan
    }

    /// The `seq` the next record gets, and the next span id.
    public var upcomingSeq: Int64 { nextSeq }
    public var upcomingSpan: Int64 { nextSpan }
    /// The monotonic time that is `ts` 0 under the `ns` clock.
    public var monotonicStart: UInt64 { start }

    /// The next record's `seq` and `ts`.
    public mutating func stamp() -> (seq: Int64, ts: Int64) {
        let seq = nextSeq
        nextSeq += 1
        switch clock {
        case .tick: return (seq, seq)
        case .ns: return (seq, Int64(RecordStamper.monotonicNanoseconds() &- start))
        }
    }

    public mutating func newSpan() -> Int64 {
        defer { nextSpan += 1 }
        return nextSpan
    }

    public static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }
}

/// A recorder that keeps nothing: the baseline for measuring what recording costs.
public final class NullRecorder: TraceRecorder, @unchecked Sendable {
    private let lock = ThreadLock()
    private var nextSpan: Int64 = 1
    public init() {}
    public func begin(_ kind: RecordKind, path: [String]?, className: String?, attributes: [TraceAttribute]) -> Int64 {
        lock.lock()
        defer { lock.unlock() }
        nextSpan += 1
        return nextSpan - 1
    }
    public func end(_ span: Int64, _ kind: RecordKind, path: [String]?, attributes: [TraceAttribute]) {}
    public func instant(_ kind: RecordKind, path: [String]?, className: String?, attributes: [TraceAttribute]) {}
}

/// A recorder that buffers records: ``flush()`` pushes them out. The engine calls it before it
/// deliberately ends the process (a simulated crash with `abort()`), so the trace on disk ends
/// with the open span a real crash leaves.
public protocol FlushableTraceRecorder: TraceRecorder {
    func flush() throws
}

extension TraceWriter: FlushableTraceRecorder {}
