// SessionDiff: `diff` of two scene traces, session by session, matched by persistent
// identifier: sessions missing from B, sessions whose restores or reads changed, and saves
// whose result changed (compared in order: the first save of A with the first of B, …).

/// The scene sessions of two traces compared, A (before) and B (after).
///
/// Regressions: a session of A missing from B; a session restored fewer times in B, or whose
/// saved activity was read back fewer times; a save that kept the session's state in A
/// (`written`, `unchanged`) and does not in B.
public struct SessionDiff: Sendable, Hashable {
    /// A session's restores and reads in A and in B, where they differ.
    public struct RestoreChange: Sendable, Hashable {
        public var session: String
        public var restoresBefore: Int64
        public var restoresAfter: Int64
        public var readsBefore: [TraceSummary.Tally]
        public var readsAfter: [TraceSummary.Tally]
        public var successfulReadsBefore: Int64
        public var successfulReadsAfter: Int64
        public var isRegression: Bool { restoresAfter < restoresBefore || successfulReadsAfter < successfulReadsBefore }
    }

    /// The `number`th save (1-based) of a session, whose result differs; nil when that trace has no such save.
    public struct SaveChange: Sendable, Hashable {
        public var session: String
        public var number: Int
        public var before: String?
        public var after: String?
        /// A save that kept the state in A and, in B, does not. A save B does not make at all is not
        /// one: a session sent to the background fewer times has lost nothing.
        public var isRegression: Bool {
            guard let before, SessionSummary.keepsState(before) else { return false }
            return after.map { !SessionSummary.keepsState($0) } ?? false
        }
    }

    /// Sessions of A that B never names: regressions.
    public let onlyInA: [String]
    public let onlyInB: [String]
    public let restoreChanges: [RestoreChange]
    public let saveChanges: [SaveChange]

    public init(_ a: [SessionSummary], _ b: [SessionSummary]) {
        let inB = Dictionary(b.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        let namesA = Set(a.map(\.identifier))
        onlyInA = a.map(\.identifier).filter { inB[$0] == nil }
        onlyInB = b.map(\.identifier).filter { !namesA.contains($0) }
        var restores: [RestoreChange] = []
        var saves: [SaveChange] = []
        for before in a {
            guard let after = inB[before.identifier] else { continue }
            if before.restores != after.restores || Set(before.reads) != Set(after.reads) {
                restores.append(RestoreChange(
                    session: before.identifier, restoresBefore: before.restores, restoresAfter: after.restores,
                    readsBefore: before.reads, readsAfter: after.reads,
                    successfulReadsBefore: before.successfulReads, successfulReadsAfter: after.successfulReads))
            }
            for index in 0..<max(before.saveResults.count, after.saveResults.count) {
                let old = index < before.saveResults.count ? before.saveResults[index] : nil
                let new = index < after.saveResults.count ? after.saveResults[index] : nil
                if old != new { saves.append(SaveChange(session: before.identifier, number: index + 1, before: old, after: new)) }
            }
        }
        restoreChanges = restores
        saveChanges = saves
    }

    /// Every regression, one sentence each: missing sessions, then restores, then saves.
    public var regressions: [String] {
        var found = onlyInA.map { "session missing: \(PathText.sanitized($0))" }
        for change in restoreChanges where change.isRegression {
            found.append("session \(PathText.sanitized(change.session)) restored less: \(SessionDiff.describe(change))")
        }
        for change in saveChanges where change.isRegression {
            found.append("session \(PathText.sanitized(change.session)) save \(change.number): \(SessionDiff.describe(change))")
        }
        return found
    }

    /// `restores 1 → 0, reads read 1 → noUserInfo 1`.
    public static func describe(_ change: RestoreChange) -> String {
        func reads(_ tallies: [TraceSummary.Tally]) -> String {
            tallies.isEmpty ? "none" : tallies.map { "\($0.name) \($0.count)" }.joined(separator: ", ")
        }
        return "restores \(change.restoresBefore) → \(change.restoresAfter), reads \(reads(change.readsBefore)) → \(reads(change.readsAfter))"
    }

    /// `written → notPersisted`; `none` for a save that trace does not have.
    public static func describe(_ change: SaveChange) -> String {
        "\(change.before ?? "none") → \(change.after ?? "none")"
    }
}
