// ScenarioError: everything that can be wrong with a scenario file, each naming the file and
// either the JSON path (`windows[0].root.children[1].class`) or, where the JSON itself is
// malformed, the line and column.

/// Why a scenario could not be loaded. ``description`` is the message for the user:
///
/// ```
/// countries.scenario.json: windows[0].root.children[1].class: expected a string, found number
/// countries.scenario.json:12:5: expected ',' or '}' after an object member
/// ```
public struct ScenarioError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file name as the user gave it (`countries.scenario.json`, `<stdin>`).
    public var file: String
    /// Where in the JSON document: `windows[0].root.class`; "" for the whole document; nil when
    /// the problem is in the bytes (see ``line`` and ``column``) or the file itself.
    public var jsonPath: String?
    /// 1-based line and column of malformed JSON.
    public var line: Int?
    public var column: Int?
    public var problem: Problem

    /// What is wrong.
    public enum Problem: Sendable, Hashable {
        /// The file could not be read (missing, a directory, no permission).
        case unreadable(reason: String)
        /// The file is larger than the loader accepts.
        case tooLarge(bytes: Int, limit: Int)
        /// The file has no content at all.
        case empty
        /// The JSON is malformed (see ``ScenarioError/line`` and ``ScenarioError/column``).
        case malformedJSON(message: String)
        /// A value has the wrong JSON type.
        case wrongType(expected: String, found: String)
        /// A required field is absent.
        case missingField(hint: String)
        /// A field this format does not define (and not `x-…`).
        case unknownField(suggestion: String?)
        /// The same field twice in one object.
        case duplicateField
        /// A string that is not one of the allowed values; `expected` lists them (`"intact", "corrupt"`).
        case invalidValue(found: String, expected: String)
        /// `format` names a format this version does not read.
        case unsupportedFormat(found: String, supported: String)
        /// A number outside its range, or any other value the format forbids; `reason` says why.
        case invalidNumber(reason: String)
        /// A value that breaks a rule of the format; `reason` says which.
        case inconsistent(reason: String)
        /// View controllers and views nested deeper than the loader accepts.
        case hierarchyTooDeep(limit: Int)
    }

    public init(file: String, jsonPath: String? = nil, line: Int? = nil, column: Int? = nil, problem: Problem) {
        self.file = file
        self.jsonPath = jsonPath
        self.line = line
        self.column = column
        self.problem = problem
    }

    /// `file: path: what is wrong`, or `file:line:column: what is wrong`.
    public var description: String {
        var location = file
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        if let jsonPath {
            location += ": " + (jsonPath.isEmpty ? "(the top level)" : ScenarioError.abbreviated(jsonPath))
        }
        return location + ": " + explanation
    }

    /// The message without the location.
    public var explanation: String {
        switch problem {
        case .unreadable(let reason):
            return "cannot read the scenario: \(reason)"
        case .tooLarge(let bytes, let limit):
            return "the file is \(bytes) bytes; scenarios may be at most \(limit) bytes (\(limit >> 20) MiB)"
        case .empty:
            return "the file is empty; a scenario is a JSON object such as "
                + "{\"format\": \"\(currentScenarioFormat)\", \"windows\": [...]}"
        case .malformedJSON(let message):
            return "malformed JSON: \(message)"
        case .wrongType(let expected, let found):
            return "expected \(expected), found \(found)"
        case .missingField(let hint):
            return "required field is missing; \(hint)"
        case .unknownField(let suggestion):
            var text = "unknown field"
            if let suggestion { text += "; did you mean \"\(suggestion)\"?" }
            return text + " (put your own data in fields whose names start with \"x-\")"
        case .duplicateField:
            return "this field appears more than once in the same object; keep one"
        case .invalidValue(let found, let expected):
            return "\"\(found)\" is not allowed here; use \(expected)"
        case .unsupportedFormat(let found, let supported):
            return "unsupported format \"\(found)\"; this restoretrace reads \"\(supported)\""
        case .invalidNumber(let reason), .inconsistent(let reason):
            return reason
        case .hierarchyTooDeep(let limit):
            return "view controllers and views are nested more than \(limit) levels deep here; "
                + "flatten the hierarchy (restoretrace accepts at most \(limit) levels)"
        }
    }

    /// Very long paths (a deep hierarchy) keep their start and end: the middle says how much was cut.
    static func abbreviated(_ path: String) -> String {
        let limit = 240
        guard path.utf8.count > limit else { return path }
        let head = path.prefix(100)
        let tail = path.suffix(120)
        let cut = path.count - head.count - tail.count
        return "\(head)…(\(cut) characters)…\(tail)"
    }
}
