// SpanSlotTable: where each open span lives in `SpanNesting`, by span id. An open-addressing
// hash table (linear probing, deletion by backward shift) sized by the number of open spans,
// not by the ids: a trace opens and closes a span on nearly every line, and a `Dictionary`
// spent most of that in seeded hashing and generic code.

/// A map from span id to slot number for the spans open now.
package struct SpanSlotTable: Sendable {
    private struct Entry: Sendable {
        var id: Int64
        /// -1 for an empty entry.
        var slot: Int
    }

    private var entries = [Entry](repeating: Entry(id: 0, slot: -1), count: 16)
    /// `entries.count` is `1 << (64 - shift)`.
    private var shift = 60
    private var count = 0

    package init() {}

    /// Seeded per process: with a fixed multiplier a trace can be written whose span ids all
    /// start probing at the same entry (ids `k * inverse(multiplier)`), making every lookup walk
    /// every open span; the seed makes such a trace a guess.
    private static let seed = UInt64.random(in: .min ... .max)

    /// The first entry to probe for `id`: Fibonacci hashing, so that consecutive ids (what
    /// writers produce) spread over the table.
    @inline(__always)
    private func home(_ id: Int64) -> Int {
        Int(truncatingIfNeeded: ((UInt64(bitPattern: id) ^ SpanSlotTable.seed) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    /// The slot of span `id`, or nil when it is not open.
    @inline(__always)
    package func slot(of id: Int64) -> Int? {
        let mask = entries.count - 1
        var i = home(id)
        while entries[i].slot >= 0 {
            if entries[i].id == id { return entries[i].slot }
            i = (i + 1) & mask
        }
        return nil
    }

    /// Records that span `id` (not in the table) is in `slot`.
    @inline(__always)
    package mutating func insert(_ id: Int64, slot: Int) {
        if (count + 1) * 2 > entries.count { grow() }
        let mask = entries.count - 1
        var i = home(id)
        while entries[i].slot >= 0 { i = (i + 1) & mask }
        entries[i] = Entry(id: id, slot: slot)
        count += 1
    }

    /// Removes span `id` and returns its slot, or nil when it is not open.
    @inline(__always)
    package mutating func remove(_ id: Int64) -> Int? {
        let mask = entries.count - 1
        var hole = home(id)
        while entries[hole].id != id || entries[hole].slot < 0 {
            if entries[hole].slot < 0 { return nil }
            hole = (hole + 1) & mask
        }
        let slot = entries[hole].slot
        // Move later entries of the same probe run back into the hole, so that every entry
        // stays reachable from its home without tombstones.
        var next = hole
        while true {
            next = (next + 1) & mask
            guard entries[next].slot >= 0 else { break }
            let home = home(entries[next].id)
            let reachable = hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
            if !reachable {
                entries[hole] = entries[next]
                hole = next
            }
        }
        entries[hole].slot = -1
        count -= 1
        return slot
    }

    private mutating func grow() {
        let old = entries
        entries = [Entry](repeating: Entry(id: 0, slot: -1), count: old.count * 2)
        shift -= 1
        count = 0
        for entry in old where entry.slot >= 0 { insert(entry.id, slot: entry.slot) }
    }
}
