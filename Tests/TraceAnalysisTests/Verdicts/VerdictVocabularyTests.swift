// Every exclusion and discard reason TraceFormat's vocabulary knows has a verdict of its own
// (a new reason cannot be added without one), and a trace in Traces/ that shows it; reasons
// this version does not know still get a verdict that keeps them.

import Testing
import TraceAnalysis
import TraceFormat

@Suite("Verdict vocabulary")
struct VerdictVocabularyTests {
    /// A preserved Nav/Detail, excluded at relaunch with `reason`.
    private func excluded(_ reason: String) -> RestorationVerdicts {
        let recorder = InMemoryRecorder(clock: .tick)
        let preservation = recorder.begin(.preservation)
        for path in [["Nav"], ["Nav", "Detail"]] {
            let span = recorder.begin(.encode, path: path, className: "DetailViewController")
            recorder.end(span, .encode, path: path)
        }
        recorder.end(preservation, .preservation)
        let restoration = recorder.begin(.restoration)
        recorder.instant(.exclude, path: ["Nav", "Detail"], className: "DetailViewController",
                         attributes: [TraceAttribute("reason", .string(reason))])
        recorder.end(restoration, .restoration)
        return RestorationVerdicts(header: recorder.header, records: recorder.records)
    }

    /// A preserved Nav, discarded at relaunch with `reason`.
    private func discarded(_ reason: String) -> RestorationVerdicts {
        let recorder = InMemoryRecorder(clock: .tick)
        let preservation = recorder.begin(.preservation)
        let span = recorder.begin(.encode, path: ["Nav"], className: "UINavigationController")
        recorder.end(span, .encode, path: ["Nav"])
        recorder.end(preservation, .preservation)
        let restoration = recorder.begin(.restoration)
        recorder.instant(.discard, path: nil, className: nil, attributes: [TraceAttribute("reason", .string(reason))])
        recorder.end(restoration, .restoration)
        return RestorationVerdicts(header: recorder.header, records: recorder.records)
    }

    @Test("every exclusion reason has its own cause, words and a rule or fix", arguments: ExclusionReason.allCases)
    func everyExclusionReason(_ reason: ExclusionReason) throws {
        // (A duplicate is a subject of its own beside the object that kept the path.)
        let verdict = try #require(excluded(reason.rawValue).all.first { $0.subject.path == ["Nav", "Detail"] && $0.reason != nil })
        #expect(verdict.cause == RestorationVerdict.Cause(reason))
        #expect(verdict.cause.rawValue == reason.rawValue)
        #expect(verdict.reason == reason.rawValue)
        #expect(!verdict.text.contains("does not know"))
        #expect(verdict.summary.hasPrefix("not "))
        #expect(!verdict.because.isEmpty)
    }

    @Test("every discard reason has its own words, for the run and for each object", arguments: DiscardReason.allCases)
    func everyDiscardReason(_ reason: DiscardReason) throws {
        let verdicts = discarded(reason.rawValue)
        #expect(verdicts.run.outcome == .discarded && verdicts.run.discardReason == reason.rawValue)
        #expect(!verdicts.run.sentence.contains("does not know"))
        #expect(!verdicts.run.because.isEmpty)
        let nav = try #require(verdicts.verdict(["Nav"]))
        #expect(nav.cause == .archiveDiscarded && nav.reason == reason.rawValue)
        #expect(nav.summary.hasPrefix("not "))
    }

    @Test("Traces/ has a trace whose verdicts show each exclusion reason and each discard reason")
    func tracesCoverEveryReason() throws {
        var causes: Set<String> = []
        var discards: Set<String> = []
        for name in try VerdictTraces.names() {
            let verdicts = try VerdictTraces.verdicts(name)
            for verdict in verdicts.all { causes.insert(verdict.cause.rawValue) }
            if let reason = verdicts.run.discardReason { discards.insert(reason) }
        }
        for reason in ExclusionReason.allCases { #expect(causes.contains(reason.rawValue), "no trace shows \(reason)") }
        for reason in DiscardReason.allCases { #expect(discards.contains(reason.rawValue), "no trace shows \(reason)") }
        for cause in [RestorationVerdict.Cause.restored, .classMismatch, .decodeFailed, .unfinished, .processStopped, .archiveDiscarded] {
            #expect(causes.contains(cause.rawValue), "no trace shows \(cause)")
        }
    }

    @Test("an exclusion or discard reason this version does not know is kept and said so")
    func unknownReasons() throws {
        let exclusion = try #require(excluded("hiddenByFeatureFlag").verdict(["Nav", "Detail"]))
        #expect(exclusion.cause == .otherExclusion && exclusion.reason == "hiddenByFeatureFlag")
        #expect(exclusion.summary.contains("\"hiddenByFeatureFlag\""))
        let discard = discarded("diskFull")
        #expect(discard.run.discardReason == "diskFull")
        #expect(discard.run.summary == "the archive was discarded at relaunch for the reason \"diskFull\"")
        #expect(discard.verdict(["Nav"])?.reason == "diskFull")
    }
}
