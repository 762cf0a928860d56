// JSONParseError: why a JSON text could not be parsed, and where (line and byte column).

/// A JSON syntax error, located by line and column.
///
/// `line` and `column` are 1-based. `column` counts **bytes** (UTF-8 code units) from the
/// start of the line, not characters: it is what `cut -b`, editors' "byte column" and the
/// trace reader report, and it stays exact on invalid UTF-8. `offset` is the 0-based byte
/// offset from the start of the parsed text.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// A byte that cannot start or continue what was expected (`expected` says what).
        case unexpectedByte(UInt8, expected: String)
        /// The text ended where `expected` was still needed.
        case unexpectedEnd(expected: String)
        /// A string with no closing quote before the end of the text.
        case unterminatedString
        /// A byte that is not valid UTF-8 inside a string.
        case invalidUTF8(UInt8)
        /// A raw control character (below 0x20) inside a string; JSON requires it escaped.
        case controlCharacterInString(UInt8)
        /// A backslash followed by a character that is not a JSON escape.
        case invalidEscape(UInt8)
        /// `\u` not followed by four hexadecimal digits.
        case invalidUnicodeEscape
        /// A UTF-16 surrogate escape (`\uD800`–`\uDFFF`) without its other half.
        case loneSurrogate(UInt16)
        /// Arrays and objects nested deeper than the parser's `maxDepth`.
        case nestingTooDeep(maxDepth: Int)
        /// A malformed number (`detail` says how).
        case invalidNumber(detail: String)
        /// More than whitespace after the value.
        case trailingData
    }

    public var reason: Reason
    /// 1-based line of the error.
    public var line: Int
    /// 1-based byte column of the error within its line.
    public var column: Int
    /// 0-based byte offset of the error from the start of the parsed text.
    public var offset: Int

    public init(reason: Reason, line: Int, column: Int, offset: Int) {
        self.reason = reason
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// The problem in words, without the location: `unterminated string (no closing quote)`.
    public var message: String {
        switch reason {
        case .unexpectedByte(let byte, let expected):
            return "unexpected \(JSONParseError.describe(byte)), expected \(expected)"
        case .unexpectedEnd(let expected):
            return "unexpected end of input, expected \(expected)"
        case .unterminatedString:
            return "unterminated string (no closing quote)"
        case .invalidUTF8(let byte):
            return "invalid UTF-8 (byte \(JSONParseError.hex(byte))) in string"
        case .controlCharacterInString(let byte):
            return "unescaped control character \(JSONParseError.hex(byte)) in string (escape it as \\u00\(JSONParseError.hexDigits(byte)))"
        case .invalidEscape(let byte):
            return "invalid escape \\\(JSONParseError.printable(byte)) in string (valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)"
        case .invalidUnicodeEscape:
            return "invalid \\u escape in string (expected four hexadecimal digits)"
        case .loneSurrogate(let unit):
            return "lone UTF-16 surrogate \\u\(String(unit, radix: 16, uppercase: true)) in string (a surrogate pair needs both halves)"
        case .nestingTooDeep(let maxDepth):
            return "arrays and objects nested deeper than \(maxDepth) levels"
        case .invalidNumber(let detail):
            return "invalid number: \(detail)"
        case .trailingData:
            return "unexpected data after the JSON value"
        }
    }

    /// `line 3, column 17: unterminated string (no closing quote)`.
    public var description: String { "line \(line), column \(column): \(message)" }

    static func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(printable(byte))' (\(hex(byte)))" }
        switch byte {
        case 0x20: return "space"
        case 0x0A: return "line feed"
        default: return "byte \(hex(byte))"
        }
    }

    static func printable(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : hex(byte)
    }

    static func hex(_ byte: UInt8) -> String { "0x" + hexDigits(byte) }

    static func hexDigits(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
