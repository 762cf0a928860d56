// UserActivity: the engine's NSUserActivity — what a scene saves its state in (rules 25–29, 35)
// — and UserActivityDelegate, whose `userActivityWillSave` UIKit calls before archiving it.

/// The delegate of a ``UserActivity`` (`NSUserActivityDelegate`).
public protocol UserActivityDelegate: AnyObject {
    /// Called before UIKit archives the activity (rule 27), before the responders' updates.
    func userActivityWillSave(_ userActivity: UserActivity)
}

/// The model of `NSUserActivity` for scene-based state restoration.
///
/// Only ``activityType``, ``title`` and ``userInfo`` survive in a session's saved state
/// (rule 28); ``targetContentIdentifier`` and ``isEligibleForHandoff`` come back unset.
public final class UserActivity {
    public let activityType: String
    public var title: String?
    /// nil and empty are different: an activity saved with a nil `userInfo` is not restored (rule 28).
    public var userInfo: [String: PropertyListValue]?
    /// Routes an event to a scene by its activation conditions (rule 37); not persisted.
    public var targetContentIdentifier: String?
    /// Handoff: not part of restoration (rule 38); not persisted.
    public var isEligibleForHandoff: Bool = false
    /// Set to ask UIKit for fresh state: UIKit then hands the responders an empty `userInfo`
    /// before `updateUserActivityState(_:)` (rule 27, the engine's reading of an ambiguous page).
    public var needsSave: Bool = false
    public weak var delegate: (any UserActivityDelegate)?
    /// True once no responder holds it any more (rule 35).
    public internal(set) var isInvalidated = false

    /// The responders whose `userActivity` is this object, in the order they took it.
    var responderReferences: [WeakResponder] = []

    public init(activityType: String, title: String? = nil, userInfo: [String: PropertyListValue]? = [:]) {
        self.activityType = activityType
        self.title = title
        self.userInfo = userInfo
    }

    /// `addUserInfoEntries(from:)`: merges into `userInfo` (creating it when nil).
    public func addUserInfoEntries(from entries: [String: PropertyListValue]) {
        var merged = userInfo ?? [:]
        for (key, value) in entries { merged[key] = value }
        userInfo = merged
    }

    /// The responders sharing this activity (rule 27: each gets `updateUserActivityState(_:)`).
    public var responders: [Responder] { responderReferences.compactMap(\.responder) }

    /// A copy of everything an app can set (what UIKit puts in the session, rule 25).
    public func copy() -> UserActivity {
        let copy = UserActivity(activityType: activityType, title: title, userInfo: userInfo)
        copy.targetContentIdentifier = targetContentIdentifier
        copy.isEligibleForHandoff = isEligibleForHandoff
        return copy
    }
}

/// A weak reference to a responder, so an activity does not keep its responders alive.
struct WeakResponder {
    weak var responder: Responder?
}
