// SimulateTraceInspection: what a trace file says after a relaunch process died in it — the
// spans it left open, where its numbering stopped, and whether its last line was cut off.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import RestoreTrace

/// Reads a trace that `simulate` is writing, after its relaunch process stopped.
struct SimulateTraceInspection {
    /// A `B` line with no `E`.
    struct OpenSpan: Equatable {
        var span: Int64
        var seq: Int64
        var kind: String
        var path: [String]?
        var className: String?
    }

    /// Open spans in the order they began.
    private(set) var openSpans: [OpenSpan] = []
    /// The numbering a process appending to this trace must continue from.
    private(set) var nextSeq: Int64 = 0
    private(set) var nextSpan: Int64 = 1
    /// Bytes after the last line end (a line cut off mid-write); 0 when the file ends cleanly.
    private(set) var partialTailBytes = 0
    /// Byte length of the complete lines.
    private(set) var completeBytes = 0

    init(contentsOf path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var open: [Int64: OpenSpan] = [:]
        var lineStart = 0
        for index in bytes.indices where bytes[index] == 0x0A {
            if let object = try? JSONValue.parse(bytes[lineStart..<index]).objectValue {
                inspect(object, open: &open)
            }
            lineStart = index + 1
        }
        completeBytes = lineStart
        partialTailBytes = bytes.count - lineStart
        openSpans = open.values.sorted { $0.seq < $1.seq }
    }

    private mutating func inspect(_ record: JSONObject, open: inout [Int64: OpenSpan]) {
        guard let seq = record["seq"]?.intValue else { return }
        nextSeq = max(nextSeq, seq + 1)
        guard let span = record["span"]?.intValue else { return }
        nextSpan = max(nextSpan, span + 1)
        switch record["ph"]?.stringValue {
        case "B":
            open[span] = OpenSpan(span: span, seq: seq, kind: record["kind"]?.stringValue ?? "?",
                                  path: record["path"]?.stringArrayValue, className: record["class"]?.stringValue)
        case "E":
            open[span] = nil
        default:
            break
        }
    }

    /// The innermost open `decode` span: where the process died, if it died decoding.
    var unfinishedDecode: OpenSpan? { openSpans.last { $0.kind == RecordKind.decode.rawValue } }

    /// Whether the file's last line is the `E` of the `restoration` span, numbered `seq` or
    /// later: what a relaunch process that ran to the end leaves. Reads only the file's tail.
    static func endsWithRestoration(path: String, after seq: Int64) -> Bool {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return false }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_size > 0 else { return false }
        let tailLength = Int(min(status.st_size, 64 * 1024))
        var tail = [UInt8](repeating: 0, count: tailLength)
        let got = tail.withUnsafeMutableBytes { pread(file, $0.baseAddress, tailLength, status.st_size - off_t(tailLength)) }
        guard got == tailLength, tail.last == 0x0A else { return false }
        let bytes = [UInt8](tail.dropLast())
        let start = bytes.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        guard let record = try? JSONValue.parse(bytes[start...]).objectValue else { return false }
        return record["ph"]?.stringValue == "E" && record["kind"]?.stringValue == RecordKind.restoration.rawValue
            && (record["seq"]?.intValue ?? -1) >= seq
    }

    /// Cuts a line that was cut off mid-write, so that appended records start on a line of their own.
    static func removePartialTail(of path: String, keeping completeBytes: Int) -> Bool {
        truncate(path, off_t(completeBytes)) == 0
    }
}

extension SimulateTraceInspection.OpenSpan {
    /// `Tabs/CountryNav/CountryDetail (CountryViewController)`.
    var label: String {
        let location = path.map(PathText.display) ?? "(no path)"
        return className.map { "\(location) (\($0))" } ?? location
    }
}
