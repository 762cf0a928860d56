// The vocabulary of the trace format: phases, record kinds, and the reasons, locate steps
// and results the format names. Kinds and reasons are open sets: a reader keeps values it
// does not know, so each is a struct around its raw string with the known values as constants.

/// The Chrome trace phase of a record.
public enum Phase: String, Sendable, Hashable, CaseIterable {
    case begin = "B"
    case end = "E"
    case instant = "i"

    /// The phase whose one-letter value is `letter` (`B`, `E`, `i`), for byte-level scanners.
    @inlinable
    public init?(letter: UInt8) {
        switch letter {
        case UInt8(ascii: "B"): self = .begin
        case UInt8(ascii: "E"): self = .end
        case UInt8(ascii: "i"): self = .instant
        default: return nil
        }
    }
}

/// What a record is about (`kind`). Unknown kinds are kept, never an error.
public struct RecordKind: RawRepresentable, Sendable, Hashable, Comparable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    public static let preservation: Self = "preservation"
    public static let shouldSave: Self = "shouldSave"
    public static let willEncode: Self = "willEncode"
    public static let encode: Self = "encode"
    public static let exclude: Self = "exclude"
    public static let archiveWrite: Self = "archiveWrite"
    public static let archiveRead: Self = "archiveRead"
    public static let restoration: Self = "restoration"
    public static let launch: Self = "launch"
    public static let shouldRestore: Self = "shouldRestore"
    public static let locate: Self = "locate"
    public static let decode: Self = "decode"
    public static let finishedRestoring: Self = "finishedRestoring"
    public static let didDecode: Self = "didDecode"
    public static let discard: Self = "discard"
    public static let error: Self = "error"

    /// Every kind that `restoretrace/1` defines.
    public static let known: [RecordKind] = [
        .preservation, .shouldSave, .willEncode, .encode, .exclude, .archiveWrite, .archiveRead,
        .restoration, .launch, .shouldRestore, .locate, .decode, .finishedRestoring, .didDecode,
        .discard, .error,
    ]
    /// Kinds that are instants (`ph` "i") in `restoretrace/1`; the others are spans.
    public static let instantKinds: Set<RecordKind> = [.shouldSave, .exclude, .launch, .shouldRestore, .discard, .error]
    public var isKnown: Bool { RecordKind.known.contains(self) }
}

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
}

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
}

/// What kind of restorable object a record is about (`locate` begin records' `objectKind`, an
/// extension): UIKit searches for each kind differently at relaunch (rule 12 is for view
/// controllers; a view is looked for in its owner, a registered object among the registered).
public enum RestorableObjectKind: String, Sendable, Hashable, CaseIterable {
    case viewController
    case view
    case registeredObject
}

/// The step of the relaunch search that produced an object (`locate` end records' `via`).
public enum LocateStep: String, Sendable, Hashable, CaseIterable {
    case restorationClass
    case appDelegate
    case existing
    case storyboard
    case none
}

/// What a `locate` found (`locate` end records' `result`).
public enum LocateResult: String, Sendable, Hashable, CaseIterable {
    case found
    case `nil`
    case classMismatch
}

/// The unit of every `ts` in a trace (header `clock`).
public enum ClockUnit: String, Sendable, Hashable, CaseIterable {
    /// Nanoseconds of a monotonic clock.
    case ns
    /// A deterministic logical clock: one tick per record.
    case tick
}
