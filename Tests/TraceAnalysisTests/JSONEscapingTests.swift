// Every JSON restoretrace writes escapes a string the same way: the JSON of summaries and
// exports (JSONByteWriter) as the trace writer (one escaper, JSONStringEscaping).

import Testing
import TraceAnalysis
import TraceFormat

@Suite struct JSONEscapingTests {
    @Test("summaries and exports escape every control byte, quote and backslash as traces do")
    func sameAsTheTraceWriter() {
        let text = String(decoding: (0 ..< 0x20).map { UInt8($0) } + Array("\"\\/é€😀a".utf8), as: UTF8.self)
        var json = JSONByteWriter()
        json.string(text)
        var expected: [UInt8] = []
        JSONValue.string(text).serialize(into: &expected)
        #expect(json.takeBytes() == expected)
        #expect(String(decoding: expected, as: UTF8.self).hasPrefix(#""\u0000\u0001"#))
        #expect(String(decoding: expected, as: UTF8.self).contains(#"\u0007\b\t\n\u000b\f\r\u000e"#))
    }
}
