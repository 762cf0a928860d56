// VerdictReasoner: decides each subject's verdict from the evidence — its own unfinished span,
// its exclusion, its search and decode, or what the relaunch after its preservation did — and
// words it through the explanations. Verdicts are made on demand and kept, ancestors first
// (a derived verdict cites its ancestor's root cause), without recursion however deep the tree.

import TraceFormat

/// Makes the verdicts of one trace's subjects, each once, when asked.
package struct VerdictReasoner {
    let evidence: TraceEvidence
    private var objectVerdicts: [RestorationVerdict?]
    private var objectDone: [Bool]
    /// For a verdict that only passes an ancestor's on (ancestor excluded, owner not preserved):
    /// the verdict it cites, so a chain cites its root and never grows with the depth.
    private var objectRoots: [RestorationVerdict?]
    private var separateVerdicts: [RestorationVerdict?]
    private var separateRoots: [RestorationVerdict?]

    /// The reasoner for a table's rows; `rowLines[r]` is the line of row `r` (row + 2 when nil).
    package init(table: TraceTable, rowLines: [Int]? = nil) {
        var evidence = TraceEvidence(table: table)
        evidence.rowLines = rowLines
        self.evidence = evidence
        objectVerdicts = Array(repeating: nil, count: evidence.objects.count)
        objectDone = Array(repeating: false, count: evidence.objects.count)
        objectRoots = Array(repeating: nil, count: evidence.objects.count)
        separateVerdicts = Array(repeating: nil, count: evidence.separateExclusions.count)
        separateRoots = Array(repeating: nil, count: evidence.separateExclusions.count)
    }

    /// How many subjects without an object of their own (pathless and duplicate exclusions) there are.
    package var separateCount: Int { evidence.separateExclusions.count }

    /// The row of separate subject `index`.
    package func row(ofSeparate index: Int) -> Int { evidence.separateExclusions[index] }

    /// The separate subject recorded at `row`, if that row is one.
    package func separateIndex(ofRow row: Int) -> Int? {
        var low = 0
        var high = evidence.separateExclusions.count
        while low < high {
            let middle = (low + high) / 2
            if evidence.separateExclusions[middle] < row { low = middle + 1 } else { high = middle }
        }
        return low < evidence.separateExclusions.count && evidence.separateExclusions[low] == row ? low : nil
    }

    /// The verdict on table object `object`; nil for an object the trace names only as an
    /// ancestor of others (no record of its own says what became of it).
    package mutating func verdict(ofObject object: Int) -> RestorationVerdict? {
        if objectDone[object] { return objectVerdicts[object] }
        // Ancestors first, top down, so no verdict waits on a deeper call.
        var chain: [Int] = []
        var current = Int(evidence.table.objectParent[object])
        while current >= 0, !objectDone[current] {
            chain.append(current)
            current = Int(evidence.table.objectParent[current])
        }
        for ancestor in chain.reversed() { settle(object: ancestor) }
        settle(object: object)
        return objectVerdicts[object]
    }

    /// The verdict on separate subject `index` (see ``separateCount``).
    package mutating func verdict(ofSeparate index: Int) -> RestorationVerdict {
        if let verdict = separateVerdicts[index] { return verdict }
        var chain: [Int] = []
        var current = evidence.nestedBelow[index]
        while current >= 0, separateVerdicts[current] == nil {
            chain.append(current)
            current = evidence.nestedBelow[current]
        }
        for outer in chain.reversed() { settle(separate: outer) }
        settle(separate: index)
        return separateVerdicts[index]!
    }

    // MARK: Objects

    private mutating func settle(object: Int) {
        guard !objectDone[object] else { return }
        objectDone[object] = true
        let (verdict, root) = decide(object: object)
        objectVerdicts[object] = verdict
        objectRoots[object] = root
    }

    /// The verdict an ancestor's failure passes on: its root cause when it only passes one on itself.
    private mutating func citedVerdict(ofObject object: Int) -> RestorationVerdict? {
        guard let verdict = verdict(ofObject: object) else { return nil }
        return objectRoots[object] ?? verdict
    }

    /// The nearest ancestor of `object` that was not preserved or restored, as the verdict to cite.
    private mutating func failedAncestor(of object: Int) -> RestorationVerdict? {
        var current = Int(evidence.table.objectParent[object])
        while current >= 0 {
            if let verdict = verdict(ofObject: current), verdict.isProblem { return objectRoots[current] ?? verdict }
            current = Int(evidence.table.objectParent[current])
        }
        return nil
    }

    private mutating func decide(object: Int) -> (RestorationVerdict?, root: RestorationVerdict?) {
        let rows = evidence.objects[object]
        guard rows.last >= 0 else { return (nil, nil) }
        let facts = evidence.facts(ofObject: object)
        var used: [Int] = []
        func make(_ explanation: Explanation, _ status: RestorationVerdict.Status, _ cause: RestorationVerdict.Cause,
                  reason: String? = nil, foundBy: String? = nil) -> RestorationVerdict {
            // The step that produced it, whenever one did (found, or found of another class).
            let producedBy = foundBy ?? (facts.result == LocateResult.found.rawValue || facts.result == LocateResult.classMismatch.rawValue
                ? facts.via : nil)
            return RestorationVerdict(subject: facts.subject, status: status, cause: cause, reason: reason, foundBy: producedBy,
                               summary: explanation.summary, because: explanation.because, fix: explanation.fix,
                               source: facts.source, rows: used.sorted())
        }
        func note(_ row: Int32) { if row >= 0 { used.append(Int(row)) } }
        let latestStep = max(rows.encode, rows.locate, rows.decode, rows.finished)

        // 1. A span of its own that never ended, and nothing of it after.
        if rows.unfinished >= 0, rows.unfinished >= latestStep {
            note(rows.unfinished)
            let laterDiscard = evidence.restorationPass(after: Int(rows.unfinished))?.discard
            if let laterDiscard { used.append(laterDiscard) }
            let explanation = FailureExplanations.unfinished(facts, row: Int(rows.unfinished), evidence, laterDiscard: laterDiscard)
            return (make(explanation, .notRestored, .unfinished), nil)
        }

        // 2. Its exclusion, unless a later step of it came after.
        if rows.exclusion >= 0, rows.exclusion > latestStep {
            let row = Int(rows.exclusion)
            note(rows.locate)
            note(rows.exclusion)
            let reason = evidence.string(row, evidence.slots.reason) ?? "unspecified"
            var context = ExclusionContext(atRelaunch: evidence.pass(of: row)?.isRestoration ?? false)
            var root: RestorationVerdict?
            switch ExclusionReason(rawValue: reason) {
            case .ancestorExcluded?, .viewWithoutRestorableOwner?:
                context.ancestor = failedAncestor(of: object)
                root = context.ancestor
            case .notEncodedByContainer?:
                let parent = Int(evidence.table.objectParent[object])
                if parent >= 0 { context.parentClass = evidence.facts(ofObject: parent).subject.className }
            case .stackTruncated?:
                let parent = Int(evidence.table.objectParent[object])
                if parent >= 0, evidence.objects[parent].firstFailedChild >= 0,
                   let sibling = evidence.table.object(ofRow: Int(evidence.objects[parent].firstFailedChild)), sibling != object
                {
                    context.cutAt = verdict(ofObject: sibling)
                    let siblingFacts = evidence.facts(ofObject: sibling)
                    context.cutAtPlace = siblingFacts.parentIndex.map { "stack index \($0)" }
                }
            case .restorationClassReturnedNil?, .notFound?:
                if rows.lastError > rows.locate, rows.lastError >= 0 {
                    note(rows.lastError)
                    context.errorMessage = evidence.string(Int(rows.lastError), evidence.slots.message)
                }
            default:
                break
            }
            let (explanation, cause) = ExclusionExplanations.explain(reason: reason, facts, context)
            return (make(explanation, .notRestored, cause, reason: reason), root)
        }

        // 3. Looked for at a relaunch (and maybe decoded).
        let searchRow = max(rows.locate, rows.decode)
        if searchRow >= 0, searchRow > rows.encode {
            note(rows.encode)
            note(rows.locate)
            note(rows.decode)
            if let later = laterRelaunchOutcome(after: Int(searchRow), facts: facts, stage: "it was restored by an earlier launch") {
                used += later.rows
                return (make(later.explanation, .notRestored, later.cause, reason: later.reason), nil)
            }
            let pass = evidence.pass(of: Int(searchRow))
            if rows.locate >= 0 {
                if facts.result == LocateResult.classMismatch.rawValue {
                    return (make(SearchExplanations.classMismatch(facts), .notRestored, .classMismatch), nil)
                }
                if facts.result == LocateResult.nil.rawValue || facts.via == LocateStep.none.rawValue {
                    var message: String?
                    if rows.lastError > rows.locate {
                        note(rows.lastError)
                        message = evidence.string(Int(rows.lastError), evidence.slots.message)
                    }
                    return (make(SearchExplanations.notFound(facts, errorMessage: message), .notRestored, .notFound), nil)
                }
            }
            guard rows.decode > rows.locate || (rows.decode >= 0 && rows.locate < 0) else {
                if let pass, pass.end == nil {
                    let explanation = FailureExplanations.processStopped(
                        crashRow: pass.crashRow, stage: "it was found at line \(evidence.line(ofRow: Int(rows.locate))), and its decode never began",
                        evidence, duringPreservation: false)
                    if let crash = pass.crashRow { used.append(crash) }
                    return (make(explanation, .notRestored, .processStopped), nil)
                }
                return (make(FailureExplanations.notDecoded(facts), .notRestored, .notDecoded), nil)
            }
            let decodeEnd = evidence.end(of: rows.decode)
            let result = decodeEnd.flatMap { evidence.text($0, evidence.slots.result) }
            let errorInDecode = rows.lastError > rows.decode && (decodeEnd.map { Int(rows.lastError) < $0 } ?? true)
            if result == "secureCodingViolation", pass?.end != nil {
                var message: String?
                if errorInDecode {
                    note(rows.lastError)
                    message = evidence.string(Int(rows.lastError), evidence.slots.message)
                }
                note(rows.finished)
                return (make(FailureExplanations.secureCodingViolation(facts, errorMessage: message), .restored,
                             .secureCodingViolation, foundBy: facts.via), nil)
            }
            if errorInDecode || result.map({ !TraceHierarchy.successfulDecodeResults.contains($0) }) == true {
                var message: String?
                if errorInDecode {
                    note(rows.lastError)
                    message = evidence.string(Int(rows.lastError), evidence.slots.message)
                }
                return (make(FailureExplanations.decodeFailed(facts, result: result, errorMessage: message), .notRestored, .decodeFailed), nil)
            }
            if let pass, pass.end == nil {
                let explanation = FailureExplanations.processStopped(
                    crashRow: pass.crashRow, stage: "it was decoded (line \(evidence.line(ofRow: Int(rows.decode)))), but the launch did not survive",
                    evidence, duringPreservation: false)
                if let crash = pass.crashRow { used.append(crash) }
                return (make(explanation, .notRestored, .processStopped), nil)
            }
            if let encodeEnd = evidence.end(of: rows.encode), evidence.text(encodeEnd, evidence.slots.result) == "secureCodingViolation" {
                // Rule 42: its own state never reached the archive; what was decoded was empty.
                var message: String?
                if rows.lastError > rows.encode, rows.locate < 0 || rows.lastError < rows.locate {
                    note(rows.lastError)
                    message = evidence.string(Int(rows.lastError), evidence.slots.message)
                }
                note(rows.finished)
                return (make(FailureExplanations.secureCodingEncodeViolation(facts, errorMessage: message), .restored,
                             .secureCodingViolation, foundBy: facts.via), nil)
            }
            note(rows.finished)
            let explanation = SearchExplanations.restored(facts, notes: restoredNotes(rows, facts: facts, decodeEnd: decodeEnd))
            return (make(explanation, .restored, .restored, foundBy: facts.via), nil)
        }

        // 4. Preserved, and not looked for afterwards.
        guard rows.encode >= 0 else { return (nil, nil) }
        note(rows.encode)
        if let later = laterRelaunchOutcome(after: Int(rows.encode), facts: facts, stage: "it was preserved (line \(evidence.line(ofRow: Int(rows.encode))))") {
            used += later.rows
            return (make(later.explanation, .notRestored, later.cause, reason: later.reason), nil)
        }
        if let pass = evidence.pass(of: Int(rows.encode)), let failure = ArchiveWording.writeFailure(pass, evidence) {
            if pass.end == nil {
                let explanation = FailureExplanations.processStopped(
                    crashRow: pass.crashRow, stage: "it was encoded (line \(evidence.line(ofRow: Int(rows.encode))))", evidence,
                    duringPreservation: true)
                if let crash = pass.crashRow { used.append(crash) }
                return (make(explanation, .notRestored, .processStopped), nil)
            }
            if let write = pass.archiveWrite { used.append(write) }
            return (make(Explanation(summary: "not restored: the archive was never written", because: failure.because, fix: failure.fix),
                         .notRestored, .archiveNotWritten), nil)
        }
        return (make(FailureExplanations.preservedOnly(encodeRow: Int(rows.encode), evidence), .preservedOnly, .preservedOnly), nil)
    }

    /// What the final relaunch did to an object it did not restore, when there is one after `row`.
    private func laterRelaunchOutcome(after row: Int, facts: SubjectFacts, stage: String)
        -> (explanation: Explanation, cause: RestorationVerdict.Cause, reason: String?, rows: [Int])?
    {
        guard let index = evidence.passes.lastIndex(where: { $0.isRestoration && $0.begin > row }) else { return nil }
        let pass = evidence.passes[index]
        if let (explanation, reason) = DiscardExplanations.explain(passIndex: index, evidence) {
            let rows = [pass.discard, pass.shouldRestore, pass.archiveRead].compactMap { $0 }
            return (Explanation(summary: Self.objectSummary(discard: explanation.summary), because: explanation.because,
                                fix: explanation.fix), .archiveDiscarded, reason, rows)
        }
        if pass.end == nil {
            return (FailureExplanations.processStopped(crashRow: pass.crashRow, stage: stage + ", and the relaunch never got to it",
                                                        evidence, duringPreservation: false),
                    .processStopped, nil, pass.crashRow.map { [$0] } ?? [])
        }
        return (FailureExplanations.notLookedFor(stage: stage, pass: pass, evidence), .notLookedFor, nil, [pass.begin])
    }

    /// A relaunch's summary as an object's: "discarded at relaunch: the user force-quit the app"
    /// becomes "not restored: the archive was discarded at relaunch (the user force-quit the app)".
    static func objectSummary(discard summary: String) -> String {
        let prefix = "discarded at relaunch: "
        if summary.hasPrefix(prefix) { return "not restored: the archive was discarded at relaunch (" + summary.dropFirst(prefix.count) + ")" }
        if summary.hasPrefix("discarded at relaunch") { return "not restored: the archive was " + summary }
        if summary.hasPrefix("not ") { return summary }
        return "not restored: the archive was " + summary
    }

    /// What is worth knowing about a restored object: model identifiers that no longer exist,
    /// a view controller that got no applicationFinishedRestoringState.
    private func restoredNotes(_ rows: TraceEvidence.ObjectRows, facts: SubjectFacts, decodeEnd: Int?) -> [String] {
        var notes: [String] = []
        if let decodeEnd, let unmatched = evidence.strings(decodeEnd, evidence.slots.unmatchedModelIds), !unmatched.isEmpty {
            let shown = unmatched.prefix(5).map(VerdictWording.quoted).joined(separator: ", ")
            notes.append("\(unmatched.count) model identifier\(unmatched.count == 1 ? "" : "s") it kept no longer exist\(unmatched.count == 1 ? "s" : "") "
                + "in the data source (\(shown)\(unmatched.count > 5 ? ", ..." : "")): \(unmatched.count == 1 ? "that row is" : "those rows are") not selected or scrolled to")
        }
        if facts.kind != .view, rows.decode >= 0, rows.finished < rows.decode {
            notes.append("it got no applicationFinishedRestoringState()")
        }
        return notes
    }

    // MARK: Separate subjects

    private mutating func settle(separate index: Int) {
        guard separateVerdicts[index] == nil else { return }
        let row = evidence.separateExclusions[index]
        let facts = evidence.facts(ofExclusionRow: row)
        let reason = evidence.string(row, evidence.slots.reason) ?? "unspecified"
        var context = ExclusionContext(atRelaunch: evidence.pass(of: row)?.isRestoration ?? false)
        var root: RestorationVerdict?
        switch ExclusionReason(rawValue: reason) {
        case .ancestorExcluded?, .viewWithoutRestorableOwner?:
            let outer = evidence.nestedBelow[index]
            if outer >= 0 {
                let verdict = separateVerdicts[outer] ?? self.verdict(ofSeparate: outer)
                context.ancestor = separateRoots[outer] ?? verdict
            } else if let parent = facts.parentPath, let object = evidence.table.object(ofPath: parent),
                      let verdict = citedVerdict(ofObject: object), verdict.isProblem {
                context.ancestor = verdict
            }
            root = context.ancestor
        case .duplicatePath?:
            if let path = facts.subject.path, let object = evidence.table.object(ofPath: path) {
                context.holderClass = evidence.facts(ofObject: object).subject.className
            }
        case .notEncodedByContainer?:
            if let parent = facts.parentPath, let object = evidence.table.object(ofPath: parent) {
                context.parentClass = evidence.facts(ofObject: object).subject.className
            }
        default:
            break
        }
        let (explanation, cause) = ExclusionExplanations.explain(reason: reason, facts, context)
        separateVerdicts[index] = RestorationVerdict(
            subject: facts.subject, status: .notRestored, cause: cause, reason: reason, summary: explanation.summary,
            because: explanation.because, fix: explanation.fix, source: facts.source, rows: [row])
        separateRoots[index] = root
    }
}
