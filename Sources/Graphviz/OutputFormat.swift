// The output formats a graph renders to.

/// What ``GraphvizRenderer`` produces.
public enum OutputFormat: String, Sendable, Hashable, CaseIterable {
    /// SVG 1.1 text; byte-identical run to run.
    case svg
    /// A PNG bitmap (cairo); byte-identical run to run.
    case png
    /// A PDF document (cairo); its creation date is fixed so it is byte-identical run to run.
    case pdf
    /// The DOT source as written by ``Graph/dotSource`` — no layout, for `dot -T...` or diffs.
    case dot

    /// The file extension that selects this format.
    public var fileExtension: String { rawValue }

    /// The format a file name's extension selects (`.gv` counts as DOT), or nil.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "svg": self = .svg
        case "png": self = .png
        case "pdf": self = .pdf
        case "dot", "gv": self = .dot
        default: return nil
        }
    }

    /// The name libgvc knows the format by (`dot` is never sent to libgvc).
    package var libgvcName: String {
        switch self {
        case .svg: return "svg"
        case .png: return "png:cairo"
        case .pdf: return "pdf:cairo"
        case .dot: return "canon"
        }
    }
}
