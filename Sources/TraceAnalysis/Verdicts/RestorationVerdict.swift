// RestorationVerdict: what became of one object of a trace, in words a developer acts on —
// restored and how it was found, or not restored with the chain of causes and the fix.

import TraceFormat

/// The verdict on one object that was preserved, or should have been.
///
/// ```swift
/// let verdicts = RestorationVerdicts(header: header, records: records)
/// for verdict in verdicts.all where verdict.status == .notRestored { print(verdict.sentence) }
/// ```
///
/// A verdict is immutable and shared, not copied: a trace of 100,000 objects holds as many,
/// each passed around as one reference.
public final class RestorationVerdict: Sendable, Hashable {
    /// Who the verdict is about.
    public struct Subject: Sendable, Hashable {
        /// Its restoration path; nil for an object excluded without one (an identifier missing
        /// on it or above it).
        public var path: [String]?
        /// Its own restoration identifier when it has no path but has an identifier.
        public var identifier: String?
        public var className: String?
        /// For an object without a path: the nearest path above it (`[]`: a window's root).
        public var parent: [String]?

        /// How people read it: `Tabs/CountryNav/Detail`, `Password (below Tabs)`, or
        /// `SettingsViewController (no identifier, below Tabs)`.
        public var displayName: String { name(withClass: false) }

        /// The shortest name that says which object: its path, else its identifier, else its class.
        public var shortName: String {
            if let path { return PathText.display(path) }
            return identifier.map { PathText.display([$0]) } ?? className.map(PathText.sanitized) ?? "(unnamed object)"
        }

        /// ``displayName`` with the class: `Tabs/Detail (DetailViewController)`,
        /// `Password (PasswordViewController, below Tabs)`.
        public var displayNameWithClass: String { name(withClass: true) }

        private func name(withClass: Bool) -> String {
            let shownClass = className.map(PathText.sanitized)
            if let path { return PathText.display(path) + (withClass ? shownClass.map { " (\($0))" } ?? "" : "") }
            var notes: [String] = []
            let name: String
            if let identifier {
                name = PathText.display([identifier])
                if withClass, let shownClass { notes.append(shownClass) }
            } else {
                name = shownClass ?? "(unnamed object)"
                notes.append("no identifier")
            }
            if let parent { notes.append(parent.isEmpty ? "a window's root" : "below " + PathText.display(parent)) }
            return notes.isEmpty ? name : name + " (" + notes.joined(separator: ", ") + ")"
        }
    }

    public enum Status: String, Sendable, Hashable, CaseIterable {
        case restored
        case notRestored
        /// Preserved, and the trace ends before any relaunch: neither restored nor failed.
        case preservedOnly
    }

    /// Why, as a stable name (the JSON `cause`): one per exclusion reason, and the failures
    /// that have no exclusion reason of their own.
    public enum Cause: String, Sendable, Hashable, CaseIterable {
        case restored
        case preservedOnly
        case noRestorationIdentifier, ancestorExcluded, duplicatePath, restorationClassReturnedNil,
            notEncodedByContainer, viewWithoutRestorableOwner, notReferenced, stackTruncated, notFound
        /// The app uses the scene life cycle: UIKit runs no view-controller restoration (rule 20).
        case sceneLifecycle
        /// An exclusion reason this version does not know (``RestorationVerdict/reason`` keeps it).
        case otherExclusion
        /// Found, but of another class: used and not decoded (rule 16).
        case classMismatch
        /// Its decode ran and failed.
        case decodeFailed
        /// Restored without part of its state: a value was refused by secure coding (SCENE_RULES rule 41).
        case secureCodingViolation
        /// A span of its own began and never ended: the process stopped inside it.
        case unfinished
        /// The process stopped in another object's step, before this one was done.
        case processStopped
        /// The archive was discarded (``RestorationVerdict/reason`` is the discard reason).
        case archiveDiscarded
        /// The archive was never written (the write failed, or preservation stopped).
        case archiveNotWritten
        /// Found, and never decoded, with no crash or discard to say why.
        case notDecoded
        /// Preserved, and the relaunch that read the archive never named it.
        case notLookedFor

        /// The cause that stands for an exclusion reason the trace format defines.
        public init(_ reason: ExclusionReason) {
            switch reason {
            case .noRestorationIdentifier: self = .noRestorationIdentifier
            case .ancestorExcluded: self = .ancestorExcluded
            case .duplicatePath: self = .duplicatePath
            case .restorationClassReturnedNil: self = .restorationClassReturnedNil
            case .notEncodedByContainer: self = .notEncodedByContainer
            case .viewWithoutRestorableOwner: self = .viewWithoutRestorableOwner
            case .notReferenced: self = .notReferenced
            case .stackTruncated: self = .stackTruncated
            case .notFound: self = .notFound
            case .sceneLifecycle: self = .sceneLifecycle
            }
        }
    }

    public let subject: Subject
    public let status: Status
    public let cause: Cause
    /// The exclusion or discard reason as the trace wrote it, when the verdict rests on one.
    public let reason: String?
    /// The step of the relaunch search that produced the object (`via`), whenever one did:
    /// restored, decoded and failed, of another class, or found before a crash.
    public let foundBy: String?
    /// The first line: what happened, worded to follow "was" (`not restored: its restoration
    /// class returned nil`). The diagrams print it on the object's node.
    public let summary: String
    /// The chain of causes, in order, each a clause in plain words.
    public let because: [String]
    /// What to change, when the trace says what would help.
    public let fix: String?
    /// Where the object is defined, when the trace carries it.
    public let source: SourceLocation?
    /// The trace rows the verdict rests on (line numbers are worked out by the reader).
    public let rows: [Int]

    public init(subject: Subject, status: Status, cause: Cause, reason: String? = nil, foundBy: String? = nil,
                summary: String, because: [String] = [], fix: String? = nil, source: SourceLocation? = nil, rows: [Int] = []) {
        self.subject = subject
        self.status = status
        self.cause = cause
        self.reason = reason
        self.foundBy = foundBy
        self.summary = summary
        self.because = because
        self.fix = fix
        self.source = source
        self.rows = rows
    }

    public static func == (a: RestorationVerdict, b: RestorationVerdict) -> Bool {
        a === b || (a.subject == b.subject && a.status == b.status && a.cause == b.cause && a.reason == b.reason
            && a.foundBy == b.foundBy && a.summary == b.summary && a.because == b.because && a.fix == b.fix
            && a.source == b.source && a.rows == b.rows)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(subject)
        hasher.combine(cause)
        hasher.combine(summary)
        hasher.combine(rows)
    }

    /// True for anything but a restored or merely preserved object.
    public var isProblem: Bool { status == .notRestored }

    /// The whole verdict as one sentence and its fix: "Tabs/Detail was not restored: … — it was
    /// pushed …, and … Fix: …".
    public var sentence: String {
        var text = subject.displayName + " was " + summary
        if !because.isEmpty { text += " — " + VerdictWording.list(because) }
        text += "."
        if let fix { text += " Fix: " + fix }
        return text
    }
}

/// Where an object is defined in the app's sources, as a record's `source` says (an optional
/// extension written by `simulate` for scenarios imported from storyboards): a file, a line and
/// column, an Interface Builder object id; or free text.
public struct SourceLocation: Sendable, Hashable {
    public var file: String?
    public var line: Int?
    public var column: Int?
    /// The Interface Builder object id (`voO-Ai-mPL`).
    public var objectID: String?
    /// A source given as a plain string.
    public var text: String?

    public init(file: String? = nil, line: Int? = nil, column: Int? = nil, objectID: String? = nil, text: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.objectID = objectID
        self.text = text
    }

    /// Reads a `source` value: an object with `file`, `line`, `column` and `id` (also `ibId`,
    /// `objectId`, `objectID`), or a string. Nil when it holds none of them.
    public init?(_ value: JSONValue) {
        switch value {
        case .string(let text):
            guard !text.isEmpty else { return nil }
            self.init(text: text)
        case .object(let object):
            func int(_ key: String) -> Int? { object[key]?.intValue.flatMap { Int(exactly: $0) } }
            let id = ["id", "ibId", "objectId", "objectID", "ibObjectId"].lazy.compactMap { object[$0]?.stringValue }.first
            self.init(file: object["file"]?.stringValue, line: int("line"), column: int("column"), objectID: id)
            if file == nil && line == nil && objectID == nil { return nil }
        default:
            return nil
        }
    }

    /// `Main.storyboard:42:5 (IB id voO-Ai-mPL)`.
    public var description: String {
        if let text { return PathText.sanitized(text) }
        var out = file.map(PathText.sanitized) ?? "(unknown file)"
        if let line {
            out += ":\(line)"
            if let column { out += ":\(column)" }
        }
        if let objectID { out += " (IB id \(PathText.sanitized(objectID)))" }
        return out
    }
}
