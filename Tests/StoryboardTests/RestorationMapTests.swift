// Where the map places each scene (as UIKit would show it) and what it says restoration does
// with it: one test per placement and per verdict.

import Storyboard
import Testing

@Suite("Restoration map")
struct RestorationMapTests {
    @Test("a tab bar's tabs in file order, a navigation controller's root, all existing at launch")
    func containment() throws {
        let map = try Scenes.map(initial: "tabs", [
            Scenes.controller("tabs", "tabBarController", restorationID: "Tabs",
                              segues: [Scenes.relationship("navA", "viewControllers"), Scenes.relationship("b", "viewControllers")]),
            Scenes.controller("navA", "navigationController", restorationID: "NavA", segues: [Scenes.relationship("a", "rootViewController")]),
            Scenes.controller("a", restorationID: "A"),
            Scenes.controller("b", restorationID: "B"),
        ])
        #expect(map.tree.nodes.map { map.set[$0.controller].objectID } == ["tabs", "navA", "b", "a"])
        #expect(map.path("a") == ["Tabs", "NavA", "A"] && map.path("b") == ["Tabs", "B"])
        #expect(map.verdicts.allSatisfy { $0 == .restored(.existing) })
        #expect(map.tree.nodes.allSatisfy { $0.atLaunch })
    }

    @Test("split view columns leading to trailing, whatever the file order: master, detail; primary, supplementary, secondary, compact")
    func splitColumns() throws {
        let classic = try Scenes.map(initial: "split", [
            Scenes.controller("split", "splitViewController", restorationID: "Split",
                              segues: [Scenes.relationship("d", "detailViewController"), Scenes.relationship("m", "masterViewController")]),
            Scenes.controller("m", restorationID: "M"), Scenes.controller("d", restorationID: "D"),
        ])
        #expect(classic.tree.nodes[0].children.map { classic.set[classic.tree.nodes[$0].controller].objectID } == ["m", "d"])
        let columns = try Scenes.map(initial: "split", [
            Scenes.controller("split", "splitViewController", restorationID: "Split", segues: [
                Scenes.relationship("c", "compactViewController"), Scenes.relationship("s", "secondaryViewController"),
                Scenes.relationship("p", "primaryViewController"), Scenes.relationship("u", "supplementaryViewController"),
            ]),
            Scenes.controller("p", restorationID: "P"), Scenes.controller("u", restorationID: "U"),
            Scenes.controller("s", restorationID: "S"), Scenes.controller("c", restorationID: "C"),
        ])
        #expect(columns.tree.nodes[0].children.map { columns.set[columns.tree.nodes[$0].controller].objectID } == ["p", "u", "s", "c"])
    }

    @Test("a show segue pushes onto the nearest navigation controller; without one it presents")
    func showPushesOrPresents() throws {
        let map = try Scenes.map(initial: "nav", [
            Scenes.controller("nav", "navigationController", restorationID: "Nav", segues: [Scenes.relationship("list", "rootViewController")]),
            Scenes.controller("list", restorationID: "List", segues: [Scenes.segue("detail", "show")]),
            Scenes.controller("detail", restorationID: "Detail", storyboardID: "DetailID", segues: [Scenes.segue("more", "push")]),
            Scenes.controller("more", restorationID: "More", storyboardID: "MoreID"),
        ])
        #expect(map.path("detail") == ["Nav", "Detail"] && map.path("more") == ["Nav", "More"])
        let detail = try #require(map.node("detail")), more = try #require(map.node("more"))
        #expect(map.tree.nodes[detail].placement == .pushed && map.tree.nodes[detail].pushedAfter == nil)
        #expect(map.tree.nodes[more].pushedAfter == detail)
        #expect(map.verdict("detail") == .restored(.storyboard) && !map.tree.nodes[detail].atLaunch)

        let alone = try Scenes.map(initial: "home", [
            Scenes.controller("home", restorationID: "Home", segues: [Scenes.segue("about", "show")]),
            Scenes.controller("about", restorationID: "About", storyboardID: "AboutID"),
        ])
        #expect(alone.tree.nodes[try #require(alone.node("about"))].placement == .presented)
        #expect(alone.path("about") == ["Home", "About"])
    }

    @Test("presentation, popover, modal and custom segues present from their source; showDetail replaces a split's detail")
    func presentAndShowDetail() throws {
        for kind in ["presentation", "popoverPresentation", "modal", "popover", "custom"] {
            let map = try Scenes.map(initial: "home", [
                Scenes.controller("home", restorationID: "Home", segues: [Scenes.segue("editor", kind)]),
                Scenes.controller("editor", restorationID: "Editor", storyboardID: "EditorID"),
            ])
            #expect(map.tree.nodes[try #require(map.node("editor"))].placement == .presented, "\(kind)")
        }
        let split = try Scenes.map(initial: "split", [
            Scenes.controller("split", "splitViewController", restorationID: "Split",
                              segues: [Scenes.relationship("m", "masterViewController"), Scenes.relationship("d", "detailViewController")]),
            Scenes.controller("m", restorationID: "M", segues: [Scenes.segue("other", "showDetail")]),
            Scenes.controller("d", restorationID: "D"),
            Scenes.controller("other", restorationID: "Other", storyboardID: "OtherID"),
        ])
        let other = try #require(split.node("other"))
        #expect(split.tree.nodes[other].placement == .detail && split.path("other") == ["Split", "Other"])
    }

    @Test("references between storyboards are followed; the scene behind one is placed where the reference is")
    func referencesAcrossFiles() throws {
        let main = Fixtures.storyboard(initial: "tabs", [
            Scenes.controller("tabs", "tabBarController", restorationID: "Tabs", segues: [Scenes.relationship("ref", "viewControllers")]),
            Fixtures.scene("ref", #"<viewControllerPlaceholder storyboardName="Settings" id="ref" sceneMemberID="viewController"/>"#),
        ].joined(separator: "\n"))
        let settings = Fixtures.storyboard(initial: "s", Scenes.controller("s", restorationID: "Settings"))
        let map = try Fixtures.map([("Main", main), ("Settings", settings)])
        let placed = try #require(map.node(of: ControllerID(file: 1, index: 0)))
        #expect(map.path(of: placed) == ["Tabs", "Settings"] && map.verdicts[placed] == .restored(.existing))
        // Settings is entered through the reference, so only Main's initial view controller is a root.
        #expect(map.roots == [ControllerID(file: 0, index: 0)])
    }

    @Test("verdicts: no identifier, an empty one, an ancestor without one, and the scenes only code shows")
    func verdictsOfIdentifiers() throws {
        let map = try Scenes.map(initial: "nav", [
            Scenes.controller("nav", "navigationController", segues: [Scenes.relationship("list", "rootViewController")]),
            Scenes.controller("list", restorationID: "List"),
            Scenes.controller("empty", restorationID: ""),
            Scenes.controller("orphan", restorationID: "Orphan"),
        ])
        #expect(map.verdict("nav") == .notRestored(.noRestorationIdentifier))
        #expect(map.verdict("list") == .notRestored(.ancestorNotRestored(node: 0)))
        #expect(map.verdict("orphan") == .notReachable && map.verdict("empty") == .notReachable)
        #expect(map.unreachable.count == 2)
        let empty = try Scenes.map(initial: "e", [Scenes.controller("e", useStoryboardID: true)])
        #expect(empty.verdict("e") == .notRestored(.emptyRestorationIdentifier))
        #expect(empty.explanation(of: 0).contains("Use Storyboard ID"))
    }

    @Test("verdicts: an embedded child of a plain view controller, a duplicate sibling, a pushed scene without a storyboard ID, a cut stack")
    func verdictsOfPlacement() throws {
        let map = try Scenes.map(initial: "nav", [
            Scenes.controller("nav", "navigationController", restorationID: "Nav", segues: [Scenes.relationship("home", "rootViewController")]),
            Scenes.controller("home", restorationID: "Home", segues: [Scenes.segue("lost", "show")], inside: Scenes.containers(["childA", "childB"])),
            Scenes.controller("childA", restorationID: "Child"),
            Scenes.controller("childB", restorationID: "Child"),
            Scenes.controller("lost", restorationID: "Lost", segues: [Scenes.segue("after", "show")]),
            Scenes.controller("after", restorationID: "After", storyboardID: "AfterID"),
        ])
        #expect(map.verdict("childA") == .notRestored(.notEncodedByContainer(container: try #require(map.node("home")))))
        #expect(map.verdict("lost") == .notRestored(.notFoundAtRelaunch))
        #expect(map.verdict("after") == .notRestored(.stackTruncated(after: try #require(map.node("lost")))))

        let tabs = try Scenes.map(initial: "tabs", [
            Scenes.controller("tabs", "tabBarController", restorationID: "Tabs",
                              segues: [Scenes.relationship("a", "viewControllers"), Scenes.relationship("b", "viewControllers")]),
            Scenes.controller("a", restorationID: "Same"), Scenes.controller("b", restorationID: "Same"),
        ])
        #expect(tabs.verdict("a") == .restored(.existing))
        #expect(tabs.verdict("b") == .notRestored(.duplicatePath(of: try #require(tabs.node("a")))))
    }

    @Test("a containment cycle and a chain deeper than a scenario allows end, instead of looping or overflowing")
    func cyclesAndDepth() throws {
        let cycle = try Scenes.map(initial: "a", [
            Scenes.controller("a", restorationID: "A", inside: Scenes.containers(["b"])),
            Scenes.controller("b", restorationID: "B", inside: Scenes.containers(["a"])),
        ])
        #expect(cycle.tree.nodes.count == 2)
        let chain = (0..<1_200).map { Scenes.controller("c\($0)", restorationID: "C\($0)", inside: Scenes.containers(["c\($0 + 1)"])) }
        let deep = try Scenes.map(initial: "c0", chain + [Scenes.controller("c1200", restorationID: "End")])
        #expect(deep.tree.reachedMaximumDepth && deep.tree.nodes.count == SceneTree.maximumDepth + 1)
    }
}
