// Tests for the analyses that run on two cores for big traces: the same results as one after
// the other.

import Foundation
import Testing
import TraceFormat
@testable import Diagrams

@Suite("Side-by-side analyses")
struct SideBySideTests {
    @Test("both closures run, the other one on another thread, and their results come back in place")
    func runsBoth() {
        let caller = pthread_self()
        let (other, here) = SideBySide.run(parallel: true, { () -> Bool in
            // Work long enough that the caller's closure is likely still running.
            var total = 0
            for i in 0..<200_000 { total &+= i }
            return pthread_equal(pthread_self(), caller) == 0 && total > 0
        }, { "here" })
        #expect(other == true)
        #expect(here == "here")
        let (a, b) = SideBySide.run(parallel: false, { 1 }, { 2 })
        #expect(a == 1 && b == 2)
    }

    @Test("a big trace's steps and timings are the same worked out side by side as one after the other")
    func stepsMatch() {
        let (header, records) = SampleTraces.wide(objects: 3_000)
        #expect(records.count >= SideBySide.minimumRecords, "the trace must be big enough to run side by side by default")
        let sequential = TraceSteps(header: header, records: records, parallel: false)
        let parallel = TraceSteps(header: header, records: records)
        #expect(sequential.steps.count == parallel.steps.count)
        for (a, b) in zip(sequential.steps, parallel.steps) {
            #expect(a.recordIndex == b.recordIndex && a.end?.seq == b.end?.seq)
            #expect(sequential.durationText(a) == parallel.durationText(b))
            #expect(sequential.heat(a) == parallel.heat(b))
        }
    }
}
