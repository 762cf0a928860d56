// What a caller chooses about a diagram: which view, which theme, how big, whether to show heat.

/// The three views of a trace or scenario.
public enum DiagramView: String, Sendable, Hashable, CaseIterable {
    /// The process as it ran: preservation and restoration steps, per object, in order.
    case flow
    /// The object tree by restoration path, each object coloured by what became of it.
    case hierarchy
    /// For each restored object, the steps of the relaunch search and which one answered.
    case locate
}

/// Light (the default) or dark colours.
public enum DiagramTheme: String, Sendable, Hashable, CaseIterable {
    case light, dark
}

/// How a diagram is drawn.
public struct DiagramOptions: Sendable, Hashable {
    /// The default node budget: keeps `dot` layout of any view under about two seconds
    /// (see Benchmarks/render.sh).
    public static let defaultMaximumNodes = 400
    /// The smallest budget: below it a drawing cannot say what it collapsed.
    public static let minimumNodes = 20
    /// No budget (`--max-nodes 0`): everything is drawn, however long the layout takes.
    public static let unlimited = Int.max

    public var theme: DiagramTheme
    /// Past this many nodes (the legend aside), rows, steps and subtrees are collapsed into
    /// summary nodes (at least ``minimumNodes``; ``unlimited`` for none).
    public var maximumNodes: Int
    /// Colour step nodes of the flow view by how long they took.
    public var heat: Bool
    /// Which part of the trace is drawn (everything by default).
    public var focus: DiagramFocus
    public init(theme: DiagramTheme = .light, maximumNodes: Int = DiagramOptions.defaultMaximumNodes, heat: Bool = false,
                focus: DiagramFocus = DiagramFocus()) {
        self.theme = theme
        self.maximumNodes = max(DiagramOptions.minimumNodes, maximumNodes)
        self.heat = heat
        self.focus = focus
    }
}
