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
