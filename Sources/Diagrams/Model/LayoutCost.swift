// What a layout will cost, told before it starts: `dot` cannot be interrupted, and its time grows
// about as the square of the node count on these diagrams (measured on this machine's libgvc
// 2.42: 0.25 s at 1,000 nodes, 5 s at 5,000, 130 s at 20,000).

import Graphviz

/// Estimates of `dot` layout time from a drawing's size.
public enum LayoutCost {
    /// Seconds per node squared: 0.25 s at 1,000 nodes.
    static let secondsPerNodeSquared = 0.25 / 1_000_000
    /// A drawing whose layout is estimated past this is collapsed further (unless the budget is unlimited).
    public static let guardSeconds = 60.0

    /// The estimated layout time of a drawing of `nodes` nodes.
    public static func estimatedSeconds(nodes: Int) -> Double {
        Double(nodes) * Double(nodes) * secondsPerNodeSquared
    }

    /// The most nodes whose layout is estimated within `seconds`.
    static func nodes(withinSeconds seconds: Double) -> Int {
        Int((seconds / secondsPerNodeSquared).squareRoot())
    }

    /// "about 6 s", "about 2 min": the estimate as a progress line says it.
    public static func estimateText(nodes: Int) -> String {
        let seconds = estimatedSeconds(nodes: nodes)
        if seconds < 1 { return "under a second" }
        if seconds < 90 { return "about \(Int(seconds.rounded())) s" }
        return "about \(Int((seconds / 60).rounded())) min"
    }
}

extension Graph {
    /// Nodes the budget counts: all but the legend's.
    public var diagramNodeCount: Int {
        totalNodeCount - subgraphs.filter { $0.id.rawValue == "legend" }.reduce(0) { $0 + $1.totalNodeCount }
    }
}
