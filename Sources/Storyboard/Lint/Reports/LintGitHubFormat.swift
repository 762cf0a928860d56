// `lint --format github`: GitHub Actions workflow commands, one line per finding
// (`::error file=…,line=…,col=…,title=…::message`), which the runner turns into annotations on
// the pull request. Escaped as the runner unescapes: `%`, CR and LF everywhere, and `:` and `,`
// in property values too.

/// Findings as GitHub Actions annotations.
public enum LintGitHubFormat {
    public static func text(_ report: LintReport) -> String {
        var lines: [String] = report.findings.map(line)
        lines += report.inputs.map(\.text)
        lines.append(report.tally)
        return lines.joined(separator: "\n") + "\n"
    }

    static func line(_ finding: LintFinding) -> String {
        var properties = ["file=" + property(finding.location.file)]
        if let line = finding.location.line {
            properties.append("line=\(line)")
            if let column = finding.location.column { properties.append("col=\(column)") }
        }
        properties.append("title=" + property("\(finding.rule.id) \(finding.rule.name)"))
        var message = finding.message
        if case .scenario(let location) = finding.location { message = location.pathText + ": " + message }
        message += "\nFix: " + finding.fix
        return "::\(finding.severity.githubCommand) \(properties.joined(separator: ","))::\(data(message))"
    }

    /// A message: `%`, CR and LF escaped.
    static func data(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A property value: also `:` and `,`, which separate properties.
    static func property(_ text: String) -> String {
        var out = ""
        for scalar in data(text).unicodeScalars {
            switch scalar {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
