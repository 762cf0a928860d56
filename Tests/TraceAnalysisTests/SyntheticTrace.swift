// SyntheticTrace: random but reproducible restoretrace/1 traces for the analysis tests, built
// record by record like a real run (preservation, then restoration), with an independent
// reference pairing that the statistics are checked against.

import Foundation
import TraceFormat
import TraceGeneration

/// A generated trace: an `ns` header and its records.
struct SyntheticTrace {
    var header: TraceHeader
    var records: [TraceRecord]

    static let vias = ["restorationClass", "appDelegate", "existing", "storyboard", "none"]
    static let reasons = ["noRestorationIdentifier", "ancestorExcluded", "duplicatePath", "notFound"]

    /// `objects` objects encoded under a preservation span and located/decoded under a
    /// restoration span; durations log-uniform from ~100 ns to ~10 ms.
    static func make(objects: Int, seed: UInt64, crashAtEnd: Bool = false) -> SyntheticTrace {
        var builder = Builder(seed: seed)
        let classes = ["UINavigationController", "UITabBarController", "ListViewController", "DetailViewController"]
        let paths = (0..<objects).map { index in ["Root", "Group\(index % 7)", "Object\(index)"] }
        let preservation = builder.begin("preservation")
        builder.instant("shouldSave", attributes: [TraceAttribute("result", true)])
        let willEncode = builder.begin("willEncode")
        builder.end(willEncode, "willEncode", attributes: [TraceAttribute("bytes", 40)])
        for (index, path) in paths.enumerated() {
            if index % 11 == 5 {
                builder.instant("exclude", path: path, attributes: [TraceAttribute("reason", .string(reasons[index % 4]))])
                continue
            }
            let encode = builder.begin("encode", path: path, className: classes[index % classes.count])
            builder.end(encode, "encode", path: path, attributes: [TraceAttribute("bytes", .int(Int64(index * 3)))])
        }
        let write = builder.begin("archiveWrite")
        builder.end(write, "archiveWrite")
        builder.end(preservation, "preservation")

        let restoration = builder.begin("restoration")
        builder.instant("launch", attributes: [TraceAttribute("step", "willFinishLaunching")])
        for (index, path) in paths.enumerated() where index % 11 != 5 {
            let className = classes[index % classes.count]
            let locate = builder.begin("locate", path: path, className: className)
            let via = vias[index % vias.count]
            let result = via == "none" ? "nil" : "found"
            builder.end(locate, "locate", path: path, attributes: [
                TraceAttribute("via", .string(via)), TraceAttribute("result", .string(result)),
            ])
            guard result == "found" else { continue }
            let decode = builder.begin("decode", path: path, className: className)
            if index % 13 == 0 {
                builder.instant("error", path: path, attributes: [TraceAttribute("message", "decode failed")])
            }
            builder.end(decode, "decode", path: path)
        }
        for (index, path) in paths.enumerated() where index % 11 != 5 && vias[index % vias.count] != "none" {
            let finished = builder.begin("finishedRestoring", path: path)
            builder.end(finished, "finishedRestoring", path: path)
        }
        if crashAtEnd {
            _ = builder.begin("decode", path: ["Root", "Crashing"], className: "CrashingViewController")
        } else {
            builder.end(restoration, "restoration")
        }
        return SyntheticTrace(
            header: TraceHeader(generator: "tests", clock: "ns", origin: "2026-11-22T10:00:00.000Z", scenario: "synthetic"),
            records: builder.records)
    }

    /// Writes records with increasing seq and random, increasing ts.
    struct Builder {
        var random: SplitMix64
        var records: [TraceRecord] = []
        var ts: Int64 = 1_000
        var nextSpan: Int64 = 1

        init(seed: UInt64) { random = SplitMix64(seed: seed) }

        mutating func advance() {
            // Log-uniform step: 10^(2...7) ns.
            let exponent = Double(random.next() % 5_000_000) / 1_000_000 + 2
            ts += Int64(pow(10, exponent))
        }

        mutating func begin(_ kind: String, path: [String]? = nil, className: String? = nil) -> Int64 {
            advance()
            let span = nextSpan
            nextSpan += 1
            records.append(TraceRecord(seq: Int64(records.count), ts: ts, phase: .begin, span: span,
                                       kind: RecordKind(kind), path: path, className: className))
            return span
        }

        mutating func end(_ span: Int64, _ kind: String, path: [String]? = nil, attributes: [TraceAttribute] = []) {
            advance()
            records.append(TraceRecord(seq: Int64(records.count), ts: ts, phase: .end, span: span,
                                       kind: RecordKind(kind), path: path, attributes: attributes))
        }

        mutating func instant(_ kind: String, path: [String]? = nil, attributes: [TraceAttribute] = []) {
            advance()
            records.append(TraceRecord(seq: Int64(records.count), ts: ts, phase: .instant,
                                       kind: RecordKind(kind), path: path, attributes: attributes))
        }
    }
}

/// The reference: every finished span's kind, duration, B record and E record, paired by a
/// plain dictionary walk, with the phase each span began in.
struct ReferenceSpans {
    struct Span {
        var begin: TraceRecord
        var end: TraceRecord
        var phase: String?
        var duration: Int64 { end.ts - begin.ts }
    }

    var spans: [Span] = []
    var unfinished: [TraceRecord] = []

    init(_ records: [TraceRecord]) {
        var open: [Int64: (TraceRecord, String?)] = [:]
        var phase: String?
        for record in records {
            switch record.phase {
            case .begin:
                open[record.span ?? -1] = (record, phase)
                if record.kind == .preservation || record.kind == .restoration { phase = record.kind.rawValue }
            case .end:
                guard let (begin, beganIn) = open.removeValue(forKey: record.span ?? -1) else { continue }
                spans.append(Span(begin: begin, end: record, phase: beganIn))
                if begin.kind == .preservation || begin.kind == .restoration { phase = nil }
            case .instant:
                continue
            }
        }
        unfinished = open.values.map(\.0).sorted { $0.seq < $1.seq }
    }

    /// Sorted durations of `kind`, optionally only those begun inside `phase`.
    func durations(of kind: RecordKind, inPhase phase: String? = nil) -> [Int64] {
        spans.filter { $0.begin.kind == kind && (phase == nil || $0.phase == phase) }.map(\.duration).sorted()
    }
}
