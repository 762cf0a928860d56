// A recorder that keeps every record in memory, for tests (ours and users') to assert on.

/// Keeps every record in memory, stamped exactly as the JSONL writer would stamp them.
///
/// ```swift
/// let recorder = InMemoryRecorder(clock: .tick)
/// engine.run(recorder: recorder)
/// #expect(recorder.records(kind: .decode).count == 3)
/// ```
public final class InMemoryRecorder: TraceRecorder, @unchecked Sendable {
    private let lock = ThreadLock()
    private var stamper: RecordStamper
    private var stored: [TraceRecord] = []
    public let header: TraceHeader

    public init(clock: ClockUnit = .tick, header: TraceHeader? = nil) {
        self.stamper = RecordStamper(clock: clock)
        self.header = header ?? TraceHeader(clock: clock.rawValue)
    }

    /// Every record so far, in `seq` order.
    public var records: [TraceRecord] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    /// The records of one kind, in order.
    public func records(kind: RecordKind) -> [TraceRecord] { records.filter { $0.kind == kind } }

    /// The records about one restoration path, in order.
    public func records(path: [String]) -> [TraceRecord] { records.filter { $0.path == path } }

    /// Forgets every record (the seq counter keeps counting).
    public func removeAll() {
        lock.lock()
        stored.removeAll()
        lock.unlock()
    }

    public func begin(_ kind: RecordKind, path: [String]?, className: String?, attributes: [TraceAttribute]) -> Int64 {
        lock.lock()
        defer { lock.unlock() }
        let span = stamper.newSpan()
        let (seq, ts) = stamper.stamp()
        stored.append(TraceRecord(seq: seq, ts: ts, phase: .begin, span: span, kind: kind, path: path,
                                  className: className, attributes: attributes))
        return span
    }

    public func end(_ span: Int64, _ kind: RecordKind, path: [String]?, attributes: [TraceAttribute]) {
        lock.lock()
        defer { lock.unlock() }
        let (seq, ts) = stamper.stamp()
        stored.append(TraceRecord(seq: seq, ts: ts, phase: .end, span: span, kind: kind, path: path,
                                  attributes: attributes))
    }

    public func instant(_ kind: RecordKind, path: [String]?, className: String?, attributes: [TraceAttribute]) {
        lock.lock()
        defer { lock.unlock() }
        let (seq, ts) = stamper.stamp()
        stored.append(TraceRecord(seq: seq, ts: ts, phase: .instant, kind: kind, path: path,
                                  className: className, attributes: attributes))
    }
}
