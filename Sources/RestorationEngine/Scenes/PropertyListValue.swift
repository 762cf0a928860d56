// PropertyListValue: what `NSUserActivity.userInfo` and `UISceneSession.userInfo` hold — the
// property-list types UIKit accepts (rule 28: NSArray, NSData, NSDate, NSDictionary, NSNull,
// NSNumber, NSSet, NSString, NSURL), and `.object` for anything else an app might put there.
// Also the one JSON form of these values, used both by scenario files and by the session files
// on disk: plain JSON for strings, numbers, booleans, null, arrays and dictionaries, and
// one-member objects whose key starts with `$` for the rest (`{"$date": 0}`, `{"$class": "UIImage"}`).

import TraceFormat

/// A `userInfo` value.
public indirect enum PropertyListValue: Sendable, Hashable {
    case string(String)
    case integer(Int64)
    case real(Double)
    case bool(Bool)
    /// NSDate: seconds since 1970.
    case date(Double)
    case data([UInt8])
    case url(String)
    /// NSNull.
    case null
    case array([PropertyListValue])
    case set([PropertyListValue])
    case dictionary([String: PropertyListValue])
    /// An object of a class that is not a property-list type (`UIImage`, an app's own class):
    /// UIKit cannot archive it.
    case object(className: String)

    /// The deepest nesting the engine archives; deeper values fail to encode, as a plist
    /// serializer with a bounded stack would.
    public static let maximumDepth = 512

    /// The first value in `dictionary` that cannot be archived (not a property-list type, or
    /// nested deeper than ``maximumDepth``), as a key path and a reason; nil when all can be.
    /// Iterative, so any depth is safe to check.
    public static func firstUnarchivable(in dictionary: [String: PropertyListValue]) -> (keyPath: String, reason: String)? {
        // Most userInfo dictionaries hold plain values only: nothing to walk.
        if dictionary.values.allSatisfy(\.isScalar) { return nil }
        var pending: [(value: PropertyListValue, path: String, depth: Int)] =
            dictionary.keys.sorted().reversed().map { (dictionary[$0]!, $0, 1) }
        while let (value, path, depth) = pending.popLast() {
            if depth > maximumDepth {
                return (path, "nested more than \(maximumDepth) levels deep")
            }
            switch value {
            case .object(let className):
                return (path, "\(className) is not a property-list type (use NSArray, NSData, NSDate, NSDictionary, NSNull, NSNumber, NSSet, NSString or NSURL)")
            case .array(let items), .set(let items):
                for (index, item) in items.enumerated().reversed() { pending.append((item, path + "[\(index)]", depth + 1)) }
            case .dictionary(let members):
                for key in members.keys.sorted().reversed() { pending.append((members[key]!, path + "." + key, depth + 1)) }
            default: break
            }
        }
        return nil
    }

    /// A value with nothing inside it, of a property-list type.
    var isScalar: Bool {
        switch self {
        case .array, .set, .dictionary, .object: return false
        default: return true
        }
    }

    // MARK: JSON form

    /// The tags of the JSON form.
    static let tags: Set<String> = ["$date", "$data", "$url", "$set", "$class", "$dict", "$real"]

    /// This value in its JSON form; dictionaries' keys sorted, so equal values give equal bytes.
    /// Values are at most ``maximumDepth`` deep (checked by ``firstUnarchivable(in:)`` first).
    public var jsonValue: JSONValue {
        switch self {
        case .string(let text): return .string(text)
        case .integer(let number): return .int(number)
        case .real(let number):
            // An integral double would read back as an integer; NaN and infinities are not JSON.
            return number.isFinite ? .double(number) : .object(JSONObject([JSONMember("$real", .string(String(number)))]))
        case .bool(let flag): return .bool(flag)
        case .date(let seconds): return Self.tagged("$date", .double(seconds))
        case .data(let bytes): return Self.tagged("$data", .string(Self.hex(bytes)))
        case .url(let text): return Self.tagged("$url", .string(text))
        case .null: return .null
        case .array(let items): return .array(items.map(\.jsonValue))
        case .set(let items): return Self.tagged("$set", .array(items.map(\.jsonValue)))
        case .dictionary(let members):
            let object = JSONValue.object(JSONObject(members.keys.sorted().map { JSONMember($0, members[$0]!.jsonValue) }))
            // A one-member dictionary whose key is a tag would read back as that tag.
            if members.count == 1, let key = members.keys.first, key.hasPrefix("$") { return Self.tagged("$dict", object) }
            return object
        case .object(let className): return Self.tagged("$class", .string(className))
        }
    }

    /// Reads the JSON form. `allowObjects` false refuses `$class` (what a plist decoder does at
    /// read, rule 28). Throws the key path below `value` and what is wrong.
    public init(json value: JSONValue, allowObjects: Bool = true) throws(PropertyListFormError) {
        self = try Self.read(value, path: "", allowObjects: allowObjects)
    }

    /// A whole `userInfo` dictionary in JSON form.
    public static func dictionary(json value: JSONValue, allowObjects: Bool = true) throws(PropertyListFormError) -> [String: PropertyListValue] {
        guard case .object = value else { throw PropertyListFormError(keyPath: "", reason: "expected an object (a dictionary), found \(value.typeName)") }
        guard case .dictionary(let members) = try read(value, path: "", allowObjects: allowObjects) else {
            throw PropertyListFormError(keyPath: "", reason: "expected a dictionary, found a tagged value")
        }
        return members
    }

    private static func read(_ value: JSONValue, path: String, allowObjects: Bool) throws(PropertyListFormError) -> PropertyListValue {
        switch value {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .integer(number)
        case .double(let number): return .real(number)
        case .string(let text): return .string(text)
        case .array(let items):
            var out: [PropertyListValue] = []
            out.reserveCapacity(items.count)
            for (index, item) in items.enumerated() { out.append(try read(item, path: path + "[\(index)]", allowObjects: allowObjects)) }
            return .array(out)
        case .object(let object):
            if object.members.count == 1, let member = object.members.first, member.key.hasPrefix("$") {
                return try readTagged(member, path: path, allowObjects: allowObjects)
            }
            var members: [String: PropertyListValue] = [:]
            members.reserveCapacity(object.members.count)
            for member in object.members {
                let memberPath = path.isEmpty ? member.key : path + "." + member.key
                guard members[member.key] == nil else { throw PropertyListFormError(keyPath: memberPath, reason: "the key appears twice") }
                members[member.key] = try read(member.value, path: memberPath, allowObjects: allowObjects)
            }
            return .dictionary(members)
        }
    }

    private static func readTagged(_ member: JSONMember, path: String, allowObjects: Bool) throws(PropertyListFormError) -> PropertyListValue {
        let here = path.isEmpty ? member.key : path + "." + member.key
        func fail(_ expected: String) -> PropertyListFormError {
            PropertyListFormError(keyPath: here, reason: "expected \(expected), found \(member.value.typeName)")
        }
        switch (member.key, member.value) {
        case ("$date", let number):
            guard let seconds = number.doubleValue else { throw fail("seconds since 1970") }
            return .date(seconds)
        case ("$data", .string(let text)):
            guard let bytes = unhex(text) else { throw PropertyListFormError(keyPath: here, reason: "expected hexadecimal bytes") }
            return .data(bytes)
        case ("$url", .string(let text)): return .url(text)
        case ("$set", .array(let items)):
            var out: [PropertyListValue] = []
            for (index, item) in items.enumerated() { out.append(try read(item, path: here + "[\(index)]", allowObjects: allowObjects)) }
            return .set(out)
        case ("$class", .string(let name)):
            guard allowObjects else { throw PropertyListFormError(keyPath: here, reason: "\(name) is not among the allowed property-list classes") }
            return .object(className: name)
        case ("$dict", .object(let object)):
            var members: [String: PropertyListValue] = [:]
            for inner in object.members {
                members[inner.key] = try read(inner.value, path: here + "." + inner.key, allowObjects: allowObjects)
            }
            return .dictionary(members)
        case ("$real", .string(let text)):
            guard let number = Double(text) else { throw fail("a number as text") }
            return .real(number)
        case ("$data", _): throw fail("a string of hexadecimal bytes")
        case ("$url", _), ("$class", _), ("$real", _): throw fail("a string")
        case ("$set", _): throw fail("an array")
        case ("$dict", _): throw fail("an object")
        default:
            throw PropertyListFormError(keyPath: here, reason: "unknown tag; use one of " + tags.sorted().joined(separator: ", ")
                + " (or wrap a dictionary with such a key in {\"$dict\": {...}})")
        }
    }

    private static func tagged(_ tag: String, _ value: JSONValue) -> JSONValue { .object(JSONObject([JSONMember(tag, value)])) }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    static func hex(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(hexDigits[Int(byte >> 4)])
            out.append(hexDigits[Int(byte & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func unhex(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
            out.append(high << 4 | low)
            index += 2
        }
        return out
    }
}

/// A `userInfo` in JSON form that is not one: where (`keyPath` below the dictionary) and why.
public struct PropertyListFormError: Error, Sendable, Hashable, CustomStringConvertible {
    public var keyPath: String
    public var reason: String
    public var description: String { keyPath.isEmpty ? reason : "\(keyPath): \(reason)" }
}
