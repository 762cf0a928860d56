// SubjectFacts: one subject's evidence read into words — its names, kind, where it hangs from
// its parent, and what its locate, decode and errors said — for the explanations to phrase.

import TraceFormat

/// What the trace says about one subject, as values.
struct SubjectFacts {
    var subject: RestorationVerdict.Subject
    var kind: RestorableObjectKind?
    /// Whether the trace recorded the kind (`objectKind`), rather than it being guessed from the class name.
    var kindRecorded = false
    /// The path of the object it hangs from (nil when unknown).
    var parentPath: [String]?
    var parentKey: String?
    var parentIndex: Int64?
    /// Whether the locate begin carried the archive's facts (`objectKind` and the rest), so that
    /// a missing `restorationClass` or `storyboard` means there was none.
    var searchFactsRecorded = false
    var restorationClass: String?
    var storyboard: String?
    var storyboardIdentifier: String?
    var via: String?
    var result: String?
    var foundClass: String?
    var source: SourceLocation?

    /// The object's own identifier: the last path component, or the recorded identifier.
    var identifier: String? { subject.path?.last ?? subject.identifier }

    /// "Tabs/Detail" in a sentence.
    var name: String { subject.displayName }

    /// "Tabs/Detail (DetailViewController)".
    var nameWithClass: String {
        subject.className.map { name + " (" + VerdictWording.type($0) + ")" } ?? name
    }

    /// How it hangs from its parent, when the trace says.
    var place: String? {
        VerdictWording.place(key: parentKey, index: parentIndex, parent: parentPath, kind: kind)
    }
}

extension TraceEvidence {
    /// The facts of table object `object`.
    func facts(ofObject object: Int) -> SubjectFacts {
        let rows = objects[object]
        let path = table.paths[Int(table.objectPath[object])]
        let classRow = [rows.encode, rows.locate, rows.decode, rows.exclusion, rows.anyClass].first { $0 >= 0 && table.rows[Int($0)].className >= 0 }
        let className = classRow.flatMap { table.classValue(Int($0)) }
        var facts = SubjectFacts(subject: RestorationVerdict.Subject(path: path, identifier: nil, className: className, parent: nil))
        facts.parentPath = path.count > 1 ? Array(path.dropLast()) : []
        if rows.source >= 0 { facts.source = source(Int(rows.source)) }
        if rows.locate >= 0 {
            let begin = Int(rows.locate)
            let recordedKind = string(begin, slots.objectKind)
            facts.searchFactsRecorded = recordedKind != nil
            (facts.kind, facts.kindRecorded) = VerdictWording.kind(recorded: recordedKind, className: className, path: path)
            facts.restorationClass = string(begin, slots.restorationClass)
            facts.storyboard = string(begin, slots.storyboard)
            facts.storyboardIdentifier = string(begin, slots.storyboardIdentifier)
            facts.parentKey = string(begin, slots.parentKey)
            facts.parentIndex = int(begin, slots.parentIndex)
            if let end = end(of: rows.locate) {
                facts.via = string(end, slots.via)
                facts.result = text(end, slots.result)
                facts.foundClass = string(end, slots.foundClass)
            }
        } else {
            (facts.kind, facts.kindRecorded) = VerdictWording.kind(recorded: nil, className: className, path: path)
        }
        if facts.parentKey == nil, rows.exclusion >= 0 {
            facts.parentKey = string(Int(rows.exclusion), slots.parentKey)
            facts.parentIndex = int(Int(rows.exclusion), slots.parentIndex)
        }
        return facts
    }

    /// The facts of a separate exclusion (one without a path of its own, or a duplicate's).
    func facts(ofExclusionRow row: Int) -> SubjectFacts {
        let path = table.pathValue(row).flatMap { $0.isEmpty ? nil : $0 }
        let parent = path == nil ? strings(row, slots.parent) : nil
        let className = table.classValue(row)
        var facts = SubjectFacts(subject: RestorationVerdict.Subject(
            path: path, identifier: path == nil ? string(row, slots.identifier) : nil, className: className, parent: parent))
        facts.parentPath = path.map { Array($0.dropLast()) } ?? parent
        facts.parentKey = string(row, slots.parentKey)
        facts.parentIndex = int(row, slots.parentIndex)
        facts.source = source(row)
        (facts.kind, facts.kindRecorded) = VerdictWording.kind(recorded: nil, className: className, path: path)
        return facts
    }
}
