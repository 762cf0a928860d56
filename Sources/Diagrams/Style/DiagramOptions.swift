// What a caller chooses about a diagram: which view, which theme, how big, whether to show heat,
// what the legend shows.

/// The three views of a trace or scenario.
public enum DiagramView: String, Sendable, Hashable, CaseIterable {
    /// The process as it ran: preservation and restoration steps, per object, in order.
    case flow
    /// The object tree by restoration path, each object coloured by what became of it.
    case hierarchy
    /// For each restored object, the steps of the relaunch search and which one answered.
    case locate
    /// A scene app's sessions as lanes: connect, background saves with their result, discard, relaunch, restore.
    case scene
}

/// The colours: `auto` (the default) follows the reader's light or dark preference in SVG
/// (a style sheet with both palettes, switched by `prefers-color-scheme`) and is drawn light in
/// every other format; `light` and `dark` are fixed.
public enum DiagramTheme: String, Sendable, Hashable, CaseIterable {
    case auto, light, dark
}

/// Which entries the legend shows.
public enum LegendMode: String, Sendable, Hashable, CaseIterable {
    /// Only the entries whose tone or shape the drawing uses (the default).
    case used
    /// Every entry of the view.
    case full
    /// No legend.
    case none
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
    public var legend: LegendMode
    /// Which part of the trace is drawn (everything by default).
    public var focus: DiagramFocus
    public init(theme: DiagramTheme = .auto, maximumNodes: Int = DiagramOptions.defaultMaximumNodes, heat: Bool = false,
                legend: LegendMode = .used, focus: DiagramFocus = DiagramFocus()) {
        self.theme = theme
        self.maximumNodes = max(DiagramOptions.minimumNodes, maximumNodes)
        self.heat = heat
        self.legend = legend
        self.focus = focus
    }
}
