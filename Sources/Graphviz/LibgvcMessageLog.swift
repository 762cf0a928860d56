// Collects what libgvc reports through its error callback. libgvc hands the callback each
// message in pieces ("Error", ": ", the text), so the log keeps the raw text and splits it
// into diagnostics when asked.

import CGraphviz
/// The text libgvc's error callback received since the last ``reset()``. Every use holds the
/// libgvc lock (libgvc calls the callback only while it runs), so the log needs no lock of its own.
final class LibgvcMessageLog: @unchecked Sendable {
    /// The one log: the callback is a C function and cannot carry a context pointer.
    static let shared = LibgvcMessageLog()

    private var text = ""
    private static let limit = 64 * 1024

    private init() {}

    /// Routes libgvc's messages here instead of stderr, and returns the handler it replaced.
    /// Called once before the render's first libgvc call, and around an early build.
    @discardableResult
    func install() -> agusererrf? {
        agseterrf { piece in
            if let piece { LibgvcMessageLog.shared.append(String(cString: piece)) }
            return 0
        }
    }

    func append(_ piece: String) {
        // A runaway producer (one warning per node of a huge graph) must not grow memory without bound.
        guard text.utf8.count < LibgvcMessageLog.limit else { return }
        text += piece
    }

    func reset() {
        text = ""
    }

    /// Whether nothing has arrived since the last ``reset()``.
    var isEmpty: Bool { text.isEmpty }

    /// The messages so far, one diagnostic per `Error:`/`Warning:` message; continuation lines
    /// join the message before them.
    var diagnostics: [GraphvizDiagnostic] {
        LibgvcMessageLog.parse(text)
    }

    static func parse(_ text: String) -> [GraphvizDiagnostic] {
        var out: [GraphvizDiagnostic] = []
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = String(rawLine)
            if line.hasPrefix("Error: ") {
                out.append(GraphvizDiagnostic(severity: .error, message: String(line.dropFirst("Error: ".count))))
            } else if line.hasPrefix("Warning: ") {
                out.append(GraphvizDiagnostic(severity: .warning, message: String(line.dropFirst("Warning: ".count))))
            } else if let last = out.popLast() {
                out.append(GraphvizDiagnostic(severity: last.severity, message: last.message + " " + line))
            } else {
                out.append(GraphvizDiagnostic(severity: .error, message: line))
            }
        }
        return out
    }
}
