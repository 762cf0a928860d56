// What a diagram is drawn from — a trace or a scenario — loaded from a file or bytes, with
// the kind told by the file name or, for standard input, by sniffing the first bytes.

import Graphviz
import RestorationEngine
import TraceFormat

/// A trace or a scenario, ready to draw.
public enum DiagramSource: Sendable {
    case trace(TraceDocument)
    case scenario(Scenario)

    /// What a file holds, judged from its name (`.jsonl` trace, `.json` scenario) or its bytes.
    public enum Kind: String, Sendable {
        case trace, scenario

        /// Sniffs bytes: a scenario names `restoretrace-scenario/` in its `format`, a trace
        /// starts with a header line whose `type` is `header`.
        public static func sniff(_ bytes: [UInt8]) -> Kind {
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

    /// The attributes the views read (through ``TraceRecord``'s accessors, `TraceStep.attribute`
    /// and `TraceHierarchy`); a loaded trace keeps only these, so the big ones a diagram never
    /// shows (`keys`, `children`, `tableState`) are checked but not built.
    static let attributesDrawn: Set<String> = [
        "reason", "result", "via", "foundClass", "bytes", "message", "step", "parent",
        "archivedVersion", "currentVersion", "archivedIdiom", "currentIdiom", "unmatchedModelIds",
    ]

    /// The deepest restoration path a trace may hold to be drawn. The hierarchy keeps a node,
    /// with its path, for every prefix of every path, so its cost grows with the square of the
    /// depth: a 50,000-component path would take minutes and gigabytes. No app comes near this;
    /// the engine refuses hierarchies deeper than the same number by default.
    public static let maximumPathDepth = 1_000

    /// The most path components the object tree of a trace may hold to be drawn, counting each
    /// distinct path and prefix once with its depth. Apps stay far below it (100,000 objects six
    /// deep: 600,000; one chain 1,000 deep: 500,500); a trace of many distinct deep paths would
    /// otherwise cost seconds and gigabytes (50 different 1,000-deep paths: 25 million).
    public static let maximumHierarchyComponents = 2_000_000

    /// Loads `bytes` as `kind` (sniffed when nil); `name` stands for the file in messages.
    public static func load(bytes: [UInt8], name: String, kind: Kind? = nil, skipBadLines: Bool = false)
        throws(LoadError) -> DiagramSource
    {
        switch kind ?? Kind.fromFileName(name) ?? Kind.sniff(bytes) {
        case .scenario:
            do {
                return .scenario(try ScenarioLoader().load(bytes: bytes, fileName: name))
            } catch {
                throw .scenario(error)
            }
        case .trace:
            var options = TraceReaderOptions.default
            options.skipMalformedLines = skipBadLines
            options.keptAttributes = attributesDrawn
            let document: TraceDocument
            do {
                document = try TraceDocument.load(bytes: bytes, name: name, options: options)
            } catch {
                throw .trace(error)
            }
            guard document.header != nil else { throw .noHeader(file: name) }
            try checkTreeSize(document, name: name)
            return .trace(document)
        }
    }

    /// Refuses a trace whose object tree would be too big to build: a path deeper than
    /// ``maximumPathDepth``, or more than ``maximumHierarchyComponents`` in all. Each distinct
    /// prefix is counted once, by its (per-process seeded) hash; a path array already counted
    /// (the reader shares one array between records with the same path text) is skipped.
    static func checkTreeSize(_ document: TraceDocument, name: String) throws(LoadError) {
        // First a bound that costs no hashing: every record's path counted with all its prefixes
        // as if none were shared. Nearly every trace stays under the limit by this count alone.
        var bound = 0
        func line(_ index: Int) -> Int { index < document.recordLines.count ? document.recordLines[index] : index + 2 }
        for (index, record) in document.records.enumerated() {
            let depth = record.path?.count ?? 0
            if depth > maximumPathDepth { throw .pathTooDeep(file: name, line: line(index), depth: depth) }
            bound += depth * (depth + 1) / 2
        }
        guard bound > maximumHierarchyComponents else { return }
        var prefixes = Set<Int>()
        var counted = Set<UInt>()
        var total = 0
        for (index, record) in document.records.enumerated() {
            guard let path = record.path, !path.isEmpty else { continue }
            // The document keeps every array alive, so an address stands for one array throughout.
            guard counted.insert(path.storageAddress).inserted else { continue }
            var hasher = Hasher()
            for (depth, component) in path.enumerated() {
                hasher.combine(component)
                var prefix = hasher
                if prefixes.insert(prefix.finalize()).inserted { total += depth + 1 }
            }
            if total > maximumHierarchyComponents { throw .hierarchyTooLarge(file: name, line: line(index)) }
        }
    }

    /// The view drawn when none is asked for: the flow of a trace, the hierarchy of a scenario.
    public var defaultView: DiagramView {
        switch self {
        case .trace: return .flow
        case .scenario: return .hierarchy
        }
    }

    /// The views this source can be drawn as: a scenario has not run, so it has only a hierarchy.
    public var availableViews: [DiagramView] {
        switch self {
        case .trace: return DiagramView.allCases
        case .scenario: return [.hierarchy]
        }
    }

    /// The graph of `view`, or nil when the source cannot be drawn that way (see ``availableViews``).
    public func graph(view: DiagramView, options: DiagramOptions = DiagramOptions()) -> Graph? {
        switch self {
        case .trace(let document):
            let header = document.header ?? TraceHeader()
            switch view {
            case .flow: return FlowDiagram.graph(header: header, records: document.records, options: options)
            case .hierarchy: return HierarchyDiagram.graph(header: header, records: document.records, options: options)
            case .locate: return LocateDiagram.graph(header: header, records: document.records, options: options)
            }
        case .scenario(let scenario):
            guard view == .hierarchy else { return nil }
            return HierarchyDiagram.graph(scenario: scenario, options: options)
        }
    }
}
