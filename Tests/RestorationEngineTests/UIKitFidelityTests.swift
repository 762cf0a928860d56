// Behaviours where the engine once parted from UIKit, found by a UIKit review: each test shows
// the UIKit behaviour through the trace (and the report), and failed before the fix.

import Foundation
import RestorationEngine
import Testing
import TraceFormat

@Suite("UIKit fidelity")
struct UIKitFidelityTests {
    @Test("finishedRestoring runs on view controllers and registered objects, never on views")
    func finishedRestoringSkipsViews() throws {
        let cycle = try Fixtures.cycle(Fixtures.countries())
        let table = ["Tabs", "CountryNav", "CountryList", "CountryTable"]
        #expect(cycle.report.decodedPaths.contains(table))
        let finished = cycle.restoration.begins(.finishedRestoring).compactMap { $0.path?.joined(separator: "/") }
        #expect(finished == ["Tabs", "Tabs/CountryNav", "Tabs/CountryNav/CountryList", "Tabs/CountryNav/CountryDetail",
                             "Tabs/SettingsNav", "Tabs/SettingsNav/Settings", "Config"])
        #expect(!cycle.report.finishedPaths.contains(table))
    }
}
