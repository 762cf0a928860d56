// Paths of the real storyboards in Fixtures/, and small storyboards written in the tests.

import Foundation
import Storyboard
import Testing

enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static var restorer: String { directory.appendingPathComponent("Restorer-MainStoryboard.storyboard").path }
    static var netNewsWire: String { directory.appendingPathComponent("NetNewsWire-Settings.storyboard").path }

    /// A version 3.0 storyboard whose `<scenes>` hold `scenes`, with `initial` as the initial view controller.
    static func storyboard(initial: String? = nil, version: String = "3.0", runtime: String = "iOS.CocoaTouch",
                           _ scenes: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="\(version)" toolsVersion="14490.70" \
        targetRuntime="\(runtime)" propertyAccessControl="none"\(initial.map { " initialViewController=\"\($0)\"" } ?? "")>
            <scenes>
        \(scenes)
            </scenes>
        </document>
        """
    }

    /// One scene holding `controller`.
    static func scene(_ id: String, _ controller: String) -> String {
        """
                <scene sceneID="s-\(id)">
                    <objects>
        \(controller)
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr-\(id)" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
        """
    }

    static func read(_ text: String, path: String = "Main.storyboard") throws -> StoryboardFile {
        try StoryboardReader().read(bytes: Array(text.utf8), path: path)
    }

    /// The map of storyboards given as text, named Main, Second, ...
    static func map(_ texts: [(name: String, text: String)]) throws -> RestorationMap {
        let files = try texts.map { try read($0.text, path: $0.name + ".storyboard") }
        return RestorationMap(set: StoryboardSet(files))
    }
}

/// Small storyboards written in the tests: `controller("nav", .navigation, id: "Nav", segues: [root("list")])`.
enum Scenes {
    /// A scene holding one controller element with attributes and segues.
    static func controller(_ objectID: String, _ element: String = "viewController", restorationID: String? = nil,
                           storyboardID: String? = nil, useStoryboardID: Bool = false, customClass: String? = nil,
                           segues: [String] = [], inside: String = "") -> String {
        var attributes = "id=\"\(objectID)\""
        if let restorationID { attributes += " restorationIdentifier=\"\(restorationID)\"" }
        if let storyboardID { attributes += " storyboardIdentifier=\"\(storyboardID)\"" }
        if useStoryboardID { attributes += " useStoryboardIdentifierAsRestorationIdentifier=\"YES\"" }
        if let customClass { attributes += " customClass=\"\(customClass)\"" }
        let connections = segues.isEmpty ? "" : "<connections>\(segues.joined())</connections>"
        return Fixtures.scene(objectID, "<\(element) \(attributes) sceneMemberID=\"viewController\">\(inside)\(connections)</\(element)>")
    }

    static func relationship(_ destination: String, _ name: String) -> String {
        "<segue destination=\"\(destination)\" kind=\"relationship\" relationship=\"\(name)\" id=\"rel-\(name)-\(destination)\"/>"
    }

    static func segue(_ destination: String, _ kind: String, identifier: String? = nil) -> String {
        "<segue destination=\"\(destination)\" kind=\"\(kind)\"\(identifier.map { " identifier=\"\($0)\"" } ?? "") id=\"seg-\(kind)-\(destination)\"/>"
    }

    /// A view holding container views that embed `destinations`.
    static func containers(_ destinations: [String]) -> String {
        let views = destinations.map { "<containerView id=\"cv-\($0)\"><connections><segue destination=\"\($0)\" kind=\"embed\" id=\"emb-\($0)\"/></connections></containerView>" }
        return "<view key=\"view\" id=\"view-\(destinations.first ?? "x")\"><subviews>\(views.joined())</subviews></view>"
    }

    /// A view with a restoration identifier (`element` `tableView`, `tableViewCell`, ...).
    static func view(_ element: String, _ restorationID: String, id: String) -> String {
        "<view key=\"view\" id=\"root-\(id)\"><subviews><\(element) restorationIdentifier=\"\(restorationID)\" id=\"\(id)\"/></subviews></view>"
    }

    /// A map of one storyboard made of `scenes`, `initial` its initial view controller.
    static func map(initial: String?, _ scenes: [String]) throws -> RestorationMap {
        RestorationMap(set: StoryboardSet([try Fixtures.read(Fixtures.storyboard(initial: initial, scenes.joined(separator: "\n")))]))
    }
}

extension RestorationMap {
    /// The node of the controller with object ID `objectID` (first file).
    func node(_ objectID: String) -> Int? {
        set.controller(objectID: objectID, inFile: 0).flatMap(node(of:))
    }

    func verdict(_ objectID: String) -> SceneVerdict? {
        set.controller(objectID: objectID, inFile: 0).map(verdict(of:))
    }

    func path(_ objectID: String) -> [String]? { node(objectID).flatMap(path(of:)) }
}

extension Fixtures {
    /// A storyboard of about `bytes` bytes, shaped like an app's: a tab bar whose tabs are
    /// navigation controllers, each with a table view controller (table view, prototype cell with
    /// subviews and constraints) that shows a detail scene.
    static func large(bytes: Int) -> String {
        var scenes: [String] = []
        var tabs: [String] = []
        var size = 0
        var index = 0
        while size < bytes {
            let nav = "nav\(index)", list = "list\(index)", detail = "detail\(index)"
            tabs.append(Scenes.relationship(nav, "viewControllers"))
            let cellViews = (0..<6).map { """
                <label opaque="NO" contentMode="left" text="Label \($0)" textAlignment="natural" lineBreakMode="tailTruncation" id="lbl\(index)-\($0)">
                    <rect key="frame" x="20" y="\($0 * 11)" width="335" height="20.5"/>
                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                    <color key="textColor" red="0.0" green="0.0" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                </label>
                """ }.joined(separator: "\n")
            let table = """
                <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" restorationIdentifier="Table\(index)" alwaysBounceVertical="YES" dataMode="prototypes" style="plain" id="table\(index)">
                    <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                    <prototypes>
                        <tableViewCell contentMode="scaleToFill" selectionStyle="default" reuseIdentifier="Cell" id="cell\(index)">
                            <tableViewCellContentView key="contentView" opaque="NO" id="content\(index)">
                                <subviews>
                \(cellViews)
                                </subviews>
                            </tableViewCellContentView>
                            <connections><segue destination="\(detail)" kind="show" identifier="showDetail" id="show\(index)"/></connections>
                        </tableViewCell>
                    </prototypes>
                </tableView>
                """
            let scene = [
                Scenes.controller(nav, "navigationController", restorationID: "Nav\(index)", segues: [Scenes.relationship(list, "rootViewController")]),
                Scenes.controller(list, "tableViewController", restorationID: "List\(index)", customClass: "ListViewController", inside: table),
                Scenes.controller(detail, restorationID: "Detail\(index)", storyboardID: index % 2 == 0 ? "Detail\(index)" : nil,
                                  inside: Scenes.view("scrollView", "Scroll\(index)", id: "scroll\(index)")),
            ].joined(separator: "\n")
            size += scene.utf8.count
            scenes.append(scene)
            index += 1
        }
        let root = Scenes.controller("tabs", "tabBarController", restorationID: "Tabs", segues: tabs)
        return storyboard(initial: "tabs", ([root] + scenes).joined(separator: "\n"))
    }
}
