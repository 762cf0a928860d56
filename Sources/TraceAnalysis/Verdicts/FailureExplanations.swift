// Failures that are no exclusion: a decode that failed, a span the process never left, a
// crash in another object's step, a relaunch that never got to the object, an archive that
// was never written — and the plain case of a trace that ends before any relaunch.

import TraceFormat

enum FailureExplanations {
    static func decodeFailed(_ facts: SubjectFacts, result: String?, errorMessage: String?) -> Explanation {
        var because = ["it was found: " + VerdictWording.foundBy(facts.via, restorationClass: facts.restorationClass,
                                                                 storyboard: facts.storyboard,
                                                                 storyboardIdentifier: facts.storyboardIdentifier, kind: facts.kind)]
        if let errorMessage {
            because.append("its decode failed: " + PathText.sanitized(errorMessage))
        } else {
            because.append("its decode ended with the result " + VerdictWording.quoted(result ?? "failed"))
        }
        because.append("UIKit goes on: it gets no applicationFinishedRestoringState(), and the objects below it are still restored")
        return Explanation(
            summary: "not restored: its decodeRestorableState(with:) failed", because: because,
            fix: "make \(VerdictWording.type(facts.subject.className)).decodeRestorableState(with:) accept what the archive holds "
                + "(missing keys, values an older version wrote) instead of failing")
    }

    /// Its decode ended `secureCodingViolation` (SCENE_RULES rule 41): the value was refused, the
    /// keys after it were not decoded, and the object was still restored.
    static func secureCodingViolation(_ facts: SubjectFacts, errorMessage: String?) -> Explanation {
        var because = ["it was found: " + VerdictWording.foundBy(facts.via, restorationClass: facts.restorationClass,
                                                                 storyboard: facts.storyboard,
                                                                 storyboardIdentifier: facts.storyboardIdentifier, kind: facts.kind)]
        because.append("the app uses the secure pair (shouldRestoreSecureApplicationState), so its coder requires secure coding")
        if let errorMessage { because.append("UIKit refused a value: " + PathText.sanitized(errorMessage)) }
        because.append("that value and every key its decode would have read after it are lost; it still gets applicationFinishedRestoringState() (rule 41)")
        return Explanation(
            summary: "restored without part of its state: a value was refused by secure coding", because: because,
            fix: "in \(VerdictWording.type(facts.subject.className)).decodeRestorableState(with:), decode that value with "
                + "decodeObject(of:forKey:) naming its class (and make the class adopt NSSecureCoding)")
    }

    /// Its encode ended `secureCodingViolation` (SCENE_RULES rule 42): under the secure pair a
    /// value that does not adopt NSSecureCoding was refused and the object's own state dropped;
    /// the archive was still written, so it came back found, with nothing of its own to decode.
    static func secureCodingEncodeViolation(_ facts: SubjectFacts, errorMessage: String?) -> Explanation {
        var because = ["the app uses the secure pair (shouldSaveSecureApplicationState), so its coder requires secure coding"]
        if let errorMessage { because.append("UIKit refused a value it encoded: " + PathText.sanitized(errorMessage)) }
        because.append("its own state was dropped from the archive, which was still written (rule 42)")
        because.append("at relaunch it was found: " + VerdictWording.foundBy(facts.via, restorationClass: facts.restorationClass,
                                                                           storyboard: facts.storyboard,
                                                                           storyboardIdentifier: facts.storyboardIdentifier, kind: facts.kind)
            + ", with nothing of its own to decode")
        return Explanation(
            summary: "restored without its own state: secure coding refused its encode", because: because,
            fix: "in \(VerdictWording.type(facts.subject.className)).encodeRestorableState(with:), encode only values whose class "
                + "adopts NSSecureCoding (or property-list values), and decode them with decodeObject(of:forKey:)")
    }

    /// A span of the object's own began and never ended: the process stopped inside it.
    /// `laterDiscard` is the row of a later launch's discard, when the trace has one.
    static func unfinished(_ facts: SubjectFacts, row: Int, _ evidence: TraceEvidence, laterDiscard: Int?) -> Explanation {
        let kind = evidence.table.kindValue(row)
        var because = ["its \(PathText.sanitized(kind.rawValue)) began at line \(evidence.line(ofRow: row)) and never ended: the app crashed there"]
        let duringPreservation = kind == .encode || evidence.pass(of: row).map { !$0.isRestoration } == true
        if duringPreservation {
            because.append("no archive was written, so nothing is restored at the next launch")
        } else if let laterDiscard {
            let reason = evidence.string(laterDiscard, evidence.slots.reason).map(VerdictWording.quoted) ?? "a reason"
            because.append("at the next launch UIKit deleted the archive (\(reason), line \(evidence.line(ofRow: laterDiscard)))")
        } else {
            because.append("UIKit deletes the archive at the next launch (restorationFailed), so nothing is restored then either")
        }
        let summary: String
        switch kind {
        case .decode: summary = "not restored: the process stopped inside its decodeRestorableState(with:)"
        case .encode: summary = "not preserved: the process stopped inside its encodeRestorableState(with:)"
        case .locate: summary = "not restored: the process stopped while it was being looked for"
        case .finishedRestoring: summary = "not restored: the process stopped inside its applicationFinishedRestoringState()"
        default: summary = "not restored: the process stopped inside its \(PathText.sanitized(kind.rawValue)) step"
        }
        return Explanation(summary: summary, because: because, fix: CrashWording.fix(row, evidence))
    }

    /// The process stopped in another object's step (`crashRow`), before this one was restored.
    /// `stage` says how far this one had got.
    static func processStopped(crashRow: Int?, stage: String, _ evidence: TraceEvidence, duringPreservation: Bool) -> Explanation {
        let where_ = crashRow.map { CrashWording.inside($0, evidence) + " (line \(evidence.line(ofRow: $0)))" } ?? "(the trace does not say where)"
        if duringPreservation {
            return Explanation(
                summary: "not preserved: the process stopped during preservation",
                because: [stage, "the process stopped " + where_, "no archive was written, so nothing is restored at the next launch"],
                fix: crashRow.map { CrashWording.fix($0, evidence) })
        }
        return Explanation(
            summary: "not restored: the process stopped during restoration",
            because: [stage, "the process stopped " + where_,
                      "nothing restored by a launch that crashes survives it, and UIKit deletes the archive at the next launch (restorationFailed)"],
            fix: crashRow.map { CrashWording.fix($0, evidence) })
    }

    static func notDecoded(_ facts: SubjectFacts) -> Explanation {
        Explanation(
            summary: "not restored: it was found but never decoded",
            because: ["it was found: " + VerdictWording.foundBy(facts.via, restorationClass: facts.restorationClass,
                                                                 storyboard: facts.storyboard,
                                                                 storyboardIdentifier: facts.storyboardIdentifier, kind: facts.kind),
                      "the relaunch finished without a decode of it, and the trace does not say why"])
    }

    static func notLookedFor(stage: String, pass: TraceEvidence.Pass, _ evidence: TraceEvidence) -> Explanation {
        Explanation(
            summary: "not restored: the relaunch never looked for it",
            because: [stage,
                      "the relaunch (line \(evidence.line(ofRow: pass.begin))) has no locate or exclude record of it"])
    }

    static func preservedOnly(encodeRow: Int, _ evidence: TraceEvidence) -> Explanation {
        Explanation(summary: "preserved; the trace ends before a relaunch",
                    because: ["it was encoded at line \(evidence.line(ofRow: encodeRow))"])
    }
}
