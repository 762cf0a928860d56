// The readers of a few fields (summary, diff) on the record-line scanner: a record with its
// core fields and a few named attributes, built from what `RecordLineScanner` found, without
// the full parser's per-member Strings. `KeptAttributeNames` tells those attributes from their
// key's bytes; `TraceTable.scan` uses it too.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Attribute names to keep, matched against a scanned member's key text without making a String.
package struct KeptAttributeNames: Sendable {
    /// What a member's key is.
    package enum Match {
        /// The name at this index of ``names``.
        case kept(Int)
        /// Another name.
        case other
        /// A key written with an escape or with non-ASCII bytes: only a parser can say which name
        /// it is (an escape decodes; Swift compares non-ASCII names by canonical equivalence, so
        /// `"\u{212A}"`, the Kelvin sign, is the name `K`).
        case undecided
    }

    /// The names, in the order given.
    package let names: [String]
    /// The names of at most 24 bytes: their length and bytes as three little-endian words
    /// (zeros past the end), compared eight bytes at a time.
    private let short: [(index: Int, count: Int, words: (UInt64, UInt64, UInt64))]
    /// Longer names, compared byte by byte.
    private let long: [(index: Int, bytes: [UInt8])]

    /// A name given twice matches its first index.
    package init(_ names: [String]) {
        self.names = names
        var short: [(index: Int, count: Int, words: (UInt64, UInt64, UInt64))] = []
        var long: [(index: Int, bytes: [UInt8])] = []
        for (index, name) in names.enumerated() where !names[..<index].contains(name) {
            let bytes = Array(name.utf8)
            guard bytes.count <= 24 else {
                long.append((index, bytes))
                continue
            }
            var words: [UInt64] = [0, 0, 0]
            for (offset, byte) in bytes.enumerated() { words[offset / 8] |= UInt64(byte) << UInt64(offset % 8 * 8) }
            short.append((index, bytes.count, (words[0], words[1], words[2])))
        }
        self.short = short
        self.long = long
    }

    /// Which name the key of `member` (in the `count` bytes at `line`) is.
    @inline(__always)
    package func match(_ member: ScannedMember, in line: UnsafePointer<UInt8>, count: Int) -> Match {
        let nameStart = member.keyStart + 1
        let nameCount = member.keyEnd - member.keyStart - 2
        // Plain ASCII names up to the closing quote: their bytes are the name.
        let text = UnsafeBufferPointer(start: line, count: count)
        guard JSONStringBytes.firstSpecial(in: text, from: nameStart, stopAtNonASCII: true) == nameStart + nameCount else {
            return .undecided
        }
        if nameCount <= 24 {
            let text = JSONScanner(base: line, count: count)
            let first = text.word(at: nameStart) & JSONScanner.lowBytesMask(nameCount)
            for kept in short where kept.count == nameCount && kept.words.0 == first {
                if nameCount > 8 {
                    let second = text.word(at: nameStart + 8)
                    guard second & JSONScanner.lowBytesMask(nameCount - 8) == kept.words.1 else { continue }
                }
                if nameCount > 16 {
                    let third = text.word(at: nameStart + 16)
                    guard third & JSONScanner.lowBytesMask(nameCount - 16) == kept.words.2 else { continue }
                }
                return .kept(kept.index)
            }
        } else {
            for kept in long where kept.bytes.count == nameCount && memcmp(line + nameStart, kept.bytes, nameCount) == 0 {
                return .kept(kept.index)
            }
        }
        return .other
    }
}

extension RecordLineScanner {
    /// The record on `line` (no newline) with its core fields and the attributes `kept` names, in
    /// line order: what ``TraceReader`` returns with ``TraceReaderOptions/keptAttributes`` set to
    /// those names, except that an `E` record's class is left out, and its path too unless
    /// `wantsEndPath(span)` (readers take both from the `B` record). Nil when the line must go
    /// through the reader (it is malformed, or has something the scanner does not handle); nil
    /// never means the line is wrong. Strings and paths come through `interner`'s caches.
    package static func record(
        _ line: UnsafeBufferPointer<UInt8>, keeping kept: KeptAttributeNames, interner: StringInterner,
        wantsEndPath: (Int64) -> Bool
    ) -> TraceRecord? {
        guard let base = line.baseAddress else { return nil }
        let count = line.count
        var attributes: [TraceAttribute] = []
        let scanned = scan(base, count: count, interner: interner, unknownKinds: true) { member in
            switch kept.match(member, in: base, count: count) {
            case .other:
                return true
            case .undecided:
                return false
            case .kept(let index):
                guard let parsed = value(base, start: member.valueStart, end: member.valueEnd, interner: interner) else {
                    return false
                }
                attributes.append(TraceAttribute(kept.names[index], parsed))
                return true
            }
        }
        guard let scanned, let kind = kind(of: scanned, in: base, interner: interner) else { return nil }
        var path: [String]?
        if scanned.pathEnd > scanned.pathStart, scanned.phase != .end || wantsEndPath(scanned.span) {
            path = RecordLineParser.path(base, start: scanned.pathStart, end: scanned.pathEnd, interner: interner)
            if path == nil { return nil }
        }
        var className: String?
        if scanned.classEnd > scanned.classStart, scanned.phase != .end {
            className = string(base, start: scanned.classStart, end: scanned.classEnd, interner: interner)
            if className == nil { return nil }
        }
        return TraceRecord(
            seq: scanned.seq, ts: scanned.ts, phase: scanned.phase, span: scanned.spanID, kind: kind, path: path,
            className: className, thread: scanned.thread, attributes: attributes)
    }

    /// The kind of a record scanned from `line`: a known one, or the text of another.
    package static func kind(of record: ScannedRecord, in line: UnsafePointer<UInt8>, interner: StringInterner?) -> RecordKind? {
        if record.knownKind >= 0 { return RecordKind.known[record.knownKind] }
        return string(line, start: record.kindStart, end: record.kindEnd, interner: interner).map(RecordKind.init(rawValue:))
    }

    /// The JSON value (already checked) whose text is `line[start..<end]`.
    package static func value(_ line: UnsafePointer<UInt8>, start: Int, end: Int, interner: StringInterner?) -> JSONValue? {
        var scanner = JSONScanner(base: line, count: end, index: start)
        scanner.interner = interner
        guard let value = try? scanner.parseValue(depth: 1), scanner.index == end else { return nil }
        return value
    }

    /// The JSON string (already checked) whose text, quotes included, is `line[start..<end]`.
    package static func string(_ line: UnsafePointer<UInt8>, start: Int, end: Int, interner: StringInterner?) -> String? {
        var scanner = JSONScanner(base: line, count: end, index: start)
        scanner.interner = interner
        guard let text = try? scanner.parseString(), scanner.index == end else { return nil }
        return text
    }
}
