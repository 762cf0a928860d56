// ViewController: the engine's UIViewController — restoration identifier, restoration class,
// storyboard, children, presented view controller and views, and the base encode/decode of rule 7.

import TraceFormat

/// The model of `UIViewController` for state restoration. Subclass it and override
/// ``encodeRestorableState(with:)`` / ``decodeRestorableState(with:)`` as in UIKit, calling `super`.
///
/// The base encode saves the presented view controller, the storyboard it came from, and asks
/// its views to save; it does **not** save child view controllers (rule 7): containers do.
open class ViewController: RestorableObject {
    /// Coder keys the base class writes.
    public enum Key {
        public static let presentedViewController = "UIPresentedViewController"
        public static let views = "UIViewControllerViews"
    }

    open var restorationIdentifier: String?
    /// Asked first at relaunch, and only it (rules 12, 13).
    open var restorationClass: RestorationClass?
    /// The storyboard it was instantiated from, if any: archived under
    /// ``StateCoderKey/storyboard`` so relaunch can instantiate it again (rule 12).
    open var storyboard: Storyboard?
    /// Its identifier in ``storyboard``.
    open var storyboardIdentifier: String?
    /// Restorable views (`UIView`s with restoration identifiers somewhere in its view tree).
    open var views: [View] = []

    public private(set) var children: [ViewController] = []
    public private(set) weak var parent: ViewController?
    public private(set) var presentedViewController: ViewController?
    public private(set) weak var presentingViewController: ViewController?

    public init(restorationIdentifier: String? = nil) {
        self.restorationIdentifier = restorationIdentifier
    }

    // MARK: Containment and presentation

    open func addChild(_ child: ViewController) {
        child.removeFromParent()
        children.append(child)
        child.parent = self
    }

    open func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
    }

    /// Replaces every child, in order.
    open func setChildren(_ newChildren: [ViewController]) {
        for child in children { child.parent = nil }
        children = []
        for child in newChildren { addChild(child) }
    }

    open func present(_ viewController: ViewController) {
        presentedViewController = viewController
        viewController.presentingViewController = self
    }

    open func dismiss() {
        presentedViewController?.presentingViewController = nil
        presentedViewController = nil
    }

    // MARK: RestorableObject

    open var className: String { String(describing: type(of: self)) }
    open var classLineage: [String] { ClassLineage.names(of: self) }
    open var sourceLocation: ObjectSource? { nil }

    open var restorableChildren: [any RestorableObject] {
        var all: [any RestorableObject] = children
        if let presentedViewController { all.append(presentedViewController) }
        all.append(contentsOf: views)
        return all
    }

    /// Saves the presented view controller and the views (as references) and the storyboard.
    /// Child view controllers are not saved here: containers save them (rule 7).
    open func encodeRestorableState(with coder: StateCoder) {
        if let storyboard {
            var info = JSONObject([JSONMember("name", .string(storyboard.name))])
            if let storyboardIdentifier { info["identifier"] = .string(storyboardIdentifier) }
            coder.encodeSystemValue(.object(info), forKey: StateCoderKey.storyboard)
        }
        if let presentedViewController { coder.encodeSystemReference(presentedViewController, forKey: Key.presentedViewController) }
        if !views.isEmpty { coder.encodeSystemReferences(views, forKey: Key.views) }
    }

    /// Restores the presented view controller, when it was found.
    open func decodeRestorableState(with coder: StateCoder) throws {
        if let presented = coder.decodeObject(forKey: Key.presentedViewController) as? ViewController {
            present(presented)
        }
    }

    open func applicationFinishedRestoringState() {}

    /// The coder key whose references form a stack that is cut at the first child that cannot
    /// be found (rule 17). nil for everything but navigation controllers.
    open var truncatedStackKey: String? { nil }
}

/// A restoration class (`UIViewControllerRestoration`): what recreates a view controller at
/// relaunch. Identified in the archive by ``name``; the relaunched ``Application`` resolves
/// names through ``Application/register(restorationClass:)``.
public struct RestorationClass {
    /// The name archived for it.
    public let name: String
    private let make: ([String], StateCoder) -> ViewController?

    /// A restoration class from a closure: `identifierComponents` is the whole path, the last
    /// component the object's own identifier (rule 15).
    public init(name: String, viewController: @escaping (_ identifierComponents: [String], _ coder: StateCoder) -> ViewController?) {
        self.name = name
        self.make = viewController
    }

    /// A restoration class from a type adopting ``ViewControllerRestoration``.
    public init<T: ViewControllerRestoration>(_ type: T.Type) {
        self.name = String(reflecting: type)
        self.make = { components, coder in T.viewController(withRestorationIdentifierPath: components, coder: coder) }
    }

    public func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: StateCoder) -> ViewController? {
        make(identifierComponents, coder)
    }
}

/// UIKit's `UIViewControllerRestoration`, for types that recreate their own instances.
public protocol ViewControllerRestoration {
    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: StateCoder) -> ViewController?
}

/// A storyboard the relaunched app can instantiate view controllers from (the last step of the
/// search, rule 12).
public protocol Storyboard: AnyObject {
    var name: String { get }
    func instantiateViewController(withIdentifier identifier: String) -> ViewController?
}
