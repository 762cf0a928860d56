// Which rows of a big diagram stay visible within a node budget. Problem rows come first, then
// the slowest, then the earliest; the hidden rows between visible ones become one summary node
// per run. Deterministic: ties break on the row's position.

/// A candidate row for ``RowSelection``.
struct RowCandidate {
    /// Nodes the row draws.
    var cost: Int
    /// Rows users look for (exclusions, failures, unfinished spans) are kept first.
    var isProblem: Bool
    /// Larger is kept earlier among rows of equal problem status (e.g. duration).
    var weight: Int64
}

enum RowSelection {
    /// Which rows to show so that shown rows plus one summary node per hidden run fit `budget`.
    /// All rows are shown when they fit.
    static func visibleRows(_ rows: [RowCandidate], budget: Int) -> [Bool] {
        if rows.reduce(0, { $0 + $1.cost }) <= budget { return Array(repeating: true, count: rows.count) }
        // Rows come out of a heap in order of preference, only as many as are looked at: the
        // budget is reached after a few hundred of a big trace's thousands.
        var order = PreferenceHeap(rows)
        var visible = Array(repeating: false, count: rows.count)
        var total = rows.isEmpty ? 0 : 1  // everything hidden: one summary
        while let index = order.popFirst() {
            // Showing a row splits its hidden run in two, shortens it, or removes it.
            let hiddenBefore = index > 0 && !visible[index - 1]
            let hiddenAfter = index + 1 < rows.count && !visible[index + 1]
            let summaries = hiddenBefore && hiddenAfter ? 1 : (!hiddenBefore && !hiddenAfter ? -1 : 0)
            let next = total + rows[index].cost + summaries
            if next > budget { break }
            visible[index] = true
            total = next
        }
        return visible
    }

    /// The rows' indices in order of preference — problems first, then the heavier, then the
    /// earlier — taken one at a time from a binary heap.
    private struct PreferenceHeap {
        private let rows: [RowCandidate]
        private var heap: [Int]

        init(_ rows: [RowCandidate]) {
            self.rows = rows
            heap = Array(rows.indices)
            var index = heap.count / 2
            while index > 0 {
                index -= 1
                siftDown(index)
            }
        }

        /// Whether row `a` comes before row `b`.
        private func precedes(_ a: Int, _ b: Int) -> Bool {
            if rows[a].isProblem != rows[b].isProblem { return rows[a].isProblem }
            if rows[a].weight != rows[b].weight { return rows[a].weight > rows[b].weight }
            return a < b
        }

        mutating func popFirst() -> Int? {
            guard let first = heap.first else { return nil }
            let last = heap.removeLast()
            if !heap.isEmpty {
                heap[0] = last
                siftDown(0)
            }
            return first
        }

        private mutating func siftDown(_ start: Int) {
            var parent = start
            while true {
                let left = 2 * parent + 1
                guard left < heap.count else { return }
                var best = left
                if left + 1 < heap.count && precedes(heap[left + 1], heap[left]) { best = left + 1 }
                guard precedes(heap[best], heap[parent]) else { return }
                heap.swapAt(parent, best)
                parent = best
            }
        }
    }

    /// Nodes drawn: visible rows plus one summary per run of hidden rows.
    static func cost(_ rows: [RowCandidate], _ visible: [Bool]) -> Int {
        var total = 0
        var inHiddenRun = false
        for (row, shown) in zip(rows, visible) {
            if shown {
                total += row.cost
                inHiddenRun = false
            } else if !inHiddenRun {
                total += 1
                inHiddenRun = true
            }
        }
        return total
    }
}
