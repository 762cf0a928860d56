// TraceHeaderParser: turns line 1 into a `TraceHeader`, refusing unknown major versions.

/// What reading a header line gave: the header (nil when the line is not a header at all),
/// the problems found, and whether reading must stop (an unsupported format).
struct TraceHeaderParseResult {
    var header: TraceHeader?
    var diagnostics: [TraceDiagnostic] = []
    var isFatal = false
}

extension TraceHeader {
    /// The header on `line` (line 1, no newline), when the reader would take it without a single
    /// diagnostic; nil otherwise (the reader then says what is wrong).
    package static func parseWithoutDiagnostics(_ line: UnsafeRawBufferPointer) -> TraceHeader? {
        guard let parsed = try? JSONValue.parse(line), let object = parsed.objectValue else { return nil }
        let result = TraceHeaderParser.parse(object, line: 1)
        guard result.diagnostics.isEmpty, !result.isFatal else { return nil }
        return result.header
    }
}

enum TraceHeaderParser {
    /// The major version of `restoretrace/<major>` this reader understands.
    static let supportedMajor = 1

    /// Reads a parsed line-1 object. Returns a nil header when it has no `"type":"header"`.
    static func parse(_ object: JSONObject, line: Int) -> TraceHeaderParseResult {
        var result = TraceHeaderParseResult()
        guard object["type"] == .string("header") else { return result }
        var header = TraceHeader(format: "", clock: ClockUnit.ns.rawValue)
        var extra: [JSONMember] = []
        var sawFormat = false
        var sawClock = false
        for member in object.members {
            switch member.key {
            case "type":
                continue
            case "format":
                guard let format = member.value.stringValue else {
                    result.diagnostics.append(.error(line: line, "header \"format\" must be a string, found \(member.value.typeName)"))
                    result.isFatal = true
                    return result
                }
                header.format = format
                sawFormat = true
            case "clock":
                if let clock = member.value.stringValue {
                    header.clock = clock
                    sawClock = true
                } else {
                    result.diagnostics.append(.error(line: line, "header \"clock\" must be a string (\"ns\" or \"tick\"), found \(member.value.typeName)"))
                }
            case "generator", "origin", "scenario":
                guard let text = member.value.stringValue else {
                    result.diagnostics.append(.error(line: line, "header \"\(member.key)\" must be a string, found \(member.value.typeName)"))
                    continue
                }
                switch member.key {
                case "generator": header.generator = text
                case "origin": header.origin = text
                default: header.scenario = text
                }
            default:
                extra.append(member)
            }
        }
        header.extra = extra
        guard sawFormat else {
            result.diagnostics.append(.error(
                line: line, "the header has no \"format\"; expected \"format\":\"\(currentTraceFormat)\""))
            result.isFatal = true
            return result
        }
        guard let major = header.formatMajor else {
            result.diagnostics.append(.error(
                line: line, "unknown trace format \"\(header.format)\": this reader supports \(currentTraceFormat)"))
            result.isFatal = true
            return result
        }
        guard major == supportedMajor else {
            result.diagnostics.append(.error(
                line: line,
                "unsupported trace format \"\(header.format)\": this reader supports \(currentTraceFormat) only; "
                    + (major > supportedMajor ? "use a newer restoretrace to read it" : "convert the trace first")))
            result.isFatal = true
            return result
        }
        if !sawClock {
            result.diagnostics.append(.warning(line: line, "the header has no \"clock\"; assuming \"ns\""))
        } else if header.clockUnit == nil {
            result.diagnostics.append(.warning(
                line: line, "unknown clock \"\(header.clock)\" (known: ns, tick); timings are shown as they are"))
        }
        result.header = header
        return result
    }
}
