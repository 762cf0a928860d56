// StoryboardRendering, for `render STORYBOARD...`: storyboards among render's inputs are read together (references between
// them followed), mapped and linted once, and each is drawn as its scenes (SceneMapDiagram).

import ArgumentParser
import RestoreTrace
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The storyboards of one `render`, read before the first drawing.
struct StoryboardRendering {
    private var fileOfInput: [String: Int] = [:]
    /// Inputs that are storyboards but could not be read, with the message.
    private var failures: [String: String] = [:]
    private var map: RestorationMap?
    private var findings: [LintFinding] = []

    /// Reads the inputs that are storyboard files (by name or first byte); standard input is left to the other readers.
    init(inputs: [String]) {
        var files: [StoryboardFile] = []
        for input in inputs where input != "-" && StoryboardInputs.kind(of: input) == .storyboard && fileOfInput[input] == nil {
            do {
                files.append(try StoryboardInputs.read(input))
                fileOfInput[input] = files.count - 1
            } catch {
                failures[input] = error.description
            }
        }
        guard !files.isEmpty else { return }
        let map = RestorationMap(set: StoryboardSet(files))
        self.map = map
        findings = Linter.lint(map)
    }

    func handles(_ input: String) -> Bool { fileOfInput[input] != nil || failures[input] != nil }

    /// The graph of the storyboard `input` (`diagrams` writes it itself); nil when `input` is not among these storyboards.
    func graph(of input: String, options: DiagramOptions) throws(RenderCommand.RenderFailure) -> Graph? {
        if let failure = failures[input] { throw .init(message: failure) }
        guard let map, let fileIndex = fileOfInput[input] else { return nil }
        return SceneMapDiagram.graph(StoryboardSceneMap.make(map, fileIndex: fileIndex, findings: findings), options: options)
    }

    /// Draws the storyboard `plan.input` and writes it where the plan says.
    func render(_ plan: RenderCommand.RenderPlan, settings: RenderCommand, options: DiagramOptions) throws(RenderCommand.RenderFailure) {
        if let failure = failures[plan.input] { throw .init(message: failure) }
        guard let map, let fileIndex = fileOfInput[plan.input] else { return }
        if let view = settings.view {
            throw .init(message: "\(plan.input): a storyboard is drawn as its scenes; --view \(view.rawValue) applies to traces and "
                + "scenarios (import the storyboard and simulate it to draw a run)")
        }
        let sceneMap = StoryboardSceneMap.make(map, fileIndex: fileIndex, findings: findings)
        let graph = SceneMapDiagram.graph(sceneMap, options: options)
        let nodeCount = graph.totalNodeCount
        let showsProgress = isatty(STDERR_FILENO) == 1 && nodeCount > 150 && plan.format != .dot
        let progress = showsProgress ? LayoutProgress("render: laying out \(nodeCount) nodes of \(plan.input)…") : nil
        let rendering: Rendering
        do {
            rendering = try GraphvizRenderer.shared.render(graph, format: plan.format)
            progress?.finish()
        } catch {
            progress?.finish(failed: true)
            throw .init(message: "\(plan.input): \(error.description)")
        }
        for warning in rendering.warnings { StandardError.report("\(plan.input): warning: graphviz: \(warning)") }
        guard let output = plan.output else {
            do {
                try FileDescriptorWriting.writeAll(rendering.data, to: STDOUT_FILENO, name: "standard output")
            } catch {
                throw .init(message: "\(plan.input): \(error.description)")
            }
            return
        }
        if let directory = settings.output, directory.hasSuffix("/"), !PathName.isDirectory(directory),
           let problem = PathName.makeDirectories(directory)
        {
            throw .init(message: "cannot create the output directory \(directory): \(problem)")
        }
        do {
            let file = try AtomicOutputFile(path: output)
            try file.write(rendering.data)
            try file.commit()
        } catch {
            throw .init(message: "\(plan.input): \(error.description)")
        }
        print("wrote \(output) (storyboard view, \(plan.format.rawValue), \(nodeCount) nodes)")
        fflush(nil)
        let summary = LintInputSummary.storyboards(map)[fileIndex]
        RenderCommand.printTimingLine(summary.text + "; " + LintReport(findings: findings.filter { $0.location.file == plan.input }).tally)
    }
}
