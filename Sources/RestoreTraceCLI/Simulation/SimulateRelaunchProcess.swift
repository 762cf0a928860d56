// SimulateRelaunchProcess: starts the relaunched app as a child process of this same executable
// (`restoretrace simulate-relaunch ...`) and reports how it ended.

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

extension ChildProcess.Ending {
    var isSuccess: Bool { self == .exited(0) }

    var description: String {
        switch self {
        case .exited(let status): return "exited with status \(status)"
        case .killed(let signal): return "was killed by signal \(signal)" + (signal == SIGABRT ? " (SIGABRT, abort)" : "")
        }
    }
}

/// One relaunch of the app in a child process.
struct SimulateRelaunchProcess {
    typealias Ending = ChildProcess.Ending

    struct Result {
        var ending: Ending
        /// What the child wrote to standard error.
        var standardError: String
    }

    var scenarioPath: String
    /// Replaces the scenario's name (when the child reads a copy of standard input).
    var scenarioName: String?
    var archiveDirectory: String
    /// Handed to the child, which holds it too: the directory is free only when both have ended.
    var archiveLock: ArchiveDirectoryLock
    var tracePath: String
    var continuation: TraceContinuation

    /// Runs the child to the end. Throws when it cannot be started at all.
    func run() throws -> Result {
        let executable = try SimulateRelaunchProcess.restoretraceExecutable()
        var arguments = [
            executable.path,
            SimulateRelaunchCommand.configuration.commandName ?? "simulate-relaunch",
            "--scenario", scenarioPath, "--archive", archiveDirectory, "--trace", tracePath,
            "--continuation", continuation.description,
            "--parent", "\(getpid())", "--archive-lock", "\(ChildProcess.inheritedDescriptor)",
        ]
        if let scenarioName { arguments += ["--scenario-name", scenarioName] }
        var environment = ProcessInfo.processInfo.environment
        // The modelled crash is an abort(): no Swift backtrace on stderr, no time spent symbolicating.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        var child: ChildProcess
        do {
            // From the main thread, which lives as long as the process: the child dies with the thread that started it.
            child = try ChildProcess.start(executable.path, arguments: arguments, environment: environment.map { "\($0.key)=\($0.value)" },
                                           inheriting: archiveLock.descriptor)
        } catch {
            throw SimulateRunError(message: "cannot start the relaunch (\(executable.path)): \(error.reason)")
        }
        // An interrupt kills it first, then removes what it was writing.
        InterruptCleanup.watch(child: child.identifier, directory: archiveDirectory)
        let errorBytes = child.readStandardError()
        let status = child.wait()
        InterruptCleanup.parkIfInterrupted()
        InterruptCleanup.forgetChild()
        return Result(ending: status, standardError: String(decoding: errorBytes, as: UTF8.self))
    }

    /// Names the executable to run the relaunch with, for installs where this process cannot find itself.
    static let executableOverrideVariable = "RESTORETRACE_EXECUTABLE"

    /// `$RESTORETRACE_EXECUTABLE`, else this executable, or — when `simulate` runs inside a test
    /// bundle — the `restoretrace` built beside it.
    static func restoretraceExecutable() throws -> URL {
        if let override = ProcessInfo.processInfo.environment[executableOverrideVariable], !override.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: override) else {
                throw SimulateRunError(message: "\(executableOverrideVariable)=\(override) is not an executable file")
            }
            return URL(fileURLWithPath: override)
        }
        let own = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let ownName = own.lastPathComponent
        if FileManager.default.isExecutableFile(atPath: own.path), !ownName.contains("xctest"), !ownName.contains("PackageTests") {
            return own
        }
        let sibling = own.deletingLastPathComponent().appendingPathComponent("restoretrace")
        if FileManager.default.isExecutableFile(atPath: sibling.path) { return sibling }
        #if !canImport(FoundationEssentials)
        // Where there is no /proc (Darwin), Foundation's bundle knows the executable.
        if let main = Bundle.main.executableURL, FileManager.default.isExecutableFile(atPath: main.path) { return main }
        #endif
        throw SimulateRunError(message: "cannot find the restoretrace executable to run the relaunch in; build it with `swift build`")
    }
}

/// A failure of the run itself (not of the scenario), with the message for the user.
struct SimulateRunError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
