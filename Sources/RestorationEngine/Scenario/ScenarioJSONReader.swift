// ScenarioJSONReader: typed reads of JSON values for the scenario loader. Every read either
// returns the value or throws a ScenarioError naming the file and the JSON path, so the mapping
// code in ScenarioLoader+Mapping.swift reads like the format's tables.

import TraceFormat

/// Reads the values of one scenario document. Paths are built as text only where an object keeps
/// its `jsonPath` or where an error needs one, so loading 100,000 objects stays fast.
struct ScenarioJSONReader {
    /// The file name used in every message.
    let file: String

    // MARK: Errors

    func error(_ path: String, _ problem: ScenarioError.Problem) -> ScenarioError {
        ScenarioError(file: file, jsonPath: path, problem: problem)
    }

    func wrongType(_ value: JSONValue, expected: String, at path: String) -> ScenarioError {
        error(path, .wrongType(expected: expected, found: value.typeName))
    }

    /// An unknown field, with the nearest known name when one is close enough to be a typo.
    func unknownField(_ key: String, in parent: String, known: [String]) -> ScenarioError {
        error(JSONPathText.member(parent, key), .unknownField(suggestion: ScenarioJSONReader.nearest(key, in: known)))
    }

    static func nearest(_ key: String, in known: [String]) -> String? {
        let lowered = Array(key.lowercased().unicodeScalars)
        var best: (name: String, distance: Int)?
        for name in known {
            let distance = editDistance(lowered, Array(name.lowercased().unicodeScalars))
            if distance <= max(1, name.count / 3), distance < (best?.distance ?? Int.max) { best = (name, distance) }
        }
        return best?.name
    }

    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty || a.count > 64 || b.count > 64 { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    // MARK: Objects

    /// The members of an object, after checking that no key appears twice.
    func object(_ value: JSONValue, expected: String = "an object", at path: String) throws(ScenarioError) -> JSONObject {
        guard case .object(let object) = value else { throw wrongType(value, expected: expected, at: path) }
        try checkNoDuplicateKeys(object, at: path)
        return object
    }

    func checkNoDuplicateKeys(_ object: JSONObject, at path: String) throws(ScenarioError) {
        let members = object.members
        guard members.count > 1 else { return }
        if members.count <= 24 {
            for i in 1..<members.count {
                for j in 0..<i where members[j].key == members[i].key {
                    throw error(JSONPathText.member(path, members[i].key), .duplicateField)
                }
            }
        } else {
            var seen = Set<String>(minimumCapacity: members.count)
            for member in members where !seen.insert(member.key).inserted {
                throw error(JSONPathText.member(path, member.key), .duplicateField)
            }
        }
    }

    static func isExtension(_ key: String) -> Bool { key.hasPrefix("x-") }

    // MARK: Scalars

    func string(_ value: JSONValue, at path: @autoclosure () -> String) throws(ScenarioError) -> String {
        guard case .string(let text) = value else { throw wrongType(value, expected: "a string", at: path()) }
        return text
    }

    /// A string, or nil for JSON null.
    func optionalString(_ value: JSONValue, at path: @autoclosure () -> String) throws(ScenarioError) -> String? {
        switch value {
        case .null: return nil
        case .string(let text): return text
        default: throw wrongType(value, expected: "a string or null", at: path())
        }
    }

    func bool(_ value: JSONValue, at path: @autoclosure () -> String) throws(ScenarioError) -> Bool {
        guard case .bool(let flag) = value else { throw wrongType(value, expected: "true or false", at: path()) }
        return flag
    }

    /// An integer within `range`; `1.0` counts as 1, `1.5` does not.
    func integer(_ value: JSONValue, in range: ClosedRange<Int>, at path: @autoclosure () -> String) throws(ScenarioError) -> Int {
        guard case .int = value, let number = value.intValue else {
            if case .double(let double) = value, double.rounded() == double, double.isFinite,
               abs(double) < 9.0e15, range.contains(Int(double)) {
                return Int(double)
            }
            if case .double = value {
                throw error(path(), .invalidNumber(reason: "expected an integer from \(range.lowerBound) to \(range.upperBound), found \(value.doubleValue ?? 0)"))
            }
            throw wrongType(value, expected: "an integer", at: path())
        }
        guard number >= Int64(range.lowerBound), number <= Int64(range.upperBound) else {
            throw error(path(), .invalidNumber(reason: "\(number) is out of range; use an integer from \(range.lowerBound) to \(range.upperBound)"))
        }
        return Int(number)
    }

    func strings(_ value: JSONValue, at path: @autoclosure () -> String) throws(ScenarioError) -> [String] {
        guard case .array(let items) = value else { throw wrongType(value, expected: "an array of strings", at: path()) }
        var out: [String] = []
        out.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            guard case .string(let text) = item else {
                throw wrongType(item, expected: "a string", at: JSONPathText.element(path(), index))
            }
            out.append(text)
        }
        return out
    }

    func array(_ value: JSONValue, expected: String, at path: @autoclosure () -> String) throws(ScenarioError) -> [JSONValue] {
        guard case .array(let items) = value else { throw wrongType(value, expected: expected, at: path()) }
        return items
    }

    /// A string that must be one of `allowed`.
    func choice(_ value: JSONValue, allowed: [String], at path: @autoclosure () -> String) throws(ScenarioError) -> String {
        if case .string(let text) = value, allowed.contains(text) { return text }
        let expected = "one of " + allowed.map { "\"\($0)\"" }.joined(separator: ", ")
        guard case .string(let text) = value else { throw wrongType(value, expected: expected, at: path()) }
        throw error(path(), .invalidValue(found: text, expected: expected))
    }
}

/// JSON paths as messages show them: `windows[0].root.children[1].class`.
enum JSONPathText {
    /// `parent.key`, or `parent["odd key"]` when the key is not a plain name.
    static func member(_ parent: String, _ key: String) -> String {
        if isPlainName(key) { return parent.isEmpty ? key : parent + "." + key }
        return parent + "[" + quoted(key) + "]"
    }

    /// `parent[index]`.
    static func element(_ parent: String, _ index: Int) -> String { parent + "[" + String(index) + "]" }

    static func isPlainName(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(first >= 0x30 && first <= 0x39), first != 0x2D else { return false }
        return key.utf8.allSatisfy { byte in
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x5F || byte == 0x2D || byte == 0x24
        }
    }

    /// A key as a JSON string literal, for paths and messages.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
