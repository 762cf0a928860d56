// What a caller chooses about a diagram: which view, which theme, how big, whether to show heat.

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

/// Light (the default) or dark colours.
public enum DiagramTheme: String, Sendable, Hashable, CaseIterable {
    case light, dark
}

/// How a diagram is drawn.
public struct DiagramOptions: Sendable, Hashable {
    /// The default node budget: keeps `dot` layout of any view under about two seconds
    /// (see Benchmarks/render.sh).
    public static let defaultMaximumNodes = 400

    public var theme: DiagramTheme
    /// Past this many nodes, rows and subtrees are collapsed into summary nodes (minimum 20).
    public var maximumNodes: Int
    /// Colour step nodes of the flow view by how long they took.
    public var heat: Bool
    public init(theme: DiagramTheme = .light, maximumNodes: Int = DiagramOptions.defaultMaximumNodes, heat: Bool = false) {
        self.theme = theme
        self.maximumNodes = max(20, maximumNodes)
        self.heat = heat
    }
}
