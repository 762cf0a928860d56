// StoryboardFile: one Interface Builder storyboard as read — its scenes' view controllers, each
// with its segues and its restorable views, and where every one of them is in the file.

import TraceFormat

/// The two generations of storyboard XML.
public enum StoryboardFormat: String, Sendable, Hashable, CaseIterable {
    /// `version="3.0"`: Xcode 8 and later (object IDs like `Fow-qg-25e`).
    case xcode8 = "3.0"
    /// `version="2.0"`: Xcode 4 to 7 (plain numeric IDs; elements such as `simulatedStatusBarMetrics` are ignored).
    case legacy = "2.0"
}

/// One storyboard file.
public struct StoryboardFile: Sendable, Hashable {
    /// The file as it was given (messages and locations use it).
    public var path: String
    /// How other storyboards' references name it: the file name without `.storyboard` (`Main`).
    public var name: String
    public var format: StoryboardFormat
    /// `targetRuntime`: `iOS.CocoaTouch`, `iOS.CocoaTouch.iPad`, `AppleTV`, ...
    public var targetRuntime: String?
    /// The object ID of the initial view controller (`initialViewController`), if it has one.
    public var initialViewControllerID: String?
    /// Every scene's view controller (and storyboard reference), in file order.
    public var controllers: [StoryboardController]
    /// Object IDs of the scenes' Exit placeholders, which unwind segues point at.
    public var exitIDs: Set<String>
    /// Where the `<document>` element is.
    public var source: ObjectSource

    public init(path: String, name: String, format: StoryboardFormat, targetRuntime: String? = nil,
                initialViewControllerID: String? = nil, controllers: [StoryboardController] = [], exitIDs: Set<String> = [],
                source: ObjectSource) {
        self.path = path
        self.name = name
        self.format = format
        self.targetRuntime = targetRuntime
        self.initialViewControllerID = initialViewControllerID
        self.controllers = controllers
        self.exitIDs = exitIDs
        self.source = source
    }

    /// The index of the controller with the object ID `id`.
    public func controllerIndex(id: String) -> Int? { controllers.firstIndex { $0.objectID == id } }

    /// The index of the initial view controller, when the file names one that exists.
    public var initialControllerIndex: Int? { initialViewControllerID.flatMap(controllerIndex(id:)) }

    /// `Base.lproj/Main.storyboard` -> `Main`.
    public static func name(ofPath path: String) -> String {
        var name = path
        if let slash = name.lastIndex(of: "/") { name = String(name[name.index(after: slash)...]) }
        if name.hasSuffix(".storyboard"), name.count > ".storyboard".count { name.removeLast(".storyboard".count) }
        return name
    }
}
