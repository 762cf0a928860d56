// Interrupting `simulate` while the relaunched app runs: the child dies with it and nothing
// half-written is left beside the output.

import Foundation
import Testing

@Suite("simulate interrupted")
struct SimulateInterruptTests {
    @Test("SIGTERM while simulate runs kills the relaunch child and removes the temporary trace")
    func terminate() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("interrupt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // A long navigation stack keeps the relaunch busy for seconds in a debug build.
        let children = (0..<8_000).map { "{\"class\":\"VC\",\"restorationIdentifier\":\"c\($0)\"}" }.joined(separator: ",")
        let scenario = directory.appendingPathComponent("long.scenario.json")
        try Data(("{\"format\":\"restoretrace-scenario/1\",\"name\":\"long\",\"windows\":[{\"root\":{\"class\":\"Nav\","
            + "\"kind\":\"navigation\",\"restorationIdentifier\":\"Nav\",\"children\":[\(children)]}}]}").utf8).write(to: scenario)

        let process = Process()
        process.executableURL = ExecutableRun.executableURL
        process.arguments = ["simulate", scenario.path, "-o", directory.appendingPathComponent("long.jsonl").path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the trace has begun beside the output (preservation or relaunch: both are covered).
        let deadline = Date().addingTimeInterval(60)
        func temporaryFiles() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasPrefix(".long.jsonl.") && $0.hasSuffix(".tmp") }
        }
        while temporaryFiles().isEmpty && process.isRunning && Date() < deadline { usleep(20_000) }
        usleep(300_000)
        try #require(process.isRunning, "the simulation finished before it could be interrupted")
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM,
                "reason \(process.terminationReason.rawValue), status \(process.terminationStatus)")
        usleep(300_000)
        #expect(temporaryFiles().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("long.jsonl").path))
    }
}
