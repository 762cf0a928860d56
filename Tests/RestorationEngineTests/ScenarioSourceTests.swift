// The `source` extension: a scenario object's location in the app's files is loaded, kept, and
// written by the preservation walk onto the object's `encode` and `exclude` records.

import RestorationEngine
import Testing
import TraceFormat

@Suite("Scenario source locations")
struct ScenarioSourceTests {
    static let text = """
        {"format":"restoretrace-scenario/1","name":"s","windows":[{"root":{
          "class":"UINavigationController","kind":"navigation","restorationIdentifier":"Nav",
          "source":{"file":"Main.storyboard","line":12,"column":5,"objectId":"abc-12-xyz","x-note":"kept out"},
          "children":[
            {"class":"ListViewController","restorationIdentifier":"List","source":{"file":"Main.storyboard","line":30},
             "views":[{"class":"UITableView","kind":"table","restorationIdentifier":"Table","source":{"file":"Main.storyboard","line":33,"objectId":"t-1"}}]},
            {"class":"DetailViewController","source":{"file":"Main.storyboard","line":50,"objectId":"d-1"}},
            {"class":"OtherViewController","restorationIdentifier":"Other","source":null}]}}]}
        """

    @Test("the loader keeps source on view controllers and views, and null means none")
    func loaderKeepsSource() throws {
        let scenario = try ScenarioLoader().load(bytes: Array(Self.text.utf8), fileName: "s.scenario.json")
        let root = scenario.windows[0].root
        #expect(root.source == ObjectSource(file: "Main.storyboard", line: 12, column: 5, objectID: "abc-12-xyz"))
        #expect(root.children[0].source == ObjectSource(file: "Main.storyboard", line: 30))
        #expect(root.children[0].views[0].source?.objectID == "t-1")
        #expect(root.children[2].source == nil)
    }

    @Test("a source without a file, or with an unknown member, is refused with its JSON path")
    func loaderRefusesBadSource() {
        let noFile = #"{"format":"restoretrace-scenario/1","windows":[{"root":{"class":"A","source":{"line":3}}}]}"#
        #expect(throws: ScenarioError.self) { try ScenarioLoader().load(bytes: Array(noFile.utf8), fileName: "a.json") }
        do {
            _ = try ScenarioLoader().load(bytes: Array(noFile.utf8), fileName: "a.json")
        } catch {
            #expect(error.description.contains("windows[0].root.source.file"))
        }
        let unknown = #"{"format":"restoretrace-scenario/1","windows":[{"root":{"class":"A","source":{"file":"a","ibId":"x"}}}]}"#
        do {
            _ = try ScenarioLoader().load(bytes: Array(unknown.utf8), fileName: "a.json")
            Issue.record("an unknown member of source was accepted")
        } catch {
            #expect(error.description.contains("windows[0].root.source"))
            #expect(error.description.contains("ibId"))
        }
        let zeroLine = #"{"format":"restoretrace-scenario/1","windows":[{"root":{"class":"A","source":{"file":"a","line":0}}}]}"#
        #expect(throws: ScenarioError.self) { try ScenarioLoader().load(bytes: Array(zeroLine.utf8), fileName: "a.json") }
    }

    @Test("encode and exclude records carry the object's source; objects without one carry none")
    func recordsCarrySource() throws {
        let scenario = try ScenarioLoader().load(bytes: Array(Self.text.utf8), fileName: "s.scenario.json")
        let cycle = try Fixtures.cycle(scenario)
        let encodes = cycle.preservation.begins(.encode)
        #expect(encodes.first { $0.path == ["Nav"] }?.source?.objectID == "abc-12-xyz")
        #expect(encodes.first { $0.path == ["Nav", "List"] }?.source?.line == 30)
        #expect(encodes.first { $0.path == ["Nav", "List", "Table"] }?.source?.objectID == "t-1")
        #expect(encodes.first { $0.path == ["Nav", "Other"] }.map { $0[attribute: "source"] == nil } == true)
        let excluded = try #require(cycle.preservation.exclusions(.noRestorationIdentifier).first)
        #expect(excluded.source == ObjectSource(file: "Main.storyboard", line: 50, objectID: "d-1"))
        // The restoration side names objects by path only.
        #expect(cycle.restoration.allSatisfy { $0[attribute: "source"] == nil })
    }

    @Test("ObjectSource reads its own JSON form back and refuses what is not one")
    func jsonRoundTrip() {
        let location = ObjectSource(file: "a b/Main.storyboard", line: 7, column: 3, objectID: "x-Y-z")
        #expect(ObjectSource(json: location.jsonValue) == location)
        #expect(location.description == "a b/Main.storyboard:7:3")
        #expect(ObjectSource(json: .string("Main.storyboard:3")) == nil)
        #expect(ObjectSource(json: .object(JSONObject([JSONMember("file", "a"), JSONMember("line", .double(1.5))]))) == nil)
        #expect(ObjectSource(json: .object(JSONObject([JSONMember("line", 3)]))) == nil)
    }
}
