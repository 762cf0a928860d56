// RestorableObject: the seam every preservable thing adopts (UIKit's `UIStateRestoring`):
// view controllers, views, and objects registered with the application.

import TraceFormat

/// An object whose state can be preserved and restored.
///
/// ``ViewController`` and ``View`` adopt it; adopt it yourself for an object you register with
/// ``Application/registerObject(forStateRestoration:restorationIdentifier:)``.
public protocol RestorableObject: AnyObject {
    /// The identifier that opts the object in; nil (or `""`) keeps it — and everything below
    /// it — out of the archive (rule 6). Registered objects use their registration identifier.
    var restorationIdentifier: String? { get }
    /// The class name archived for the object and checked at relaunch (rule 16).
    var className: String { get }
    /// The class names the object counts as: its own first, then its superclasses.
    var classLineage: [String] { get }
    /// Objects below this one in the hierarchy (children, presented, views, subviews): the
    /// engine reports every one it does not preserve, with the reason.
    var restorableChildren: [any RestorableObject] { get }
    /// Writes the object's state. Restorable objects passed to the coder are archived as
    /// references (their path); the engine encodes them separately.
    func encodeRestorableState(with coder: StateCoder)
    /// Reads the state back at relaunch. A thrown error becomes an `error` record; the run goes on.
    func decodeRestorableState(with coder: StateCoder) throws
    /// Called on every restored object after all decoding (rule 18).
    func applicationFinishedRestoringState()
    /// Where the app defines the object (a storyboard scene, say), or nil. The preservation walk
    /// writes it as `source` on the object's `encode` or `exclude` record.
    var sourceLocation: ObjectSource? { get }
    /// `UIStateRestoring.restorationParent`: read when the object is registered; its path scopes
    /// the object's identifier (rule 49). Only registered objects' parents are used.
    var restorationParent: (any RestorableObject)? { get }
    /// `UIStateRestoring.objectRestorationClass`: asked for a registered object at relaunch (rule 50).
    var objectRestorationClass: ObjectRestorationClass? { get }
}

extension RestorableObject {
    public var restorationIdentifier: String? { nil }
    public var className: String { String(describing: type(of: self)) }
    public var classLineage: [String] { ClassLineage.names(of: self) }
    public var restorableChildren: [any RestorableObject] { [] }
    public func applicationFinishedRestoringState() {}
    public var sourceLocation: ObjectSource? { nil }
    public var restorationParent: (any RestorableObject)? { nil }
    public var objectRestorationClass: ObjectRestorationClass? { nil }
}

/// Class names of a Swift object and its superclasses, nearest first.
enum ClassLineage {
    static func names(of object: AnyObject) -> [String] {
        var names: [String] = []
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            names.append(String(describing: current.subjectType))
            mirror = current.superclassMirror
        }
        return names
    }

    /// Whether an object of lineage `lineage` counts as `archivedClass` (same class or a subclass).
    static func matches(_ lineage: [String], archivedClass: String) -> Bool { lineage.contains(archivedClass) }
}
