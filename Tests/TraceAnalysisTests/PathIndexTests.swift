// Tests for PathIndex: one id per distinct path, whether a lookup hits the last path, the
// table of recently seen array storage, or the hash table.

import Testing
@testable import TraceAnalysis

@Suite("Path index")
struct PathIndexTests {
    @Test("equal paths get one id whatever storage they are in; different paths never share one")
    func idsFollowContentNotStorage() {
        var index = PathIndex()
        var expected: [[String]: Int] = [:]
        var kept: [[String]] = []
        // Fresh arrays each time (freed when the next round replaces them), arrays kept and looked
        // up again, one array mutated after it was looked up, and the empty path.
        for round in 0..<4 {
            for i in 0..<3000 {
                let path = ["Tabs", "Nav\(i % 1500)", "Item\(i % 7)"]
                let id = index.id(of: path)
                if let known = expected[path] { #expect(id == known, "round \(round), \(path)") } else { expected[path] = id }
                if round == 0 && i % 100 == 0 { kept.append(path) }
            }
            for path in kept { #expect(index.id(of: path) == expected[path]) }
        }
        var mutated = kept[0]
        #expect(index.id(of: mutated) == expected[mutated])
        mutated[2] = "Changed"
        let changedID = index.id(of: mutated)
        #expect(!expected.values.contains(changedID))
        #expect(index.id(of: kept[0]) == expected[kept[0]])
        #expect(index.id(of: []) == index.id(of: []))
        #expect(index.count == expected.count + 2)
        #expect(Set(expected.values).count == expected.count)
        for (path, id) in expected.prefix(50) { #expect(index.existingID(of: path) == id) }
        #expect(index.existingID(of: ["Tabs", "Unknown"]) == nil)
    }
}
