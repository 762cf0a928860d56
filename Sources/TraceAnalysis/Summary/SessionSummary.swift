// SessionSummary and AppLifecycleSummary: what `summary` reports per scene session (rules
// 21–39) and about the app's own life cycle (process exits, device locks, the secure pair,
// deferred restoration, developer mode: rules 40–54). Made by SceneSummaryBuilder; `diff`
// compares sessions by their persistent identifier.

import TraceFormat

/// One scene session of a trace, named by its `persistentIdentifier`.
public struct SessionSummary: Sendable, Hashable {
    public var identifier: String
    /// `sceneConnect` spans by `reason` (`new`, `launch`, `reconnect`, `event`), first seen first.
    public var connects: [TraceSummary.Tally] = []
    /// `activitySave` spans (one per background transition) by `result`, first seen first.
    public var saves: [TraceSummary.Tally] = []
    /// Every save's result in trace order (what `diff` compares position by position).
    public var saveResults: [String] = []
    /// `activityRead` spans of the activity's file by `result`, first seen first.
    public var reads: [TraceSummary.Tally] = []
    /// `restoreInteractionState` calls: the scene was handed its saved activity.
    public var restores: Int64 = 0
    /// `sceneDisconnect` instants by `reason`.
    public var disconnects: [TraceSummary.Tally] = []
    /// `sessionDiscard` instants by `reason`: the session and its files were deleted.
    public var discards: [TraceSummary.Tally] = []
    /// `discard` instants about this session by `reason`: its saved state was thrown away at launch
    /// (`restorationIncomplete`).
    public var stateDiscards: [TraceSummary.Tally] = []
    /// `error` instants about this session.
    public var errors: Int64 = 0
    /// Time inside the session's outermost spans (nested spans are not counted twice), in the clock unit.
    public var timeSpent: Int64 = 0
    /// The last disconnect or discard, as `disconnect memory` or `discard userClosed`; nil when none.
    public var lastEnd: String?

    public init(identifier: String) { self.identifier = identifier }

    public var connectCount: Int64 { connects.reduce(0) { $0 + $1.count } }
    public var saveCount: Int64 { saves.reduce(0) { $0 + $1.count } }
    /// Reads that brought the saved activity back (`result` `read`).
    public var successfulReads: Int64 { reads.first { $0.name == ActivityReadResult.read.rawValue }?.count ?? 0 }

    /// True when a save with this result keeps the session's state on disk.
    public static func keepsState(_ result: String) -> Bool {
        result == ActivitySaveResult.written.rawValue || result == ActivitySaveResult.unchanged.rawValue
    }
}

/// The app's own life cycle around its scenes or view controllers: present in a summary only
/// when the trace shows one of these (see ``SceneSummaryBuilder/wantsAppLifecycle(_:)``).
public struct AppLifecycleSummary: Sendable, Hashable {
    /// `launch` instants with step `didFinishLaunching`.
    public var launches: Int64 = 0
    /// `processExit` instants by `reason` (`systemKill`, `crash`).
    public var processExits: [TraceSummary.Tally] = []
    /// `deviceLock` instants: locked, unlocked.
    public var deviceLocks: Int64 = 0
    public var deviceUnlocks: Int64 = 0
    /// `shouldSave`/`shouldRestore` with `secure` true (the secure pair) and false (the old pair).
    public var securePairCalls: Int64 = 0
    public var legacyPairCalls: Int64 = 0
    /// `warning` instants (UIKit's deprecation log of the old pair).
    public var warnings: Int64 = 0
    /// `encode` and `decode` spans that ended `secureCodingViolation`.
    public var encodeViolations: Int64 = 0
    public var decodeViolations: Int64 = 0
    /// `extendRestoration` / `completeRestoration` instants, how many were ignored, and the deepest counter.
    public var extendCalls: Int64 = 0
    public var completeCalls: Int64 = 0
    public var ignoredCalls: Int64 = 0
    public var deepestExtension: Int64 = 0
    /// `ignoreSnapshot` instants: honoured, ignored.
    public var ignoreSnapshotHonoured: Int64 = 0
    public var ignoreSnapshotIgnored: Int64 = 0
    /// `discardSuppressed` instants by `reason` (developer mode kept the archive).
    public var discardsSuppressed: [TraceSummary.Tally] = []
    /// Sessions `didDiscardSceneSessions` reported at launch, discarded while the app was not running.
    public var deferredSessionDiscards: Int64 = 0

    public init() {}
}
