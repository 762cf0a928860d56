// Where values are in a JSON text, by JSON path (`windows[0].root.children[1]`): one pass over
// the bytes with a stack of open containers, so a scenario's lint findings can name a line and a
// column as well as the path. Only paths asked for are kept; malformed text just ends the pass
// (the scenario loader has already accepted the text when this runs).

/// The line and column (1-based; columns in Unicode scalars) where the value at each JSON path starts.
public enum JSONPathPositions {
    public static func find(_ wanted: Set<String>, in bytes: [UInt8]) -> [String: (line: Int, column: Int)] {
        guard !wanted.isEmpty else { return [:] }
        var found: [String: (line: Int, column: Int)] = [:]
        enum Container {
            case object(path: String, key: String?)
            case array(path: String, index: Int)
        }
        var stack: [Container] = []
        var line = 1
        var lineStart = 0
        var index = 0
        let count = bytes.count

        func column(_ offset: Int) -> Int {
            var column = 1
            for position in lineStart..<offset where bytes[position] & 0xC0 != 0x80 { column += 1 }
            return column
        }
        /// The path of a value starting now, in the container on top of the stack.
        func currentPath() -> String? {
            switch stack.last {
            case nil: return ""
            case .object(let path, let key)?:
                guard let key else { return nil }
                return path.isEmpty ? key : path + "." + key
            case .array(let path, let index)?:
                return path + "[" + String(index) + "]"
            }
        }
        /// Reads a string at `index` (a quote); returns its text when it is plain (no escapes).
        func string() -> String? {
            var end = index + 1
            var plain = true
            while end < count, bytes[end] != UInt8(ascii: "\"") {
                if bytes[end] == UInt8(ascii: "\\") {
                    plain = false
                    end += 1
                }
                end += 1
            }
            defer { index = min(end + 1, count) }
            return plain && end <= count ? String(decoding: bytes[(index + 1)..<min(end, count)], as: UTF8.self) : nil
        }
        var expectingKey = false
        while index < count {
            let byte = bytes[index]
            switch byte {
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            case 0x20, 0x09, 0x0D, UInt8(ascii: ":"):
                index += 1
            case UInt8(ascii: ","):
                index += 1
                if case .array(let path, let position)? = stack.last {
                    stack[stack.count - 1] = .array(path: path, index: position + 1)
                } else if case .object(let path, _)? = stack.last {
                    stack[stack.count - 1] = .object(path: path, key: nil)
                    expectingKey = true
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                index += 1
                guard !stack.isEmpty else { return found }
                stack.removeLast()
                expectingKey = false
            default:
                if expectingKey, byte == UInt8(ascii: "\"") {
                    let key = string()
                    if case .object(let path, _)? = stack.last { stack[stack.count - 1] = .object(path: path, key: key.map(JSONPathPositions.segment)) }
                    expectingKey = false
                    continue
                }
                // A value starts here.
                let path = currentPath()
                if let path, wanted.contains(path), found[path] == nil { found[path] = (line, column(index)) }
                switch byte {
                case UInt8(ascii: "{"):
                    stack.append(.object(path: path ?? "\u{0}", key: nil))
                    expectingKey = true
                    index += 1
                case UInt8(ascii: "["):
                    stack.append(.array(path: path ?? "\u{0}", index: 0))
                    index += 1
                case UInt8(ascii: "\""):
                    _ = string()
                default:
                    // A number, true, false or null: up to the next delimiter.
                    while index < count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x09, 0x0D].contains(bytes[index]) {
                        index += 1
                    }
                }
            }
            if found.count == wanted.count { break }
        }
        return found
    }

    /// A key as a path segment: plain names as they are; others in the loader's `["…"]` form never
    /// match an object's path (objects are only found through plain keys).
    private static func segment(_ key: String) -> String {
        key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" } ? key : "\u{0}" + key
    }
}
