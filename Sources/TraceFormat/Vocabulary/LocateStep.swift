// LocateStep and LocateResult: which step of the relaunch search produced an object (`via`),
// and what it found (`result`), on `locate` end records.

/// The step of the relaunch search that produced an object (`locate` end records' `via`).
public enum LocateStep: String, Sendable, Hashable, CaseIterable {
    case restorationClass
    case appDelegate
    case existing
    case storyboard
    /// A registered object from its `objectRestorationClass` (rule 50).
    case objectRestorationClass
    /// A registered object found among those registered at launch (rule 50).
    case registered
    case none
}

/// What a `locate` found (`locate` end records' `result`).
public enum LocateResult: String, Sendable, Hashable, CaseIterable {
    case found
    case `nil`
    case classMismatch
}
