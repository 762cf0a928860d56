// What state restoration would do with a scene of a storyboard, and why, by the rules the engine
// follows (spec/RULES.md): restored (and how it is found at relaunch), not restored (the first
// cause), or not reachable from the initial view controller at all.

/// How a restored scene is found at relaunch (rule 12).
public enum RestoredBy: String, Sendable, Hashable {
    /// It exists at launch (the initial view controller and what its relationship and embed segues
    /// reach): the implicit search finds it.
    case existing
    /// It was on screen only after a segue: UIKit instantiates it again from its storyboard ID.
    case storyboard
}

/// Why a scene is never restored as the storyboard stands.
public enum NotRestoredReason: Sendable, Hashable {
    /// It has no restoration identifier (rule 6).
    case noRestorationIdentifier
    /// Its restoration identifier is empty, which the engine treats as none (rule 9): an empty
    /// `restorationIdentifier`, or "Use Storyboard ID" without a storyboard ID.
    case emptyRestorationIdentifier
    /// The scene at `node` above it is never restored, so nothing below it is (rule 6); `node` is
    /// the first cause up the tree (itself not restored for a reason of its own).
    case ancestorNotRestored(node: Int)
    /// An earlier sibling (`node`) has the same restoration path; the first one is kept (rule 9).
    case duplicatePath(of: Int)
    /// It is embedded in a plain view controller (`node`), whose encode does not save child view
    /// controllers unless its code does (rule 7).
    case notEncodedByContainer(container: Int)
    /// Reached only by a segue and without a storyboard ID: no step of the relaunch search can
    /// make it unless a restoration class or the app delegate does (rule 12).
    case notFoundAtRelaunch
    /// Pushed above a stack member (`node`) that is not restored: the stack is cut there (rule 17).
    case stackTruncated(after: Int)
}

/// What restoration would do with one scene.
public enum SceneVerdict: Sendable, Hashable {
    case restored(RestoredBy)
    case notRestored(NotRestoredReason)
    /// No chain of segues leads to it from the initial view controller: only code can show it.
    case notReachable

    public var isRestored: Bool {
        if case .restored = self { return true }
        return false
    }
}
