// The process entry point: runs the command line, prints every failure in one form and exits
// with one table of statuses (ExitStatus), ArgumentParser's usage errors (its 64) included as 2.

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
    /// Exit code for a usage error: unknown option, missing argument, bad value (``ExitStatus/trouble``).
    public static let usageErrorExitCode: Int32 = ExitStatus.trouble

    /// Parses `arguments` (the process's by default), runs the subcommand and exits with
    /// ``ExitStatus``'s table: 0 success, 1 the command's "no", 2 trouble. Every message on
    /// standard error starts with `restoretrace: `, ArgumentParser's usage errors included.
    public static func runAsMain(_ arguments: [String]? = nil) -> Never {
        StandardDescriptors.reserve()
        // Before any thread starts: the signals' mask is inherited.
        InterruptCleanup.install()
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            finish(ExitStatus.success)
        } catch let failure as CommandFailure {
            StandardError.report(failure.message)
            finish(failure.status)
        } catch let code as ExitCode {
            // The command printed its own messages.
            finish(code.rawValue)
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                // --help, --version: the text is the result, on standard output.
                do {
                    try StandardDescriptors.write(message.isEmpty ? "" : message + "\n")
                } catch {
                    StandardError.report(error.description)
                    exitProcess(ExitStatus.trouble)
                }
                finish(ExitStatus.success)
            }
            // A usage error (ArgumentParser's `Error: ...` and the usage lines after it), or an
            // error no command expected: the prefix on the first line, the usage as it is.
            StandardError.write(StandardError.prefix + (message.hasPrefix("Error: ") ? message.dropFirst("Error: ".count) : message[...]) + "\n")
            finish(ExitStatus.trouble)
        }
    }

    /// Exits with `status`, or with trouble when what was written to standard output could not be.
    private static func finish(_ status: Int32) -> Never {
        if let reason = StandardDescriptors.flushStreams() {
            StandardError.report("cannot write standard output: \(reason)")
            exitProcess(ExitStatus.trouble)
        }
        exitProcess(status)
    }
}

/// exit(3), named apart from ParsableCommand's `exit` in scope where it is called.
private func exitProcess(_ code: Int32) -> Never {
    exit(code)
}
