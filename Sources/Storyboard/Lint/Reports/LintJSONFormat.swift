// `lint --format json`: the report as one JSON document (`restoretrace-lint/1`) for scripts:
// the inputs with their counts, every finding with all it knows, and the tally.

import RestorationEngine
import TraceFormat

/// Findings for programs.
public enum LintJSONFormat {
    /// The format identifier written as `format`.
    public static let format = "restoretrace-lint/1"

    public static func json(_ report: LintReport) -> JSONValue {
        .object(JSONObject([
            JSONMember("format", .string(format)),
            JSONMember("inputs", .array(report.inputs.map(input))),
            JSONMember("findings", .array(report.findings.map(finding))),
            JSONMember("summary", .object(JSONObject(LintSeverity.allCases.map { severity in
                JSONMember(severity.rawValue == "info" ? "infos" : severity.rawValue + "s", .int(Int64(report.count(severity))))
            }))),
        ]))
    }

    public static func text(_ report: LintReport) -> String { JSONPrettyPrinter.text(json(report)) + "\n" }

    static func input(_ summary: LintInputSummary) -> JSONValue {
        var members = [JSONMember("file", .string(summary.file))]
        switch summary.kind {
        case .storyboard(let format):
            members += [JSONMember("kind", "storyboard"), JSONMember("version", .string(format.rawValue)),
                        JSONMember("scenes", .int(Int64(summary.controllers))), JSONMember("restored", .int(Int64(summary.restored))),
                        JSONMember("restoredThroughStoryboardID", .int(Int64(summary.restoredThroughStoryboard))),
                        JSONMember("neverRestored", .int(Int64(summary.neverRestored))),
                        JSONMember("notReachable", .int(Int64(summary.notReachable)))]
        case .scenario:
            members += [JSONMember("kind", "scenario"), JSONMember("viewControllers", .int(Int64(summary.controllers))),
                        JSONMember("withRestorationPath", .int(Int64(summary.restored))),
                        JSONMember("withoutRestorationPath", .int(Int64(summary.neverRestored)))]
        }
        members.append(JSONMember("views", .int(Int64(summary.views))))
        return .object(JSONObject(members))
    }

    static func finding(_ finding: LintFinding) -> JSONValue {
        var members = [
            JSONMember("ruleId", .string(finding.rule.id)), JSONMember("ruleName", .string(finding.rule.name)),
            JSONMember("severity", .string(finding.severity.rawValue)), JSONMember("message", .string(finding.message)),
            JSONMember("fix", .string(finding.fix)), JSONMember("file", .string(finding.location.file)),
        ]
        switch finding.location {
        case .storyboard(let source):
            if let line = source.line { members.append(JSONMember("line", .int(Int64(line)))) }
            if let column = source.column { members.append(JSONMember("column", .int(Int64(column)))) }
        case .scenario(let location):
            if let line = location.line { members.append(JSONMember("line", .int(Int64(line)))) }
            if let column = location.column { members.append(JSONMember("column", .int(Int64(column)))) }
            members.append(JSONMember("jsonPath", .string(location.jsonPath)))
            if let source = location.source { members.append(JSONMember("source", source.jsonValue)) }
        }
        if let objectID = finding.objectID { members.append(JSONMember("objectId", .string(objectID))) }
        if let className = finding.className { members.append(JSONMember("class", .string(className))) }
        if let storyboard = finding.storyboardIdentifier { members.append(JSONMember("storyboardIdentifier", .string(storyboard))) }
        if let path = finding.restorationPath {
            members.append(JSONMember("restorationPath", .array(path.map { $0.map(JSONValue.string) ?? .null })))
        }
        return .object(JSONObject(members))
    }
}
