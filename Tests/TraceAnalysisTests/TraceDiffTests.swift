// Tests of TraceDiff on pairs of traces that differ in exactly one thing each.

import Testing
@testable import TraceAnalysis
import TraceFormat

@Suite struct TraceDiffTests {
    /// One restoration: each object located (with `via`) and decoded, with fixed durations.
    struct Run {
        var clock = "ns"
        var objects: [(path: [String], via: String, found: Bool, decode: Int64)] = [
            (["Tabs"], "existing", true, 500_000), (["Tabs", "List"], "storyboard", true, 2_000_000),
            (["Tabs", "Detail"], "restorationClass", true, 5_000_000),
        ]
        var exclusions: [([String], String)] = [(["Tabs", "Password"], "noRestorationIdentifier")]
        var discards: [String] = []
        var crashInside: [String]?

        func outcomes() -> TraceOutcomes {
            var records: [TraceRecord] = []
            var ts: Int64 = 0
            var span: Int64 = 0
            func add(_ phase: Phase, _ kind: RecordKind, _ id: Int64?, path: [String]? = nil, step: Int64 = 1_000,
                     attributes: [TraceAttribute] = []) {
                ts += step
                records.append(TraceRecord(seq: Int64(records.count), ts: ts, phase: phase, span: id, kind: kind,
                                           path: path, attributes: attributes))
            }
            for (path, reason) in exclusions {
                add(.instant, .exclude, nil, path: path, attributes: [TraceAttribute("reason", .string(reason))])
            }
            for reason in discards { add(.instant, .discard, nil, attributes: [TraceAttribute("reason", .string(reason))]) }
            for object in objects {
                span += 1
                add(.begin, .locate, span, path: object.path)
                add(.end, .locate, span, path: object.path, attributes: [
                    TraceAttribute("via", .string(object.via)),
                    TraceAttribute("result", .string(object.found ? "found" : "nil")),
                ])
                guard object.found else { continue }
                span += 1
                add(.begin, .decode, span, path: object.path)
                if object.path == crashInside { break }
                add(.end, .decode, span, path: object.path, step: object.decode)
            }
            var outcomes = TraceOutcomes(header: TraceHeader(clock: clock))
            for record in records { outcomes.add(record) }
            return outcomes
        }
    }

    @Test("identical runs differ in nothing")
    func identical() {
        let diff = TraceDiff(Run().outcomes(), Run().outcomes())
        #expect(!diff.isRegression)
        #expect(diff.lostObjects.isEmpty && diff.gainedObjects.isEmpty && diff.objectChanges.isEmpty)
    }

    @Test("an object no longer restored is a regression; one newly restored is not")
    func lostObject() {
        var before = Run()
        for index in before.objects.indices { before.objects[index].decode = 1_000_000 }  // means stay put
        var after = before
        after.objects[2].found = false
        after.objects[2].via = "none"
        let diff = TraceDiff(before.outcomes(), after.outcomes())
        #expect(diff.lostObjects == [["Tabs", "Detail"]])
        #expect(diff.isRegression)
        let reverse = TraceDiff(after.outcomes(), before.outcomes())
        #expect(reverse.gainedObjects == [["Tabs", "Detail"]])
        #expect(!reverse.isRegression)
    }

    @Test("a changed locate step is reported but is not a regression")
    func viaChange() {
        var after = Run()
        after.objects[1].via = "appDelegate"
        let diff = TraceDiff(Run().outcomes(), after.outcomes())
        #expect(diff.viaChanges == [TraceDiff.ViaChange(path: ["Tabs", "List"], before: "storyboard", after: "appDelegate")])
        #expect(!diff.isRegression)
    }

    @Test("a new exclusion reason is a regression")
    func newExclusion() {
        var after = Run()
        after.exclusions.append((["Tabs", "Settings"], "duplicatePath"))
        let diff = TraceDiff(Run().outcomes(), after.outcomes())
        #expect(diff.addedExclusions == [TraceOutcomes.Exclusion(object: "Tabs/Settings", reason: "duplicatePath")])
        #expect(diff.regressions == ["newly excluded: Tabs/Settings (duplicatePath)"])
    }

    @Test("a new discard is a regression")
    func newDiscard() {
        var after = Run()
        after.discards = ["launchCrashes"]
        let diff = TraceDiff(Run().outcomes(), after.outcomes())
        #expect(diff.discardChanges.map(\.reason) == ["launchCrashes"])
        #expect(diff.isRegression)
    }

    @Test("a span that never ends in B is a regression")
    func newUnfinished() {
        var after = Run()
        after.crashInside = ["Tabs", "List"]
        let diff = TraceDiff(Run().outcomes(), after.outcomes())
        #expect(diff.newUnfinished == ["decode Tabs/List"])
        #expect(diff.isRegression)
    }

    @Test("a decode slower beyond the threshold is a regression; faster is reported only")
    func slowerDecode() {
        var after = Run()
        after.objects[2].decode = 8_000_000  // +60%; back down is -37.5%
        let diff = TraceDiff(Run().outcomes(), after.outcomes(), options: .init(thresholdPercent: 30))
        #expect(diff.objectChanges.map(\.path) == [["Tabs", "Detail"]])
        #expect(diff.isRegression)
        let faster = TraceDiff(after.outcomes(), Run().outcomes(), options: .init(thresholdPercent: 30))
        #expect(faster.objectChanges.count == 1)
        #expect(!faster.isRegression)
    }

    @Test("a change under the threshold or under the absolute floor is ignored")
    func smallChangesIgnored() {
        var after = Run()
        after.objects[2].decode = 5_400_000  // +8% of 5 ms
        after.objects[0].decode = 590_000  // +18%, but only 90 µs
        let diff = TraceDiff(Run().outcomes(), after.outcomes())
        #expect(diff.objectChanges.isEmpty)
        #expect(!diff.isRegression)
    }

    @Test("tick traces are compared for objects, never judged on timing")
    func tickTimingsNotJudged() {
        var before = Run()
        before.clock = "tick"
        var after = before
        after.objects[2].decode = 90_000_000
        let diff = TraceDiff(before.outcomes(), after.outcomes())
        #expect(!diff.comparesTimings)
        #expect(!diff.isRegression)
        #expect(TraceDiffFormat.text(diff, nameA: "a", nameB: "b").contains("Timings not judged"))
    }
}
