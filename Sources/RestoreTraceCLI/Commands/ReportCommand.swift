// `restoretrace report TRACE...`: one self-contained HTML page (inline CSS, script and SVG;
// nothing fetched) per call, one section per trace: what was not restored and why, the flow,
// hierarchy and locate views with pan, zoom and search, the timing tables, the slowest spans.

import ArgumentParser
import RestoreTrace

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write one self-contained HTML page about traces: verdicts, views, timings.",
        discussion: """
            One section per trace: first what was not restored and why (explain's verdicts: \
            exclusions, discards, class mismatches, failed decodes) and the spans that never ended; \
            then the flow, hierarchy and locate views, with pan and zoom and a search box that marks \
            an object, by path, identifier or class, in every view; then summary's timing tables and \
            the slowest spans. The page fetches nothing: it opens from a file:// URL, offline, and \
            follows the reader's light or dark preference. Views are collapsed past --max-nodes as \
            render does; long lists are cut at 200 rows, with a count of the rest.

            The page goes beside the first trace (trace.jsonl -> trace.html) unless -o is given; \
            -o - writes it to standard output.

            Examples:
              restoretrace report Traces/countries.jsonl
              restoretrace report before.jsonl after.jsonl -o runs.html
              restoretrace simulate app.scenario.json -o - | restoretrace report - -o run.html

            """ + ExitStatus.help(success: "the page was written")
    )

    @Argument(help: "Traces (.jsonl), or - for standard input.")
    var traces: [String]

    @Option(name: .shortAndLong, help: "The page (- for standard output). Default: beside the first trace, as .html.")
    var output: String?

    @Option(parsing: .unconditional, help: "Collapse each view into summary nodes past this many nodes (20 to 10,000).")
    var maxNodes: Int = DiagramOptions.defaultMaximumNodes

    @Flag(help: "Skip malformed trace lines (reported as warnings) instead of stopping.")
    var skipBadLines = false

    init() {}

    func run() throws {
        guard maxNodes >= 20, maxNodes <= RenderCommand.maximumNodesLimit else {
            throw CommandFailure.trouble("--max-nodes must be between 20 and \(RenderCommand.maximumNodesLimit), got \(maxNodes)")
        }
        guard let first = traces.first else { throw CommandFailure.trouble("give at least one trace to report on") }
        if traces.filter({ $0 == "-" }).count > 1 { throw CommandFailure.trouble("standard input (-) can be read only once") }
        let destination: String?
        if let output {
            destination = output == "-" ? nil : output
        } else if first == "-" {
            destination = nil
        } else {
            destination = RenderCommand.stem(of: first) + ".html"
        }
        if let destination, traces.contains(destination) {
            throw CommandFailure.trouble("\(destination): the page would overwrite an input; give another -o")
        }
        let options = DiagramOptions(theme: .light, maximumNodes: maxNodes)
        var sections: [ReportTrace] = []
        for trace in traces {
            do {
                sections.append(try ReportCommand.load(trace, options: options, skipBadLines: skipBadLines))
            } catch {
                throw CommandFailure.trouble(error.message)
            }
        }
        let page = Array(ReportPage.html(sections).utf8)
        do {
            guard let destination else {
                try StandardOutput().write(page)
                return
            }
            let file = try AtomicOutputFile(path: destination)
            try file.write(page)
            try file.commit()
            try StandardDescriptors.write("wrote \(destination) (\(sections.count) trace\(sections.count == 1 ? "" : "s"), "
                + "\(ReportPage.grouped(page.count)) bytes)\n")
        } catch {
            throw CommandFailure.trouble(error.description)
        }
    }

    /// Reads one trace and works out everything its section shows.
    static func load(_ path: String, options: DiagramOptions, skipBadLines: Bool) throws(RenderCommand.RenderFailure)
        -> ReportTrace
    {
        let name = path == "-" ? "<stdin>" : path
        let input = try InputBytes.read(path, skipBadLines: skipBadLines)
        let bytes = input.bytes
        if (DiagramSource.Kind.fromFileName(name) ?? DiagramSource.Kind.sniff(bytes)) == .scenario {
            throw RenderCommand.RenderFailure(message: "\(name): a scenario has not run, so there is nothing to report; "
                + "run `restoretrace simulate \(name) -o run.jsonl` and report the trace")
        }
        let loaded = bytes.withUnsafeBytes { buffer in
            Result { () throws(DiagramSource.LoadError) in
                try DiagramSource.load(buffer: buffer, name: name, kind: .trace, skipBadLines: skipBadLines)
            }
        }
        guard case .trace(let trace) = try loaded.mapError({ RenderCommand.RenderFailure(message: $0.description) }).get()
        else { throw RenderCommand.RenderFailure(message: "\(name): not a trace") }
        for diagnostic in trace.diagnostics { StandardError.report(diagnostic.formatted(file: name)) }
        let verdicts: RestorationVerdicts
        do {
            verdicts = try RestorationVerdicts(table: trace.table)
        } catch {
            throw RenderCommand.RenderFailure(message: "\(name): \(error.description)")
        }
        var views: [ReportView] = []
        // A scene trace's lanes too; the view-controller views for every trace.
        for view in DiagramSource.trace(trace).availableViews {
            let drawing = trace.drawing(view: view, options: options)
            let rendering: Rendering
            do {
                rendering = try GraphvizRenderer.shared.render(drawing.graph, format: .svg)
            } catch {
                throw RenderCommand.RenderFailure(message: "\(name): \(view.rawValue) view: \(error.description)")
            }
            for warning in rendering.warnings { StandardError.report("\(name): warning: graphviz: \(warning)") }
            views.append(ReportView(drawing: drawing, svg: String(decoding: rendering.data, as: UTF8.self)))
        }
        return ReportTrace(name: name, header: trace.header, verdicts: verdicts,
                           summary: summary(of: bytes, path: path, name: name, skipBadLines: skipBadLines), views: views,
                           lifecycle: ExplainCommand.lifecycle(bytes, name: name))
    }

    /// summary's statistics (the ten slowest spans of each kind): a file is read again by
    /// summary's own fast reader; standard input, from the bytes already read.
    static func summary(of bytes: [UInt8], path: String, name: String, skipBadLines: Bool) -> TraceSummary {
        if path != "-", let summary = try? SummaryCommand.summarise(path: path, top: 10, grouping: .kind, skipBadLines: skipBadLines) {
            return summary
        }
        // The trace has been drawn already, so its lines are good or skipped with warnings.
        let reader = TraceReader(bytes: bytes, name: name, options: TraceReaderOptions(skipMalformedLines: true))
        var statistics: TraceStatistics?
        let options = TraceStatistics.Options(top: 10, grouping: .kind)
        while let line = reader.next() {
            switch line {
            case .header(let header): if statistics == nil { statistics = TraceStatistics(header: header, options: options) }
            case .record(let record):
                if statistics == nil { statistics = TraceStatistics(header: TraceHeader(), options: options) }
                statistics?.add(record)
            }
        }
        return (statistics ?? TraceStatistics(header: TraceHeader(), options: options)).summary()
    }
}
