// The rule registry: stable, unique ids and names, one per file, every one described.

import Storyboard
import Testing

@Suite("Lint rules")
struct LintRegistryTests {
    @Test("ids RT001… in order, unique kebab-case names, and every description filled in")
    func registry() {
        let infos = LintRules.all.map(\.info)
        #expect(infos.map(\.id) == (1...infos.count).map { "RT" + String(repeating: "0", count: 3 - String($0).count) + String($0) })
        #expect(Set(infos.map(\.name)).count == infos.count)
        for info in infos {
            #expect(info.name.allSatisfy { $0.isLowercase || $0 == "-" }, "\(info.name)")
            #expect(!info.summary.isEmpty && !info.rationale.isEmpty && !info.fix.isEmpty, "\(info.id)")
            #expect(LintRules.rule(named: info.id)?.info == info && LintRules.rule(named: info.name)?.info == info)
        }
        #expect(infos.filter { $0.severity == .error }.map(\.id) == ["RT001", "RT002"])
    }
}

@Suite("Lint rules in the docs")
struct LintRulesDocsTests {
    @Test("docs/storyboards.md lists every rule with its id, name, severity and summary")
    func documented() throws {
        let page = try String(contentsOf: Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/storyboards.md"), encoding: .utf8)
        for info in LintRules.all.map(\.info) {
            #expect(page.contains("| \(info.id) | `\(info.name)` | \(info.severity.rawValue) |"), "\(info.id)")
            #expect(page.contains("| \(info.summary) |"), "\(info.id)")
        }
    }
}
