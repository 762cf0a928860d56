// `restoretrace simulate-relaunch` (hidden): the relaunched app, run by `simulate` as a child
// process. It knows only the archive directory and the scenario's description of the relaunched
// app, and appends its records to the trace the parent began, continuing its numbering.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import RestoreTrace

struct SimulateRelaunchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate-relaunch",
        abstract: "The relaunch half of `simulate`, run by it in a child process (not for direct use).",
        shouldDisplay: false
    )

    @Option(help: "The scenario file.")
    var scenario: String

    @Option(help: "The scenario's name, when the file is a copy of standard input.")
    var scenarioName: String?

    @Option(help: "The archive directory the first process preserved into.")
    var archive: String

    @Option(help: "The trace to append to.")
    var trace: String

    @Option(help: "The numbering to continue: clock:nextSeq:nextSpan:monotonicStart.")
    var continuation: String

    @Option(help: "The process id of the `simulate` that started this one.")
    var parent: Int32

    @Option(help: "The descriptor of the archive directory's lock, held by the parent and handed to this process.")
    var archiveLock: Int32

    func run() throws {
        // A relaunch outliving its parent (killed with SIGKILL, which it cannot clean up after)
        // would write into an archive directory another run may have taken.
        switch ChildProcess.dieWithParent(parent) {
        case .armed: break
        case .parentGone: _exit(ExitStatus.trouble)
        case .unsupported: ParentWatch.start(parent: parent)
        }
        guard ArchiveDirectoryLock.isHeld(descriptor: archiveLock, directory: archive) else {
            throw CommandFailure.trouble("\(archive): this process does not hold the archive directory's lock; "
                + "it is run by `restoretrace simulate`, which holds it")
        }
        // A modelled crash is an abort(): it must not leave a core file behind.
        var coreLimit = rlimit()
        if getrlimit(Int32(RLIMIT_CORE.rawValue), &coreLimit) == 0 {
            coreLimit.rlim_cur = 0
            _ = setrlimit(Int32(RLIMIT_CORE.rawValue), &coreLimit)
        }
        guard let state = TraceContinuation(continuation) else {
            throw CommandFailure.trouble("--continuation \(continuation) is not clock:nextSeq:nextSpan:monotonicStart")
        }
        var loaded: Scenario
        do {
            loaded = try ScenarioLoader().load(contentsOf: scenario)
        } catch {
            throw CommandFailure.trouble("\(error)")
        }
        if let scenarioName { loaded.name = scenarioName }

        // Each record reaches the file before the next step when a decode may kill this process.
        let writer: TraceWriter
        do {
            writer = try TraceWriter(appendingTo: trace, continuing: state,
                                     durability: loaded.crashesDuringDecode || loaded.crashesDuringDeferredRestoration ? .everyRecord : .buffered)
        } catch {
            throw CommandFailure.trouble("\(error)")
        }
        let clock: SimulationClock = state.clock == .tick ? .deterministic : .wall
        let simulation = ScenarioSimulation(scenario: loaded, archiveDirectory: URL(fileURLWithPath: archive), clock: clock)
        do {
            _ = try simulation.restore(recorder: writer, crash: .abortProcess)
            try writer.close()
        } catch {
            try? writer.close()
            throw CommandFailure.trouble("restoration failed: \(error)")
        }
    }
}
