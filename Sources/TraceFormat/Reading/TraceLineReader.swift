// TraceLineReader: the one line splitter of trace files. Reads a descriptor (a file, a byte
// range of one, standard input) or bytes in memory in chunks with read(2), splits lines with
// memchr, and skips the rest of a line longer than the limit; memory stays bounded by the
// chunk size and the longest line. TraceReader reads through it, and so do the fast paths of
// summary, diff and export (LeanTraceReader.forEachLine).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits a trace into lines, in order. Each line comes without its `\n` (a `\r` before it is
/// kept), with whether a newline ended it: only the last line of the input can lack one.
package final class TraceLineReader {
    package enum Line {
        /// The line's bytes, valid until the next call to ``TraceLineReader/next()``.
        case line(UnsafePointer<UInt8>, count: Int, terminated: Bool)
        /// A line over ``TraceLineReader/maxLineBytes``: its bytes are skipped, up to and
        /// including its newline.
        case tooLong
        /// No more lines (the end of the input or of the range, or a read error: see
        /// ``TraceLineReader/readError``).
        case end
    }

    private enum Source {
        case descriptor(Int32, owned: Bool)
        case memory([UInt8], offset: Int)
    }

    /// The line limit: a line is ``Line/tooLong`` once more than this many of its bytes are
    /// buffered without its newline (a line that arrives whole in one chunk is returned).
    package let maxLineBytes: Int
    private let chunkBytes: Int
    // Used from one thread, never calling out while it updates itself: `@exclusivity(unchecked)`
    // drops run-time checks that would cost several calls on every line.

    /// Bytes consumed so far: every line returned or skipped, with its newline.
    @exclusivity(unchecked) package private(set) var bytesRead = 0
    /// `errno` of the read(2) that failed; reading stopped there (nil while none has).
    package private(set) var readError: Int32?

    @exclusivity(unchecked) private var source: Source
    @exclusivity(unchecked) private var storage: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var capacity: Int
    /// Unconsumed bytes are `storage[start..<end]`; no newline lies in `storage[start..<searchFrom]`.
    @exclusivity(unchecked) private var start = 0
    @exclusivity(unchecked) private var end = 0
    @exclusivity(unchecked) private var searchFrom = 0
    /// Bytes still to read from the descriptor (the rest of the range; `Int.max` without one).
    @exclusivity(unchecked) private var unread: Int
    @exclusivity(unchecked) private var atEndOfInput = false
    /// Skipping the rest of an over-long line.
    @exclusivity(unchecked) private var discardingLine = false

    /// Reads `descriptor` from where it stands, at most `byteLimit` bytes (nil: to its end);
    /// closes it when done if `closing`.
    package init(descriptor: Int32, closing: Bool, byteLimit: Int? = nil, maxLineBytes: Int, chunkBytes: Int) {
        source = .descriptor(descriptor, owned: closing)
        unread = byteLimit.map { Swift.max(0, $0) } ?? .max
        self.maxLineBytes = Swift.max(1, maxLineBytes)
        self.chunkBytes = Swift.max(16, chunkBytes)
        capacity = self.chunkBytes
        storage = .allocate(capacity: capacity)
    }

    /// Reads the bytes of the file at `path` from byte `offset` up to byte `limit` (exclusive;
    /// nil: to the end of the file). Nil when the file cannot be opened or that offset reached.
    package convenience init?(path: String, from offset: Int = 0, to limit: Int? = nil, maxLineBytes: Int,
                              chunkBytes: Int) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        guard lseek(descriptor, off_t(offset), SEEK_SET) == off_t(offset) else {
            _ = lineReaderClose(descriptor)
            return nil
        }
        self.init(descriptor: descriptor, closing: true, byteLimit: limit.map { $0 - offset },
                  maxLineBytes: maxLineBytes, chunkBytes: chunkBytes)
    }

    /// Reads bytes held in memory.
    package init(bytes: [UInt8], maxLineBytes: Int, chunkBytes: Int) {
        source = .memory(bytes, offset: 0)
        unread = .max
        self.maxLineBytes = Swift.max(1, maxLineBytes)
        self.chunkBytes = Swift.max(16, chunkBytes)
        capacity = self.chunkBytes
        storage = .allocate(capacity: capacity)
    }

    deinit {
        storage.deallocate()
        if case .descriptor(let descriptor, true) = source { _ = lineReaderClose(descriptor) }
    }

    /// The next line, an over-long line skipped, or the end.
    package func next() -> Line {
        while true {
            if start < end, let newline = memchr(storage + searchFrom, 0x0A, end - searchFrom) {
                let newlineIndex = storage.distance(to: newline.assumingMemoryBound(to: UInt8.self))
                let lineStart = start
                start = newlineIndex + 1
                searchFrom = start
                bytesRead += newlineIndex + 1 - lineStart
                if discardingLine {
                    discardingLine = false
                    continue
                }
                return .line(UnsafePointer(storage + lineStart), count: newlineIndex - lineStart, terminated: true)
            }
            searchFrom = end
            if discardingLine {
                bytesRead += end - start
                start = 0
                end = 0
                searchFrom = 0
            } else if end - start > maxLineBytes {
                discardingLine = true
                return .tooLong
            }
            if atEndOfInput {
                guard start < end else { return .end }
                let lineStart = start
                let count = end - start
                bytesRead += count
                start = end
                searchFrom = end
                return .line(UnsafePointer(storage + lineStart), count: count, terminated: false)
            }
            fill()
        }
    }

    /// Moves the partial line to the front, grows the buffer if a line fills it, and reads more.
    private func fill() {
        if start > 0 {
            let pending = end - start
            if pending > 0 { storage.update(from: storage + start, count: pending) }
            searchFrom -= start
            end = pending
            start = 0
        }
        if end == capacity {
            let newCapacity = Swift.min(capacity * 2, maxLineBytes + chunkBytes)
            guard newCapacity > capacity else {
                // Cannot happen: a full buffer holds more than maxLineBytes, caught by the caller.
                atEndOfInput = true
                return
            }
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
            grown.update(from: storage, count: end)
            storage.deallocate()
            storage = grown
            capacity = newCapacity
        }
        switch source {
        case .descriptor(let descriptor, _):
            while true {
                let wanted = Swift.min(capacity - end, unread)
                let count = wanted == 0 ? 0 : lineReaderRead(descriptor, storage + end, wanted)
                if count > 0 {
                    end += count
                    unread -= count
                    return
                }
                if count == 0 {
                    atEndOfInput = true
                    return
                }
                if errno == EINTR { continue }
                readError = errno
                atEndOfInput = true
                return
            }
        case .memory(let bytes, let offset):
            let count = Swift.min(capacity - end, bytes.count - offset)
            if count <= 0 {
                atEndOfInput = true
                return
            }
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                (storage + end).update(from: base + offset, count: count)
            }
            end += count
            source = .memory(bytes, offset: offset + count)
        }
    }
}

// File-scope wrappers: inside `TraceLineReader`, `read` and `close` would not name the system calls.
private func lineReaderRead(_ descriptor: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
private func lineReaderClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
