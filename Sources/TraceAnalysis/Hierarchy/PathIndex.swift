// PathIndex: dense integer ids for restoration paths, so analyses hash each `[String]` path
// once instead of once per table, and records about the object just seen cost no hash at all.

import TraceFormat

/// Numbers restoration paths 0, 1, 2... in the order they are first seen.
///
/// Hashing a path hashes every byte of every component, and traces repeat the same path on
/// consecutive records (a span's begin and end, a locate then its decode). The last path looked
/// up is kept: comparing against it is cheap because the reader shares component strings, so a
/// repeat costs a comparison instead of a hash.
struct PathIndex: Sendable {
    /// The paths by id.
    private(set) var paths: [[String]] = []
    private var ids: [Key: Int] = [:]
    private var last: (path: [String], id: Int)?
    /// Ids by the storage of the path arrays recently looked up: the reader hands out one array
    /// for every record with the same path text, so most lookups are a comparison of addresses
    /// instead of a hash of every byte. Each slot keeps its array alive, so no other array can
    /// take that address while the slot holds it (and shared storage is never changed in place).
    private var recent: [Recent] = []
    private struct Recent: Sendable {
        var path: [String]
        var id: Int
    }
    private static let recentSlotCount = 8192

    init() {}

    /// The id of `path`, numbering it when it is new.
    mutating func id(of path: [String]) -> Int {
        if let last, last.path == path { return last.id }
        let address = path.storageAddress
        let slot = PathIndex.slot(for: address)
        if let id = recentID(of: path, address: address, slot: slot) {
            last = (path, id)
            return id
        }
        // One hash whether or not the path is new: the default is stored when it is absent.
        let next = paths.count
        let id = PathIndex.value(&ids[Key(path), default: next])
        if id == next { paths.append(path) }
        last = (path, id)
        if address != 0 {
            if recent.isEmpty { recent = Array(repeating: Recent(path: [], id: -1), count: PathIndex.recentSlotCount) }
            recent[slot] = Recent(path: path, id: id)
        }
        return id
    }

    /// The id of `path`, or nil when it has not been numbered.
    func existingID(of path: [String]) -> Int? {
        if let last, last.path == path { return last.id }
        let address = path.storageAddress
        if let id = recentID(of: path, address: address, slot: PathIndex.slot(for: address)) { return id }
        return ids[Key(path)]
    }

    /// The id cached for this very array storage, if any.
    @inline(__always)
    private func recentID(of path: [String], address: UInt, slot: Int) -> Int? {
        guard address != 0, slot < recent.count else { return nil }
        let entry = recent[slot]
        guard entry.path.count == path.count, entry.path.storageAddress == address else { return nil }
        return entry.id
    }

    @inline(__always)
    private static func slot(for address: UInt) -> Int {
        Int(truncatingIfNeeded: (address >> 4) ^ (address >> 14)) & (recentSlotCount - 1)
    }

    var count: Int { paths.count }

    private static func value(_ slot: inout Int) -> Int { slot }

    /// A path and its hash, worked out once. `Hasher` would run SipHash over every byte of every
    /// component at each lookup and again for every key each time the table grows; FNV-1a
    /// (``StableHash``) costs a fraction of that per byte, and growing rehashes one integer.
    private struct Key: Hashable, Sendable {
        let path: [String]
        let hash: UInt64

        init(_ path: [String]) {
            var hash = StableHash(seed: Key.seed)
            for component in path { hash.combine(component) }
            self.path = path
            self.hash = hash.value
        }

        /// Seeded per process, so a trace cannot be made of paths that all collide.
        private static let seed = UInt64.random(in: .min ... .max)

        static func == (a: Key, b: Key) -> Bool { a.hash == b.hash && a.path == b.path }
        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }
}
