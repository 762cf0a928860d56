// The process entry point: runs the command line and maps ArgumentParser's usage-error exit
// code (64, EX_USAGE) to restoretrace's documented 2.

import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import RestoreTrace

extension RestoreTraceCommand {
    /// Exit code for a usage error: unknown option, missing argument, bad value.
    public static let usageErrorExitCode: Int32 = 2

    /// Parses `arguments` (the process's by default), runs the subcommand and exits.
    /// Exit codes: 0 ok, 1 the input is bad or a check failed, 2 usage error.
    public static func runAsMain(_ arguments: [String]? = nil) -> Never {
        StandardDescriptors.reserve()
        // Before any thread starts: the signals' mask is inherited.
        InterruptCleanup.install()
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            if let reason = StandardDescriptors.flushStreams() {
                StandardError.write("restoretrace: cannot write standard output: \(reason)\n")
                exitProcess(usageErrorExitCode)
            }
            exit()
        } catch {
            if exitCode(for: error) == .validationFailure {
                StandardError.write(fullMessage(for: error) + "\n")
                exitProcess(usageErrorExitCode)
            }
            exit(withError: error)
        }
    }
}

/// exit(3), named apart from ParsableCommand's `exit` in scope where it is called.
private func exitProcess(_ code: Int32) -> Never {
    exit(code)
}
