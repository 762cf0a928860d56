// RestorationVerdicts: every verdict of one trace, problems first (then objects only
// preserved, then restored ones), each group in the order the trace first names them, and the
// run's own verdict; optionally only one object and what hangs below it.

import TraceFormat

/// The verdicts of one trace.
///
/// ```swift
/// let verdicts = RestorationVerdicts(header: header, records: recorder.records)
/// print(verdicts.run.sentence)
/// for verdict in verdicts.all where verdict.isProblem { print(verdict.sentence) }
/// ```
public struct RestorationVerdicts: Sendable {
    public let header: TraceHeader
    public let run: RunVerdict
    /// Problems first, then preserved only, then restored; trace order within each.
    public let all: [RestorationVerdict]
    public let counts: VerdictCounts
    /// The path whose subtree the verdicts are of; nil for the whole trace.
    public let subtree: [String]?
    /// The line of each verdict row (see ``RestorationVerdict/rows``).
    private let rowLines: [Int]?

    /// Why a subtree cannot be explained.
    public enum SelectionError: Error, Sendable, Hashable, CustomStringConvertible {
        /// No object of the trace has the path; `nearby` lists paths that end the same way.
        case noSuchPath([String], nearby: [[String]])

        public var description: String {
            switch self {
            case .noSuchPath(let path, let nearby):
                var text = "no object of the trace has the path \(PathText.display(path))"
                if !nearby.isEmpty {
                    text += "; objects that end the same way: " + nearby.prefix(5).map(PathText.display).joined(separator: ", ")
                }
                return text
            }
        }
    }

    /// The verdicts of `records` (in file order), read as a trace.
    public init(header: TraceHeader, records: some Sequence<TraceRecord>) {
        guard let table = try? TraceTable(header: header, records: Array(records), keptAttributes: TraceEvidence.attributesRead)
        else { preconditionFailure("a table without limits refused its records") }
        // Without limits and without a path selection nothing can fail.
        try! self.init(table: table)
    }

    /// The verdicts of a table (which must keep ``attributesRead``). With `subtree`, only the
    /// object at that path and everything below it, its separate exclusions included.
    package init(table: TraceTable, rowLines: [Int]? = nil, subtree: [String]? = nil) throws(SelectionError) {
        header = table.header
        self.rowLines = rowLines
        self.subtree = subtree
        var reasoner = VerdictReasoner(table: table, rowLines: rowLines)
        var inScope: [Bool]?
        if let subtree {
            guard let root = table.object(ofPath: subtree) else {
                throw .noSuchPath(subtree, nearby: RestorationVerdicts.nearby(subtree, in: table))
            }
            var scope = [Bool](repeating: false, count: table.objectPath.count)
            scope[root] = true
            // Parents come before children in the table: one sweep marks the subtree.
            for object in (root + 1)..<table.objectPath.count where table.objectParent[object] >= 0 {
                if scope[Int(table.objectParent[object])] { scope[object] = true }
            }
            inScope = scope
        }
        // Each subject, and its place in the report: problems, then preserved only, then
        // restored; in the order the trace first names them within each.
        var found: [RestorationVerdict] = []
        var places: [(rank: Int, row: Int)] = []
        found.reserveCapacity(table.objectPath.count + reasoner.separateCount)
        places.reserveCapacity(table.objectPath.count + reasoner.separateCount)
        func rank(_ status: RestorationVerdict.Status) -> Int {
            switch status {
            case .notRestored: return 0
            case .preservedOnly: return 1
            case .restored: return 2
            }
        }
        var counts = VerdictCounts()
        var allCounts = VerdictCounts()
        var firstRow = [Int32](repeating: -1, count: table.objectPath.count)
        for row in 0..<table.count {
            if let object = table.object(ofRow: row), firstRow[object] < 0 { firstRow[object] = Int32(row) }
        }
        for object in 0..<table.objectPath.count {
            guard let verdict = reasoner.verdict(ofObject: object) else { continue }
            allCounts.add(verdict.status)
            if let inScope, !inScope[object] { continue }
            found.append(verdict)
            places.append((rank(verdict.status), Int(firstRow[object])))
            counts.add(verdict.status)
        }
        for index in 0..<reasoner.separateCount {
            let verdict = reasoner.verdict(ofSeparate: index)
            allCounts.add(verdict.status)
            if let inScope, let subtree {
                // Below the subtree: its path (a duplicate's), or the path it hangs from, is inside it.
                let anchor = verdict.subject.path ?? verdict.subject.parent ?? []
                guard anchor.starts(with: subtree), let object = table.object(ofPath: anchor), inScope[object] else { continue }
            }
            found.append(verdict)
            places.append((rank(verdict.status), reasoner.row(ofSeparate: index)))
            counts.add(verdict.status)
        }
        all = found.indices.sorted { places[$0] < places[$1] }.map { found[$0] }
        self.counts = counts
        run = reasoner.runVerdict(counts: allCounts)
    }

    /// The line of the trace a verdict's row came from.
    public func line(ofRow row: Int) -> Int { rowLines.map { row < $0.count ? $0[row] : row + 2 } ?? row + 2 }

    /// The attributes a table must keep for verdicts (``TraceEvidence/attributesRead``).
    package static var attributesRead: [String] { TraceEvidence.attributesRead }

    /// Paths of the trace whose last component is the asked path's last: what the user may have meant.
    private static func nearby(_ path: [String], in table: TraceTable) -> [[String]] {
        guard let last = path.last else { return [] }
        var found: [[String]] = []
        for object in 0..<table.objectPath.count {
            let candidate = table.paths[Int(table.objectPath[object])]
            if candidate.last == last { found.append(candidate) }
            if found.count >= 5 { break }
        }
        return found
    }
}
