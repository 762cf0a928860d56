// `restoretrace-bench scenes`: times the scene life cycle — N sessions, each sent to the
// background M times with a changed (or unchanged) activity, then a system kill and a relaunch
// that restores every session — through SceneSystem, with a chosen recorder and store.

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

/// Background saves of many sessions; prints the time per save and in all.
struct SceneBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenes",
        abstract: "Measure the scene life cycle: sessions × background saves, and the relaunch that restores them.",
        discussion: """
            Example:
              restoretrace-bench scenes --sessions 1000 --saves 100 --recorder jsonl --store memory
            """
    )

    enum Recorder: String, ExpressibleByArgument, CaseIterable { case null, jsonl }
    enum Store: String, ExpressibleByArgument, CaseIterable { case memory, disk, rename }

    @Option(help: "How many scene sessions (an iPad app's windows).")
    var sessions: Int = 1_000
    @Option(help: "How many background transitions each session saves.")
    var saves: Int = 100
    @Option(help: "null (records nothing) or jsonl (TraceWriter to a temporary file).")
    var recorder: Recorder = .jsonl
    @Option(help: "memory (InMemorySceneStateStore), disk (SceneStateDirectory: atomic, fsynced files) or rename (atomic renames, no fsync).")
    var store: Store = .memory
    @Flag(help: "Keep each activity unchanged between saves (every save after the first is `unchanged`).")
    var unchanged = false

    func validate() throws {
        guard sessions >= 1, saves >= 1 else { throw ValidationError("--sessions and --saves must be 1 or more.") }
    }

    final class Delegate: SceneDelegate {
        func scene(_ scene: Scene, willConnectTo session: SceneSession, options: ConnectionOptions) {
            scene.userActivity = session.stateRestorationActivity
                ?? UserActivity(activityType: "com.example.viewing", title: session.persistentIdentifier, userInfo: ["step": .integer(0)])
        }
        func stateRestorationActivity(for scene: Scene) -> UserActivity? { scene.userActivity }
    }

    /// CPU time of this process (user + system): steadier than wall time on a busy machine.
    private static func cpuNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }

    func run() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("restoretrace-bench-scenes-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let traceRecorder: any TraceRecorder = recorder == .null ? NullRecorder()
                : try TraceWriter(path: directory.appendingPathComponent("trace.jsonl").path, clock: .ns, durability: .buffered)
            let stateStore: any SceneStateStore = store == .memory ? InMemorySceneStateStore()
                : SceneStateDirectory(url: directory.appendingPathComponent("state", isDirectory: true), synchronous: store == .disk)
            if store != .memory { try FileManager.default.createDirectory(at: directory.appendingPathComponent("state"), withIntermediateDirectories: true) }
            let system = SceneSystem(store: stateStore, recorder: traceRecorder) {
                SceneApplication(sceneManifest: [SceneConfiguration { Delegate() }], declaredActivityTypes: ["com.example.viewing"],
                                 supportsMultipleScenes: true)
            }
            let identifiers = (0..<sessions).map { "S\($0)" }
            let start = RecordStamper.monotonicNanoseconds()
            let cpuStart = Self.cpuNanoseconds()
            system.launch()
            var scenes: [Scene] = []
            scenes.reserveCapacity(sessions)
            for identifier in identifiers { if let scene = system.connectNewScene(persistentIdentifier: identifier) { scenes.append(scene) } }
            for step in 0..<saves {
                for (index, scene) in scenes.enumerated() {
                    if step > 0 { system.moveToForeground(identifiers[index]) }
                    if !unchanged { scene.userActivity?.userInfo = ["step": .integer(Int64(step))] }
                    system.moveToBackground(identifiers[index])
                }
            }
            let saved = RecordStamper.monotonicNanoseconds()
            system.terminate()
            system.launch(reconnecting: identifiers)
            if let writer = traceRecorder as? TraceWriter { try writer.close() }
            let end = RecordStamper.monotonicNanoseconds()
            let cpu = Self.cpuNanoseconds() - cpuStart
            let restored = system.application?.openSessions.filter { $0.stateRestorationActivity != nil }.count ?? 0
            let total = Double(sessions * saves)
            print("sessions=\(sessions) saves=\(saves) recorder=\(recorder.rawValue) store=\(store.rawValue) "
                + "activity=\(unchanged ? "unchanged" : "changed") "
                + "saving=\(CFormat.string("%.1f", Double(saved - start) / 1e6)) ms "
                + "per-save=\(CFormat.string("%.2f", Double(saved - start) / total / 1e3)) us "
                + "relaunch=\(CFormat.string("%.1f", Double(end - saved) / 1e6)) ms "
                + "total=\(CFormat.string("%.1f", Double(end - start) / 1e6)) ms cpu=\(CFormat.string("%.1f", Double(cpu) / 1e6)) ms "
                + "restored=\(restored)")
        } catch {
            printError("restoretrace-bench scenes: \(error)\n")
            throw ExitCode(1)
        }
    }
}
