// TraceStatisticsReader: the fast path of `summary` for trace files. A large file is read in
// two halves, split at a line boundary, on two threads, each through the record-line scanner into its
// own TraceStatistics; the halves are then joined (TraceStatistics.joined), which gives exactly
// what one pass in file order gives. Anything the fast path cannot settle alone (a line it does
// not accept, a join it cannot vouch for) is left to the caller's full reader, as before.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TraceFormat

/// Reads a trace file's ``TraceStatistics`` through the record-line scanner, in parts when large.
public enum TraceStatisticsReader {
    /// Files smaller than this are read in one part: a second thread would not pay for itself.
    static let smallestSplitFile = 8 << 20

    /// The statistics of the trace file at `path`, or nil when it needs the full reader (see
    /// ``LeanTraceReader/read(path:makeConsumer:add:)``: a malformed or unusual line, a blank or
    /// cut-off line, a header problem, standard input).
    public static func read(path: String, options: TraceStatistics.Options) -> TraceStatistics? {
        guard path != "-", let (header, offset) = LeanTraceReader.headerAndOffset(path: path) else { return nil }
        var splits: [Int] = []
        if ProcessInfo.processInfo.activeProcessorCount > 1, let size = fileSize(path), size >= smallestSplitFile,
            let split = lineStart(path: path, after: offset + (size - offset) / 2)
        {
            splits = [split]
        }
        return read(path: path, header: header, from: offset, splits: splits, options: options)
    }

    /// Reads the records from byte `offset` on in parts starting at each of `splits` (line
    /// starts, ascending), one thread per part, and joins them; falls back to one part when the
    /// join cannot be vouched for. Internal so tests can choose the split points.
    static func read(
        path: String, header: TraceHeader, from offset: Int, splits: [Int], options: TraceStatistics.Options
    ) -> TraceStatistics? {
        guard !splits.isEmpty else { return readPart(path: path, header: header, from: offset, to: nil, options: options) }
        let starts = [offset] + splits
        let results = PartResults(count: starts.count)
        DispatchQueue.concurrentPerform(iterations: starts.count) { index in
            let isLast = index == starts.count - 1
            let part = readCheckedPart(
                path: path, header: header, from: starts[index], to: isLast ? nil : starts[index + 1],
                options: options, continuing: index > 0)
            results.set(index, part)
        }
        let parts = results.values.compactMap { $0 }
        guard parts.count == starts.count else { return nil }  // a line for the full reader
        // A rule broken between parts: the full reader finds the line.
        var checks: TraceRecordChecks? = parts[0].checks
        for later in parts.dropFirst() { checks = checks.flatMap { TraceRecordChecks.joined($0, later.checks) } }
        guard checks != nil else { return nil }
        var joined: TraceStatistics? = parts[0].statistics
        for later in parts.dropFirst() { joined = joined.flatMap { TraceStatistics.joined($0, later.statistics) } }
        return joined ?? readPart(path: path, header: header, from: offset, to: nil, options: options)
    }

    /// The statistics of the lines from byte `start` to byte `end` (or the end of the file);
    /// `continuing` for any part but the first (see ``TraceStatistics/joined(_:_:)``).
    static func readPart(
        path: String, header: TraceHeader, from start: Int, to end: Int?, options: TraceStatistics.Options,
        continuing: Bool = false
    ) -> TraceStatistics? {
        readCheckedPart(path: path, header: header, from: start, to: end, options: options, continuing: continuing)?
            .statistics
    }

    /// ``readPart(path:header:from:to:options:continuing:)`` with the part's checks across
    /// records, for the join; nil as soon as a record breaks one.
    static func readCheckedPart(
        path: String, header: TraceHeader, from start: Int, to end: Int?, options: TraceStatistics.Options,
        continuing: Bool = false
    ) -> (statistics: TraceStatistics, checks: TraceRecordChecks)? {
        var statistics =
            continuing
            ? TraceStatistics(continuing: header, options: options) : TraceStatistics(header: header, options: options)
        var checks = TraceRecordChecks(continuing: continuing)
        let interner = StringInterner()
        let complete = LeanTraceReader.forEachLine(path: path, from: start, to: end) { line in
            guard let record = LeanTraceReader.record(line, interner: interner, wantsEndPath: { statistics.needsEndPath(span: $0) }),
                checks.check(record, line: 0) == nil
            else { return false }
            statistics.add(record)
            return true
        }
        return complete ? (statistics, checks) : nil
    }

    private static func fileSize(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// Where the first line that starts after byte `position` starts; nil when there is none
    /// within a few MiB (a very long line: one part is as good).
    static func lineStart(path: String, after position: Int) -> Int? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let chunk = 64 << 10
        var buffer = [UInt8](repeating: 0, count: chunk)
        var at = position
        while at < position + (4 << 20) {
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, chunk, off_t(at)) }
            guard count > 0 else { return nil }
            if let newline = buffer.prefix(count).firstIndex(of: 0x0A) {
                return at + newline + 1
            }
            at += count
        }
        return nil
    }
}

/// One slot per part, each written once by the thread reading that part.
private final class PartResults: @unchecked Sendable {
    typealias Part = (statistics: TraceStatistics, checks: TraceRecordChecks)
    private let lock = ThreadLock()
    private var slots: [Part?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Part?) {
        lock.lock()
        defer { lock.unlock() }
        slots[index] = value
    }

    var values: [Part?] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}
