// SpanIDSet: the span ids a trace has used, for the validator's "id used again" check.
// Writers number spans 1, 2, 3, ..., so a bitmap answers for the usual ids without hashing;
// ids beyond it (hostile or foreign traces) fall back to a Set.

/// A set of span ids: a bitmap for ids in 0..<2^24, a `Set` for the rest.
struct SpanIDSet: Sendable {
    private static let bitmapLimit: Int64 = 1 << 24
    private var words: [UInt64] = []
    private var others = Set<Int64>()

    /// Adds `id`; returns false when it was already there.
    mutating func insert(_ id: Int64) -> Bool {
        guard id >= 0 && id < SpanIDSet.bitmapLimit else { return others.insert(id).inserted }
        let word = Int(id >> 6)
        let bit = UInt64(1) << UInt64(id & 63)
        if word >= words.count {
            words.append(contentsOf: repeatElement(0, count: max(word + 1 - words.count, words.count)))
        }
        if words[word] & bit != 0 { return false }
        words[word] |= bit
        return true
    }

    func contains(_ id: Int64) -> Bool {
        guard id >= 0 && id < SpanIDSet.bitmapLimit else { return others.contains(id) }
        let word = Int(id >> 6)
        return word < words.count && words[word] & (UInt64(1) << UInt64(id & 63)) != 0
    }
}
