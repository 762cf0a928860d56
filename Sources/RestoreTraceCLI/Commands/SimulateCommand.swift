// `restoretrace simulate`: runs a scenario through preservation, the archive on disk,
// termination, a relaunch in a child process, and restoration, recording it all in one trace.

import ArgumentParser
import RestoreTrace

/// The `ts` unit of the trace `simulate` writes.
enum ClockOption: String, ExpressibleByArgument, CaseIterable, Sendable {
    case ns
    case tick

    var unit: ClockUnit { self == .ns ? .ns : .tick }
    /// Under `tick` the engine's own clock is fixed too, so the archive (and its byte count) is the same every run.
    var simulationClock: SimulationClock { self == .ns ? .wall : .deterministic }

    static let allValueStrings = allCases.map(\.rawValue)
}

struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Run a scenario through preservation and restoration and record every step to a trace.",
        discussion: """
            The scenario (spec/SCENARIO_FORMAT.md) is preserved by this process, which writes the archive \
            to disk and terminates its app; the relaunch then runs in a child process of restoretrace that \
            knows only the archive on disk and the scenario's description of the relaunched app. Both \
            processes write to the same trace, numbering continuously.

            Example:
              restoretrace simulate Traces/countries.scenario.json -o countries.jsonl
              restoretrace simulate - -o - --clock tick < app.scenario.json | jq .

            Header: format, generator, clock, scenario, app (bundleVersion) and, under `--clock ns` only, \
            origin (the wall-clock time of ts 0). Under `--clock tick` there is no origin and the engine's \
            clock is fixed, so the trace is byte-for-byte the same on every run and machine.

            A scenario with `"crashesDuringDecode": true` really crashes the relaunch process inside that \
            object's decode: the trace then ends with the unfinished `decode` span, and simulate says so on \
            standard error and exits 0 (the trace is the wanted output). With --relaunch-after-crash the app \
            is launched once more after such a crash, showing UIKit deleting the archive (discard \
            restorationFailed).

            One run at a time uses an --archive directory: it is locked from preservation until the \
            relaunch has ended (restoretrace.lock in it). A second run fails at once naming the process \
            that holds it, or waits with --wait; a run that finds the directory left in the middle of a \
            cycle (its run was killed) says so and starts afresh. Temporary files live beside the output \
            (.NAME.PID.tmp) and in ${TMPDIR:-/tmp}/restoretrace-UID/; an interrupt removes them, and a run \
            removes those a killed run left.

            The trace file is written atomically (a temporary file beside it, renamed into place): a failed \
            run leaves no partial output. A device or pipe given as -o (such as /dev/null) is written into.

            The relaunch runs this same executable; set RESTORETRACE_EXECUTABLE to run another \
            restoretrace instead.

            """ + ExitStatus.help(success: "the trace was written (a crash the scenario asks for included)")
                + " On trouble nothing is written: a bad scenario, a busy --archive, a relaunch process that "
                + "failed unexpectedly."
    )

    @Argument(help: ArgumentHelp("The scenario file (.scenario.json), or - for standard input.", valueName: "scenario"))
    var scenario: String

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("Where to write the trace (.jsonl), or - for standard output.", valueName: "trace"))
    var output: String?

    @Option(help: ArgumentHelp("The trace's time unit: ns (real, monotonic nanoseconds) or tick (one per record, deterministic).",
                               valueName: "clock"))
    var clock: ClockOption = .ns

    @Option(help: ArgumentHelp(
        "Keep the archive in this directory (created if missing; what an earlier run left there is replaced) "
            + "instead of a temporary one that is removed.", valueName: "dir"))
    var archive: String?

    @Flag(help: "After a crash during decode, launch the app once more (it finds the crash and discards the archive).")
    var relaunchAfterCrash = false

    @Flag(help: "When another run is using the --archive directory, wait for it instead of failing at once.")
    var wait = false

    func run() throws {
        guard let output, !output.isEmpty else {
            throw CommandFailure.trouble("missing -o TRACE, where to write the trace (- for standard output): "
                + "restoretrace simulate SCENARIO -o TRACE [--clock ns|tick] [--archive DIR]")
        }
        if let overwritten = OutputClash.input(overwrittenBy: output, inputs: [scenario]) {
            throw CommandFailure.trouble("-o \(output) is the scenario \(overwritten): writing it would destroy the scenario; "
                + "choose another output (conventionally NAME.jsonl beside NAME.scenario.json)")
        }
        let outcome = SimulationRun(
            scenarioArgument: scenario, outputArgument: output, clock: clock, archiveArgument: archive,
            relaunchAfterCrash: relaunchAfterCrash, waitForArchive: wait
        ).run()
        for line in outcome.messages { StandardError.report(line) }
        if outcome.exitCode != ExitStatus.success { throw ExitCode(outcome.exitCode) }
    }
}
