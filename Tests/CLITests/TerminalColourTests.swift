// Colour only on a terminal that shows it, and never when NO_COLOR asks for none.

import Testing
@testable import RestoreTraceCLI

@Suite("terminal colour")
struct TerminalColourTests {
    @Test("colour needs a terminal, a TERM that is not dumb, and no NO_COLOR",
          arguments: [
            (true, ["TERM": "xterm-256color"], true),
            (false, ["TERM": "xterm-256color"], false),
            (true, ["TERM": "dumb"], false),
            (true, [:], false),
            (true, ["TERM": ""], false),
            (true, ["TERM": "xterm", "NO_COLOR": "1"], false),
            (true, ["TERM": "xterm", "NO_COLOR": ""], true),
          ])
    func decision(isTerminal: Bool, environment: [String: String], expected: Bool) {
        #expect(TerminalColour.isWanted(isTerminal: isTerminal, environment: { environment[$0] }) == expected)
    }
}
