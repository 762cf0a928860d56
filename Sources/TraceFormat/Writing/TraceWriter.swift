// TraceWriter: the JSONL trace writer. Stamps records, encodes them straight to UTF-8 bytes
// in its own buffer, and writes them to a file or standard output with write(2).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a `restoretrace/1` trace: the header when it opens, then one line per record.
///
/// ```swift
/// let writer = try TraceWriter(path: "run.jsonl", clock: .ns)
/// let span = writer.begin(.decode, path: ["Tabs", "CountryNav"], className: "UINavigationController")
/// writer.end(span, .decode, path: ["Tabs", "CountryNav"], attributes: [TraceAttribute("keys", .strings(["kSelected"]))])
/// try writer.close()
/// ```
///
/// Every method is safe to call from any thread: one lock orders stamping and encoding, so
/// `seq` is contiguous in file order. Record methods cannot throw (they implement
/// ``TraceRecorder``); the first I/O error (ENOSPC, EBADF, ...) is kept, later records are
/// dropped, and the error is thrown by the next ``flush()`` or ``close()``.
public final class TraceWriter: TraceRecorder, @unchecked Sendable {
    /// When records reach the file.
    public enum Durability: Sendable, Hashable {
        /// Records collect in memory and are written when the buffer passes
        /// ``TraceWriter/bufferThreshold`` bytes, and on ``TraceWriter/flush()`` and
        /// ``TraceWriter/close()``. The fastest mode; a crash loses at most the buffer.
        case buffered
        /// Each record's line is written with write(2) before the call returns, so a process
        /// that dies inside a span leaves that span's `B` line in the file (the kernel keeps it
        /// even when the process is killed; it is not fsync'd against power loss).
        case everyRecord
    }

    /// How the file at the path is created.
    public enum Creation: Sendable, Hashable {
        /// Create the file, or empty it if it exists, then write the header.
        case truncate
        /// Write to a temporary file beside the path and rename it over the path on
        /// ``TraceWriter/close()``; a run that fails or is never closed leaves no partial file
        /// at the path. (Not for crash forensics: use `.truncate` with `.everyRecord` there.)
        case atomicReplace
    }

    /// The buffered mode writes once the buffer holds this many bytes.
    public static let bufferThreshold = 64 * 1024

    /// Where the records go, as given (`-` for standard output).
    public let path: String
    public let durability: Durability
    /// The header line this writer wrote, or nil when it continues another writer's trace.
    public let header: TraceHeader?

    private let lock = ThreadLock()
    // The lock orders every access to the state below, so Swift's run-time exclusivity check
    // (a thread-local bookkeeping call around each access) is turned off for the two that
    // every record touches.
    @exclusivity(unchecked) private var stamper: RecordStamper
    /// Allocated once the file is open (so a failed open allocates nothing).
    @exclusivity(unchecked) private var buffer: RawByteBuffer
    /// How recent paths encode (used with the lock held).
    private let pathCache = EncodedPathCache()
    private var descriptor: Int32
    private let ownsDescriptor: Bool
    /// For `.atomicReplace`: the temporary file renamed to `path` on close.
    private let temporaryPath: String?
    private var failure: TraceWriterError?
    private var isClosed = false
    private var encodedBytes = 0

    /// Opens `path` (`-` is standard output) and writes the header.
    ///
    /// - Parameters:
    ///   - clock: the `ts` unit; `header.clock` is set to match it.
    ///   - header: the header line; by default ``TraceHeader/standard(clock:)``.
    public init(
        path: String, clock: ClockUnit = .ns, header: TraceHeader? = nil, durability: Durability = .buffered,
        creation: Creation = .truncate
    ) throws(TraceWriterError) {
        var header = header ?? TraceHeader.standard(clock: clock)
        header.clock = clock.rawValue
        self.path = path
        self.durability = durability
        self.header = header
        self.stamper = RecordStamper(clock: clock)
        if path == "-" {
            descriptor = STDOUT_FILENO
            ownsDescriptor = false
            temporaryPath = nil
        } else {
            // A device or pipe (`/dev/null`) is written into: renaming over it would replace it.
            let replaces = creation == .atomicReplace && TraceWriter.isRegularFileOrAbsent(path)
            if replaces { TemporaryFiles.removeStaleSiblings(of: path) }
            let target = replaces ? TemporaryFiles.sibling(of: path) : path
            descriptor = try TraceWriter.open(target, flags: O_WRONLY | O_CREAT | O_TRUNC, reportedPath: path,
                                              isTemporary: replaces)
            ownsDescriptor = true
            temporaryPath = replaces ? target : nil
        }
        buffer = RawByteBuffer(capacity: TraceWriter.bufferThreshold + 4096)
        buffer.withCursor { header.serialize(to: &$0) }
        lock.lock()
        defer { lock.unlock() }
        if durability == .everyRecord { drainLocked() }
    }

    /// Whether `path` names a regular file or nothing yet: only those are replaced by rename.
    static func isRegularFileOrAbsent(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return true }
        return (status.st_mode & S_IFMT) == S_IFREG
    }

    /// Appends to the trace at `path` that another writer (usually in a parent process) began,
    /// continuing its numbering: no header is written. `state` is that writer's
    /// ``stamperState``, taken when it stopped writing.
    public init(appendingTo path: String, continuing state: TraceContinuation, durability: Durability = .everyRecord)
        throws(TraceWriterError)
    {
        self.path = path
        self.durability = durability
        self.header = nil
        self.stamper = RecordStamper(
            clock: state.clock, nextSeq: state.nextSeq, nextSpan: state.nextSpan, monotonicStart: state.monotonicStart)
        temporaryPath = nil
        if path == "-" {
            descriptor = STDOUT_FILENO
            ownsDescriptor = false
        } else {
            descriptor = try TraceWriter.open(path, flags: O_WRONLY | O_CREAT | O_APPEND, reportedPath: path)
            ownsDescriptor = true
        }
        buffer = RawByteBuffer(capacity: TraceWriter.bufferThreshold + 4096)
    }

    deinit {
        if !isClosed {
            drainLocked()
            if ownsDescriptor { _ = posixClose(descriptor) }
            if let temporaryPath { TemporaryFiles.shared.settle(temporaryPath) { _ = unlink(temporaryPath) } }
        }
    }

    // MARK: Continuing in another process

    /// The numbering the next record would get: hand it to a child process that appends to
    /// the same trace (``init(appendingTo:continuing:durability:)``). Flush first, and write
    /// nothing more here until the child has finished.
    public var stamperState: TraceContinuation {
        lock.lock()
        defer { lock.unlock() }
        return TraceContinuation(
            clock: stamper.clock, nextSeq: stamper.upcomingSeq, nextSpan: stamper.upcomingSpan,
            monotonicStart: stamper.monotonicStart)
    }

    /// Bytes encoded so far (header included), written or still buffered.
    public var bytesWritten: Int {
        lock.lock()
        defer { lock.unlock() }
        return encodedBytes + buffer.count
    }

    // MARK: Recording

    public func begin(_ kind: RecordKind, path: [String]?, className: String?, attributes: [TraceAttribute]) -> Int64 {
        lock.lock()
        defer { lock.unlock() }
        let span = stamper.newSpan()
        let (seq, ts) = stamper.stamp()
        guard canWriteLocked else { return span }
        buffer.withCursor {
            TraceLineEncoding.appendRecord(
                seq: seq, ts: ts, phase: .begin, span: span, kind: kind, path: path, className: className, thread: nil,
                attributes: attributes, pathCache: pathCache, to: &$0)
        }
        recordAppendedLocked()
        return span
    }

    public func end(_ span: Int64, _ kind: RecordKind, path: [String]?, attributes: [TraceAttribute]) {
        lock.lock()
        defer { lock.unlock() }
        let (seq, ts) = stamper.stamp()
        guard canWriteLocked else { return }
        buffer.withCursor {
            TraceLineEncoding.appendRecord(
                seq: seq, ts: ts, phase: .end, span: span, kind: kind, path: path, className: nil, thread: nil,
                attributes: attributes, pathCache: pathCache, to: &$0)
        }
        recordAppendedLocked()
    }

    public func instant(_ kind: RecordKind, path: [String]?, className: String?, attributes: [TraceAttribute]) {
        lock.lock()
        defer { lock.unlock() }
        let (seq, ts) = stamper.stamp()
        guard canWriteLocked else { return }
        buffer.withCursor {
            TraceLineEncoding.appendRecord(
                seq: seq, ts: ts, phase: .instant, span: nil, kind: kind, path: path, className: className, thread: nil,
                attributes: attributes, pathCache: pathCache, to: &$0)
        }
        recordAppendedLocked()
    }

    /// Writes a record that is already stamped, as it is (for tools that rewrite traces).
    /// Later stamped records continue after it: `seq` and span ids never go below what it used.
    public func write(_ record: TraceRecord) {
        lock.lock()
        defer { lock.unlock() }
        let nextSeq = max(stamper.upcomingSeq, record.seq &+ 1)
        let nextSpan = max(stamper.upcomingSpan, (record.span ?? 0) &+ 1)
        if nextSeq != stamper.upcomingSeq || nextSpan != stamper.upcomingSpan {
            stamper = RecordStamper(
                clock: stamper.clock, nextSeq: nextSeq, nextSpan: nextSpan, monotonicStart: stamper.monotonicStart)
        }
        guard canWriteLocked else { return }
        buffer.withCursor { record.serialize(to: &$0) }
        recordAppendedLocked()
    }

    // MARK: Flushing and closing

    /// Writes everything buffered. Throws the first I/O error this writer met, if any.
    public func flush() throws(TraceWriterError) {
        lock.lock()
        defer { lock.unlock() }
        if isClosed { return }
        drainLocked()
        if let failure { throw failure }
    }

    /// Flushes, closes the file (never standard output), and for `.atomicReplace` renames the
    /// temporary file to the path. Throws the first I/O error met; a second close does nothing.
    /// After closing, record calls are ignored.
    public func close() throws(TraceWriterError) {
        lock.lock()
        defer { lock.unlock() }
        if isClosed { return }
        isClosed = true
        drainLocked()
        if ownsDescriptor && posixClose(descriptor) != 0 && failure == nil {
            failure = TraceWriterError(operation: .close, path: path, code: errno)
        }
        if let temporaryPath {
            TemporaryFiles.shared.settle(temporaryPath) {
                if failure == nil && rename(temporaryPath, path) != 0 {
                    failure = TraceWriterError(operation: .rename, path: path, code: errno)
                }
                if failure != nil { _ = unlink(temporaryPath) }
            }
        }
        if let failure { throw failure }
    }

    // MARK: Internals (call with the lock held)

    private var canWriteLocked: Bool { !isClosed && failure == nil }

    @inline(__always)
    private func recordAppendedLocked() {
        if durability == .everyRecord || buffer.count >= TraceWriter.bufferThreshold { drainLocked() }
    }

    /// Writes the whole buffer with write(2), retrying short writes and EINTR; on error keeps
    /// the first failure and discards the buffer.
    private func drainLocked() {
        guard !buffer.isEmpty else { return }
        guard failure == nil else {
            buffer.removeAll()
            return
        }
        encodedBytes += buffer.count
        let base = buffer.base
        let count = buffer.count
        var written = 0
        var error: Int32?
        while written < count {
            let result = posixWrite(descriptor, base + written, count - written)
            if result < 0 {
                if errno == EINTR { continue }
                error = errno
                break
            }
            written += result
        }
        buffer.removeAll()
        if let error { failure = TraceWriterError(operation: .write, path: path, code: error) }
    }

    private static func open(_ target: String, flags: Int32, reportedPath: String, isTemporary: Bool = false)
        throws(TraceWriterError) -> Int32
    {
        let descriptor = isTemporary
            ? TemporaryFiles.shared.create(file: target) { posixOpen(target, flags | O_CLOEXEC, 0o644) }
            : posixOpen(target, flags | O_CLOEXEC, 0o644)
        if descriptor < 0 { throw TraceWriterError(operation: .open, path: reportedPath, code: errno) }
        return descriptor
    }
}

// File-scope wrappers: inside `TraceWriter`, `open`, `write` and `close` name its own methods.
private func posixOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func posixWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, bytes, count) }
private func posixClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
