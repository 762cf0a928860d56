// The scene life cycle's part of the trace vocabulary (spec SCENE_RULES.md, rules 19–39): its
// record kinds, and the values of their `reason`, `result` and `via` fields. Every record of
// these kinds carries `session`, the persistent identifier of the scene session it is about.

extension RecordKind {
    /// Span: a scene connects to its session (`scene(_:willConnectTo:options:)`).
    public static let sceneConnect: Self = "sceneConnect"
    /// Instant: a life-cycle callback (`callback`) and the state it leaves the scene in (`state`).
    public static let sceneState: Self = "sceneState"
    /// Span: one background transition's save of the session's activity (`result` on `E`).
    public static let activitySave: Self = "activitySave"
    /// Span: `userActivityWillSave` or one responder's `updateUserActivityState(_:)` (`method`).
    public static let activityUpdate: Self = "activityUpdate"
    /// Span: a session's file reaches the disk (`file`, `bytes`, `result`).
    public static let activityWrite: Self = "activityWrite"
    /// Span: a session's file is read at connection (`file`, `result`).
    public static let activityRead: Self = "activityRead"
    /// Instant: a saved activity that was unavailable (device locked) became available.
    public static let activityAvailable: Self = "activityAvailable"
    /// Span: `scene(_:restoreInteractionStateWith:)`.
    public static let restoreInteractionState: Self = "restoreInteractionState"
    /// Instant: an event was routed to a scene (`via`: `prefers`, `can`, `new`).
    public static let sceneActivate: Self = "sceneActivate"
    /// Instant: a scene was disconnected from its session (`reason`).
    public static let sceneDisconnect: Self = "sceneDisconnect"
    /// Instant: a session was discarded and its saved state deleted (`reason`).
    public static let sessionDiscard: Self = "sessionDiscard"
    /// Span: `application(_:didDiscardSceneSessions:)` (`sessions`, `deferredToLaunch`).
    public static let didDiscardSceneSessions: Self = "didDiscardSceneSessions"
    /// Instant: the app's process ended (`reason`: `systemKill`, `crash`).
    public static let processExit: Self = "processExit"
    /// Instant: the device was locked or unlocked (`locked`).
    public static let deviceLock: Self = "deviceLock"

    /// The kinds the scene life cycle adds.
    public static let sceneKinds: [RecordKind] = [
        .sceneConnect, .sceneState, .activitySave, .activityUpdate, .activityWrite, .activityRead,
        .activityAvailable, .restoreInteractionState, .sceneActivate, .sceneDisconnect, .sessionDiscard,
        .didDiscardSceneSessions, .processExit, .deviceLock,
    ]
    /// The scene kinds that are instants.
    public static let sceneInstantKinds: Set<RecordKind> = [
        .sceneState, .activityAvailable, .sceneActivate, .sceneDisconnect, .sessionDiscard, .processExit, .deviceLock,
    ]
}

/// `activitySave` end records' `result` (rules 25–30).
public enum ActivitySaveResult: String, Sendable, Hashable, CaseIterable {
    /// The activity was written to the session's file.
    case written
    /// It equals the last one written: no disk write.
    case unchanged
    /// `stateRestorationActivity(for:)` returned nil: the saved activity was deleted.
    case cleared
    /// Its `activityType` is not in `NSUserActivityTypes`: silently not saved.
    case notPersisted
    /// Its `userInfo` holds a value that is not a property-list type: the previous file is kept.
    case encodeFailed
}

/// `activityRead` end records' `result` (rules 28, 32).
public enum ActivityReadResult: String, Sendable, Hashable, CaseIterable {
    case read
    case missing
    /// The device is locked: the encrypted file cannot be read yet.
    case unavailable
    /// Saved without `userInfo` (nil, not empty): not restored at all.
    case noUserInfo
    /// The file could not be decoded with the property-list classes.
    case decodeFailed
}

/// Why a scene was disconnected (`sceneDisconnect` records' `reason`, rule 23).
public enum SceneDisconnectReason: String, Sendable, Hashable, CaseIterable {
    /// The system reclaimed memory: the session is kept.
    case memory
    /// The user closed it in the app switcher.
    case userClosed
    /// `requestSceneSessionDestruction`.
    case requested
}

/// Why a session was discarded (`sessionDiscard` records' `reason`, rule 24).
public enum SessionDiscardReason: String, Sendable, Hashable, CaseIterable {
    case userClosed
    case requested
    case cannotDisplay
}

/// How an event found its scene (`sceneActivate` records' `via`, rule 37).
public enum SceneActivationVia: String, Sendable, Hashable, CaseIterable {
    /// A scene whose `prefersToActivate…` predicate matches.
    case prefers
    /// A scene whose `canActivate…` predicate matches.
    case can
    /// No connected scene matched: a new session.
    case new
}
