// `restoretrace lint INPUT...`: checks storyboards and scenarios for what keeps state
// restoration from bringing screens back, as text, JSON, SARIF or GitHub annotations.

import ArgumentParser
import RestoreTrace

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check storyboards and scenarios for what state restoration will silently not bring back.",
        discussion: """
            Storyboards (.storyboard) are read together, so storyboard references between them are \
            followed; each scene is placed where the app would show it (the initial view controller and \
            what its relationship and embed segues reach, then what other segues lead to) and judged by \
            the rules restoration follows. Scenarios (.json) are checked one by one. Each finding has a \
            stable rule id and name, a severity, a message, how to fix it, where it is (file:line:column \
            in a storyboard, the JSON path in a scenario), the object ID, class, storyboard ID and the \
            restoration path the object would have. `docs/storyboards.md` lists the rules.

            Formats: text (default; file:line:column: severity: message [rule]), json \
            (restoretrace-lint/1), sarif (SARIF 2.1.0 for GitHub code scanning: paths relative to the \
            working directory), github (workflow commands that annotate a pull request).

            Examples:
              restoretrace lint Base.lproj/Main.storyboard
              restoretrace lint Main.storyboard Settings.storyboard --format sarif -o lint.sarif
              restoretrace lint app.scenario.json --format json

            """ + ExitStatus.help(success: "no errors (warnings and infos do not fail)", no: "errors found")
                + " An input that cannot be read or is not a storyboard or scenario is trouble; the others are still checked."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, sarif, github
    }

    @Argument(help: ArgumentHelp("Storyboards (.storyboard) and scenarios (.json); - reads a storyboard from standard input.",
                                 valueName: "input"))
    var inputs: [String]

    @Option(help: "text (default), json, sarif or github.")
    var format: Format = .text

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("Write the report to this file (atomically) instead of standard output.",
                                                                 valueName: "file"))
    var output: String?

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("Give at least one storyboard or scenario to lint.") }
        if inputs.filter({ $0 == "-" }).count > 1 { throw ValidationError("Standard input (-) can be read only once.") }
    }

    func run() throws {
        var storyboards: [StoryboardFile] = []
        var outlines: [ScenarioOutline] = []
        var unreadable = false
        func fail(_ message: String) {
            StandardError.report(message)
            unreadable = true
        }
        for input in inputs {
            let kind = input == "-" ? .storyboard : StoryboardInputs.kind(of: input)
            switch kind {
            case .storyboard?:
                do { storyboards.append(try StoryboardInputs.read(input)) } catch { fail(error.description) }
            case .scenario?:
                do {
                    let scenario = try ScenarioLoader().load(contentsOf: input)
                    outlines.append(ScenarioOutline(scenario: scenario, file: input, text: StoryboardInputs.bytes(of: input)))
                } catch {
                    fail(error.description)
                }
            case .trace?:
                fail("\(input): a trace; lint reads storyboards (.storyboard) and scenarios (.json). "
                    + "Check a trace with `restoretrace validate \(input)`")
            case nil:
                // Let the storyboard reader say what is wrong (missing file, not XML, ...).
                do { storyboards.append(try StoryboardInputs.read(input)) } catch { fail(error.description) }
            }
        }
        // Nothing read: no report, whose "0 errors" would read as a clean bill.
        if unreadable && storyboards.isEmpty && outlines.isEmpty { throw ExitCode(ExitStatus.trouble) }
        var report = LintReport()
        if !storyboards.isEmpty {
            let map = RestorationMap(set: StoryboardSet(storyboards))
            report.inputs += LintInputSummary.storyboards(map)
            report.findings += Linter.lint(map)
        }
        for outline in outlines {
            report.inputs.append(LintInputSummary.scenario(outline))
            report.findings += Linter.lint(outline)
        }
        let text: String
        switch format {
        case .text: text = LintTextFormat.text(report)
        case .json: text = LintJSONFormat.text(report)
        case .sarif: text = LintSARIFFormat.text(report, workingDirectory: StoryboardInputs.workingDirectory, toolVersion: restoreTraceVersion)
        case .github: text = LintGitHubFormat.text(report)
        }
        do {
            if let output, output != "-" {
                let file = try AtomicOutputFile(path: output)
                try file.write(Array(text.utf8))
                try file.commit()
            } else {
                try StandardOutput().write(Array(text.utf8))
            }
        } catch {
            fail(error.description)
        }
        if unreadable { throw ExitCode(ExitStatus.trouble) }
        if report.hasErrors { throw ExitCode(ExitStatus.no) }
    }
}
