// Tests of the summary's text, Markdown, JSON and CSV formats: widths, order, stable shape.

import Foundation
import Testing
@testable import TraceAnalysis
import TraceFormat

@Suite struct SummaryFormatTests {
    static func summary(crash: Bool = false, grouping: SummaryGrouping = .kind) -> TraceSummary {
        let trace = SyntheticTrace.make(objects: 120, seed: 21, crashAtEnd: crash)
        var statistics = TraceStatistics(header: trace.header, options: .init(top: 3, grouping: grouping))
        for record in trace.records { statistics.add(record) }
        return statistics.summary()
    }

    @Test("text fits 100 columns, even grouped by path", arguments: SummaryGrouping.allCases)
    func textWidth(grouping: SummaryGrouping) {
        let text = SummaryTextFormat().render(Self.summary(crash: true, grouping: grouping))
        let widest = text.split(separator: "\n").map(\.count).max() ?? 0
        #expect(widest <= 100)
    }

    @Test("text lists unfinished spans first, loudly")
    func unfinishedFirst() {
        let text = SummaryTextFormat().render(Self.summary(crash: true))
        #expect(text.hasPrefix("UNFINISHED: 2 spans never ended."))
        #expect(text.contains("Root/Crashing"))
    }

    @Test("colour codes appear only when asked for")
    func colourOnlyWhenAsked() {
        #expect(!SummaryTextFormat(colour: false).render(Self.summary()).contains("\u{1B}["))
        #expect(SummaryTextFormat(colour: true).render(Self.summary()).contains("\u{1B}[1m"))
    }

    @Test("markdown renders tables with a rule under the title row")
    func markdownTables() {
        let text = SummaryTextFormat(style: .markdown).render(Self.summary())
        #expect(text.contains("### Spans by kind"))
        #expect(text.contains("|---|---:|"))
    }

    @Test("json has the documented top-level keys in a fixed order and exact numbers")
    func jsonShape() throws {
        let summary = Self.summary(crash: true)
        let bytes = SummaryJSONFormat.render(summary)
        let text = String(decoding: bytes, as: UTF8.self)
        let keys = ["\"format\"", "\"trace\"", "\"clock\"", "\"records\"", "\"spans\"", "\"firstTs\"", "\"lastTs\"",
                    "\"kinds\"", "\"phases\"", "\"instants\"", "\"exclusions\"", "\"discards\"", "\"locateVia\"",
                    "\"locateResults\"", "\"unfinished\"", "\"slowest\"", "\"seq\"", "\"unmatchedEnds\"",
                    "\"errors\"", "\"warnings\""]
        let positions = keys.map { text.range(of: "\n  " + $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let decode = try #require((object["kinds"] as? [String: Any])?["decode"] as? [String: Any])
        let row = try #require(summary.kinds.first { $0.kind == .decode })
        #expect(decode["count"] as? Int == Int(row.durations.count))
        #expect(decode["total"] as? Int == Int(row.durations.total))
        #expect(decode["max"] as? Int == Int(row.durations.maximum))
        let unfinished = try #require(object["unfinished"] as? [[String: Any]])
        #expect(unfinished.last?["path"] as? [String] == ["Root", "Crashing"])
        #expect(SummaryJSONFormat.render(summary) == bytes)
    }

    @Test("csv has a header and one row per kind and phase kind")
    func csvRows() {
        let summary = Self.summary()
        let lines = SummaryCSVFormat.render(summary).split(separator: "\n")
        #expect(lines.first == "scope,kind,group,count,total,mean,p50,p90,p95,p99,max")
        let phaseRows = summary.phases.reduce(0) { $0 + $1.kinds.count }
        #expect(lines.count == 1 + summary.kinds.count + phaseRows)
        #expect(SummaryCSVFormat.field("a,b") == "\"a,b\"")
        #expect(SummaryCSVFormat.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
    }

    @Test("tables shorten long paths from the left to fit")
    func shortening() {
        #expect(TextTable.shortened("Root/Group/Object", to: 8) == "…/Object")
        var table = TextTable(columns: [.init("path", flexible: true), .init("n", alignment: .right)])
        table.append([String(repeating: "x", count: 200), "1"])
        #expect(table.render(maxWidth: 40).split(separator: "\n").allSatisfy { $0.count <= 40 })
    }
}
