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
        let order = rows.indices.sorted { a, b in
            if rows[a].isProblem != rows[b].isProblem { return rows[a].isProblem }
            if rows[a].weight != rows[b].weight { return rows[a].weight > rows[b].weight }
            return a < b
        }
        var visible = Array(repeating: false, count: rows.count)
        var total = rows.isEmpty ? 0 : 1  // everything hidden: one summary
        for index in order {
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
