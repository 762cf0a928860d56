// Runs a built executable of this package (`restoretrace` by default) as a child process and
// captures what it prints.

import Foundation

/// The result of one run of the `restoretrace` executable.
struct ExecutableRun {
    var status: Int32
    var standardOutput: String
    var standardError: String

    /// The `restoretrace` binary SwiftPM built next to the test bundle.
    static var executableURL: URL { url(of: "restoretrace") }

    /// The binary named `name` SwiftPM built next to the test bundle.
    static func url(of name: String) -> URL {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent(name)
        }
        #endif
        return Bundle.main.bundleURL.appendingPathComponent(name)
    }

    /// Runs `executable arguments…`, feeding `input` on standard input.
    static func run(_ arguments: [String], input: [UInt8] = [], executable: String = "restoretrace") throws -> ExecutableRun {
        let process = Process()
        process.executableURL = url(of: executable)
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Read both pipes while the process runs so that neither fills up and blocks it.
        let group = DispatchGroup()
        nonisolated(unsafe) var output = Data()
        nonisolated(unsafe) var errors = Data()
        DispatchQueue.global().async(group: group) { output = stdout.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { errors = stderr.fileHandleForReading.readDataToEndOfFile() }
        stdin.fileHandleForWriting.write(Data(input))
        try stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        group.wait()
        return ExecutableRun(status: process.terminationStatus,
                             standardOutput: String(decoding: output, as: UTF8.self),
                             standardError: String(decoding: errors, as: UTF8.self))
    }
}
