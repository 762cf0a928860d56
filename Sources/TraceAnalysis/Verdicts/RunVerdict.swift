// RunVerdict: the story of the whole run in one verdict — restored, discarded and why, not
// saved, the archive never written, the relaunch crashed, or no relaunch at all — read from
// the last pass of the trace, with the counts of the object verdicts.

import TraceFormat

/// What happened to the preserved state as a whole.
public struct RunVerdict: Sendable, Hashable {
    public enum Outcome: String, Sendable, Hashable, CaseIterable {
        /// The last relaunch read the archive and finished restoring (objects may still have failed).
        case restored
        /// The last relaunch did not use the archive (``RunVerdict/discardReason`` says why).
        case discarded
        /// The last relaunch crashed during restoration.
        case crashed
        /// Preservation wrote no archive (shouldSave said no, the write failed, it crashed), and no relaunch followed.
        case notSaved
        /// The trace ends with a preservation and no relaunch after it.
        case noRelaunch
        /// The trace has no preservation or restoration pass.
        case noPasses
    }

    public var outcome: Outcome
    public var discardReason: String?
    public var summary: String
    public var because: [String]
    public var fix: String?
    public var rows: [Int]

    public init(outcome: Outcome, discardReason: String? = nil, summary: String, because: [String] = [], fix: String? = nil,
                rows: [Int] = []) {
        self.outcome = outcome
        self.discardReason = discardReason
        self.summary = summary
        self.because = because
        self.fix = fix
        self.rows = rows
    }

    /// "The relaunch discarded …: because …. Fix: …".
    public var sentence: String {
        var text = summary.prefix(1).uppercased() + summary.dropFirst()
        if !because.isEmpty { text += " — " + VerdictWording.list(because) }
        text += "."
        if let fix { text += " Fix: " + fix }
        return text
    }
}

/// How many verdicts have each status.
public struct VerdictCounts: Sendable, Hashable {
    public var restored = 0
    public var notRestored = 0
    public var preservedOnly = 0
    public var total: Int { restored + notRestored + preservedOnly }

    public init() {}

    mutating func add(_ status: RestorationVerdict.Status) {
        switch status {
        case .restored: restored += 1
        case .notRestored: notRestored += 1
        case .preservedOnly: preservedOnly += 1
        }
    }
}

extension VerdictReasoner {
    /// A relaunch's summary as the run's: "discarded at relaunch: …" becomes "the archive was
    /// discarded at relaunch: …", "not restored: …" becomes "nothing was restored: …".
    static func runSummary(discard summary: String) -> String {
        for (prefix, replacement) in [("discarded at relaunch", "the archive was discarded at relaunch"),
                                      ("not restored: ", "nothing was restored: "), ("not preserved: ", "nothing was preserved: ")]
        where summary.hasPrefix(prefix) {
            return replacement + summary.dropFirst(prefix.count)
        }
        return summary
    }

    /// The verdict on the run, with `counts` of the object verdicts for its summary.
    package func runVerdict(counts: VerdictCounts) -> RunVerdict {
        let evidence = self.evidence
        let tally = "\(counts.restored) restored, \(counts.notRestored) not restored"
        guard let last = evidence.passes.indices.last else {
            return RunVerdict(outcome: .noPasses, summary: "the trace has no preservation or restoration pass; the verdicts are "
                + "read from its object records (\(tally))")
        }
        let pass = evidence.passes[last]
        if pass.isRestoration {
            if let (explanation, reason) = DiscardExplanations.explain(passIndex: last, evidence) {
                let rows = [pass.discard, pass.shouldRestore, pass.archiveRead].compactMap { $0 }
                return RunVerdict(outcome: .discarded, discardReason: reason, summary: Self.runSummary(discard: explanation.summary),
                                  because: explanation.because, fix: explanation.fix, rows: rows)
            }
            if pass.end == nil {
                let crash = pass.crashRow
                return RunVerdict(
                    outcome: .crashed, summary: "the relaunch crashed during restoration (\(tally))",
                    because: [crash.map { "the process stopped " + CrashWording.inside($0, evidence) + " (line \(evidence.line(ofRow: $0)))" }
                              ?? "the restoration pass never ended: the process stopped inside it",
                              "nothing restored by a launch that crashes survives it; UIKit deletes the archive at the next launch (restorationFailed)"],
                    fix: crash.map { CrashWording.fix($0, evidence) }, rows: [pass.begin] + (crash.map { [$0] } ?? []))
            }
            return RunVerdict(outcome: .restored, summary: "the relaunch read the archive and finished restoring (\(tally))",
                              rows: [pass.archiveRead, pass.shouldRestore].compactMap { $0 })
        }
        // A preservation with no relaunch after it.
        if let row = pass.shouldSave, evidence.bool(row, evidence.slots.result) == false {
            return RunVerdict(outcome: .notSaved, summary: "nothing was preserved: shouldSave answered false",
                              because: ["application(_:shouldSaveApplicationState:) answered false (line \(evidence.line(ofRow: row)))",
                                        "UIKit preserves nothing unless the app opts in (rule 1)"],
                              fix: "return true from application(_:shouldSaveApplicationState:)", rows: [row])
        }
        if let failure = ArchiveWording.writeFailure(pass, evidence) {
            return RunVerdict(outcome: .notSaved, summary: "preservation wrote no archive (\(tally))", because: failure.because,
                              fix: failure.fix, rows: [pass.archiveWrite, pass.crashRow].compactMap { $0 })
        }
        return RunVerdict(outcome: .noRelaunch, summary: "the state was preserved and the trace ends before a relaunch (\(counts.preservedOnly) preserved, "
            + "\(counts.notRestored) not preserved)", rows: [pass.archiveWrite].compactMap { $0 })
    }
}
