// What a preservation pass produced: whether it ran, the archive, what was encoded and what
// was excluded (with the reason), and the errors reported on the way.

import TraceFormat

/// One object that was not preserved or not restored, and why.
public struct Exclusion: Sendable, Hashable {
    /// Its restoration path, when every identifier down to it exists.
    public var path: [String]?
    public var className: String
    public var reason: ExclusionReason
    /// The nearest path above it, when it has no path of its own.
    public var parentPath: [String]?
    /// Its own restoration identifier, when it has one but no path (an object below one without an identifier).
    public var identifier: String?
    /// How many levels below `parentPath` it is, when more than one: an object inside an excluded
    /// subtree with no path (its parent is the nearest exclusion before it one level up).
    public var depth: Int?
    /// Where the app defines the object (``RestorableObject/sourceLocation``), when it says.
    public var source: ObjectSource?

    public init(path: [String]?, className: String, reason: ExclusionReason, parentPath: [String]? = nil,
                source: ObjectSource? = nil) {
        self.path = path
        self.className = className
        self.reason = reason
        self.parentPath = parentPath
        self.source = source
    }
}

/// The outcome of ``Preserver/preserve(to:recorder:)``.
public struct PreservationResult: Sendable, Hashable {
    /// The app delegate's `shouldSaveApplicationState` answer.
    public var shouldSave: Bool
    /// The archive, from ``Preserver/makeArchive(recorder:)`` when `shouldSave` was true
    /// (``Preserver/preserve(to:recorder:)`` writes it to disk and leaves this nil).
    public var archive: RestorationArchive?
    /// The archive's size on disk (header included); 0 when nothing was written.
    public var archiveBytes: Int
    /// Paths encoded, in walk order.
    public var encodedPaths: [[String]]
    public var exclusions: [Exclusion]
    /// Messages of the `error` records.
    public var errors: [String]

    public init(shouldSave: Bool, archive: RestorationArchive? = nil, archiveBytes: Int = 0, encodedPaths: [[String]] = [],
                exclusions: [Exclusion] = [], errors: [String] = []) {
        self.shouldSave = shouldSave
        self.archive = archive
        self.archiveBytes = archiveBytes
        self.encodedPaths = encodedPaths
        self.exclusions = exclusions
        self.errors = errors
    }
}

/// Why preservation stopped.
public enum PreservationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The hierarchy is deeper than ``PreservationLimits/maximumDepth``.
    case hierarchyTooDeep(path: [String], limit: Int)
    /// The archive could not be written.
    case archiveWriteFailed(String)

    public var description: String {
        switch self {
        case .hierarchyTooDeep(let path, let limit):
            return "the hierarchy is deeper than \(limit) levels below \(path.prefix(3).joined(separator: "/"))/…; "
                + "restoration paths that long are not supported. Flatten the hierarchy or raise PreservationLimits.maximumDepth"
        case .archiveWriteFailed(let message):
            return "the archive was not written: \(message)"
        }
    }
}

/// Bounds the walk enforces, so absurd input fails clearly instead of exhausting memory.
public struct PreservationLimits: Sendable, Hashable {
    /// The longest restoration path accepted (1,000).
    public var maximumDepth: Int
    public init(maximumDepth: Int = 1_000) { self.maximumDepth = maximumDepth }
}
