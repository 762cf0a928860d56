// `restoretrace diagrams INPUT... -o DIR`: the diagrams of a docs build. Every trace, scenario and
// storyboard found in the inputs is drawn in each of its views into one folder, byte-stable, and
// only files whose bytes change are rewritten; --check writes nothing and lists what is stale.
// The SwiftPM command plugin `restoretrace-diagrams` and scripts/build-diagrams.sh both run it.

import ArgumentParser
import RestoreTrace
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

struct DiagramsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diagrams",
        abstract: "Redraw a folder of diagrams from traces, scenarios and storyboards, or check it is up to date.",
        discussion: """
            For docs builds. Each input is drawn in every view it has, into -o's folder, as NAME.VIEW.FORMAT \
            (NAME is the file name without its last extension): a trace as NAME.flow, NAME.hierarchy and \
            NAME.locate; a scenario (NAME.scenario.json) as NAME.scenario.hierarchy; a storyboard as \
            NAME.storyboard. A directory stands for every *.jsonl, *.scenario.json and *.storyboard below \
            it (folders whose names start with . are skipped); storyboards are read together, references \
            between them followed. The same inputs always make the same bytes, and a file whose bytes \
            would not change is not rewritten.

            --check writes nothing: it lists each diagram that is missing or differs from what its input \
            draws now (and, with --prune, each that no input draws) and exits 1 when there is one, for CI. \
            --prune removes the folder's diagrams (files named NAME.VIEW.FORMAT) that no input draws; \
            other files are never touched. --dark-variants also writes NAME.VIEW~dark.FORMAT in the dark \
            theme, the variant DocC shows readers in dark mode.

            From a Swift package that depends on restoretrace, its command plugin runs this:
              swift package --allow-writing-to-package-directory \\
                  restoretrace-diagrams [--check]

            Examples:
              restoretrace diagrams Traces -o docs/diagrams
              restoretrace diagrams Traces -o docs/diagrams --check
              restoretrace diagrams Traces App.storyboard -o App.docc/Resources --prune
              restoretrace diagrams run.jsonl -o out --views flow --dark-variants

            """ + ExitStatus.help(success: "every diagram was drawn (with --check: every one is up to date)",
                                  no: "--check found a diagram missing, stale or (with --prune) not drawn by any input")
                + " An input that cannot be drawn is reported and the others are drawn."
    )

    @Argument(help: "Traces (.jsonl), scenarios (.json), storyboards (.storyboard), or directories holding them.")
    var inputs: [String]

    @Option(name: .shortAndLong, help: "The folder the diagrams go in (made when missing).")
    var output: String

    @Flag(help: "Write nothing; list the diagrams that are missing or stale and exit 1 when there is one.")
    var check = false

    @Flag(help: "Remove the folder's diagrams (NAME.VIEW.FORMAT files) that no input draws.")
    var prune = false

    @Option(help: "The views to draw, comma-separated (an input is drawn in those it has).")
    var views: DocsBuildViewList = .all

    @Option(help: "The format of every file.")
    var format: OutputFormat = .svg

    @Option(help: "light (default) or dark: the colours of every file but the ~dark variants.")
    var theme: DiagramTheme?

    @Flag(help: "Also write NAME.VIEW~dark.FORMAT in the dark theme (DocC's dark-mode variant).")
    var darkVariants = false

    @Option(parsing: .unconditional, help: "Collapse rows and subtrees into summary nodes past this many nodes (at least 20).")
    var maxNodes: Int = DiagramOptions.defaultMaximumNodes

    init() {}
}

extension DiagramsCommand {
    /// The theme of the files that are not dark variants: light beside dark variants, else
    /// render's default unless --theme says otherwise.
    var baseTheme: DiagramTheme { darkVariants ? .light : theme ?? DiagramOptions().theme }

    func run() throws {
        let plan: DocsBuildPlan
        let found: [DocsBuildInput]
        do throws(RenderCommand.RenderFailure) {
            try checkOptions()
            found = try DocsBuildInputs.collect(inputs)
            guard !found.isEmpty else {
                throw RenderCommand.RenderFailure(message: "no trace (.jsonl), scenario (.scenario.json) or storyboard "
                    + "(.storyboard) in \(inputs.joined(separator: " "))")
            }
            plan = try DocsBuildPlan(inputs: found, views: views.views, format: format, theme: baseTheme,
                                     darkVariants: darkVariants)
            guard !plan.items.isEmpty else {
                throw RenderCommand.RenderFailure(message: "none of the \(found.count) inputs has a view among --views "
                    + views.defaultValueDescription)
            }
            if !check, !PathName.isDirectory(output), let problem = PathName.makeDirectories(output) {
                throw RenderCommand.RenderFailure(message: "cannot create the output folder \(output): \(problem)")
            }
        } catch {
            throw CommandFailure.trouble(error.message)
        }

        var folder = DocsBuildFolder(path: output, check: check)
        var failed = false
        let storyboards = StoryboardRendering(inputs: found.filter { $0.kind == .storyboard }.map(\.path))
        var start = 0
        while start < plan.items.count {
            // One input at a time: it is loaded once for all its views, and released before the next.
            let input = plan.items[start].input
            var end = start
            while end < plan.items.count && plan.items[end].input.path == input.path { end += 1 }
            do {
                try draw(plan.items[start..<end], storyboards: storyboards, into: &folder)
            } catch {
                StandardError.report(error.message)
                failed = true
            }
            start = end
        }
        // Only a complete build knows which diagrams no input draws.
        if prune && !failed {
            do {
                try folder.prune(keeping: Set(plan.items.map(\.name)))
            } catch {
                StandardError.report(error.message)
                failed = true
            }
        }
        // A total would miss what failed: the messages say it.
        if failed { throw ExitCode(ExitStatus.trouble) }
        do {
            try folder.finish()
        } catch {
            StandardError.report(error.message)
            throw ExitCode(ExitStatus.trouble)
        }
        if check && !folder.isUpToDate {
            StandardError.report("\(output): \(folder.outOfDateCount) of \(folder.drawn) diagrams are out of date; "
                + "run the same command without --check to regenerate them")
            throw ExitCode(ExitStatus.no)
        }
    }

    private func checkOptions() throws(RenderCommand.RenderFailure) {
        guard maxNodes >= 20 else { throw .init(message: "--max-nodes must be 20 or more, got \(maxNodes)") }
        guard maxNodes <= RenderCommand.maximumNodesLimit else {
            throw .init(message: "--max-nodes must be at most \(RenderCommand.maximumNodesLimit), got \(maxNodes): "
                + "Graphviz layout of more nodes takes minutes and cannot be interrupted")
        }
        guard !output.isEmpty, output != "-" else {
            throw .init(message: "-o must name a folder: diagrams writes one file per input and view")
        }
        var status = stat()
        if stat(output, &status) == 0 && status.st_mode & S_IFMT != S_IFDIR {
            throw .init(message: "-o \(output) is a file; diagrams writes into a folder")
        }
        if darkVariants, let theme, theme != .light {
            throw .init(message: "--dark-variants writes each diagram light and its ~dark variant dark; "
                + "leave out --theme \(theme.rawValue)")
        }
    }

    /// Draws every view of one input and hands each drawing to the folder.
    private func draw(_ items: ArraySlice<DocsBuildPlan.Item>, storyboards: StoryboardRendering,
                      into folder: inout DocsBuildFolder) throws(RenderCommand.RenderFailure)
    {
        guard let first = items.first else { return }
        let path = first.input.path
        var source: DiagramSource?
        if first.input.kind != .storyboard {
            let bytes = try InputBytes.read(path).bytes
            do {
                let loaded = try DiagramSource.load(bytes: bytes, name: path, kind: first.input.kind == .trace ? .trace : .scenario)
                if case .trace(let trace) = loaded {
                    for diagnostic in trace.diagnostics { StandardError.report(diagnostic.formatted(file: path)) }
                }
                source = loaded
            } catch {
                throw .init(message: error.description)
            }
        }
        for item in items {
            let options = DiagramOptions(theme: item.theme, maximumNodes: maxNodes)
            let graph: Graph?
            if let view = item.view.diagramView {
                // Only a scene trace has a scene view worth a file.
                if view == .scene, !(source?.availableViews.contains(.scene) ?? false) { continue }
                graph = source?.graph(view: view, options: options)
            } else {
                graph = try storyboards.graph(of: path, options: options)
            }
            guard let graph else { continue }
            let rendering: Rendering
            do {
                rendering = try GraphvizRenderer.shared.render(graph, format: format)
            } catch {
                throw .init(message: "\(path): \(error.description)")
            }
            for warning in rendering.warnings { StandardError.report("\(path): warning: graphviz: \(warning)") }
            try folder.settle(item.name, bytes: rendering.data, drawnFrom: path)
        }
    }
}
