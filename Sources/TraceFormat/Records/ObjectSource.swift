// ObjectSource: where an object of an app was defined — a storyboard's file, line and column and
// the Interface Builder object ID — as scenarios (`source`) and trace records (`source`) carry it.
// An extension of both formats: readers that do not know it ignore it.

/// Where an object was defined: `{"file": "Main.storyboard", "line": 17, "column": 9, "objectId": "Fow-qg-25e"}`.
public struct ObjectSource: Sendable, Hashable, CustomStringConvertible {
    /// The file, as the tool that wrote the location was given it (relative to its working directory).
    public var file: String
    /// 1-based line, when known.
    public var line: Int?
    /// 1-based column in Unicode scalars, when known.
    public var column: Int?
    /// The object's identifier inside the file (an Interface Builder object ID such as `Fow-qg-25e`).
    public var objectID: String?

    public init(file: String, line: Int? = nil, column: Int? = nil, objectID: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.objectID = objectID
    }

    /// The member names of the JSON form, in the order they are written.
    public static let memberNames = ["file", "line", "column", "objectId"]

    /// `file:line:column`, as compilers print locations (parts that are unknown are left out).
    public var description: String {
        var text = file
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        return text
    }

    /// The JSON form: `file` always, the others when known.
    public var jsonValue: JSONValue {
        var members = [JSONMember("file", .string(file))]
        if let line { members.append(JSONMember("line", .int(Int64(line)))) }
        if let column { members.append(JSONMember("column", .int(Int64(column)))) }
        if let objectID { members.append(JSONMember("objectId", .string(objectID))) }
        return .object(JSONObject(members))
    }

    /// Reads the JSON form; nil when `value` is not one (a reader that finds a malformed `source`
    /// on a trace record ignores it, as it would any unknown field). `x-…` members are ignored.
    public init?(json value: JSONValue) {
        guard case .object(let object) = value, case .string(let file)? = object["file"] else { return nil }
        self.file = file
        for member in object.members {
            switch member.key {
            case "file": continue
            case "line", "column":
                guard case .int(let number) = member.value, number >= 1, number <= Int64(Int32.max) else { return nil }
                if member.key == "line" { line = Int(number) } else { column = Int(number) }
            case "objectId":
                guard case .string(let text) = member.value else { return nil }
                objectID = text
            default:
                guard member.key.hasPrefix("x-") else { return nil }
            }
        }
    }
}

extension TraceRecord {
    /// `source` (an extension of the format): where the object this record is about was defined.
    /// `simulate` writes it on `encode` B and `exclude` records of objects whose scenario gives one.
    public var source: ObjectSource? { self[attribute: "source"].flatMap(ObjectSource.init(json:)) }
}
