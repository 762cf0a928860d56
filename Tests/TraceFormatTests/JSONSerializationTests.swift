// Tests for `JSONValue.serialize(into:)` / `jsonText`: compact, deterministic, round-tripping.

import Testing
@testable import TraceFormat

@Suite("JSON serialization")
struct JSONSerializationTests {
    @Test("writes compact JSON in member order")
    func compactInOrder() {
        let value: JSONValue = .object(JSONObject([
            JSONMember("b", [1, -2, true, nil]), JSONMember("a", .object(JSONObject())), JSONMember("c", []),
        ]))
        #expect(value.jsonText == #"{"b":[1,-2,true,null],"a":{},"c":[]}"#)
    }

    @Test("escapes quotes, backslashes and control characters, keeps non-ASCII as UTF-8")
    func escapesStrings() {
        let value = JSONValue.string("q\"b\\n\n t\t r\r nul\u{0} bell\u{7} del\u{7F} é😀 \u{2028}")
        #expect(value.jsonText == "\"q\\\"b\\\\n\\n t\\t r\\r nul\\u0000 bell\\u0007 del\u{7F} é😀 \u{2028}\"")
    }

    @Test("writes doubles in shortest round-trip form, integral ones with .0, NaN and infinity as null")
    func writesDoubles() throws {
        #expect(JSONValue.double(480).jsonText == "480.0")
        #expect(JSONValue.double(0.1).jsonText == "0.1")
        #expect(JSONValue.double(-2.5e-8).jsonText == "-2.5e-08")
        #expect(JSONValue.double(.nan).jsonText == "null")
        #expect(JSONValue.double(-.infinity).jsonText == "null")
        for d in [480.0, 0.1, 1e300, .leastNonzeroMagnitude, 1e16, -0.0, 123456.789] {
            #expect(try JSONValue.parse(JSONValue.double(d).jsonText) == .double(d))
        }
    }

    @Test("writes Int64 extremes exactly")
    func writesIntegers() {
        #expect(JSONValue.int(.min).jsonText == "-9223372036854775808")
        #expect(JSONValue.int(.max).jsonText == "9223372036854775807")
        #expect(JSONValue.int(0).jsonText == "0")
        #expect(JSONValue.int(-7).jsonText == "-7")
    }

    @Test("round-trips hostile values unchanged")
    func roundTrips() throws {
        let long = String(repeating: "ab\"\\\n", count: 2_000)
        let value: JSONValue = .object(JSONObject([
            JSONMember("rtl", "\u{202E}abc\u{202C} שלום"), JSONMember("emoji", "👩‍👩‍👧 🇫🇷"),
            JSONMember("nul", "a\u{0}b"), JSONMember("long", .string(long)), JSONMember("", [[[]]]),
            JSONMember("n", [0, -1, 1.5, .int(.max)]),
        ]))
        #expect(try JSONValue.parse(value.jsonText) == value)
    }
}
