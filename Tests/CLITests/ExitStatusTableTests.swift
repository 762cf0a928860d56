// One exit-status table for every command, as diff(1) and grep use it: each subcommand is
// walked through a missing input, a directory as input, an unreadable input, a malformed input,
// a usage error and a write failure; each ends with the table's status, says so in one form
// (`restoretrace: …`) and leaves nothing behind.

import Foundation
import Testing
@testable import RestoreTraceCLI

/// How the walk runs one subcommand.
struct CommandWalk: Sendable, CustomStringConvertible {
    var name: String
    /// The arguments that read `input` (and write, if the command writes files, into `output`, a directory).
    var reading: @Sendable (_ input: String, _ output: String) -> [String]
    /// Arguments with a good input whose result goes to standard output.
    var toStandardOutput: [String]
    /// A file name and content the command cannot process.
    var malformed: (name: String, text: String)
    /// The status for malformed input: trouble, or the command's "no" where judging input is its job.
    var malformedStatus: Int32 = 2
    /// What an input of this command is named like (a missing one must look like one).
    var inputExtension = ".jsonl"
    /// Whether the command still reports on standard output when an input fails (it judges the others).
    var reportsDespiteTrouble = false

    var description: String { name }

    static let trace = (name: "bad.jsonl", text: "{\"type\":\"header\",\"format\":\"restoretrace/1\",\"clock\":\"tick\"}\n{\"seq\":0,\"ts\":\"x\"}\n")
    static let storyboard = (name: "bad.storyboard", text: "<?xml version=\"1.0\"?><document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\"><scenes")
    static let storyboardFixture = "Tests/StoryboardTests/Fixtures/Restorer-MainStoryboard.storyboard"

    static let all: [CommandWalk] = [
        CommandWalk(name: "validate", reading: { input, _ in ["validate", input] },
                    toStandardOutput: ["validate", "Traces/countries.jsonl"], malformed: trace, malformedStatus: 1,
                    reportsDespiteTrouble: true),
        CommandWalk(name: "render", reading: { input, output in ["render", input, "-o", output + "/drawing.svg"] },
                    toStandardOutput: ["render", "Traces/countries.jsonl", "-o", "-"], malformed: trace),
        CommandWalk(name: "report", reading: { input, output in ["report", input, "-o", output + "/report.html"] },
                    toStandardOutput: ["report", "Traces/countries.jsonl", "-o", "-"], malformed: trace),
        CommandWalk(name: "summary", reading: { input, _ in ["summary", input] },
                    toStandardOutput: ["summary", "Traces/countries.jsonl"], malformed: trace),
        CommandWalk(name: "export", reading: { input, output in ["export", input, "--to", "chrome", "-o", output + "/export.json"] },
                    toStandardOutput: ["export", "Traces/countries.jsonl", "--to", "otlp", "-o", "-"], malformed: trace),
        CommandWalk(name: "diff", reading: { input, _ in ["diff", "Traces/countries.jsonl", input] },
                    toStandardOutput: ["diff", "Traces/countries.jsonl", "Traces/countries.jsonl"], malformed: trace),
        CommandWalk(name: "simulate", reading: { input, output in ["simulate", input, "-o", output + "/trace.jsonl"] },
                    toStandardOutput: ["simulate", "Traces/countries.scenario.json", "-o", "-"],
                    malformed: (name: "bad.scenario.json", text: "{\"format\": \"restoretrace-scenario/1\", \"windows\": ["),
                    inputExtension: ".scenario.json"),
        CommandWalk(name: "lint", reading: { input, _ in ["lint", input] },
                    toStandardOutput: ["lint", storyboardFixture], malformed: storyboard,
                    inputExtension: ".storyboard", reportsDespiteTrouble: true),
        CommandWalk(name: "import", reading: { input, output in ["import", input, "-o", output + "/app.scenario.json"] },
                    toStandardOutput: ["import", storyboardFixture], malformed: storyboard, inputExtension: ".storyboard"),
        // A directory is an input of `diagrams` (it draws what it finds there): the walk's holds the malformed trace.
        CommandWalk(name: "diagrams", reading: { input, output in ["diagrams", input, "-o", output] },
                    toStandardOutput: ["diagrams", "Traces/countries.jsonl", "-o", "docs/diagrams", "--check"], malformed: trace),
        // Walked once the branch that adds it is merged.
        CommandWalk(name: "explain", reading: { input, _ in ["explain", input] },
                    toStandardOutput: ["explain", "Traces/countries.jsonl"], malformed: trace),
    ]

    /// The subcommands a user sees (`restoretrace --help`).
    static let shown: [String] = RestoreTraceCommand.configuration.subcommands
        .filter { $0.configuration.shouldDisplay }
        .compactMap { $0.configuration.commandName }

    /// The walks of the commands this build has.
    static let present = all.filter { shown.contains($0.name) }
}

/// A run of `restoretrace` with its standard output on `standardOutput` (a pipe when nil).
private func run(_ arguments: [String], standardOutput: FileHandle? = nil) throws -> (status: Int32, output: String, errors: String) {
    let process = Process()
    process.executableURL = try restoretraceBinary()
    process.arguments = arguments
    process.currentDirectoryURL = simulateRepositoryRoot
    let output = Pipe(), errors = Pipe()
    process.standardOutput = standardOutput ?? output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Both pipes read at once, so that neither fills up and blocks the child.
    let group = DispatchGroup()
    nonisolated(unsafe) var written = Data()
    if standardOutput == nil {
        DispatchQueue.global().async(group: group) { written = output.fileHandleForReading.readDataToEndOfFile() }
    }
    let said = errors.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: written, as: UTF8.self), String(decoding: said, as: UTF8.self))
}

@Suite("one exit-status table for every command")
struct ExitStatusTableTests {
    @Test("the walk covers every subcommand a user sees")
    func coversEverySubcommand() {
        let walked = Set(CommandWalk.all.map(\.name))
        #expect(CommandWalk.shown.filter { !walked.contains($0) } == [], "add the new command to CommandWalk.all")
        #expect(CommandWalk.present.count >= 8)
    }

    @Test("missing, directory, unreadable and malformed inputs, and a usage error, end as the table says",
          arguments: CommandWalk.present)
    func inputs(command: CommandWalk) throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let inputs = scratch.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)

        let malformed = inputs.appendingPathComponent(command.malformed.name)
        try Data(command.malformed.text.utf8).write(to: malformed)
        // Root reads any file whatever its mode: /proc/self/mem opens and fails to read (EIO).
        let unreadable: String
        if getuid() == 0 {
            unreadable = "/proc/self/mem"
        } else {
            unreadable = inputs.appendingPathComponent("locked" + command.inputExtension).path
            try Data(command.malformed.text.utf8).write(to: URL(fileURLWithPath: unreadable))
            chmod(unreadable, 0)
        }
        let cases: [(what: String, input: String, status: Int32)] = [
            ("a missing input", scratch.appendingPathComponent("missing/input" + command.inputExtension).path, 2),
            ("a directory as input", inputs.path, 2),
            ("an unreadable input", unreadable, 2),
            ("a malformed input", malformed.path, command.malformedStatus),
        ]
        for item in cases {
            let result = try run(command.reading(item.input, output.path))
            #expect(result.status == item.status, "\(command.name), \(item.what): \(result.errors)")
            if item.status == 2 {
                #expect(result.errors.hasPrefix("restoretrace: ") && result.errors.contains(item.input),
                        "\(command.name), \(item.what): \(result.errors)")
                if !command.reportsDespiteTrouble { #expect(result.output.isEmpty, "\(command.name), \(item.what)") }
            } else {
                // The command's "no" is its answer, on standard output.
                #expect(result.output.contains(item.input), "\(command.name), \(item.what): \(result.output)")
            }
            let left = try FileManager.default.contentsOfDirectory(atPath: output.path)
            #expect(left.isEmpty, "\(command.name), \(item.what) left \(left)")
        }

        let usage = try run(command.reading(malformed.path, output.path) + ["--no-such-option"])
        #expect(usage.status == 2)
        #expect(usage.errors.hasPrefix("restoretrace: Unknown option '--no-such-option'"), "\(command.name): \(usage.errors)")
    }

    @Test("a result that cannot be written (a full device) is trouble: cannot write standard output", arguments: CommandWalk.present)
    func writeFailure(command: CommandWalk) throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let result = try run(command.toStandardOutput, standardOutput: full)
        #expect(result.status == 2, "\(command.name): \(result.errors)")
        #expect(result.errors.hasPrefix("restoretrace: ") && result.errors.contains("cannot write standard output"),
                "\(command.name): \(result.errors)")
    }

    @Test("a file output on a full device is trouble and names the file")
    func fileOnFullDevice() throws {
        let result = try run(["render", "Traces/countries.jsonl", "-o", "/dev/full", "--format", "svg"])
        #expect(result.status == 2)
        #expect(result.errors.contains("cannot write /dev/full"), "\(result.errors)")
    }

    @Test("a closed standard output is trouble too, not a silent success")
    func closedStandardOutput() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\"$0\" validate Traces/countries.jsonl >&-", try restoretraceBinary().path]
        process.currentDirectoryURL = simulateRepositoryRoot
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(said.contains("restoretrace: cannot write standard output"), "\(said)")
    }

    @Test("every --help states the table")
    func helpStatesTheTable() throws {
        for command in CommandWalk.present {
            let help = try run([command.name, "--help"])
            #expect(help.status == 0)
            let text = help.output.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
            #expect(text.contains("Exit status: 0 ") && text.contains("2 trouble: a usage error, an input that is missing, unreadable or malformed"),
                    "\(command.name) --help: \(help.output)")
        }
    }
}
