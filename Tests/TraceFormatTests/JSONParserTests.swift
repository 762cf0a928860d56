// Tests for `JSONValue.parse`: values, numbers, strings, and errors located by line and byte column.

import Testing
@testable import TraceFormat

@Suite("JSON parser")
struct JSONParserTests {
    @Test("parses every kind of value and keeps object member order")
    func parsesValuesInOrder() throws {
        let value = try JSONValue.parse(#"{"z":1,"a":[true,false,null],"m":{"k":"v"},"d":2.5}"#)
        let object = try #require(value.objectValue)
        #expect(object.keys == ["z", "a", "m", "d"])
        #expect(object["z"] == .int(1))
        #expect(object["a"] == .array([.bool(true), .bool(false), .null]))
        #expect(object["m"] == .object(JSONObject([JSONMember("k", "v")])))
        #expect(object["d"] == .double(2.5))
    }

    @Test("keeps integers that fit Int64 exact and turns the rest into doubles")
    func integersAndDoubles() throws {
        #expect(try JSONValue.parse("9223372036854775807") == .int(.max))
        #expect(try JSONValue.parse("-9223372036854775808") == .int(.min))
        #expect(try JSONValue.parse("9223372036854775808") == .double(9223372036854775808.0))
        #expect(try JSONValue.parse("480.0") == .double(480))
        #expect(try JSONValue.parse("1e3") == .double(1000))
        #expect(try JSONValue.parse("-0") == .int(0))
        #expect(try JSONValue.parse("-1.5E-2") == .double(-0.015))
    }

    @Test("accepts surrounding whitespace and parses from bytes and array slices")
    func parsesBytes() throws {
        let bytes = Array(" \t\r\n[1, 2]\n".utf8)
        #expect(try JSONValue.parse(bytes) == .array([1, 2]))
        #expect(try JSONValue.parse(bytes[4...]) == .array([1, 2]))
    }

    @Test("decodes escapes, surrogate pairs and raw UTF-8 in strings")
    func decodesStrings() throws {
        #expect(try JSONValue.parse(#""a\"b\\c\/d\b\f\n\r\t""#) == .string("a\"b\\c/d\u{8}\u{C}\n\r\t"))
        #expect(try JSONValue.parse(#""\u00e9\u4e2d\ud83d\ude00""#) == .string("é中😀"))
        #expect(try JSONValue.parse("\"مرحبا 😀 é\"") == .string("مرحبا 😀 é"))
        #expect(try JSONValue.parse(#""\u0000""#) == .string("\u{0}"))
    }

    @Test("reports the line and byte column of an unexpected byte")
    func unexpectedByteLocation() {
        let error = parseError("{\n  \"a\": 1,\n  \"b\": x\n}")
        #expect(error?.line == 3)
        #expect(error?.column == 8)
        #expect(error?.message == "unexpected 'x' (0x78), expected a value")
    }

    @Test("names each kind of malformed input", arguments: [
        ("\"abc", "unterminated string (no closing quote)", 1),
        ("\"a\\qb\"", "invalid escape \\q in string", 3),
        ("\"\\u12G4\"", "invalid \\u escape in string", 2),
        ("\"\\ud800\"", "lone UTF-16 surrogate \\uD800", 2),
        ("\"\\udc00\"", "lone UTF-16 surrogate \\uDC00", 2),
        ("\"\\ud800\\u0041\"", "lone UTF-16 surrogate \\uD800", 2),
        ("[1] [2]", "unexpected data after the JSON value", 5),
        ("01", "invalid number: leading zeros are not allowed", 1),
        ("-", "invalid number: expected a digit after '-'", 2),
        ("1.", "invalid number: expected a digit after '.'", 3),
        ("1e+", "invalid number: expected a digit in the exponent", 4),
        ("[1,", "unexpected end of input, expected a value", 4),
        ("[1 2]", "unexpected '2' (0x32), expected ',' or ']'", 4),
        ("{\"a\" 1}", "unexpected '1' (0x31), expected ':'", 6),
        ("{1:2}", "unexpected '1' (0x31), expected a string key", 2),
        ("tru", "unexpected end of input, expected 'true'", 1),
        ("nul!", "unexpected '!' (0x21), expected 'null'", 4),
        ("", "unexpected end of input, expected a value", 1),
        ("\"a\tb\"", "unescaped control character 0x09 in string", 3),
    ])
    func namesMalformedInput(text: String, message: String, column: Int) {
        let error = parseError(text)
        #expect(error?.message.hasPrefix(message) == true, "got \(String(describing: error))")
        #expect(error?.column == column)
    }

    @Test("names invalid UTF-8 inside a string with the offending byte's column")
    func invalidUTF8() {
        for (bytes, column) in [([0x22, 0x61, 0xFF, 0x22], 3), ([0x22, 0xC3, 0x28, 0x22], 2),
                                ([0x22, 0xED, 0xA0, 0x80, 0x22], 2), ([0x22, 0xE2, 0x82], 2),
                                ([0x22, 0xC0, 0xAF, 0x22], 2)] as [([UInt8], Int)] {
            let error = parseError(bytes)
            #expect(error?.message.hasPrefix("invalid UTF-8") == true, "got \(String(describing: error)) for \(bytes)")
            #expect(error?.column == column, "for \(bytes)")
        }
    }

    @Test("refuses nesting deeper than maxDepth without exhausting the stack")
    func nestingLimit() throws {
        #expect(try JSONValue.parse(String(repeating: "[", count: 10) + String(repeating: "]", count: 10), maxDepth: 10)
            == JSONValue.parse(String(repeating: "[", count: 10) + String(repeating: "]", count: 10)))
        let error = parseError(String(repeating: "[", count: 11) + String(repeating: "]", count: 11), maxDepth: 10)
        #expect(error?.message == "arrays and objects nested deeper than 10 levels")
        #expect(error?.column == 11)
        let deep = parseError(String(repeating: "{\"a\":", count: 100_000))
        #expect(deep?.message == "arrays and objects nested deeper than 512 levels")
    }

    private func parseError(_ text: String, maxDepth: Int = 512) -> JSONParseError? {
        parseError(Array(text.utf8), maxDepth: maxDepth)
    }

    private func parseError(_ bytes: [UInt8], maxDepth: Int = 512) -> JSONParseError? {
        do {
            _ = try JSONValue.parse(bytes, maxDepth: maxDepth)
            return nil
        } catch {
            return error
        }
    }
}
