// Structural checks of the three exports on generated traces: Chrome (events, phases, µs,
// nesting per track), speedscope (schema fields, balanced and nested events), OTLP (ids,
// parent links, string times, batches); and that every export is reproducible.

import Foundation
import Testing
@testable import TraceAnalysis
import TraceFormat

@Suite struct ExportTests {
    static func export(_ format: ExportFormat, _ trace: SyntheticTrace) throws -> MemoryOutput {
        let output = MemoryOutput()
        var exporter = try format.exporter(header: trace.header, output: output)
        for record in trace.records { try exporter.add(record) }
        try exporter.finish()
        return output
    }

    static func jsonObject(_ output: MemoryOutput) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(output.bytes))
        return try #require(value as? [String: Any])
    }

    /// B1 B2 E1 E2 on the main thread: span 2 outlives the span it began in.
    static func overlappingTrace() -> SyntheticTrace {
        var builder = SyntheticTrace.Builder(seed: 3)
        let outer = builder.begin("restoration")
        let first = builder.begin("locate", path: ["A"], className: "AVC")
        let second = builder.begin("decode", path: ["B"], className: "BVC")
        builder.end(first, "locate", path: ["A"], attributes: [TraceAttribute("via", "existing")])
        builder.end(second, "decode", path: ["B"])
        builder.end(outer, "restoration")
        return SyntheticTrace(header: TraceHeader(clock: "ns", origin: "2026-11-22T10:00:00Z"), records: builder.records)
    }

    // MARK: Chrome

    @Test("chrome: traceEvents with named tracks, X spans in µs, instants, and metadata")
    func chromeStructure() throws {
        let trace = SyntheticTrace.make(objects: 200, seed: 11)
        let document = try Self.jsonObject(Self.export(.chrome, trace))
        let events = try #require(document["traceEvents"] as? [[String: Any]])
        let phases = Set(events.compactMap { $0["ph"] as? String })
        #expect(phases == ["M", "X", "i"])
        let names = events.filter { $0["name"] as? String == "thread_name" }
            .compactMap { ($0["tid"] as? Int, ($0["args"] as? [String: Any])?["name"] as? String) }
        #expect(names.map(\.0) == [1, 2])
        #expect(names.map(\.1) == ["preservation", "restoration"])
        let reference = ReferenceSpans(trace.records)
        let complete = events.filter { $0["ph"] as? String == "X" }
        #expect(complete.count == reference.spans.count)
        let origin = trace.records[0].ts
        for span in reference.spans.prefix(50) {
            let event = try #require(complete.first { ($0["args"] as? [String: Any])?["span"] as? Int == Int(span.begin.span ?? -1) })
            let ts = try #require(event["ts"] as? Double)
            let duration = try #require(event["dur"] as? Double)
            #expect(abs(ts - Double(span.begin.ts - origin) / 1000) < 0.0005)
            #expect(abs(duration - Double(span.duration) / 1000) < 0.0005)
        }
        let instants = events.filter { $0["ph"] as? String == "i" }
        #expect(instants.count == trace.records.filter { $0.phase == .instant }.count)
        #expect(instants.allSatisfy { $0["s"] as? String == "t" })
        #expect(document["displayTimeUnit"] as? String == "ns")
    }

    /// True when the X events of every tid nest: each begins and ends inside any it overlaps.
    static func chromeNests(_ events: [[String: Any]]) -> Bool {
        let complete = events.filter { $0["ph"] as? String == "X" }
        for tid in Set(complete.compactMap { $0["tid"] as? Int }) {
            let slices = complete.filter { $0["tid"] as? Int == tid }
                .compactMap { event -> (Double, Double)? in
                    guard let ts = event["ts"] as? Double ?? (event["ts"] as? Int).map(Double.init),
                        let duration = event["dur"] as? Double ?? (event["dur"] as? Int).map(Double.init)
                    else { return nil }
                    return (ts, ts + duration)
                }
                .sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 > $1.1 }
            var stack: [Double] = []
            for (start, end) in slices {
                while let top = stack.last, top <= start { stack.removeLast() }
                if let top = stack.last, end > top { return false }
                stack.append(end)
            }
        }
        return true
    }

    @Test("chrome: spans nest on every track of a generated trace")
    func chromeNesting() throws {
        let events = try #require(
            Self.jsonObject(Self.export(.chrome, SyntheticTrace.make(objects: 300, seed: 12)))["traceEvents"]
                as? [[String: Any]])
        #expect(Self.chromeNests(events))
    }

    @Test("chrome: a span that ends while a span begun inside it is open becomes an async b/e pair")
    func chromeImproperOverlapIsAsync() throws {
        let events = try #require(Self.jsonObject(Self.export(.chrome, Self.overlappingTrace()))["traceEvents"] as? [[String: Any]])
        let async = events.filter { ["b", "e"].contains($0["ph"] as? String) }
        #expect(async.map { $0["ph"] as? String } == ["b", "e"])
        #expect(async.map { $0["id"] as? String } == ["0x2", "0x2"])
        #expect(async.first?["name"] as? String == "locate A")
        #expect(Self.chromeNests(events))
    }

    @Test("chrome: an unfinished span reaches the end of the trace with args.unfinished")
    func chromeUnfinished() throws {
        let trace = SyntheticTrace.make(objects: 10, seed: 13, crashAtEnd: true)
        let events = try #require(Self.jsonObject(Self.export(.chrome, trace))["traceEvents"] as? [[String: Any]])
        let unfinished = events.filter { ($0["args"] as? [String: Any])?["unfinished"] as? Bool == true }
        #expect(unfinished.compactMap { $0["name"] as? String } == ["restoration", "decode Root/Crashing"])
        let markers = events.filter { ($0["name"] as? String)?.hasPrefix("unfinished: ") == true }
        #expect(markers.count == 2)
        #expect(Self.chromeNests(events))
    }

    // MARK: speedscope

    /// Checks speedscope's evented-profile rules; returns the problems found.
    static func speedscopeProblems(_ document: [String: Any]) -> [String] {
        var problems: [String] = []
        if document["$schema"] as? String != SpeedscopeExporter.schema { problems.append("$schema") }
        guard let shared = document["shared"] as? [String: Any], let frames = shared["frames"] as? [[String: Any]] else {
            return problems + ["shared.frames missing"]
        }
        if !frames.allSatisfy({ $0["name"] is String }) { problems.append("a frame without a name") }
        guard let profiles = document["profiles"] as? [[String: Any]], !profiles.isEmpty else {
            return problems + ["profiles missing"]
        }
        for profile in profiles {
            guard profile["type"] as? String == "evented", profile["name"] is String,
                let unit = profile["unit"] as? String, ["nanoseconds", "none"].contains(unit),
                let start = profile["startValue"] as? Int, let end = profile["endValue"] as? Int,
                let events = profile["events"] as? [[String: Any]]
            else {
                problems.append("profile fields")
                continue
            }
            var stack: [Int] = []
            var last = start
            for event in events {
                guard let type = event["type"] as? String, let frame = event["frame"] as? Int,
                    let at = event["at"] as? Int, frame >= 0, frame < frames.count
                else {
                    problems.append("event fields")
                    continue
                }
                if at < last || at > end { problems.append("at \(at) out of order or range") }
                last = at
                if type == "O" {
                    stack.append(frame)
                } else if stack.popLast() != frame {
                    problems.append("close of frame \(frame) does not match the open frame")
                }
            }
            if !stack.isEmpty { problems.append("\(stack.count) frames left open") }
        }
        return problems
    }

    @Test("speedscope: schema fields present and events balanced and nested", arguments: [false, true])
    func speedscopeStructure(crash: Bool) throws {
        let trace = SyntheticTrace.make(objects: 300, seed: 14, crashAtEnd: crash)
        let document = try Self.jsonObject(Self.export(.speedscope, trace))
        #expect(Self.speedscopeProblems(document) == [])
        let profiles = try #require(document["profiles"] as? [[String: Any]])
        let events = try #require(profiles.first?["events"] as? [[String: Any]])
        #expect(events.count == 2 * trace.records.filter { $0.phase == .begin }.count)
        #expect(profiles.first?["endValue"] as? Int == Int(trace.records.last!.ts - trace.records[0].ts))
    }

    @Test("speedscope: improper overlap is split into properly nested frames")
    func speedscopeImproperOverlap() throws {
        let document = try Self.jsonObject(Self.export(.speedscope, Self.overlappingTrace()))
        #expect(Self.speedscopeProblems(document) == [])
    }

    // MARK: OTLP

    static func otlpSpans(_ output: MemoryOutput) throws -> [[String: Any]] {
        var spans: [[String: Any]] = []
        for line in output.text.split(separator: "\n") {
            let data = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let resource = try #require((data["resourceSpans"] as? [[String: Any]])?.first)
            let attributes = try #require((resource["resource"] as? [String: Any])?["attributes"] as? [[String: Any]])
            #expect(attributes.first?["key"] as? String == "service.name")
            let scope = try #require((resource["scopeSpans"] as? [[String: Any]])?.first)
            #expect((scope["scope"] as? [String: Any])?["name"] as? String == "restoretrace")
            let batch = try #require(scope["spans"] as? [[String: Any]])
            #expect(batch.count <= OTLPExporter.batchSize)
            spans += batch
        }
        return spans
    }

    static func isHex(_ text: Any?, length: Int) -> Bool {
        guard let text = text as? String, text.count == length else { return false }
        return text.allSatisfy { $0.isHexDigit && !$0.isUppercase } && text != String(repeating: "0", count: length)
    }

    @Test("otlp: hex ids of the right length, parents that resolve, times as strings, batches of 1,000")
    func otlpStructure() throws {
        let trace = SyntheticTrace.make(objects: 800, seed: 15, crashAtEnd: true)
        let output = try Self.export(.otlp, trace)
        #expect(output.text.split(separator: "\n").count > 1)
        let spans = try Self.otlpSpans(output)
        #expect(spans.count == trace.records.filter { $0.phase != .end }.count)
        let ids = Set(spans.compactMap { $0["spanId"] as? String })
        #expect(ids.count == spans.count)
        #expect(Set(spans.compactMap { $0["traceId"] as? String }).count == 1)
        let origin = try #require(ISO8601Timestamp.unixNanoseconds("2026-11-22T10:00:00.000Z"))
        for span in spans {
            #expect(Self.isHex(span["traceId"], length: 32))
            #expect(Self.isHex(span["spanId"], length: 16))
            if let parent = span["parentSpanId"] { #expect(ids.contains(parent as? String ?? "")) }
            #expect(span["kind"] as? Int == 1)
            let start = try #require((span["startTimeUnixNano"] as? String).flatMap { Int64($0) })
            let end = try #require((span["endTimeUnixNano"] as? String).flatMap { Int64($0) })
            #expect(start >= origin && start <= end)
        }
        let unfinished = spans.filter { span in
            (span["attributes"] as? [[String: Any]])?.contains { $0["key"] as? String == "restoretrace.unfinished" } == true
        }
        #expect(unfinished.count == 2)
        #expect(unfinished.allSatisfy { ($0["status"] as? [String: Any])?["code"] as? Int == 2 })
    }

    @Test("otlp: a span's start is the header's origin plus its ts in nanoseconds")
    func otlpTimes() throws {
        let spans = try Self.otlpSpans(Self.export(.otlp, Self.overlappingTrace()))
        let root = try #require(spans.first { $0["name"] as? String == "restoration" })
        let first = Self.overlappingTrace().records[0]
        #expect(root["startTimeUnixNano"] as? String == String(1_795_341_600_000_000_000 + first.ts))
        let locate = try #require(spans.first { $0["name"] as? String == "locate A" })
        #expect(locate["parentSpanId"] as? String == root["spanId"] as? String)
    }

    // MARK: All

    @Test("every export of the same trace is byte-identical", arguments: ExportFormat.allCases)
    func deterministic(format: ExportFormat) throws {
        let trace = SyntheticTrace.make(objects: 150, seed: 16, crashAtEnd: true)
        let first = try Self.export(format, trace)
        let second = try Self.export(format, trace)
        #expect(first.bytes == second.bytes)
        #expect(first.isCommitted)
    }

    @Test("ISO 8601 origins parse to Unix nanoseconds, offsets included, and nonsense is refused")
    func originParsing() {
        #expect(ISO8601Timestamp.unixNanoseconds("1970-01-01T00:00:00Z") == 0)
        #expect(ISO8601Timestamp.unixNanoseconds("2026-11-22T10:00:00.5Z") == 1_795_341_600_500_000_000)
        #expect(ISO8601Timestamp.unixNanoseconds("2026-11-22T11:00:00+01:00") == 1_795_341_600_000_000_000)
        #expect(ISO8601Timestamp.unixNanoseconds("yesterday") == nil)
        #expect(ISO8601Timestamp.unixNanoseconds("2026-13-22T10:00:00Z") == nil)
    }
}
