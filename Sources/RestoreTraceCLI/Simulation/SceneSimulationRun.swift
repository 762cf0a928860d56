// SceneSimulationRun: `restoretrace simulate` of a scene scenario (`"lifecycle": "scene"`). It
// runs in this process: the scene model's system kill drops every app object and the relaunch
// knows only the session files in the archive directory, so no real process needs to die
// (docs/engine.md, "The scene life cycle").

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

enum SceneSimulationRun {
    /// Plays `scenario` into a new trace at `tracePath`, its session files in `archiveDirectory`.
    static func run(_ scenario: Scenario, clock: ClockOption, archiveDirectory: URL, tracePath: String,
                    displayName: String) -> SimulationRun.Outcome {
        var header = TraceHeader.standard(clock: clock.unit, scenario: scenario.name)
        header.extra.append(JSONMember("lifecycle", .string(ScenarioLifecycle.scene.rawValue)))
        // No fsync: the directory is the run's own scratch state (renames still keep every file whole).
        let store = SceneStateDirectory(url: archiveDirectory, synchronous: false)
        removeEarlierSessions(from: store)
        do {
            let writer = try TraceWriter(path: tracePath, clock: clock.unit, header: header, durability: .buffered)
            do {
                try SceneScenarioSimulation(scenario: scenario, store: store).run(recorder: writer)
            } catch {
                try? writer.close()
                return .failed(ExitStatus.trouble, "\(displayName): the scene simulation failed: \(error)")
            }
            try writer.close()
        } catch {
            return .failed(ExitStatus.trouble, "\(error)")
        }
        return SimulationRun.Outcome(exitCode: ExitStatus.success, messages: [])
    }

    /// Each run starts from a fresh install: the sessions an earlier run left are removed.
    private static func removeEarlierSessions(from store: SceneStateDirectory) {
        guard let bytes = try? store.readKnownSessions(), case .array(let items)? = try? JSONValue.parse(bytes, maxDepth: 8) else { return }
        for item in items {
            if case .string(let identifier)? = item.objectValue?["persistentIdentifier"] { store.removeSession(identifier) }
        }
        unlink(store.url.appendingPathComponent(SceneStateDirectory.knownSessionsFileName).path)
    }
}
