// Whether output may carry ANSI colour: only on a terminal that understands it, and never when
// the user asked for none (https://no-color.org).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

enum TerminalColour {
    /// Colour for what is written to `descriptor`, as this process's environment decides.
    static func isWanted(on descriptor: Int32) -> Bool {
        isWanted(isTerminal: isatty(descriptor) == 1, environment: { name in getenv(name).map { String(cString: $0) } })
    }

    /// A terminal; `NO_COLOR` unset or empty; `TERM` set and not `dumb` (a terminal without
    /// escape sequences, such as Emacs' shell buffer, shows them as garbage).
    static func isWanted(isTerminal: Bool, environment: (String) -> String?) -> Bool {
        guard isTerminal else { return false }
        if let noColour = environment("NO_COLOR"), !noColour.isEmpty { return false }
        guard let terminal = environment("TERM"), !terminal.isEmpty, terminal != "dumb" else { return false }
        return true
    }
}
