// RestorationReport: what a relaunch did — discarded or not, what was located and how,
// what was decoded and finished, what was excluded and why.

import TraceFormat

/// How one archived object was looked for at relaunch.
public struct LocateOutcomeSummary: Sendable, Hashable {
    public var path: [String]
    public var className: String
    public var via: LocateStep
    public var result: LocateResult
    public var foundClass: String?
}

/// The outcome of ``Restorer/restore(from:recorder:)``.
public struct RestorationReport: Sendable, Hashable {
    /// Why the preserved state was deleted, if it was.
    public var discarded: DiscardReason?
    /// Whether a readable archive was there.
    public var archiveRead: Bool = false
    /// The app delegate's `shouldRestoreApplicationState` answer (nil when not asked).
    public var shouldRestore: Bool?
    /// Every locate, in order.
    public var located: [LocateOutcomeSummary] = []
    /// Paths whose decode ran and succeeded, in order.
    public var decodedPaths: [[String]] = []
    /// Paths that received `applicationFinishedRestoringState`, in order.
    public var finishedPaths: [[String]] = []
    public var exclusions: [Exclusion] = []
    /// Messages of the `error` records.
    public var errors: [String] = []

    public init(discarded: DiscardReason? = nil) { self.discarded = discarded }

    /// Whether the app launched fresh (nothing restored).
    public var launchedFresh: Bool { decodedPaths.isEmpty && located.allSatisfy { $0.result != .found } }
}

/// An error that stands for the process dying: the restorer lets it through at once and leaves
/// every open span open, as a real crash would (``SimulatedCrash`` adopts it).
public protocol ProcessTermination: Error {}

extension SimulatedCrash: ProcessTermination {}
