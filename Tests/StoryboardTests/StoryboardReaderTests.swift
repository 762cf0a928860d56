// The storyboard reader: every controller element, identifier attribute, segue kind and view it
// keeps, both generations of the format, and where each object is.

import Storyboard
import Testing
import TraceFormat

@Suite("Storyboard reader")
struct StoryboardReaderTests {
    @Test("every kind of view controller element, with its UIKit class and superclasses")
    func controllerElements() throws {
        let elements: [(element: String, kind: StoryboardControllerKind, uikit: String)] = [
            ("viewController", .viewController, "UIViewController"),
            ("navigationController", .navigation, "UINavigationController"),
            ("tabBarController", .tabBar, "UITabBarController"),
            ("tableViewController", .table, "UITableViewController"),
            ("collectionViewController", .collection, "UICollectionViewController"),
            ("splitViewController", .split, "UISplitViewController"),
            ("pageViewController", .page, "UIPageViewController"),
            ("avPlayerViewController", .other, "AVPlayerViewController"),
            ("hostingController", .other, "UIHostingController"),
            ("glkViewController", .other, "GLKViewController"),
            ("fancyController", .other, "UIFancyController"),
        ]
        let scenes = elements.enumerated().map { index, entry in
            Fixtures.scene("\(index)", "<\(entry.element) id=\"c\(index)\" sceneMemberID=\"viewController\"/>")
        }.joined(separator: "\n")
        let file = try Fixtures.read(Fixtures.storyboard(initial: "c0", scenes))
        #expect(file.controllers.map(\.kind) == elements.map(\.kind))
        #expect(file.controllers.map(\.className) == elements.map(\.uikit))
        #expect(file.controllers[0].superclasses == [])
        #expect(file.controllers[3].superclasses == ["UIViewController"])
        #expect(file.initialControllerIndex == 0)
        // The first responder and other scene members are not view controllers.
        #expect(file.controllers.count == elements.count)
    }

    @Test("customClass and customModule, storyboard ID, restoration identifier and Use Storyboard ID")
    func identifiers() throws {
        let file = try Fixtures.read(Fixtures.storyboard(initial: "a", """
            \(Fixtures.scene("a", #"<tableViewController id="a" customClass="ListViewController" customModule="App" storyboardIdentifier="ListID" restorationIdentifier="List" sceneMemberID="viewController"/>"#))
            \(Fixtures.scene("b", #"<viewController id="b" storyboardIdentifier="DetailID" useStoryboardIdentifierAsRestorationIdentifier="YES" restorationIdentifier="Ignored" sceneMemberID="viewController"/>"#))
            \(Fixtures.scene("c", #"<viewController id="c" useStoryboardIdentifierAsRestorationIdentifier="YES" sceneMemberID="viewController"/>"#))
            \(Fixtures.scene("d", #"<viewController id="d" restorationIdentifier="" sceneMemberID="viewController"/>"#))
            """))
        let list = file.controllers[0]
        #expect(list.className == "ListViewController" && list.customModule == "App")
        #expect(list.superclasses == ["UITableViewController", "UIViewController"])
        #expect(list.storyboardIdentifier == "ListID" && list.restorationIdentifier == "List")
        // Use Storyboard ID: the storyboard ID is the restoration identifier, whatever else is written.
        #expect(file.controllers[1].restorationIdentifier == "DetailID")
        // Use Storyboard ID without a storyboard ID, and an empty attribute: present but empty, so none.
        #expect(file.controllers[2].restorationIdentifier == "" && file.controllers[2].effectiveRestorationIdentifier == nil)
        #expect(file.controllers[3].restorationIdentifier == "" && file.controllers[3].effectiveRestorationIdentifier == nil)
    }

    @Test("every segue kind and relationship, with its identifier, destination and location")
    func segues() throws {
        let kinds = ["relationship", "embed", "show", "showDetail", "presentation", "popoverPresentation", "unwind", "push", "modal",
                     "popover", "replace", "custom", "futureKind"]
        let segues = kinds.enumerated().map { index, kind in
            #"<segue destination="b" kind="\#(kind)" identifier="s\#(index)" id="seg\#(index)"/>"#
        }.joined(separator: "\n")
        let file = try Fixtures.read(Fixtures.storyboard(initial: "a", """
            \(Fixtures.scene("a", """
                <viewController id="a" sceneMemberID="viewController">
                    <connections>
                        \(segues)
                        <segue destination="b" kind="relationship" relationship="viewControllers" id="rel"/>
                    </connections>
                </viewController>
                """))
            \(Fixtures.scene("b", #"<viewController id="b" sceneMemberID="viewController"/>"#))
            """))
        let found = file.controllers[0].segues
        #expect(found.map(\.kind.description) == kinds + ["relationship"])
        #expect(found.last?.relationship == "viewControllers")
        #expect(found[2].identifier == "s2" && found[2].destinationID == "b" && found[2].objectID == "seg2")
        #expect(found[2].kind.navigation == .show && found[3].kind.navigation == .showDetail && found[4].kind.navigation == .present)
        #expect(found[7].kind.navigation == .show && found[8].kind.navigation == .present && found[6].kind.navigation == nil)
        #expect(found[0].kind.isContainment && found[1].kind.isContainment && !found[2].kind.isContainment)
        #expect(found[12].kind == .other("futureKind"))
        // Each segue knows its line: the first is on the scene's 4th line.
        #expect(found[0].source.line == found[1].source.line! - 1)
    }

    @Test("segues anywhere inside the scene belong to it: in cells, buttons and bar items")
    func seguesInsideViews() throws {
        let file = try Fixtures.read(Fixtures.storyboard(initial: "a", """
            \(Fixtures.scene("a", """
                <tableViewController id="a" sceneMemberID="viewController">
                    <tableView key="view" id="tv">
                        <prototypes>
                            <tableViewCell id="cell"><connections><segue destination="b" kind="show" id="s1"/></connections></tableViewCell>
                        </prototypes>
                    </tableView>
                    <navigationItem key="navigationItem" title="Countries" id="ni">
                        <barButtonItem key="rightBarButtonItem" id="bb"><connections><segue destination="b" kind="presentation" id="s2"/></connections></barButtonItem>
                    </navigationItem>
                </tableViewController>
                """))
            \(Fixtures.scene("b", #"<viewController id="b" sceneMemberID="viewController"/>"#))
            """))
        #expect(file.controllers[0].segues.map(\.objectID) == ["s1", "s2"])
        #expect(file.controllers[0].title == "Countries")
    }

    @Test("views with restoration identifiers, of every kind, and cells (and views in cells) marked as prototypes")
    func views() throws {
        let file = try Fixtures.read(Fixtures.storyboard(initial: "a", Fixtures.scene("a", """
            <viewController id="a" sceneMemberID="viewController">
                <view key="view" id="root">
                    <subviews>
                        <tableView restorationIdentifier="Table" id="t">
                            <prototypes>
                                <tableViewCell restorationIdentifier="Cell" id="cell">
                                    <tableViewCellContentView key="contentView" id="content">
                                        <subviews><label restorationIdentifier="InCell" id="l"/></subviews>
                                    </tableViewCellContentView>
                                </tableViewCell>
                            </prototypes>
                        </tableView>
                        <collectionView restorationIdentifier="Grid" id="g">
                            <cells><collectionViewCell restorationIdentifier="GridCell" id="gc"/></cells>
                        </collectionView>
                        <scrollView restorationIdentifier="Scroll" id="s"/>
                        <textView restorationIdentifier="Text" id="tx"/>
                        <wkWebView restorationIdentifier="Web" id="w"/>
                        <mapView restorationIdentifier="Map" customClass="AppMapView" id="m"/>
                        <button id="noIdentifier"/>
                    </subviews>
                </view>
            </viewController>
            """)))
        let views = file.controllers[0].views
        #expect(views.map(\.restorationIdentifier) == ["Table", "Cell", "InCell", "Grid", "GridCell", "Scroll", "Text", "Web", "Map"])
        #expect(views.map(\.className) == ["UITableView", "UITableViewCell", "UILabel", "UICollectionView", "UICollectionViewCell",
                                           "UIScrollView", "UITextView", "WKWebView", "AppMapView"])
        #expect(views.map(\.kind.rawValue) == ["table", "plain", "plain", "collection", "plain", "scroll", "scroll", "plain", "plain"])
        #expect(views.map(\.isCell) == [false, true, false, false, true, false, false, false, false])
        #expect(views.map(\.isPrototype) == [false, true, true, false, true, false, false, false, false])
        #expect(views[0].objectID == "t" && views[0].source.objectID == "t")
    }

    @Test("storyboard references: storyboardName and referencedIdentifier")
    func references() throws {
        let file = try Fixtures.read(Fixtures.storyboard(initial: "r", """
            \(Fixtures.scene("r", #"<viewControllerPlaceholder storyboardName="Settings" referencedIdentifier="SettingsVC" id="r" sceneMemberID="viewController"/>"#))
            \(Fixtures.scene("q", #"<viewControllerPlaceholder storyboardName="Onboarding" id="q" sceneMemberID="viewController"/>"#))
            """))
        #expect(file.controllers.map(\.kind) == [.reference, .reference])
        #expect(file.controllers[0].reference == StoryboardReference(storyboardName: "Settings", referencedIdentifier: "SettingsVC"))
        #expect(file.controllers[1].reference == StoryboardReference(storyboardName: "Onboarding", referencedIdentifier: nil))
    }

    @Test("every object keeps its file, line, column and object ID; the scene name comes from Interface Builder's comment")
    func locations() throws {
        let file = try StoryboardReader().read(contentsOf: Fixtures.restorer)
        let list = try #require(file.controllers.first { $0.objectID == "Fow-qg-25e" })
        #expect(list.source == ObjectSource(file: Fixtures.restorer, line: 36, column: 17, objectID: "Fow-qg-25e"))
        #expect(list.sceneName == "Countries" && list.sceneID == "ldb-MY-62c" && list.title == "Countries")
        #expect(list.views.first?.source == ObjectSource(file: Fixtures.restorer, line: 37, column: 21, objectID: "cqd-FH-55v"))
        #expect(list.segues.first?.source.line == 59 && list.segues.first?.source.column == 37)
        #expect(file.name == "Restorer-MainStoryboard" && file.format == .xcode8 && file.initialViewControllerID == "4")
    }

    @Test("the old generation: version 2.0, numeric IDs, the iPad runtime, old elements ignored")
    func legacyFormat() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8" standalone="no"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="2.0" toolsVersion="3084" systemVersion="12D78" targetRuntime="iOS.CocoaTouch.iPad" propertyAccessControl="none" initialViewController="2">
                <dependencies>
                    <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="2083"/>
                </dependencies>
                <scenes>
                    <!--Navigation Controller-->
                    <scene sceneID="5">
                        <objects>
                            <navigationController restorationIdentifier="Nav" id="2" sceneMemberID="viewController">
                                <simulatedStatusBarMetrics key="simulatedStatusBarMetrics" statusBarStyle="blackTranslucent"/>
                                <navigationBar key="navigationBar" contentMode="scaleToFill" id="3"/>
                                <connections>
                                    <segue destination="9" kind="relationship" relationship="rootViewController" id="11"/>
                                </connections>
                            </navigationController>
                            <placeholder placeholderIdentifier="IBFirstResponder" id="4" sceneMemberID="firstResponder"/>
                        </objects>
                    </scene>
                    <scene sceneID="8">
                        <objects>
                            <viewController restorationIdentifier="Master" id="9" customClass="MasterViewController" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="10"/>
                                <simulatedNavigationBarMetrics key="simulatedTopBarMetrics" prompted="NO"/>
                                <connections>
                                    <segue destination="12" kind="push" identifier="showDetail" id="13"/>
                                    <segue destination="12" kind="modal" id="14"/>
                                </connections>
                            </viewController>
                        </objects>
                    </scene>
                    <scene sceneID="15">
                        <objects>
                            <viewController restorationIdentifier="Detail" storyboardIdentifier="Detail" id="12" sceneMemberID="viewController"/>
                        </objects>
                    </scene>
                </scenes>
                <simulatedMetricsContainer key="defaultSimulatedMetrics"><simulatedStatusBarMetrics key="statusBar"/></simulatedMetricsContainer>
            </document>
            """
        let file = try Fixtures.read(text, path: "Old.storyboard")
        #expect(file.format == .legacy && file.targetRuntime == "iOS.CocoaTouch.iPad")
        #expect(file.controllers.map(\.objectID) == ["2", "9", "12"])
        #expect(file.controllers[0].sceneName == "Navigation Controller")
        #expect(file.controllers[1].segues.map(\.kind) == [.push, .modal])
        let map = RestorationMap(set: StoryboardSet([file]))
        #expect(map.tree.nodes.indices.map { map.path(of: $0) ?? [] } == [["Nav"], ["Nav", "Master"], ["Nav", "Detail"]])
        #expect(map.verdicts == [.restored(.existing), .restored(.existing), .restored(.storyboard)])
    }

    @Test("XML that is not an iOS storyboard is refused, saying what it is")
    func notAStoryboard() throws {
        func problem(_ text: String) -> String? {
            do {
                _ = try Fixtures.read(text)
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(problem("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/></plist>")?
            .contains("Main.storyboard:2:1: not an iOS storyboard: the root element is <plist>") == true)
        #expect(problem(#"<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"/>"#)?.contains("a XIB") == true)
        #expect(problem(#"<document type="com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB" version="3.0"/>"#)?.contains("macOS") == true)
        #expect(problem(#"<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="1.0"/>"#)?.contains("version=\"1.0\"") == true)
        #expect(problem(#"<document version="3.0"/>"#)?.contains("has no type") == true)
        #expect(problem(Fixtures.storyboard(#"<scene sceneID="x"><objects><viewController sceneMemberID="viewController"/></objects></scene>"#))?
            .contains("has no id") == true)
    }

    @Test("a storyboard without scenes reads as one without view controllers")
    func noScenes() throws {
        let file = try Fixtures.read(#"<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"/>"#)
        #expect(file.controllers.isEmpty && file.initialControllerIndex == nil)
    }
}
