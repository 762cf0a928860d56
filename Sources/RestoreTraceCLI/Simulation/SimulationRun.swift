// SimulationRun: the parent side of `restoretrace simulate` — load the scenario, preserve into
// the archive directory, hand the trace to a relaunch child process, judge how it ended, and put
// the finished trace in place atomically (or copy it to standard output).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import RestoreTrace

struct SimulationRun {
    var scenarioArgument: String
    var outputArgument: String
    var clock: ClockOption
    var archiveArgument: String?
    var relaunchAfterCrash: Bool
    /// Wait for another run holding the archive directory instead of failing at once.
    var waitForArchive = false

    /// The exit status and what to print on standard error.
    struct Outcome {
        var exitCode: Int32
        var messages: [String]

        static func failed(_ code: Int32, _ message: String) -> Outcome { Outcome(exitCode: code, messages: [message]) }
    }

    private static let standardStream = "-"

    func run() -> Outcome {
        let loader = ScenarioLoader()
        let scenario: Scenario
        var standardInputBytes: [UInt8]?
        do {
            if scenarioArgument == SimulationRun.standardStream {
                let bytes = try loader.readStandardInput()
                scenario = try loader.load(bytes: bytes, fileName: ScenarioLoader.standardInputName)
                standardInputBytes = bytes
            } else {
                scenario = try loader.load(contentsOf: scenarioArgument)
            }
        } catch {
            return .failed(ExitStatus.trouble, "\(error)")
        }

        // Registered temporary files: an interrupt (InterruptCleanup) leaves neither the
        // workspace nor the half-written trace behind, and kills the relaunch process first.
        let workspace: URL
        do {
            workspace = URL(fileURLWithPath: try TemporaryFiles.shared.makeWorkspace(purpose: "simulate"), isDirectory: true)
        } catch {
            return .failed(ExitStatus.trouble, "\(error)")
        }
        defer { TemporaryFiles.shared.remove(workspace.path) }

        let target: OutputTarget
        switch OutputTarget.resolve(outputArgument) {
        case .success(let resolved): target = resolved
        case .failure(let problem): return .failed(ExitStatus.trouble, "\(problem)")
        }
        let tracePath: String
        switch target.makeTemporaryFile(in: workspace) {
        case .success(let path): tracePath = path
        case .failure(let problem): return .failed(ExitStatus.trouble, "\(problem)")
        }

        var outcome = simulate(scenario, standardInputBytes: standardInputBytes, workspace: workspace, tracePath: tracePath)
        if outcome.exitCode == ExitStatus.success, let failure = target.publish(tracePath) {
            outcome = .failed(ExitStatus.trouble, failure)
        }
        // Published (renamed) already, or to be removed.
        TemporaryFiles.shared.remove(tracePath)
        return outcome
    }

    // MARK: The two processes

    private func simulate(_ scenario: Scenario, standardInputBytes: [UInt8]?, workspace: URL, tracePath: String) -> Outcome {
        let archiveDirectory: URL
        let archiveLock: ArchiveDirectoryLock
        var notes: [String] = []
        do {
            (archiveDirectory, archiveLock) = try prepareArchiveDirectory(in: workspace, notes: &notes)
        } catch {
            return .failed(ExitStatus.trouble, "\(error)")
        }
        // Held until the relaunch has ended, and by the relaunch process too.
        defer { archiveLock.release() }
        var outcome = simulate(scenario, standardInputBytes: standardInputBytes, workspace: workspace, tracePath: tracePath,
                               archiveDirectory: archiveDirectory, archiveLock: archiveLock)
        outcome.messages.insert(contentsOf: notes, at: 0)
        return outcome
    }

    private func simulate(_ scenario: Scenario, standardInputBytes: [UInt8]?, workspace: URL, tracePath: String,
                          archiveDirectory: URL, archiveLock: ArchiveDirectoryLock) -> Outcome {
        if scenario.lifecycle == .scene {
            return SceneSimulationRun.run(scenario, clock: clock, archiveDirectory: archiveDirectory, tracePath: tracePath,
                                          displayName: displayName)
        }
        // The first process: preservation, then the app is terminated.
        var header = TraceHeader.standard(clock: clock.unit, scenario: scenario.name)
        header.extra.append(JSONMember("app", .object(JSONObject([JSONMember("bundleVersion", .string(scenario.app.bundleVersion))]))))
        let simulation = ScenarioSimulation(scenario: scenario, archiveDirectory: archiveDirectory, clock: clock.simulationClock)
        let continuation: TraceContinuation
        do {
            let writer = try TraceWriter(path: tracePath, clock: clock.unit, header: header, durability: .buffered)
            do {
                try simulation.preserve(recorder: writer)
            } catch {
                try? writer.close()
                return .failed(ExitStatus.trouble, "\(displayName): preservation failed: \(error)")
            }
            try writer.flush()
            continuation = writer.stamperState
            try writer.close()
            try simulation.prepareRelaunch()
        } catch {
            return .failed(ExitStatus.trouble, "\(error)")
        }

        // The second process: the relaunch, knowing only the archive on disk.
        var scenarioPath = scenarioArgument
        var scenarioName: String?
        if let standardInputBytes {
            let copy = workspace.appendingPathComponent("stdin.scenario.json")
            if let reason = SimulationRun.writeFile(standardInputBytes, to: copy.path) {
                return .failed(ExitStatus.trouble, "cannot keep a copy of standard input: \(reason)")
            }
            scenarioPath = copy.path
            scenarioName = scenario.name
        }
        var relaunch = SimulateRelaunchProcess(scenarioPath: scenarioPath, scenarioName: scenarioName,
                                               archiveDirectory: archiveDirectory.path, archiveLock: archiveLock,
                                               tracePath: tracePath, continuation: continuation)
        let result: SimulateRelaunchProcess.Result
        do {
            result = try relaunch.run()
        } catch {
            return .failed(ExitStatus.trouble, "cannot start the relaunch process: \(error)")
        }
        if result.ending.isSuccess {
            // A clean exit must also have left the relaunch in the trace (a wrong
            // RESTORETRACE_EXECUTABLE can exit 0 having written nothing).
            guard SimulateTraceInspection.endsWithRestoration(path: tracePath, after: continuation.nextSeq) else {
                return .failed(ExitStatus.trouble, "the relaunch process \(result.ending.description) "
                    + "but the trace does not end with its restoration span (is "
                    + ((try? SimulateRelaunchProcess.restoretraceExecutable().path) ?? "the relaunch executable")
                    + " a restoretrace of this version?)" + SimulationRun.childOutput(result.standardError))
            }
            return Outcome(exitCode: ExitStatus.success, messages: [])
        }

        // The child died: a crash the scenario asked for, or a failure of restoretrace?
        let crash: (report: String, inspection: SimulateTraceInspection)
        switch judgeCrash(result, scenario: scenario, tracePath: tracePath) {
        case .unexpected(let outcome): return outcome
        case .asked(let report, let inspection): crash = (report, inspection)
        }
        var messages = [crash.report]
        guard relaunchAfterCrash else { return Outcome(exitCode: ExitStatus.success, messages: messages) }

        // The user opens the app again: UIKit finds that restoration crashed and discards the archive.
        if crash.inspection.partialTailBytes > 0 {
            _ = SimulateTraceInspection.removePartialTail(of: tracePath, keeping: crash.inspection.completeBytes)
        }
        relaunch.continuation = TraceContinuation(clock: continuation.clock, nextSeq: crash.inspection.nextSeq,
                                                  nextSpan: crash.inspection.nextSpan,
                                                  monotonicStart: continuation.monotonicStart)
        do {
            let again = try relaunch.run()
            guard again.ending.isSuccess else {
                return .failed(ExitStatus.trouble, "the launch after the crash \(again.ending.description)"
                    + SimulationRun.childOutput(again.standardError))
            }
        } catch {
            return .failed(ExitStatus.trouble, "cannot start the launch after the crash: \(error)")
        }
        messages.append("the app was launched once more after the crash (--relaunch-after-crash)")
        return Outcome(exitCode: ExitStatus.success, messages: messages)
    }

    /// How the relaunch process died.
    private enum CrashJudgement {
        /// Inside the decode of an object the scenario marks `crashesDuringDecode`.
        case asked(report: String, inspection: SimulateTraceInspection)
        /// Anything else: a failure of restoretrace (exit 3).
        case unexpected(Outcome)
    }

    private func judgeCrash(_ result: SimulateRelaunchProcess.Result, scenario: Scenario, tracePath: String) -> CrashJudgement {
        // A crash in the deferred restoration work, after didFinishLaunching (rule 44).
        if case .killed = result.ending, scenario.crashesDuringDeferredRestoration,
           let inspection = try? SimulateTraceInspection(contentsOf: tracePath), inspection.unfinishedDecode == nil {
            let report = "the relaunched app crashed in its deferred restoration work, as \(displayName) asks "
                + "(relaunch.deferredRestoration); the relaunch process \(result.ending.description) and the trace "
                + (relaunchAfterCrash ? "holds" : "ends with") + " that unfinished restoration span"
            return .asked(report: report, inspection: inspection)
        }
        guard case .killed = result.ending, let inspection = try? SimulateTraceInspection(contentsOf: tracePath),
              let decode = inspection.unfinishedDecode,
              let point = scenario.crashPoints.first(where: { $0.path == decode.path })
        else {
            return .unexpected(.failed(ExitStatus.trouble, "the relaunch process \(result.ending.description)"
                + SimulationRun.childOutput(result.standardError)))
        }
        let report = "the relaunched app crashed inside the decode of \(decode.label), "
            + "as \(displayName) asks (\(point.jsonPath).restore.crashesDuringDecode); "
            + "the relaunch process \(result.ending.description) and the trace "
            + (relaunchAfterCrash ? "holds" : "ends with") + " that unfinished decode span "
            + "(span \(decode.span), seq \(decode.seq))"
        return .asked(report: report, inspection: inspection)
    }

    // MARK: Files

    private var displayName: String {
        scenarioArgument == SimulationRun.standardStream ? ScenarioLoader.standardInputName : scenarioArgument
    }

    private static func childOutput(_ text: String) -> String {
        // Without the white space (blank lines, the last line break) around what it said.
        let trimmed = text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()
        return trimmed.isEmpty ? "" : "; it said:\n" + String(trimmed)
    }

    /// Writes `bytes` to a new file at `path`; nil on success, else why it failed.
    private static func writeFile(_ bytes: [UInt8], to path: String) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        do {
            try FileDescriptorWriting.writeAll(bytes, to: descriptor, name: path)
        } catch {
            close(descriptor)
            if case .writeFailed(_, let reason) = error { return reason }
            return error.description
        }
        return close(descriptor) == 0 ? nil : String(cString: strerror(errno))
    }

    /// The archive directory, taken for this run (``ArchiveDirectoryLock``), and emptied of what
    /// an earlier run left.
    private func prepareArchiveDirectory(in workspace: URL, notes: inout [String]) throws -> (URL, ArchiveDirectoryLock) {
        guard let archiveArgument else {
            let directory = workspace.appendingPathComponent("archive", isDirectory: true)
            if let reason = PathName.makeDirectories(directory.path) {
                throw SimulateRunError(message: "cannot create the run's archive directory \(directory.path): \(reason)")
            }
            return (directory, try ArchiveDirectoryLock(directory: directory.path, wait: false))
        }
        let directory = URL(fileURLWithPath: archiveArgument, isDirectory: true)
        if let reason = PathName.makeDirectories(directory.path) {
            throw SimulateRunError(message: "\(archiveArgument): cannot create the archive directory: \(reason)")
        }
        let lock = try ArchiveDirectoryLock(directory: archiveArgument, wait: waitForArchive) { holder in
            StandardError.report("\(archiveArgument): waiting for "
                + (holder.map { "process \($0)" } ?? "another process") + ", which is using the archive directory…")
        }
        if let previous = lock.interruptedCycle {
            notes.append("note: \(archiveArgument): the run of process \(previous) stopped in the middle "
                + "of its cycle (it was killed or interrupted); what it left is discarded and this run starts from a fresh install")
        }
        // What a killed run (or its relaunch process) was writing.
        TemporaryFiles.removeStaleFiles(in: directory.path)
        // Each run starts from a fresh install: an earlier run's archive, crash counter, force-quit
        // or restoration marker must not leak into this one (the relaunch would discard the new archive).
        for name in [ArchiveDirectory.archiveFileName, ArchiveDirectory.launchCrashesFileName,
                     ArchiveDirectory.forceQuitFileName, ArchiveDirectory.restorationMarkerFileName] {
            let file = directory.appendingPathComponent(name).path
            guard unlink(file) == 0 || errno == ENOENT else {
                throw SimulateRunError(message: "\(file): cannot remove what an earlier run left: \(String(cString: strerror(errno)))")
            }
        }
        return (directory, lock)
    }
}
