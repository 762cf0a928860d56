// The exit statuses of every command, as diff(1) and grep use them, and the sentence each
// command's --help gives them.

/// 0 success; 1 the command's "no"; 2 trouble. A script can tell "the answer is no" from "the
/// command could not answer".
enum ExitStatus {
    static let success: Int32 = 0
    /// The command's answer is no: `validate` found an invalid trace, `lint` found errors, `diff`
    /// found a regression.
    static let no: Int32 = 1
    /// The command could not do its work: a usage error, an input that is missing, unreadable or
    /// malformed beyond what the command can process, an output that cannot be written.
    static let trouble: Int32 = 2

    /// `Exit status: 0 SUCCESS; 1 NO; 2 trouble: ...`, a paragraph of its own at the end of a
    /// command's --help (after a discussion whose last line ends with a line break).
    static func help(success: String, no: String? = nil) -> String {
        var text = "\nExit status: 0 \(success); "
        if let no { text += "1 \(no); " }
        return text + "2 trouble: a usage error, an input that is missing, unreadable or malformed, "
            + "or an output that cannot be written (the message on standard error starts with `restoretrace:`)."
    }
}

/// A command that cannot go on: ``message`` is printed as `restoretrace: MESSAGE` and the process
/// exits with ``status`` (by `RestoreTraceCommand.runAsMain`).
struct CommandFailure: Error, CustomStringConvertible {
    var message: String
    var status: Int32

    /// Trouble (exit 2) with its message.
    static func trouble(_ message: String) -> CommandFailure { CommandFailure(message: message, status: ExitStatus.trouble) }

    var description: String { message }
}
