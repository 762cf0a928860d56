// What goes wrong inside libgvc, as Swift errors carrying libgvc's own messages.

/// One message libgvc reported through its error callback.
public struct GraphvizDiagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        case warning = "Warning"
        case error = "Error"
    }
    public let severity: Severity
    /// libgvc's text, without the `Error: ` prefix and trailing newline.
    public let message: String

    public init(severity: Severity, message: String) {
        self.severity = severity
        self.message = message
    }

    public var description: String { severity.rawValue + ": " + message }
}

/// A failure to lay out or render a graph. Each case carries what libgvc said.
public enum GraphvizError: Error, Sendable, Hashable, CustomStringConvertible {
    /// libgvc could not parse the DOT text.
    case invalidDOT([GraphvizDiagnostic])
    /// Layout failed or reported an error (a missing `config6a` plugin list shows up here).
    case layoutFailed([GraphvizDiagnostic])
    /// Rendering to `format` failed or reported an error.
    case renderFailed(format: OutputFormat, [GraphvizDiagnostic])

    /// What libgvc said.
    public var diagnostics: [GraphvizDiagnostic] {
        switch self {
        case .invalidDOT(let diagnostics), .layoutFailed(let diagnostics), .renderFailed(_, let diagnostics):
            return diagnostics
        }
    }

    public var description: String {
        let said = diagnostics.isEmpty ? "libgvc gave no message" : diagnostics.map(\.description).joined(separator: "; ")
        switch self {
        case .invalidDOT:
            return "Graphviz could not read the DOT text (\(said)); check the DOT line libgvc names"
        case .layoutFailed:
            return "Graphviz layout failed (\(said)); if it says the layout type is not recognized, "
                + "libgvc's plugin list (config6a) is missing: run scripts/setup.sh or reinstall libgvc6"
        case .renderFailed(let format, _):
            return "Graphviz could not render \(format.rawValue) (\(said)); try --format svg"
        }
    }
}
