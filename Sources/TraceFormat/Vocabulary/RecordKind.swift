// RecordKind: what a record is about (`kind`). An open set: readers keep kinds they do not know,
// so it is a struct around the raw string, with the kinds `restoretrace/1` defines as constants.

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
    // The app life cycle since iOS 7 / 13.2 (SCENE_RULES.md rules 40–54).
    public static let warning: Self = "warning"
    public static let extendRestoration: Self = "extendRestoration"
    public static let completeRestoration: Self = "completeRestoration"
    public static let ignoreSnapshot: Self = "ignoreSnapshot"
    public static let discardSuppressed: Self = "discardSuppressed"

    /// Every kind that `restoretrace/1` defines (the scene life cycle's in SceneVocabulary.swift).
    public static let known: [RecordKind] = [
        .preservation, .shouldSave, .willEncode, .encode, .exclude, .archiveWrite, .archiveRead,
        .restoration, .launch, .shouldRestore, .locate, .decode, .finishedRestoring, .didDecode,
        .discard, .error,
        .warning, .extendRestoration, .completeRestoration, .ignoreSnapshot, .discardSuppressed,
    ] + sceneKinds
    /// Kinds that are instants (`ph` "i") in `restoretrace/1`; the others are spans.
    public static let instantKinds: Set<RecordKind> = Set<RecordKind>([
        .shouldSave, .exclude, .launch, .shouldRestore, .discard, .error,
        .warning, .extendRestoration, .completeRestoration, .ignoreSnapshot, .discardSuppressed,
    ]).union(sceneInstantKinds)
    public var isKnown: Bool { RecordKind.known.contains(self) }
}
