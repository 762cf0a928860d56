// `lint --format text`: one block per finding in the compilers' `file:line:column: severity:`
// form (editors and terminals link it), what to do, and what the object is; then a line per
// input and the tally.

/// Findings for people.
public enum LintTextFormat {
    public static func text(_ report: LintReport) -> String {
        var lines: [String] = []
        for finding in report.findings {
            lines.append("\(finding.location.description): \(finding.severity.rawValue): \(finding.message) "
                + "[\(finding.rule.id) \(finding.rule.name)]")
            lines.append("    fix: \(finding.fix)")
            var about: [String] = []
            if let objectID = finding.objectID { about.append("object \(objectID)") }
            if let className = finding.className { about.append(className) }
            if let storyboard = finding.storyboardIdentifier, !storyboard.isEmpty { about.append("storyboard ID \(storyboard)") }
            if let path = finding.restorationPathText { about.append("path \(path)") }
            if case .scenario(let location) = finding.location, let source = location.source { about.append("defined at \(source)") }
            if !about.isEmpty { lines.append("    " + about.joined(separator: " · ")) }
        }
        if !report.findings.isEmpty { lines.append("") }
        lines += report.inputs.map(\.text)
        lines.append(report.tally)
        return lines.joined(separator: "\n") + "\n"
    }
}
