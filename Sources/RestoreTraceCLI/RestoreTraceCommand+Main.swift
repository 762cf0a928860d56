// The process entry point: runs the command line and maps ArgumentParser's usage-error exit
// code (64, EX_USAGE) to restoretrace's documented 2.

import ArgumentParser
import Foundation
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
            var command: any ParsableCommand
            if given.first == "render", let render = RenderCommand.quicklyParsed(given.dropFirst()) {
                command = render
            } else {
                command = try parseAsRoot(arguments)
            }
            try command.run()
            GraphvizRenderer.shared.waitForWarmUp()
            exit()
        } catch {
            // Never exit with libgvc busy on the warm-up thread (a usage error after `render`):
            // a usage error is printed first, then waited for, so the message is not delayed.
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                GraphvizRenderer.shared.waitForWarmUp()
                Foundation.exit(usageErrorExitCode)
            }
            GraphvizRenderer.shared.waitForWarmUp()
            exit(withError: error)
        }
    }
}
