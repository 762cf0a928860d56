// Values an app may not archive: refused at encode time with an error, so the archive stays readable.

import Foundation
import RestorationEngine
import Testing
import TraceFormat

@Suite("Bad values")
struct BadValueTests {
    @Test("a state value nested deeper than the archive allows is refused with an error, and the archive stays readable")
    func tooDeepValue() throws {
        var value: JSONValue = "bottom"
        for _ in 0..<300 { value = .array([value]) }
        let root = node("Root", state: JSONObject([JSONMember("deep", value), JSONMember("flat", 1)]))
        let cycle = try Fixtures.cycle(scenario(root))
        let error = try #require(cycle.preservation.first { $0.kind == .error })
        #expect(error.message?.contains("nests 300 levels deep") == true)
        #expect(cycle.preservation.ends(.encode).first?.keys == ["flat"])
        #expect(cycle.report.discarded == nil)
        #expect(cycle.report.decodedPaths == [["Root"]])
    }
}
