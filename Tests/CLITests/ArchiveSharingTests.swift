// One archive directory, one run at a time: a second `simulate` fails at once naming the holder
// (or waits with --wait) and never reads another run's archive; a relaunch process dies with its
// parent; a run that finds the directory left mid-cycle by a killed run says so and cleans up.

import Foundation
import Testing

@Suite("simulate: a shared archive directory", .serialized)
struct ArchiveSharingTests {
    @Test("a second run on a busy --archive fails at once naming the holder; with --wait it runs after, on its own archive")
    func secondRunRefusedOrWaits() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let scenario = scratch.appendingPathComponent("long.scenario.json")
        try ProcessWatching.writeLongScenario(to: scenario)
        let archive = scratch.appendingPathComponent("archive")
        let lockFile = archive.appendingPathComponent("restoretrace.lock").path

        let first = Process()
        first.executableURL = try restoretraceBinary()
        first.arguments = ["simulate", scenario.path, "-o", scratch.appendingPathComponent("long.jsonl").path, "--archive", archive.path]
        first.standardError = FileHandle.nullDevice
        try first.run()
        defer { if first.isRunning { first.terminate() } }
        let holding = ProcessWatching.wait(seconds: 60) {
            ((try? String(contentsOfFile: lockFile, encoding: .utf8)) ?? "") == "\(first.processIdentifier)\n"
        }
        try #require(holding && first.isRunning, "the first run never took the archive directory")

        let refused = try runRestoretrace(["simulate", "Traces/countries.scenario.json", "-o", "-", "--archive", archive.path])
        #expect(refused.status != 0 && refused.standardOutput.isEmpty)
        #expect(refused.standardError.contains(archive.path) && refused.standardError.contains("process \(first.processIdentifier)"),
                "\(refused.standardError)")
        #expect(first.isRunning, "the refused run ended before the first: the refusal did not wait, but the test proves nothing")

        let waited = try runRestoretrace(["simulate", "Traces/countries.scenario.json", "-o", "-", "--clock", "tick",
                                          "--archive", archive.path, "--wait"])
        #expect(waited.status == 0, "\(waited.standardError)")
        #expect(waited.standardError.contains("waiting for process \(first.processIdentifier)"))
        // Byte for byte the trace of countries alone: nothing of the other run's archive was read.
        let committed = try Data(contentsOf: simulateRepositoryRoot.appendingPathComponent("Traces/countries.jsonl"))
        #expect(waited.standardOutput == committed)
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
    }

    @Test("kill -9 of simulate kills its relaunch process; the next run says the directory was left mid-cycle and removes what was left")
    func killedRun() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let scenario = scratch.appendingPathComponent("long.scenario.json")
        try ProcessWatching.writeLongScenario(to: scenario)
        let archive = scratch.appendingPathComponent("archive")
        let temporary = scratch.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let output = scratch.appendingPathComponent("run.jsonl")

        let killed = Process()
        killed.executableURL = try restoretraceBinary()
        killed.arguments = ["simulate", scenario.path, "-o", output.path, "--archive", archive.path]
        killed.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary.path]) { $1 }
        killed.standardError = FileHandle.nullDevice
        try killed.run()
        // Killed while its relaunch process restores (the marker is written before the search starts).
        let marker = archive.appendingPathComponent("restoration-in-progress").path
        var relaunch: pid_t?
        ProcessWatching.wait(seconds: 60) {
            relaunch = ProcessWatching.children(of: killed.processIdentifier).first
            return (relaunch != nil && FileManager.default.fileExists(atPath: marker)) || !killed.isRunning
        }
        let child = try #require(relaunch, "the relaunch process never started")
        kill(killed.processIdentifier, SIGKILL)
        killed.waitUntilExit()
        #expect(ProcessWatching.wait(seconds: 10) { !ProcessWatching.isAlive(child) }, "the relaunch process outlived its parent")
        // Ended in the middle of restoring, not after it finished on its own (which removes the marker).
        #expect(FileManager.default.fileExists(atPath: marker))

        let leftovers = { () -> [String] in
            let beside = ((try? FileManager.default.contentsOfDirectory(atPath: scratch.path)) ?? []).filter { $0.hasSuffix(".tmp") }
            let inArchive = ((try? FileManager.default.contentsOfDirectory(atPath: archive.path)) ?? []).filter { $0.hasSuffix(".tmp") }
            let workspaces = (try? FileManager.default.contentsOfDirectory(atPath: temporary.appendingPathComponent("restoretrace-\(getuid())").path)) ?? []
            return beside + inArchive + workspaces
        }
        #expect(!leftovers().isEmpty, "SIGKILL left nothing behind, so the test shows no clean-up")

        let next = try runRestoretrace(["simulate", "Traces/countries.scenario.json", "-o", output.path, "--archive", archive.path],
                                       environment: ["TMPDIR": temporary.path])
        #expect(next.status == 0, "\(next.standardError)")
        #expect(next.standardError.contains("process \(killed.processIdentifier) stopped in the middle of its cycle"), "\(next.standardError)")
        #expect(leftovers().isEmpty, "\(leftovers())")
    }

    @Test("a relaunch process whose parent had already died exits at once and writes nothing")
    func orphanRelaunch() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let trace = scratch.appendingPathComponent("t.jsonl")
        let run = try runRestoretrace([
            "simulate-relaunch", "--scenario", "Traces/countries.scenario.json", "--archive", scratch.path,
            "--trace", trace.path, "--continuation", "tick:10:5:0",
            "--parent", "\(try ProcessWatching.endedProcessID())", "--archive-lock", "3",
        ])
        #expect(run.status == 2)
        #expect(!FileManager.default.fileExists(atPath: trace.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
    }

    @Test("a relaunch process that was not handed the archive directory's lock refuses to touch it")
    func relaunchWithoutLock() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let trace = scratch.appendingPathComponent("t.jsonl")
        let run = try runRestoretrace([
            "simulate-relaunch", "--scenario", "Traces/countries.scenario.json", "--archive", scratch.path,
            "--trace", trace.path, "--continuation", "tick:10:5:0",
            "--parent", "\(getpid())", "--archive-lock", "3",
        ])
        #expect(run.status == 2)
        #expect(run.standardError.contains(scratch.path) && run.standardError.contains("does not hold the archive directory's lock"))
        #expect(!FileManager.default.fileExists(atPath: trace.path))
    }
}
