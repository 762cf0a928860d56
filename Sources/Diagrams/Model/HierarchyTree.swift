// The drawable tree behind the `hierarchy` view, whichever source it came from (a trace's
// TraceHierarchy or a scenario), and how it is cut down to a node budget: subtrees beyond a
// depth and siblings beyond a count become summary nodes with outcome counts.

import Graphviz

/// One object of the hierarchy view.
struct HierarchyItem {
    var title: String
    var lines: [String]
    var shape: NodeShape
    var tone: Tone
    /// The outcome name counted in summaries ("restored", "excluded", ...).
    var outcomeName: String
    /// How it hangs from its parent (`presents`, `view`), nil for a plain child.
    var edgeLabel: String?
    var children: [Int] = []
    /// A node of the trace's hierarchy (or, numbered after the nodes, an exclusion without a
    /// path) whose title, lines and shape are worked out only if it is drawn (a big trace draws a
    /// few hundred of its thousands of objects); nil when the item carries them itself.
    var traceNode: Int?
    /// The object of the trace it stands for (nil for a scenario's items).
    var subject: DrawnSubject?
    /// The restoration path, when the item has one (its id is made from it); nil for a trace
    /// node, whose path is its node's.
    var path: [String]?
    /// What its tooltip says, for an item that describes itself.
    var facts = DiagramFacts()

    init(title: String, lines: [String], shape: NodeShape, tone: Tone, outcomeName: String, edgeLabel: String? = nil) {
        self.title = title
        self.lines = lines
        self.shape = shape
        self.tone = tone
        self.outcomeName = outcomeName
        self.edgeLabel = edgeLabel
    }

    /// An item for trace node `traceNode`, described when drawn.
    init(traceNode: Int, tone: Tone, outcomeName: String) {
        self.init(title: "", lines: [], shape: .box, tone: tone, outcomeName: outcomeName)
        self.traceNode = traceNode
    }
}

/// A forest of ``HierarchyItem``s.
struct HierarchyTree {
    var items: [HierarchyItem] = []
    var roots: [Int] = []
    /// The distinct outcome names, and each item's by number there: summaries count thousands
    /// of hidden items, and a number is counted without hashing a string.
    private(set) var outcomeNames: [String] = []
    private var outcomeNumbers: [String: Int] = [:]
    private(set) var outcomeOfItem: [Int] = []

    mutating func add(_ item: HierarchyItem, parent: Int?) -> Int {
        let index = items.count
        items.append(item)
        if let parent { items[parent].children.append(index) } else { roots.append(index) }
        if let number = outcomeNumbers[item.outcomeName] {
            outcomeOfItem.append(number)
        } else {
            outcomeNumbers[item.outcomeName] = outcomeNames.count
            outcomeOfItem.append(outcomeNames.count)
            outcomeNames.append(item.outcomeName)
        }
        return index
    }

    /// What is drawn: each visible item with the children it shows, and the summaries.
    struct Cut {
        var shownRoots: [Int] = []
        var shownChildren: [Int: [Int]] = [:]
        /// For a visible item (nil: the roots), the items whose subtrees a summary stands for.
        var summaries: [Int?: [Int]] = [:]
        var visibleCount = 0
    }

    /// The largest drawing within `budget` nodes: for each depth limit, as many siblings per
    /// parent as fit; the depth that shows the most nodes wins (the deeper one on a tie).
    /// Problem subtrees are shown before clean ones; order is kept.
    func cut(budget: Int, maximumDepth depthCap: Int? = nil) -> Cut {
        let problems = problemSubtrees()
        let split = SplitChildren(tree: self, problems: problems)
        let maximumFanout = max(1, roots.count, items.lazy.map { $0.children.count }.max() ?? 0)
        // The search needs only node counts (each stops once past the budget); the cut itself
        // is built once, for the winner.
        var best: (fanout: Int, depthLimit: Int, count: Int)?
        // The widest fanout that fits can only shrink as the limit deepens, and a limit past the
        // budget cannot fit: each search starts from the last one's answer.
        var widest = maximumFanout
        for depthLimit in 1...max(1, min(maximumDepth(), depthCap ?? Int.max, budget)) {
            var low = 1
            var high = widest
            var fitting: (fanout: Int, count: Int)?
            while low <= high {
                let middle = (low + high) / 2
                let count = visibleCount(fanout: middle, depthLimit: depthLimit, split: split, budget: budget)
                if count <= budget {
                    fitting = (middle, count)
                    low = middle + 1
                } else {
                    high = middle - 1
                }
            }
            guard let fitting else { break }
            widest = fitting.fanout
            if fitting.count >= best?.count ?? 0 { best = (fitting.fanout, depthLimit, fitting.count) }
        }
        guard let best else { return cut(fanout: 1, depthLimit: 1, problems: problems) }
        return cut(fanout: best.fanout, depthLimit: best.depthLimit, problems: problems)
    }

    /// Each item's children (and the roots) split into those whose subtrees hold a problem and
    /// the others, in order: counting a cut then visits only what it shows, however many
    /// siblings it hides (a parent of 10,000 children costs its fanout, not 10,000).
    struct SplitChildren {
        var problem: [[Int]]
        var clean: [[Int]]
        var rootProblem: [Int] = []
        var rootClean: [Int] = []

        init(tree: HierarchyTree, problems: [Bool]) {
            problem = Array(repeating: [], count: tree.items.count)
            clean = Array(repeating: [], count: tree.items.count)
            for index in tree.items.indices {
                for child in tree.items[index].children {
                    if problems[child] { problem[index].append(child) } else { clean[index].append(child) }
                }
            }
            for root in tree.roots {
                if problems[root] { rootProblem.append(root) } else { rootClean.append(root) }
            }
        }
    }

    /// What ``cut(fanout:depthLimit:problems:)`` would count as visible, without building the
    /// cut, and stopping at `budget + 1` once the count passes the budget.
    func visibleCount(fanout: Int, depthLimit: Int, split: SplitChildren, budget: Int) -> Int {
        var count = 0
        /// Visits the shown candidates (the same ones ``choose`` shows: problems first up to the
        /// fanout, then clean ones while room is left; the count does not depend on their order);
        /// true when some are hidden.
        func visitShown(problem: [Int], clean: [Int], depth: Int) -> Bool {
            let problemShown = min(problem.count, fanout)
            let cleanShown = min(clean.count, fanout - problemShown)
            for candidate in problem.prefix(problemShown) where count <= budget { visit(candidate, depth: depth) }
            for candidate in clean.prefix(cleanShown) where count <= budget { visit(candidate, depth: depth) }
            return problemShown + cleanShown < problem.count + clean.count
        }
        func visit(_ index: Int, depth: Int) {
            guard count <= budget else { return }
            count += 1
            guard !items[index].children.isEmpty else { return }
            if depth >= depthLimit {
                count += 1
                return
            }
            if visitShown(problem: split.problem[index], clean: split.clean[index], depth: depth + 1) { count += 1 }
        }
        if visitShown(problem: split.rootProblem, clean: split.rootClean, depth: 1) { count += 1 }
        // Past the budget by one at most; no `budget + 1`, which overflows for an unlimited one.
        return count > budget ? budget + 1 : count
    }

    /// The choice both ``cut(fanout:depthLimit:problems:)`` and ``visibleCount(fanout:depthLimit:split:budget:)``
    /// make among siblings: the first `fanout` by rank (problem subtrees first, then order), shown
    /// in order: all problem candidates up to `fanout`, and clean ones while room is left. Calls
    /// `body` with each candidate, in order, and whether it is shown. Linear, no sort.
    private static func choose(_ candidates: [Int], fanout: Int, problems: [Bool], _ body: (_ candidate: Int, _ shown: Bool) -> Void) {
        guard candidates.count > fanout else {
            for candidate in candidates { body(candidate, true) }
            return
        }
        let problemCount = candidates.reduce(0) { $0 + (problems[$1] ? 1 : 0) }
        var problemRoom = min(problemCount, fanout)
        var cleanRoom = fanout - problemRoom
        for candidate in candidates {
            let shown = problems[candidate] ? problemRoom > 0 : cleanRoom > 0
            if shown {
                if problems[candidate] { problemRoom -= 1 } else { cleanRoom -= 1 }
            }
            body(candidate, shown)
        }
    }

    /// One cut: at most `fanout` children per parent (problem subtrees first), `depthLimit` deep.
    func cut(fanout: Int, depthLimit: Int, problems: [Bool]) -> Cut {
        var result = Cut()
        func choose(_ candidates: [Int]) -> (shown: [Int], hidden: [Int]) {
            if candidates.count <= fanout { return (candidates, []) }
            var shown: [Int] = []
            var hidden: [Int] = []
            shown.reserveCapacity(fanout)
            hidden.reserveCapacity(candidates.count - fanout)
            HierarchyTree.choose(candidates, fanout: fanout, problems: problems) { candidate, isShown in
                if isShown { shown.append(candidate) } else { hidden.append(candidate) }
            }
            return (shown, hidden)
        }
        func visit(_ index: Int, depth: Int) {
            result.visibleCount += 1
            let children = items[index].children
            guard !children.isEmpty else { return }
            if depth >= depthLimit {
                result.summaries[index] = children
                result.visibleCount += 1
                return
            }
            let (shown, hidden) = choose(children)
            result.shownChildren[index] = shown
            if !hidden.isEmpty {
                result.summaries[index] = hidden
                result.visibleCount += 1
            }
            for child in shown { visit(child, depth: depth + 1) }
        }
        let (shownRoots, hiddenRoots) = choose(roots)
        if !hiddenRoots.isEmpty {
            result.summaries[nil] = hiddenRoots
            result.visibleCount += 1
        }
        for root in shownRoots { visit(root, depth: 1) }
        result.shownRoots = shownRoots
        return result
    }

    /// Outcome names counted over the subtrees of `indices`, and which of them are problems.
    func outcomeCounts(_ indices: [Int]) -> (objects: Int, counts: [String: Int], problems: Set<String>) {
        var tally = [Int](repeating: 0, count: outcomeNames.count)
        var problems = Set<String>()
        var objects = 0
        var stack = indices
        while let index = stack.popLast() {
            objects += 1
            tally[outcomeOfItem[index]] += 1
            if items[index].tone.isProblem { problems.insert(items[index].outcomeName) }
            stack.append(contentsOf: items[index].children)
        }
        var counts: [String: Int] = [:]
        for (number, count) in tally.enumerated() where count > 0 { counts[outcomeNames[number]] = count }
        return (objects, counts, problems)
    }

    /// Whether each item's subtree holds a problem.
    func problemSubtrees() -> [Bool] {
        var result = Array(repeating: false, count: items.count)
        // Children always come after their parents, so a reverse sweep sees children first.
        for index in items.indices.reversed() {
            result[index] = items[index].tone.isProblem || items[index].children.contains { result[$0] }
        }
        return result
    }

    func maximumDepth() -> Int {
        var depth = Array(repeating: 1, count: items.count)
        var deepest = 1
        for index in items.indices {
            for child in items[index].children {
                depth[child] = depth[index] + 1
                deepest = max(deepest, depth[child])
            }
        }
        return deepest
    }
}
