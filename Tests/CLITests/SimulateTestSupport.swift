// Support for the `simulate` CLI tests: runs the built `restoretrace` binary (next to this test
// bundle in .build/<triple>/debug) as a child process and collects its exit status and output.

import Foundation
import Testing

/// What one run of `restoretrace` produced.
struct SimulateRunResult {
    var status: Int32
    var killedBySignal: Bool
    var standardOutput: Data
    var standardError: String
}

/// The repository root, found from this source file.
let simulateRepositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The `restoretrace` executable SwiftPM built beside the test bundle.
func restoretraceBinary() throws -> URL {
    let bundleDirectory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    let candidates = [
        bundleDirectory.appendingPathComponent("restoretrace"),
        Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("restoretrace"),
    ]
    guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
        throw SimulateTestFailure("restoretrace is not built next to the test bundle (\(bundleDirectory.path)); run `swift build`")
    }
    return found
}

/// Runs `restoretrace arguments...` in `directory`, feeding `input` to its standard input.
func runRestoretrace(_ arguments: [String], input: Data? = nil, in directory: URL = simulateRepositoryRoot,
                     environment extra: [String: String] = [:]) throws -> SimulateRunResult {
    let process = Process()
    process.executableURL = try restoretraceBinary()
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    for (key, value) in extra { environment[key] = value }
    process.environment = environment
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    let inputPipe = Pipe()
    process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
    try process.run()
    if let input {
        // Written from another thread: a large input must not deadlock against a full output pipe.
        let writer = inputPipe.fileHandleForWriting
        Thread.detachNewThread {
            writer.write(input)
            try? writer.close()
        }
    }
    // Drain stderr concurrently so that neither pipe can fill up and block the child.
    let errorBox = DataBox()
    let errorReader = Thread {
        errorBox.data = errors.fileHandleForReading.readDataToEndOfFile()
        errorBox.done.signal()
    }
    errorReader.start()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    errorBox.done.wait()
    process.waitUntilExit()
    return SimulateRunResult(status: process.terminationStatus, killedBySignal: process.terminationReason == .uncaughtSignal,
                             standardOutput: outputData, standardError: String(decoding: errorBox.data, as: UTF8.self))
}

/// Carries stderr from its reader thread; the semaphore orders the write before the read.
private final class DataBox: @unchecked Sendable {
    var data = Data()
    let done = DispatchSemaphore(value: 0)
}

/// A fresh empty directory, removed by the caller.
func makeScratchDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("simulate-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}

struct SimulateTestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The records (every line but the header) of a trace, parsed as JSON objects.
func traceRecords(_ data: Data) throws -> [[String: Any]] {
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    return try lines.dropFirst().map { line in
        guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw SimulateTestFailure("not a JSON object: \(line)")
        }
        return object
    }
}
