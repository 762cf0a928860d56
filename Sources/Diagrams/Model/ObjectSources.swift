// Where the app defines each object, when the trace says (the `source` extension: on an
// object's `encode` and `exclude` records; records of the same path at relaunch are about the
// same object). Read once per drawing for the tooltips.

import TraceAnalysis
import TraceFormat

struct ObjectSources {
    /// The source of each path, by the table's path number.
    private var byPath: [Int32: String] = [:]
    private let table: TraceTable
    private let slot: Int?

    init(table: TraceTable) {
        self.table = table
        slot = table.slot(named: "source")
        guard slot != nil else { return }
        for row in 0..<table.count {
            let path = table.rows[row].path
            guard path >= 0, byPath[path] == nil, let text = source(ofRow: row) else { continue }
            byPath[path] = text
        }
    }

    /// The row's own `source`, as `file:line:column (IB id …)`.
    func source(ofRow row: Int) -> String? {
        guard let slot, let value = table.attribute(row, slot) else { return nil }
        let location: SourceLocation?
        switch value.tag {
        case .string: location = SourceLocation(.string(table.strings[Int(value.payload)]))
        case .other: location = SourceLocation(table.otherValues[Int(value.payload)])
        default: location = nil
        }
        return location?.description
    }

    /// The row's own source, else that of its path.
    func source(ofRow row: Int, orPath path: Int32) -> String? {
        source(ofRow: row) ?? (path >= 0 ? byPath[path] : nil)
    }

    /// The source recorded for a path (by the table's number).
    func source(ofPath path: Int32) -> String? { path >= 0 ? byPath[path] : nil }
}
