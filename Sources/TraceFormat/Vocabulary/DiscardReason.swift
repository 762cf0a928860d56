// DiscardReason: why preserved state was deleted (`discard` records' `reason`).

/// Why preserved state was deleted (`discard` records' `reason`).
public enum DiscardReason: String, Sendable, Hashable, CaseIterable {
    case forceQuit
    case launchCrashes
    case restorationFailed
    case corruptArchive
    case versionRefused
    /// `shouldRestore` said no and the archive came from another idiom (same version).
    case idiomRefused
    case restoreDeclined
    case archiveMissing
    /// A crash after `extendStateRestoration()` before the matching `completeStateRestoration()` (rule 44).
    case restorationIncomplete
}
