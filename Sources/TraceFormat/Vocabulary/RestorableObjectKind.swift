// RestorableObjectKind: what kind of restorable object a record is about.

/// What kind of restorable object a record is about (`locate` begin records' `objectKind`, an
/// extension): UIKit searches for each kind differently at relaunch (rule 12 is for view
/// controllers; a view is looked for in its owner, a registered object among the registered).
public enum RestorableObjectKind: String, Sendable, Hashable, CaseIterable {
    case viewController
    case view
    case registeredObject
}
