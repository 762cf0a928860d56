// StateCoder: the keyed coder one restorable object writes to and reads from. Every object
// has its own (rule 5), so app keys never collide; restorable objects are written as
// references — their identifier path only (rule 8) — and everything else as plain JSON data.

import TraceFormat

/// One object's portion of the archive: plain values by key, plus references to other
/// restorable objects. Mirrors `NSCoder` as UIKit hands it to `encodeRestorableState(with:)`.
public final class StateCoder {
    /// One stored entry.
    /// One key and what it holds.
    struct KeyedSlot {
        var key: String
        var slot: Slot
    }

    enum Slot {
        case value(JSONValue)
        /// While encoding: the objects referenced; they get their paths when the walk reaches them.
        case objects([(any RestorableObject)?], isList: Bool)
        /// While decoding: the archived paths.
        case paths([RestorationPath?], isList: Bool)
    }

    /// The restoration path of the object this coder belongs to (empty for the application coder).
    public let restorationPath: [String]
    /// Slots in write order. Coders hold a handful of keys, so lookups scan: cheaper than a
    /// dictionary per object when there are 100,000 objects.
    private(set) var slots: [KeyedSlot] = []
    /// Reserved-key writes and errors reported by the app, turned into `error` records.
    private(set) var problems: [String] = []
    /// `NSCoder.requiresSecureCoding`: true for every coder of a run under the secure pair (rule 40).
    public internal(set) var requiresSecureCoding = false
    /// The first value this coder refused under secure coding while encoding (rule 42).
    var encodingViolation: SecureCodingViolation?
    /// Resolves archived paths to the objects found at relaunch.
    private let resolve: (RestorationPath) -> (any RestorableObject)?

    init(restorationPath: [String], resolve: @escaping (RestorationPath) -> (any RestorableObject)? = { _ in nil }) {
        self.restorationPath = restorationPath
        self.resolve = resolve
    }

    // MARK: Encoding

    /// Writes a plain value. Keys UIKit reserves (``StateCoderKey``) are refused with an `error` record.
    public func encode(_ value: JSONValue, forKey key: String) {
        guard !StateCoderKey.isRefusedForApps(key) else {
            problems.append("the key \"\(key)\" is reserved by UIKit; the value was not written. Use a key of your own")
            return
        }
        if let depth = Self.nestingDepth(of: value), depth > ArchiveByteReader.maximumValueDepth {
            problems.append("the value for \"\(key)\" nests \(depth) levels deep; the archive holds at most "
                + "\(ArchiveByteReader.maximumValueDepth). It was not written: store something flatter")
            return
        }
        store(.value(value), forKey: key)
    }

    /// How deeply arrays and objects nest in `value` (nil for a scalar), measured iteratively.
    static func nestingDepth(of value: JSONValue) -> Int? {
        // The common cases, a flat array or object of scalars, are answered without a stack.
        switch value {
        case .array(let items):
            if !items.contains(where: Self.isContainer) { return 1 }
        case .object(let object):
            if !object.members.contains(where: { Self.isContainer($0.value) }) { return 1 }
        default: return nil
        }
        var deepest = 0
        var pending: [(JSONValue, Int)] = [(value, 1)]
        while let (next, depth) = pending.popLast() {
            switch next {
            case .array(let items):
                deepest = max(deepest, depth)
                for item in items { pending.append((item, depth + 1)) }
            case .object(let object):
                deepest = max(deepest, depth)
                for member in object.members { pending.append((member.value, depth + 1)) }
            default: break
            }
        }
        return deepest
    }

    private static func isContainer(_ value: JSONValue) -> Bool {
        switch value {
        case .array, .object: return true
        default: return false
        }
    }

    public func encode(_ value: String, forKey key: String) { encode(.string(value), forKey: key) }
    public func encode(_ value: Int, forKey key: String) { encode(.int(Int64(value)), forKey: key) }
    public func encode(_ value: Double, forKey key: String) { encode(.double(value), forKey: key) }
    public func encode(_ value: Bool, forKey key: String) { encode(.bool(value), forKey: key) }

    /// Writes a reference to a restorable object: only its restoration path goes into this coder;
    /// the object's own state is encoded separately, in its own coder (rule 8).
    public func encode(_ object: (any RestorableObject)?, forKey key: String) {
        guard !StateCoderKey.isRefusedForApps(key) else {
            problems.append("the key \"\(key)\" is reserved by UIKit; the reference was not written. Use a key of your own")
            return
        }
        store(.objects([object], isList: false), forKey: key)
    }

    /// Writes references to several restorable objects, in order (a navigation stack, tabs, ...).
    public func encode(_ objects: [any RestorableObject], forKey key: String) {
        guard !StateCoderKey.isRefusedForApps(key) else {
            problems.append("the key \"\(key)\" is reserved by UIKit; the references were not written. Use a key of your own")
            return
        }
        store(.objects(objects.map { $0 }, isList: true), forKey: key)
    }

    /// Records an `error` record at this object's path; the run goes on.
    public func reportError(_ message: String) { problems.append(message) }

    /// Writes a reserved key: only the engine does this.
    func encodeSystemValue(_ value: JSONValue, forKey key: String) { store(.value(value), forKey: key) }

    /// Writes references under one of UIKit's own keys (``StateCoderKey/containerKeys``): only the engine does this.
    func encodeSystemReferences(_ objects: [any RestorableObject], forKey key: String) {
        store(.objects(objects.map { $0 }, isList: true), forKey: key)
    }

    /// Writes one reference under one of UIKit's own keys: only the engine does this.
    func encodeSystemReference(_ object: (any RestorableObject)?, forKey key: String) {
        store(.objects([object], isList: false), forKey: key)
    }

    private func store(_ slot: Slot, forKey key: String) {
        if let existing = position(ofKey: key) {
            slots[existing].slot = slot
        } else {
            slots.append(KeyedSlot(key: key, slot: slot))
        }
    }

    /// Makes room for `count` slots at once (a decoding coder knows how many it gets).
    func reserveSlots(_ count: Int) { slots.reserveCapacity(count) }

    /// Appends without looking for an earlier slot of the same key (archived slots are unique).
    func appendArchived(_ slot: Slot, forKey key: String) { slots.append(KeyedSlot(key: key, slot: slot)) }

    private func position(ofKey key: String) -> Int? {
        // Comparing lengths first skips most text comparisons (many keys share a long prefix).
        let length = key.utf8.count
        return slots.firstIndex { $0.key.utf8.count == length && $0.key == key }
    }

    // MARK: Decoding

    /// Every key this coder holds, in the order they were written.
    public var allKeys: [String] { slots.map(\.key) }

    /// The keys apps wrote (every key except UIKit's own), in order.
    public var appKeys: [String] { slots.compactMap { StateCoderKey.isReserved($0.key) ? nil : $0.key } }

    public func containsValue(forKey key: String) -> Bool { position(ofKey: key) != nil }

    /// The plain value stored under `key`; nil when absent or when `key` holds a reference.
    public func decodeValue(forKey key: String) -> JSONValue? {
        guard let position = position(ofKey: key), case .value(let value) = slots[position].slot else { return nil }
        return value
    }

    public func decodeString(forKey key: String) -> String? { decodeValue(forKey: key)?.stringValue }
    public func decodeBool(forKey key: String) -> Bool? { decodeValue(forKey: key)?.boolValue }
    public func decodeDouble(forKey key: String) -> Double? { decodeValue(forKey: key)?.doubleValue }
    public func decodeInteger(forKey key: String) -> Int? {
        guard let value = decodeValue(forKey: key)?.intValue, let int = Int(exactly: value) else { return nil }
        return int
    }

    /// The object a reference under `key` points to, as located at relaunch; nil when it was
    /// not archived, not found, or excluded.
    public func decodeObject(forKey key: String) -> (any RestorableObject)? {
        decodeObjects(forKey: key).first ?? nil
    }

    /// The objects a list of references points to, in order; nil where one was not restored.
    public func decodeObjects(forKey key: String) -> [(any RestorableObject)?] {
        guard let position = position(ofKey: key) else { return [] }
        switch slots[position].slot {
        case .paths(let paths, _): return paths.map { path in path.flatMap(resolve) }
        case .objects(let objects, _): return objects
        case .value: return []
        }
    }

    /// The archived paths under `key` (decoding side), for engine decisions such as stack truncation.
    func archivedPaths(forKey key: String) -> [RestorationPath?] {
        guard let position = position(ofKey: key), case .paths(let paths, _) = slots[position].slot else { return [] }
        return paths
    }
}
