// ExclusionReason: why an object is not preserved or restored (`exclude` records' `reason`).

/// Why an object is not preserved or restored (`exclude` records' `reason`).
public enum ExclusionReason: String, Sendable, Hashable, CaseIterable {
    case noRestorationIdentifier
    case ancestorExcluded
    case duplicatePath
    case restorationClassReturnedNil
    case notEncodedByContainer
    case viewWithoutRestorableOwner
    case notReferenced
    case stackTruncated
    case notFound
    /// The app uses the scene life cycle: UIKit runs no view-controller walk (rule 20).
    case sceneLifecycle
}
