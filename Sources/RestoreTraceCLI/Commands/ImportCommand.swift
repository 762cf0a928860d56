// `restoretrace import STORYBOARD...`: storyboards -> the scenario of what the app shows at launch
// (and the screens --open opens), with each object's source in the storyboard.

import ArgumentParser
import RestoreTrace

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn Interface Builder storyboards into a scenario of what the app shows at launch.",
        discussion: """
            The scenario starts at the first storyboard's initial view controller (or the scene --root \
            names) and holds everything its relationship and embed segues reach: tab bar tabs, a \
            navigation controller's root, split view columns, container views. Each --open step then \
            follows a show or presentation segue from the screen shown (or a scene around it) to the \
            scene it names — by storyboard ID, restoration identifier, class or object ID — pushing it on its navigation \
            controller or presenting it, as UIKit would; a step may also name a tab, which becomes the \
            selected one. Storyboard references between the storyboards given are followed.

            Every view controller gets its class (customClass, or the UIKit class of its element), its \
            container kind, its restoration identifier (the storyboard ID under Use Storyboard ID), its \
            storyboard ID, createdAtLaunch (true for what exists at launch, false for what a segue \
            opened), its views with restoration identifiers, and "source": the storyboard, line, column \
            and object ID it came from. `restoretrace simulate` carries the source into the trace.

            The scenario goes to standard output unless -o is given (written atomically).

            Examples:
              restoretrace import Main.storyboard -o Main.scenario.json
              restoretrace import Main.storyboard Settings.storyboard --open CountryVCID
              restoretrace import Main.storyboard --root LoginVC | restoretrace simulate - -o run.jsonl

            """ + ExitStatus.help(success: "the scenario was written")
                + " Trouble also covers a storyboard with no initial view controller and no --root (the message "
                + "lists the storyboard IDs), and an --open step no segue leads to (the message lists what can be opened)."
    )

    @Argument(help: ArgumentHelp("The storyboards (.storyboard), the main one first; - reads one from standard input.",
                                 valueName: "storyboard"))
    var storyboards: [String]

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("Where to write the scenario (- for standard output, the default).",
                                                                 valueName: "scenario"))
    var output: String?

    @Option(help: ArgumentHelp("The root view controller, by storyboard ID (or restoration identifier, class, object ID), instead of the initial one.",
                               valueName: "storyboard-id"))
    var root: String?

    @Option(help: ArgumentHelp("Screens to open after launch, in order, separated by /: each by storyboard ID, restoration identifier, class or object ID.",
                               valueName: "scene/scene/..."))
    var open: String?

    @Option(help: ArgumentHelp("The scenario's name (default: the first storyboard's name).", valueName: "name"))
    var name: String?

    func validate() throws {
        guard !storyboards.isEmpty else { throw ValidationError("Give at least one storyboard to import (- for standard input).") }
        if storyboards.filter({ $0 == "-" }).count > 1 { throw ValidationError("Standard input (-) can be read only once.") }
        if let open, open.split(separator: "/", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
            throw ValidationError("--open \(open): a step is empty; separate scene names with single slashes (A/B).")
        }
    }

    func run() throws {
        var files: [StoryboardFile] = []
        for path in storyboards {
            do {
                files.append(try StoryboardInputs.read(path))
            } catch {
                throw CommandFailure.trouble("\(error)")
            }
        }
        let set = StoryboardSet(files)
        let steps = open.map { $0.split(separator: "/").map(String.init) } ?? []
        let imported: (scenario: Scenario, tree: SceneTree)
        do {
            imported = try ScenarioImporter(options: .init(root: root, open: steps, name: name)).importing(set)
        } catch {
            throw CommandFailure.trouble("\(error)")
        }
        for note in notes(set, tree: imported.tree) { StandardError.report("note: \(note)") }
        let text = ScenarioWriter.text(imported.scenario)
        do {
            if let output, output != "-" {
                let file = try AtomicOutputFile(path: output)
                try file.write(Array(text.utf8))
                try file.commit()
            } else {
                try StandardOutput().write(Array(text.utf8))
            }
        } catch {
            throw CommandFailure.trouble("\(error)")
        }
        StandardError.report(summary(imported.tree) + (output.map { $0 == "-" ? "" : "; wrote \($0)" } ?? ""))
    }

    /// What the scenario holds, in a line.
    private func summary(_ tree: SceneTree) -> String {
        let atLaunch = tree.nodes.filter(\.atLaunch).count
        let opened = tree.nodes.count - atLaunch
        let views = tree.nodes.reduce(0) { $0 + tree.set[$1.controller].views.filter { !$0.isPrototype }.count }
        let root = tree.set[tree.nodes[0].controller]
        var text = "root \(root.displayName) (\(root.className)); \(atLaunch) view controller\(atLaunch == 1 ? "" : "s") at launch"
        if opened > 0 { text += ", \(opened) opened" }
        return text + ", \(views) view\(views == 1 ? "" : "s") with a restoration identifier"
    }

    /// Storyboard references in the imported hierarchy that lead nowhere: what lies behind them is left out.
    private func notes(_ set: StoryboardSet, tree: SceneTree) -> [String] {
        var notes: [String] = []
        for node in tree.nodes {
            let controller = set[node.controller]
            for segue in SceneTree.containmentSegues(of: controller) {
                guard case .unresolved(let reference, let reason) = set.destination(of: segue, inFile: node.controller.file) else { continue }
                notes.append("\(set[reference].source): a storyboard reference below \(controller.displayName) leads nowhere "
                    + "(\(reason)); the scenario leaves out what it leads to")
            }
        }
        return notes
    }
}
