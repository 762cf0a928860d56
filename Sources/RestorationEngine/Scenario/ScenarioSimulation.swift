// ScenarioSimulation: runs one scenario through the engine as two processes would —
// preserve (first process), prepareRelaunch (what happens to the files in between),
// restore (second process). `restoretrace simulate` calls exactly these three methods.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TraceFormat

/// Where the engine's notion of "now" comes from.
public enum SimulationClock: String, Sendable, Hashable, CaseIterable {
    /// The real wall clock (archive timestamp key = seconds since 1970).
    case wall
    /// A fixed instant, so `--clock tick` runs are byte-for-byte deterministic, archive included.
    case deterministic
}

/// What `restore` does where the scenario says the process crashes inside a decode.
public enum CrashBehavior: Sendable {
    /// `abort()`: the real thing, used by the CLI's child process.
    case abortProcess
    /// Throws ``SimulatedCrash``, for in-process tests.
    case throwSimulatedCrash
}

/// Thrown by ``ScenarioSimulation/restore(recorder:crash:)`` with ``CrashBehavior/throwSimulatedCrash``
/// where the scenario crashes: the decode span of `path` is left open, as a real crash leaves it.
public struct SimulatedCrash: Error, Sendable, Hashable, CustomStringConvertible {
    /// The restoration path of the object whose decode crashed.
    public var path: [String]
    public init(path: [String]) { self.path = path }
    public var description: String {
        "the process crashed inside the decode of \(path) (the scenario sets crashesDuringDecode)"
    }
}

/// Runs a ``Scenario`` through preservation, the relaunch, and restoration.
///
/// ```swift
/// let simulation = ScenarioSimulation(scenario: scenario, archiveDirectory: dir, clock: .deterministic)
/// try simulation.preserve(recorder: recorder)
/// try simulation.prepareRelaunch()
/// let report = try simulation.restore(recorder: recorder, crash: .throwSimulatedCrash)
/// ```
public struct ScenarioSimulation: Sendable {
    public let scenario: Scenario
    public let archiveDirectory: URL
    public let clock: SimulationClock

    public init(scenario: Scenario, archiveDirectory: URL, clock: SimulationClock) {
        self.scenario = scenario
        self.archiveDirectory = archiveDirectory
        self.clock = clock
    }

    /// The first process: shouldSave, willEncode, walk + encodes, archive written to disk.
    public func preserve(recorder: any TraceRecorder) throws {
        let world = ScenarioWorld(scenario: scenario, phase: .beforeTermination)
        if scenario.app.ignoreSnapshot == .outsidePreservation {
            // Rule 47: called from applicationDidEnterBackground, before preservation starts.
            world.application.lifecycle.recorder = recorder
            world.application.ignoreSnapshotOnNextApplicationLaunch()
            world.application.lifecycle.recorder = nil
        }
        try Preserver(application: world.application, clock: clock.engineClock)
            .preserve(to: ArchiveDirectory(url: archiveDirectory), recorder: recorder)
    }

    /// Between the processes: applies `scenario.relaunch` (archive intact/corrupt/truncated/missing,
    /// forceQuit, launchCrashes) to the files in `archiveDirectory`.
    public func prepareRelaunch() throws {
        try RelaunchConditions(scenario.relaunch).apply(to: ArchiveDirectory(url: archiveDirectory))
    }

    /// The second process: willFinishLaunching … didFinishLaunching. Where the scenario says
    /// `crashesDuringDecode`, `crash` happens INSIDE the open decode span (with `.abortProcess`,
    /// a ``FlushableTraceRecorder`` is flushed first so the open span reaches the disk).
    public func restore(recorder: any TraceRecorder, crash: CrashBehavior) throws -> RestorationReport {
        let world = ScenarioWorld(scenario: scenario, phase: .relaunch(crash: crash)) {
            try? (recorder as? any FlushableTraceRecorder)?.flush()
        }
        return try Restorer(application: world.application)
            .restore(from: ArchiveDirectory(url: archiveDirectory), recorder: recorder)
    }
}
