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
        let given = arguments ?? Array(CommandLine.arguments.dropFirst())
        RenderCommand.warmUpEarly(arguments: given)
        do {
            // The main command's usual lines skip ArgumentParser's model (see RenderCommand+QuickParse).
            if given.first == "render", let render = RenderCommand.quicklyParsed(given.dropFirst()) {
                try render.run()
            } else {
                var command = try parseAsRoot(arguments)
                try command.run()
            }
            GraphvizRenderer.shared.waitForWarmUp()
            exit()
        } catch {
            // Never exit with libgvc busy on the warm-up thread (a usage error after `render`):
            // a usage error is printed first, then waited for, so the message is not delayed.
            if exitCode(for: error) == .validationFailure {
                StandardError.write(fullMessage(for: error) + "\n")
                GraphvizRenderer.shared.waitForWarmUp()
                exitProcess(usageErrorExitCode)
            }
            GraphvizRenderer.shared.waitForWarmUp()
            exit(withError: error)
        }
    }
}

/// exit(3), named apart from ParsableCommand's `exit` in scope where it is called.
private func exitProcess(_ code: Int32) -> Never {
    exit(code)
}
