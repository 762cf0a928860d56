// Interrupting a command that writes a file: SIGINT, SIGTERM and SIGHUP end it with that
// signal and leave no temporary file; a temporary file a killed run left is removed by the next
// run writing the same output; a signal ignored at start stays ignored.

import Foundation
import Testing

@Suite("interrupted commands leave nothing behind", .serialized)
struct InterruptCleanupTests {
    /// A trace big enough that exporting it takes a while in a debug build.
    static let bigTrace: Result<String, Error> = Result {
        let path = AnalysisFixtures.directory.appendingPathComponent("interrupt-big.jsonl").path
        if !FileManager.default.fileExists(atPath: path) {
            let run = try ExecutableRun.run(["generate", "--objects", "300", "--target-mb", "30", "-o", path],
                                            executable: "restoretrace-bench")
            guard run.status == 0 else { throw SimulateTestFailure("generate failed: \(run.standardError)") }
        }
        return path
    }

    @Test("export ends with the signal and removes its temporary file", arguments: [SIGINT, SIGTERM, SIGHUP])
    func export(signal: Int32) throws {
        let trace = try Self.bigTrace.get()
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = try restoretraceBinary()
        process.arguments = ["export", trace, "--to", "otlp", "-o", scratch.appendingPathComponent("out.otlp.jsonl").path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        let temporaryFiles = { ((try? FileManager.default.contentsOfDirectory(atPath: scratch.path)) ?? []).filter { $0.hasSuffix(".tmp") } }
        let writing = ProcessWatching.wait(seconds: 60) { !temporaryFiles().isEmpty || !process.isRunning }
        try #require(writing && process.isRunning, "the export ended before it could be interrupted")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal,
                "reason \(process.terminationReason.rawValue), status \(process.terminationStatus)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
    }

    @Test("a signal ignored when the command started (nohup) stays ignored")
    func ignoredSignalStaysIgnored() throws {
        let trace = try Self.bigTrace.get()
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("out.otlp.jsonl").path
        // The shell ignores SIGHUP (as nohup does) and starts the export, which inherits that;
        // once the export writes its temporary file, the shell sends it SIGHUP.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", """
            trap '' HUP; "$0" export "$1" --to otlp -o "$2" & child=$!
            while [ -z "$(ls -A "$3")" ]; do sleep 0.02; done
            kill -HUP $child; wait $child
            """, try restoretraceBinary().path, trace, output, scratch.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(FileManager.default.fileExists(atPath: output))
    }

    @Test("a temporary file a killed run left beside the output is removed by the next run writing it")
    func staleTemporaryFile() throws {
        let trace = try AnalysisFixtures.generated(objects: 40, seed: 22)
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let dead = try ProcessWatching.endedProcessID()
        let stale = scratch.appendingPathComponent(".out.trace.json.\(dead).tmp")
        try Data("half an export".utf8).write(to: stale)
        let live = scratch.appendingPathComponent(".out.trace.json.\(getpid()).tmp")
        try Data("a running process's".utf8).write(to: live)
        for format in ["chrome", "otlp"] {  // the fast chrome path, and the general one
            let run = try ExecutableRun.run(["export", trace, "--to", format, "-o", scratch.appendingPathComponent("out.trace.json").path])
            #expect(run.status == 0, "\(run.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(FileManager.default.fileExists(atPath: live.path))
    }
}
