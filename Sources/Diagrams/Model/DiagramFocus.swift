// Focus, as profilers have it: one object's subtree with the chain of its ancestors (`--focus`),
// only what did not go right and the ancestors that explain it (`--only problems`), and a depth
// below the focus or the roots (`--depth`). Every view asks the same selection which objects it
// may draw, before its node budget is applied.

import TraceAnalysis
import TraceFormat

/// What part of a trace or scenario a diagram draws. The default draws everything.
public struct DiagramFocus: Sendable, Hashable {
    /// Draw this object's subtree and its ancestors; nil for every object.
    public var path: [String]?
    /// Draw only objects that were not restored (and the failed steps), with their ancestors.
    public var onlyProblems: Bool
    /// Draw at most this many levels below the focused object (or from the roots).
    public var depth: Int?

    public init(path: [String]? = nil, onlyProblems: Bool = false, depth: Int? = nil) {
        self.path = path
        self.onlyProblems = onlyProblems
        self.depth = depth.map { max(0, $0) }
    }

    /// True when the whole diagram is drawn.
    public var drawsEverything: Bool { path == nil && !onlyProblems && depth == nil }

    /// Words for a diagram's title: "focus Tabs/CountryNav · only problems · depth 2".
    var caption: String? {
        var parts: [String] = []
        if let path { parts.append("focus " + DiagramText.short(PathText.display(path), limit: 60)) }
        if onlyProblems { parts.append("only problems") }
        if let depth { parts.append("depth \(depth)") }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}

/// Which objects of a trace's hierarchy a focus draws.
struct FocusSelection {
    let focus: DiagramFocus
    /// By object (the hierarchy's node); nil when everything is drawn.
    private let shown: [Bool]?
    /// Objects in the focused subtree (the focus itself included), by object.
    private let inSubtree: [Bool]?
    /// The depth of the focused object (0 without a focus).
    private let baseDepth: Int
    private let hierarchy: TraceHierarchy

    /// Nil when `focus.path` names no object of the trace.
    init?(focus: DiagramFocus, hierarchy: TraceHierarchy) {
        self.focus = focus
        self.hierarchy = hierarchy
        guard !focus.drawsEverything else {
            shown = nil
            inSubtree = nil
            baseDepth = 0
            return
        }
        let count = hierarchy.nodes.count
        var parent = [Int](repeating: -1, count: count)
        for index in 0..<count {
            for child in hierarchy.nodes[index].children { parent[child] = index }
        }
        var subtree = [Bool](repeating: focus.path == nil, count: count)
        var ancestor = [Bool](repeating: false, count: count)
        // Levels count from the focused object, or from the roots: either is level 0.
        var base = 1
        if let path = focus.path {
            guard let target = hierarchy.nodeIndex(path: path) else { return nil }
            base = path.count
            var pending = [target]
            while let index = pending.popLast() {
                subtree[index] = true
                pending += hierarchy.nodes[index].children
            }
            var up = parent[target]
            while up >= 0 {
                ancestor[up] = true
                up = parent[up]
            }
        }
        // Which subtrees hold a problem: an object that failed, or an exclusion without a path below it.
        var problem = [Bool](repeating: false, count: count)
        if focus.onlyProblems {
            for index in 0..<count where hierarchy.nodes[index].outcome.isProblem { problem[index] = true }
            for exclusion in hierarchy.unplacedExclusions {
                if let path = exclusion.parentPath, let index = hierarchy.nodeIndex(path: path) { problem[index] = true }
            }
            for index in 0..<count where problem[index] {
                var up = parent[index]
                while up >= 0 && !problem[up] {
                    problem[up] = true
                    up = parent[up]
                }
            }
        }
        var result = [Bool](repeating: false, count: count)
        for index in 0..<count {
            if ancestor[index] {
                result[index] = true
                continue
            }
            guard subtree[index] else { continue }
            if let depth = focus.depth, hierarchy.nodes[index].path.count - base > depth { continue }
            if focus.onlyProblems && !problem[index] { continue }
            result[index] = true
        }
        shown = result
        inSubtree = subtree
        baseDepth = base
    }

    /// The selection for `focus`, or everything when its path names no object (the command
    /// line checks the path first, see ``DiagramSource/focusProblem(_:)``).
    static func choosing(_ focus: DiagramFocus, hierarchy: TraceHierarchy) -> FocusSelection {
        if let selection = FocusSelection(focus: focus, hierarchy: hierarchy) { return selection }
        guard let everything = FocusSelection(focus: DiagramFocus(), hierarchy: hierarchy) else {
            preconditionFailure("a selection without a focus always exists")
        }
        return everything
    }

    /// A title with the focus said after it.
    func title(_ base: String) -> String {
        focus.caption.map { base + " (" + $0 + ")" } ?? base
    }

    /// Whether the diagram draws `object` (one of the hierarchy's nodes).
    func shows(object: Int) -> Bool { shown?[object] ?? true }

    /// Whether the diagram draws an exclusion without a path of its own, hanging `depth` levels
    /// (1: right below) from the object at `parent` (nil or empty: a window's root).
    func showsPathless(parent: [String]?, depth: Int?) -> Bool {
        guard shown != nil else { return true }
        let levels = max(1, depth ?? 1)
        guard let parent, !parent.isEmpty, let index = hierarchy.nodeIndex(path: parent) else {
            // A window's root: drawn only without a focus, within the depth (a root is level 0).
            return focus.path == nil && (focus.depth.map { levels - 1 <= $0 } ?? true)
        }
        guard inSubtree?[index] ?? true else { return false }
        if let limit = focus.depth, parent.count + levels - baseDepth > limit { return false }
        // An exclusion is a problem: with --only problems it is drawn, and so are its ancestors.
        return true
    }
}
