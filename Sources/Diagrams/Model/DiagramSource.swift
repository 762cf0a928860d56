// What a diagram is drawn from — a trace or a scenario — loaded from a file or bytes, with
// the kind told by the file name or, for standard input, by sniffing the first bytes.

import Graphviz
import RestorationEngine
import TraceAnalysis
import TraceFormat

/// A trace or a scenario, ready to draw.
public enum DiagramSource: Sendable {
    case trace(DiagramTrace)
    case scenario(Scenario)

    /// What a file holds, judged from its name (`.jsonl` trace, `.json` scenario) or its bytes.
    public enum Kind: String, Sendable {
        case trace, scenario

        /// Sniffs bytes: a scenario names `restoretrace-scenario/` in its `format`, a trace
        /// starts with a header line whose `type` is `header`.
        public static func sniff(_ bytes: [UInt8]) -> Kind {
            bytes.withUnsafeBytes { sniff($0) }
        }

        static func sniff(_ bytes: UnsafeRawBufferPointer) -> Kind {
            let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
            if head.contains("\"restoretrace-scenario/") { return .scenario }
            return .trace
        }

        /// The kind a file name says, or nil when it does not say.
        public static func fromFileName(_ name: String) -> Kind? {
            if name.hasSuffix(".jsonl") { return .trace }
            if name.hasSuffix(".json") { return .scenario }
            return nil
        }
    }

    /// Why a source could not be loaded; ``description`` names the file and the line or JSON path.
    public enum LoadError: Error, Sendable, CustomStringConvertible {
        case trace(TraceReadError)
        case scenario(ScenarioError)
        case noHeader(file: String)
        /// A record's path is deeper than ``DiagramSource/maximumPathDepth``.
        case pathTooDeep(file: String, line: Int, depth: Int)
        /// The paths up to this line make more than ``DiagramSource/maximumHierarchyComponents``.
        case hierarchyTooLarge(file: String, line: Int)

        public var description: String {
            switch self {
            case .trace(let error): return error.description
            case .scenario(let error): return error.description
            case .noHeader(let file):
                return "\(file):1: the trace has no header line; a trace starts with "
                    + "{\"type\":\"header\",\"format\":\"restoretrace/1\",...}"
            case .pathTooDeep(let file, let line, let depth):
                return "\(file):\(line): the path has \(depth) components; diagrams draw paths of at most "
                    + "\(DiagramSource.maximumPathDepth) (the engine's own limit, PreservationLimits.maximumDepth)"
            case .hierarchyTooLarge(let file, let line):
                return "\(file):\(line): the paths up to this line make an object tree of more than "
                    + "\(DiagramSource.maximumHierarchyComponents) path components (each object counts its depth); "
                    + "diagrams draw at most that"
            }
        }
    }

    /// The deepest restoration path a trace may hold to be drawn. The object tree keeps a node
    /// for every prefix of every path, so its cost grows with the square of the depth: a
    /// 50,000-component path would take minutes and gigabytes. No app comes near this; the
    /// engine refuses hierarchies deeper than the same number by default.
    public static let maximumPathDepth = 1_000

    /// The most path components the object tree of a trace may hold to be drawn, counting each
    /// distinct path and prefix once with its depth. Apps stay far below it (100,000 objects six
    /// deep: 600,000; one chain 1,000 deep: 500,500); a trace of many distinct deep paths would
    /// otherwise cost seconds and gigabytes (50 different 1,000-deep paths: 25 million).
    public static let maximumHierarchyComponents = 2_000_000

    static let limits = TraceTableLimits(maximumPathDepth: maximumPathDepth,
                                         maximumPathComponents: maximumHierarchyComponents)

    /// Loads `bytes` as `kind` (sniffed when nil); `name` stands for the file in messages.
    public static func load(bytes: [UInt8], name: String, kind: Kind? = nil, skipBadLines: Bool = false)
        throws(LoadError) -> DiagramSource
    {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(LoadError) in try load(buffer: buffer, name: name, kind: kind, skipBadLines: skipBadLines) }
        }
        return try result.get()
    }

    /// Loads the bytes in `buffer` (valid only during the call) as `kind` (sniffed when nil).
    ///
    /// A trace is read straight into a table by a scanner that makes no records; when any line
    /// needs more than that (it is malformed, unusual, or breaks a limit), the trace is read
    /// again by ``TraceReader``, which reports problems with their lines and columns.
    package static func load(buffer: UnsafeRawBufferPointer, name: String, kind: Kind? = nil, skipBadLines: Bool = false)
        throws(LoadError) -> DiagramSource
    {
        switch kind ?? Kind.fromFileName(name) ?? Kind.sniff(buffer) {
        case .scenario:
            do {
                return .scenario(try ScenarioLoader().load(bytes: Array(buffer), fileName: name))
            } catch {
                throw .scenario(error)
            }
        case .trace:
            do {
                let loaded = try TraceTable.load(buffer, name: name, keptAttributes: DiagramTrace.attributesDrawn,
                                                 limits: limits, skipBadLines: skipBadLines)
                return .trace(DiagramTrace(table: loaded.table, diagnostics: loaded.diagnostics))
            } catch {
                switch error {
                case .read(let error): throw .trace(error)
                case .noHeader(let file): throw .noHeader(file: file)
                case .limit(.pathTooDeep(let line, let depth), let file): throw .pathTooDeep(file: file, line: line, depth: depth)
                case .limit(.tooManyPathComponents(let line), let file): throw .hierarchyTooLarge(file: file, line: line)
                }
            }
        }
    }

    /// The view drawn when none is asked for: the flow of a trace, the hierarchy of a scenario.
    public var defaultView: DiagramView {
        switch self {
        case .trace(let trace): return SceneTimeline.isSceneTrace(trace.header) ? .scene : .flow
        case .scenario: return .hierarchy
        }
    }

    /// The views this source can be drawn as: a scenario has not run, so it has only a hierarchy.
    /// Why `focus` cannot be drawn from this source, nil when it can: a focus path the trace
    /// does not hold, or a focus on a scenario (which is drawn whole, to a depth at most).
    public func focusProblem(_ focus: DiagramFocus) -> String? {
        switch self {
        case .trace(let trace):
            guard let path = focus.path, trace.table.object(ofPath: path) == nil else { return nil }
            return "no object of the trace has the path \(PathText.display(path)); "
                + "`restoretrace explain` lists the paths a trace holds"
        case .scenario:
            guard focus.path != nil || focus.onlyProblems else { return nil }
            return "--focus and --only draw part of a trace; a scenario has not run, so it is drawn whole "
                + "(--depth applies); run `restoretrace simulate` and render the trace"
        }
    }

    public var availableViews: [DiagramView] {
        switch self {
        // The scene view only for scene traces (any trace may still ask for it).
        case .trace(let trace): return SceneTimeline.isSceneTrace(trace.header) ? DiagramView.allCases : [.flow, .hierarchy, .locate]
        case .scenario: return [.hierarchy]
        }
    }

    /// The graph of `view`, or nil when the source cannot be drawn that way (see ``availableViews``).
    public func graph(view: DiagramView, options: DiagramOptions = DiagramOptions()) -> Graph? {
        guard var graph = drawing(view: view, options: options) else { return nil }
        // The layout-time guard: each view honours its budget by construction; should a drawing
        // still come out bigger, or its layout be estimated past a minute, it is drawn again
        // with a smaller budget rather than handed to a layout nobody can stop.
        var budget = options.maximumNodes
        while budget != DiagramOptions.unlimited, budget > DiagramOptions.minimumNodes,
            graph.diagramNodeCount > budget || LayoutCost.estimatedSeconds(nodes: graph.totalNodeCount) > LayoutCost.guardSeconds
        {
            budget = max(DiagramOptions.minimumNodes, min(budget, graph.diagramNodeCount, LayoutCost.nodes(withinSeconds: LayoutCost.guardSeconds)) * 3 / 4)
            var smaller = options
            smaller.maximumNodes = budget
            guard let redrawn = drawing(view: view, options: smaller) else { break }
            graph = redrawn
        }
        return graph
    }

    private func drawing(view: DiagramView, options: DiagramOptions) -> Graph? {
        switch self {
        case .trace(let trace):
            switch view {
            case .flow: return FlowDiagram.graph(table: trace.table, options: options)
            case .hierarchy: return HierarchyDiagram.graph(table: trace.table, options: options)
            case .locate: return LocateDiagram.graph(table: trace.table, options: options)
            case .scene: return SceneDiagram.graph(table: trace.table, options: options)
            }
        case .scenario(let scenario):
            guard view == .hierarchy else { return nil }
            return HierarchyDiagram.graph(scenario: scenario, options: options)
        }
    }
}

/// A trace ready to draw: its header, what the reader warned about, and its records as a table.
public struct DiagramTrace: Sendable {
    /// The records, with the attributes the views read.
    package let table: TraceTable
    /// The reader's diagnostics: warnings only (a trace with errors is not drawn).
    public let diagnostics: [TraceDiagnostic]

    public var header: TraceHeader { table.header }
    public var recordCount: Int { table.count }

    package init(table: TraceTable, diagnostics: [TraceDiagnostic]) {
        self.table = table
        self.diagnostics = diagnostics
    }

    /// A trace already read; a document without a header is drawn with a default one.
    public init(document: TraceDocument) {
        self.init(table: DiagramTrace.table(header: document.header ?? TraceHeader(), records: document.records),
                  diagnostics: document.diagnostics)
    }

    /// The attributes the views read; a loaded trace keeps only these, so the big ones a
    /// diagram never shows (`keys`, `children`, `tableState`) are checked but not built.
    /// The verdicts' attributes are among them: failed nodes carry their verdict's first line.
    static let attributesDrawn: [String] = {
        var names = [
            "reason", "result", "via", "foundClass", "bytes", "message", "step", "parent", "identifier", "depth",
            "archivedVersion", "currentVersion", "archivedIdiom", "currentIdiom", "unmatchedModelIds", "keys",
            // The app life cycle's additions (SCENE_RULES rules 40–54).
            "secure", "honoured", "ignored",
        ]
        for name in RestorationVerdicts.attributesRead + SceneDiagram.attributesRead where !names.contains(name) { names.append(name) }
        return names
    }()

    /// The table of records already in memory (no limits: they are built already).
    static func table(header: TraceHeader, records: [TraceRecord]) -> TraceTable {
        guard let table = try? TraceTable(header: header, records: records, keptAttributes: attributesDrawn) else {
            preconditionFailure("a table without limits refused its records")
        }
        return table
    }
}
