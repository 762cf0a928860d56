// Where JSON bytes go: a `[UInt8]` for the public `serialize(into:)` API, or the writer's raw
// buffer, which appends without the array's uniqueness and capacity bookkeeping per call.

/// Something JSON text can be appended to, byte by byte or in runs.
protocol JSONByteSink {
    mutating func appendByte(_ byte: UInt8)
    mutating func appendBytes(_ bytes: UnsafePointer<UInt8>, count: Int)
}

extension Array: JSONByteSink where Element == UInt8 {
    @inline(__always)
    mutating func appendByte(_ byte: UInt8) { append(byte) }

    @inline(__always)
    mutating func appendBytes(_ bytes: UnsafePointer<UInt8>, count: Int) {
        append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
    }
}

/// A growable byte buffer over raw memory. The owner calls ``deallocate()`` exactly once
/// (``TraceWriter`` does in its deinit); copies share the memory, so it is never copied.
struct RawByteBuffer: JSONByteSink {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = max(64, capacity)
        base = .allocate(capacity: self.capacity)
    }

    func deallocate() { base.deallocate() }

    var isEmpty: Bool { count == 0 }

    mutating func removeAll() { count = 0 }

    @inline(__always)
    mutating func appendByte(_ byte: UInt8) {
        if count == capacity { grow(minimum: count + 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func appendBytes(_ bytes: UnsafePointer<UInt8>, count extra: Int) {
        if count + extra > capacity { grow(minimum: count + extra) }
        if extra <= 16 {
            // Most runs are short (keys, identifiers): a loop beats a memmove call.
            for i in 0..<extra { base[count + i] = bytes[i] }
        } else {
            (base + count).update(from: bytes, count: extra)
        }
        count += extra
    }

    private mutating func grow(minimum: Int) {
        var newCapacity = capacity * 2
        while newCapacity < minimum { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }
}
