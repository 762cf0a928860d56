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
            }
        }
    }

    /// The deepest restoration path a trace may hold to be drawn. The hierarchy keeps a node,
    /// with its path, for every prefix of every path, so its cost grows with the square of the
    /// depth: a 50,000-component path would take minutes and gigabytes. No app comes near this;
    /// the engine refuses hierarchies deeper than the same number by default.
    public static let maximumPathDepth = 1_000

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
            let document: TraceDocument
            do {
                document = try TraceDocument.load(bytes: bytes, name: name, options: options)
            } catch {
                throw .trace(error)
            }
            guard document.header != nil else { throw .noHeader(file: name) }
            if let deep = document.records.firstIndex(where: { ($0.path?.count ?? 0) > maximumPathDepth }) {
                let line = deep < document.recordLines.count ? document.recordLines[deep] : deep + 2
                throw .pathTooDeep(file: name, line: line, depth: document.records[deep].path?.count ?? 0)
            }
            return .trace(document)
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
