// ThreadNumbers: a small number for each thread a trace names, so that per-thread state
// (span stacks, last timestamps) lives in arrays and open spans carry no String.

/// Numbers threads in order of first use: 0 is the main thread (no `thread` field), 1 the
/// first named thread, and so on.
struct ThreadNumbers: Sendable {
    private var numbers: [String: Int] = [:]
    /// `names[n]` is thread `n` (nil for the main thread).
    private(set) var names: [String?] = [nil]

    init() {}

    /// The number of `thread`, given one on its first use.
    @inline(__always)
    mutating func number(of thread: String?) -> Int {
        guard let thread else { return 0 }
        if let number = numbers[thread] { return number }
        let number = names.count
        numbers[thread] = number
        names.append(thread)
        return number
    }
}
