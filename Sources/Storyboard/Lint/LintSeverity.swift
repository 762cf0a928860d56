// How serious a lint finding is. Errors fail `restoretrace lint` (exit 1); warnings and infos
// are reported and do not.

/// A finding's severity, most serious first.
public enum LintSeverity: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Restoration silently loses the object: always a bug.
    case error
    /// Probably a bug, or works only if code elsewhere does its part.
    case warning
    /// Worth knowing; often intended.
    case info

    private var rank: Int {
        switch self {
        case .error: return 0
        case .warning: return 1
        case .info: return 2
        }
    }

    public static func < (a: Self, b: Self) -> Bool { a.rank < b.rank }

    /// SARIF's `level` (`error`, `warning`, `note`).
    public var sarifLevel: String {
        switch self {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "note"
        }
    }

    /// The GitHub Actions workflow command (`error`, `warning`, `notice`).
    public var githubCommand: String {
        switch self {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "notice"
        }
    }
}
