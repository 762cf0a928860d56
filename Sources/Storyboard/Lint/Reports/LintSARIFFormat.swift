// `lint --format sarif`: SARIF 2.1.0, as GitHub code scanning reads it — the rules with their
// descriptions and default levels, and one result per finding, located by a URI relative to the
// working directory and a region (line and column in Unicode code points).

import RestorationEngine
import TraceFormat

/// Findings as a SARIF 2.1.0 log.
public enum LintSARIFFormat {
    public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"

    /// The log; paths that are absolute and inside `workingDirectory` become relative to it.
    public static func json(_ report: LintReport, workingDirectory: String?, toolVersion: String) -> JSONValue {
        let rules = LintRules.all.map(\.info)
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($0.element.id, $0.offset) })
        let driver = JSONObject([
            JSONMember("name", "restoretrace"),
            JSONMember("fullName", .string("restoretrace lint \(toolVersion)")),
            JSONMember("version", .string(toolVersion)),
            JSONMember("rules", .array(rules.map(rule))),
        ])
        let results = report.findings.map { result($0, ruleIndex: ruleIndex[$0.rule.id] ?? -1, workingDirectory: workingDirectory) }
        let run = JSONObject([
            JSONMember("tool", .object(JSONObject([JSONMember("driver", .object(driver))]))),
            JSONMember("columnKind", "unicodeCodePoints"),
            JSONMember("results", .array(results)),
        ])
        return .object(JSONObject([
            JSONMember("$schema", .string(schemaURI)),
            JSONMember("version", "2.1.0"),
            JSONMember("runs", .array([.object(run)])),
        ]))
    }

    public static func text(_ report: LintReport, workingDirectory: String?, toolVersion: String) -> String {
        JSONPrettyPrinter.text(json(report, workingDirectory: workingDirectory, toolVersion: toolVersion)) + "\n"
    }

    static func rule(_ info: LintRuleInfo) -> JSONValue {
        .object(JSONObject([
            JSONMember("id", .string(info.id)),
            JSONMember("name", .string(info.name)),
            JSONMember("shortDescription", message(info.summary)),
            JSONMember("fullDescription", message(info.rationale)),
            JSONMember("help", message(info.fix)),
            JSONMember("defaultConfiguration", .object(JSONObject([JSONMember("level", .string(info.severity.sarifLevel))]))),
            JSONMember("properties", .object(JSONObject([JSONMember("tags", .strings(["state-restoration", "uikit"]))]))),
        ]))
    }

    static func result(_ finding: LintFinding, ruleIndex: Int, workingDirectory: String?) -> JSONValue {
        var physical = [JSONMember("artifactLocation", .object(JSONObject([
            JSONMember("uri", .string(uri(finding.location.file, workingDirectory: workingDirectory))),
        ])))]
        var logical: [JSONValue] = []
        switch finding.location {
        case .storyboard(let source):
            var region = [JSONMember("startLine", .int(Int64(source.line ?? 1)))]
            if let column = source.column { region.append(JSONMember("startColumn", .int(Int64(column)))) }
            physical.append(JSONMember("region", .object(JSONObject(region))))
            if let objectID = finding.objectID {
                logical.append(.object(JSONObject([JSONMember("name", .string(objectID)), JSONMember("kind", "object")])))
            }
        case .scenario(let location):
            // Line 1 when the position is unknown: code scanning needs a line; the JSON path says where.
            var region = [JSONMember("startLine", .int(Int64(location.line ?? 1)))]
            if let column = location.column { region.append(JSONMember("startColumn", .int(Int64(column)))) }
            physical.append(JSONMember("region", .object(JSONObject(region))))
            logical.append(.object(JSONObject([
                JSONMember("fullyQualifiedName", .string(location.jsonPath.isEmpty ? "$" : location.jsonPath)), JSONMember("kind", "object"),
            ])))
        }
        var location = [JSONMember("physicalLocation", .object(JSONObject(physical)))]
        if !logical.isEmpty { location.append(JSONMember("logicalLocations", .array(logical))) }
        var properties: [JSONMember] = []
        if let objectID = finding.objectID { properties.append(JSONMember("objectId", .string(objectID))) }
        if let className = finding.className { properties.append(JSONMember("class", .string(className))) }
        if let storyboard = finding.storyboardIdentifier { properties.append(JSONMember("storyboardIdentifier", .string(storyboard))) }
        if let path = finding.restorationPath {
            properties.append(JSONMember("restorationPath", .array(path.map { $0.map(JSONValue.string) ?? .null })))
        }
        properties.append(JSONMember("fix", .string(finding.fix)))
        // Stable across runs and edits elsewhere in the file: the rule and the object (or JSON path).
        var identity = finding.rule.id + "|" + finding.location.file + "|"
        switch finding.location {
        case .storyboard: identity += finding.objectID ?? "\(finding.location.line ?? 0)"
        case .scenario(let location): identity += location.jsonPath
        }
        return .object(JSONObject([
            JSONMember("ruleId", .string(finding.rule.id)),
            JSONMember("ruleIndex", .int(Int64(ruleIndex))),
            JSONMember("level", .string(finding.severity.sarifLevel)),
            JSONMember("message", message(finding.message + " Fix: " + finding.fix)),
            JSONMember("locations", .array([.object(JSONObject(location))])),
            JSONMember("partialFingerprints", .object(JSONObject([JSONMember("restoretraceObject/v1", .string(identity))]))),
            JSONMember("properties", .object(JSONObject(properties))),
        ]))
    }

    private static func message(_ text: String) -> JSONValue { .object(JSONObject([JSONMember("text", .string(text))])) }

    /// A file path as a URI reference: relative paths percent-encoded as they are (relative to the
    /// working directory, as code scanning expects); absolute ones made relative when inside
    /// `workingDirectory`, else `file://` URIs.
    public static func uri(_ path: String, workingDirectory: String?) -> String {
        var relative = path
        if path.hasPrefix("/") {
            if let base = workingDirectory.map({ $0.hasSuffix("/") ? $0 : $0 + "/" }), path.hasPrefix(base) {
                relative = String(path.dropFirst(base.count))
            } else {
                return "file://" + percentEncoded(path)
            }
        }
        while relative.hasPrefix("./") { relative.removeFirst(2) }
        return percentEncoded(relative)
    }

    /// RFC 3986: unreserved characters and `/` as they are, every other byte as `%XX`.
    static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
