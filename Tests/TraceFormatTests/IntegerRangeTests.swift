// seq, ts and span beyond ±(2^53 - 1) are refused at the line, so no tool downstream
// overflows computing durations, offsets or sums from them.

import Testing
@testable import TraceFormat

@Suite("integer range of seq, ts and span")
struct IntegerRangeTests {
    static let header = "{\"type\":\"header\",\"format\":\"restoretrace/1\",\"clock\":\"ns\"}\n"

    @Test("values at ±(2^53 - 1) are read; one more, or Int64's limits, are errors naming line and column",
          arguments: ["ts", "seq", "span"])
    func bounds(field: String) throws {
        func line(_ value: String) -> String {
            var fields = ["\"seq\":0", "\"ts\":0", "\"ph\":\"B\"", "\"span\":1", "\"kind\":\"decode\""]
            let index = fields.firstIndex { $0.hasPrefix("\"\(field)\"") } ?? 0
            fields[index] = "\"\(field)\":\(value)"
            return "{" + fields.joined(separator: ",") + "}\n"
        }
        for accepted in ["9007199254740991", "-9007199254740991"] {
            var options = TraceReaderOptions()
            options.checksAcrossRecords = false  // a negative seq or ts is a record error, not a line error
            let reader = TraceReader(bytes: Array((Self.header + line(accepted)).utf8), options: options)
            #expect(Array(reader).count == 2, "\(field) \(accepted)")
            #expect(reader.errorCount == 0, "\(field) \(accepted): \(reader.diagnostics)")
        }
        for refused in ["9007199254740992", "-9007199254740992", "9223372036854775807", "-9223372036854775808"] {
            let reader = TraceReader(bytes: Array((Self.header + line(refused)).utf8))
            _ = Array(reader)
            let diagnostic = try #require(reader.diagnostics.first, "\(field) \(refused)")
            #expect(diagnostic.severity == .error && diagnostic.line == 2 && diagnostic.column != nil)
            #expect(diagnostic.message.contains("\"\(field)\" is \(refused), beyond ±9007199254740991"), "\(diagnostic.message)")
        }
    }
}

@Suite("a header cut off mid-write")
struct CutOffHeaderTests {
    @Test("a trace whose only line is a header cut off mid-write is an error, not a warning")
    func cutOffHeader() throws {
        let reader = TraceReader(bytes: Array("{\"type\":\"header\",\"format\":\"restoretrace/1\",\"generator\":\"rest".utf8))
        #expect(Array(reader).isEmpty)
        let diagnostic = try #require(reader.diagnostics.first)
        #expect(diagnostic.severity == .error && diagnostic.line == 1)
        #expect(diagnostic.message.contains("header is cut off"))
    }
}
