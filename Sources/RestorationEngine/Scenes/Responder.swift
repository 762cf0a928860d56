// Responder: the engine's UIResponder as far as user activities go (rules 27, 35): a scene or a
// view controller that shares an activity gets `updateUserActivityState(_:)` before it is saved.

/// The model of `UIResponder`'s user-activity members. Subclass it for the view controllers of
/// a scene that share the scene's activity.
open class Responder {
    /// A name for the trace (`activityUpdate` records' `responder`); the class name by default.
    public var responderName: String
    /// `UIViewController.interactionActivityTrackingBaseName`: signpost names for performance
    /// tracking, not restoration (rule 38). The engine never reads it.
    public var interactionActivityTrackingBaseName: String?

    public init(responderName: String? = nil) {
        self.responderName = responderName ?? String(describing: type(of: self))
    }

    /// Setting it hands the activity to UIKit (rule 35); an activity that no responder holds any
    /// more is invalidated.
    public var userActivity: UserActivity? {
        didSet {
            guard oldValue !== userActivity else { return }
            if let old = oldValue {
                old.responderReferences.removeAll { $0.responder == nil || $0.responder === self }
                if old.responderReferences.isEmpty { old.isInvalidated = true }
            }
            if let new = userActivity {
                new.responderReferences.append(WeakResponder(responder: self))
                new.isInvalidated = false
            }
        }
    }

    /// Called on every responder whose ``userActivity`` is `activity`, before UIKit saves it
    /// (rule 27). Override to put the responder's state in `activity.userInfo`
    /// (with `addUserInfoEntries(from:)`).
    open func updateUserActivityState(_ activity: UserActivity) {}
}
