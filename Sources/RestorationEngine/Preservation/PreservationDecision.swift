// The pure decisions of the preservation walk: whether a referenced object gets a path, and
// why an object that does not is excluded. No side effects: the walk applies them.

import TraceFormat

/// Decisions of the preservation walk, as pure functions.
enum PreservationDecision {
    /// What happens to an object a preserved object (or the walk's start) refers to.
    enum Admission: Equatable {
        /// Preserved at this path.
        case preserve(RestorationPath)
        /// Not preserved, for this reason (with the path it would have had, if any).
        case exclude(ExclusionReason, path: RestorationPath?)
        /// Deeper than the limit.
        case tooDeep(RestorationPath)
    }

    /// Rules 6 and 9: no identifier (or `""`) excludes; a path already taken is a duplicate
    /// (the first keeps it); otherwise the object gets `parent + identifier`.
    static func admit(identifier rawIdentifier: String?, parent: RestorationPath?, isRegistered: Bool,
                      taken: Set<RestorationPath>, maximumDepth: Int) -> Admission {
        guard let identifier = RestorationPath.effectiveIdentifier(rawIdentifier) else {
            return .exclude(.noRestorationIdentifier, path: nil)
        }
        // A registered object's parent is its restorationParent's path (the caller passes it, rule 49).
        let path = parent?.appending(identifier) ?? RestorationPath([identifier])
        if taken.contains(path) { return .exclude(.duplicatePath, path: path) }
        if path.depth > maximumDepth { return .tooDeep(path) }
        return .preserve(path)
    }

    /// Rules 6 and 10: below an excluded object, views whose owning view controller is excluded
    /// are `viewWithoutRestorableOwner`; everything else is `ancestorExcluded`.
    static func descendantReason(isView: Bool, owningViewControllerExcluded: Bool) -> ExclusionReason {
        isView && owningViewControllerExcluded ? .viewWithoutRestorableOwner : .ancestorExcluded
    }

    /// Rule 7: an object in the hierarchy that its preserved parent's encode did not write
    /// (a custom container's children, or anything an override chose not to encode).
    static let unreferencedChildReason: ExclusionReason = .notEncodedByContainer
}
