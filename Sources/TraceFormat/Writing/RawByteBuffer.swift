// RawByteBuffer: where JSON lines are encoded (the writer's buffer, and the scratch buffer
// behind the public `serialize(into: inout [UInt8])` APIs), and ByteCursor, through which
// encoders append to it with plain stores.

/// A growable byte buffer over raw memory, freed when it goes away (it cannot be copied, so
/// two owners never share its memory). Encoders append through ``withCursor(_:)``.
struct RawByteBuffer: ~Copyable {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = max(64, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    var isEmpty: Bool { count == 0 }

    mutating func removeAll() { count = 0 }

    /// The bytes appended so far, valid until the next append.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Runs `body` with a cursor at the end of the buffer; what it appends is counted when it returns.
    @inline(__always)
    mutating func withCursor<Result>(_ body: (inout ByteCursor) -> Result) -> Result {
        withUnsafeMutablePointer(to: &self) { buffer in
            var cursor = ByteCursor(buffer)
            let result = body(&cursor)
            cursor.finish()
            return result
        }
    }

    /// Makes room for `extra` more bytes past the first `count`, which are kept.
    fileprivate mutating func grow(keeping count: Int, extra: Int) {
        self.count = count
        var newCapacity = capacity * 2
        while newCapacity < count + extra { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }

    fileprivate mutating func setCount(_ newCount: Int) { count = newCount }
}

/// The append position in a ``RawByteBuffer``, held in a local variable so the optimizer keeps
/// it in a register: a store through a byte pointer may alias the buffer's own `count`, which
/// would otherwise be stored and loaded again around every byte. ``reserve(_:)`` makes room
/// for a run of `unchecked` appends; the other appends make room themselves.
struct ByteCursor: ~Copyable {
    /// Where the next byte goes.
    private(set) var position: UnsafeMutablePointer<UInt8>
    private var limit: UnsafeMutablePointer<UInt8>
    private let buffer: UnsafeMutablePointer<RawByteBuffer>

    fileprivate init(_ buffer: UnsafeMutablePointer<RawByteBuffer>) {
        self.buffer = buffer
        position = buffer.pointee.base + buffer.pointee.count
        limit = buffer.pointee.base + buffer.pointee.capacity
    }

    fileprivate func finish() { buffer.pointee.setCount(position - buffer.pointee.base) }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if extra > limit - position { grow(extra) }
    }

    @inline(never)
    private mutating func grow(_ extra: Int) {
        buffer.pointee.grow(keeping: position - buffer.pointee.base, extra: extra)
        position = buffer.pointee.base + buffer.pointee.count
        limit = buffer.pointee.base + buffer.pointee.capacity
    }

    /// Where the next byte goes, as an offset from the start of the buffer (unlike
    /// ``position``, it stays valid when the buffer grows).
    var offset: Int { position - buffer.pointee.base }

    /// The bytes appended from `offset` on, valid until the next append.
    func bytes(from offset: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: buffer.pointee.base + offset, count: position - (buffer.pointee.base + offset))
    }

    /// Counts `written` bytes stored at ``position`` as appended (after a ``reserve(_:)``).
    @inline(__always)
    mutating func advance(by written: Int) { position += written }

    // MARK: Appends that make room themselves

    @inline(__always)
    mutating func appendByte(_ byte: UInt8) {
        reserve(1)
        appendUnchecked(byte)
    }

    @inline(__always)
    mutating func appendBytes(_ bytes: UnsafePointer<UInt8>, count: Int) {
        reserve(count)
        ByteCursor.copy(bytes, to: position, count: count)
        position += count
    }

    /// Appends a literal's UTF-8 bytes (its length is a constant once inlined: the copy
    /// becomes a few moves).
    @inline(__always)
    mutating func appendLiteral(_ literal: StaticString) {
        reserve(literal.utf8CodeUnitCount)
        appendUnchecked(literal)
    }

    // MARK: Unchecked appends (after `reserve`)

    @inline(__always)
    mutating func appendUnchecked(_ byte: UInt8) {
        position.initialize(to: byte)
        position += 1
    }

    @inline(__always)
    mutating func appendUnchecked(_ literal: StaticString) {
        position.update(from: literal.utf8Start, count: literal.utf8CodeUnitCount)
        position += literal.utf8CodeUnitCount
    }

    /// Copies `count` bytes. Runs of up to 16 bytes (keys, identifiers, numbers: nearly every
    /// run) take two overlapping loads and stores instead of a memmove call or a byte loop.
    @inline(__always)
    static func copy(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count: Int) {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(target)
        if count >= 8 {
            guard count <= 16 else {
                target.update(from: source, count: count)
                return
            }
            let head = from.loadUnaligned(as: UInt64.self)
            let last = from.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: last, toByteOffset: count &- 8, as: UInt64.self)
        } else if count >= 4 {
            let head = from.loadUnaligned(as: UInt32.self)
            let last = from.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: last, toByteOffset: count &- 4, as: UInt32.self)
        } else if count > 0 {
            // 1 to 3 bytes: first, middle and last cover them all.
            target[0] = source[0]
            target[count >> 1] = source[count >> 1]
            target[count &- 1] = source[count &- 1]
        }
    }
}

extension Array where Element == UInt8 {
    /// Appends what `encode` writes, through a scratch ``RawByteBuffer`` (the public
    /// `serialize(into:)` APIs; the writer encodes into its own buffer directly).
    mutating func appendEncoded(_ encode: (inout ByteCursor) -> Void) {
        var scratch = RawByteBuffer(capacity: 256)
        scratch.withCursor(encode)
        append(contentsOf: scratch.bytes)
    }
}
