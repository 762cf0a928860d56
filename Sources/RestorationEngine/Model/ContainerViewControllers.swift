// The built-in containers (navigation, tab bar, split, page), which encode their children,
// and ContainerViewController for custom containers, which encode them only if asked (rule 7).

/// `UINavigationController`: encodes its stack in order; at relaunch the stack is cut at the
/// first child that could not be found (rule 17).
open class NavigationController: ViewController {
    public static let stackKey = "UINavigationControllerViewControllers"

    public init(restorationIdentifier: String? = nil, viewControllers: [ViewController] = []) {
        super.init(restorationIdentifier: restorationIdentifier)
        setChildren(viewControllers)
    }

    /// The stack, root first, top last.
    public var viewControllers: [ViewController] { children }
    public var topViewController: ViewController? { children.last }

    open func pushViewController(_ viewController: ViewController) { addChild(viewController) }

    open override var truncatedStackKey: String? { Self.stackKey }

    open override func encodeRestorableState(with coder: StateCoder) {
        super.encodeRestorableState(with: coder)
        coder.encodeSystemReferences(children, forKey: Self.stackKey)
    }

    /// Rebuilds the stack from the children found, stopping at the first one that was archived
    /// but not found; a child that was never archived (no identifier, a duplicate) is left out.
    open override func decodeRestorableState(with coder: StateCoder) throws {
        try super.decodeRestorableState(with: coder)
        var stack: [ViewController] = []
        let archivedPaths = coder.archivedPaths(forKey: Self.stackKey)
        for (index, object) in coder.decodeObjects(forKey: Self.stackKey).enumerated() {
            if index < archivedPaths.count, archivedPaths[index] == nil { continue }
            guard let child = object as? ViewController else { break }
            stack.append(child)
        }
        setChildren(stack)
    }
}

/// `UITabBarController`: encodes its tabs and the selected tab.
open class TabBarController: ViewController {
    public static let childrenKey = "UITabBarControllerViewControllers"
    public static let selectedIndexKey = "UITabBarControllerSelectedIndex"

    public var selectedIndex: Int = 0

    public init(restorationIdentifier: String? = nil, viewControllers: [ViewController] = [], selectedIndex: Int = 0) {
        self.selectedIndex = selectedIndex
        super.init(restorationIdentifier: restorationIdentifier)
        setChildren(viewControllers)
    }

    public var viewControllers: [ViewController] { children }
    public var selectedViewController: ViewController? {
        children.indices.contains(selectedIndex) ? children[selectedIndex] : nil
    }

    open override func encodeRestorableState(with coder: StateCoder) {
        super.encodeRestorableState(with: coder)
        coder.encodeSystemReferences(children, forKey: Self.childrenKey)
        coder.encodeSystemValue(.int(Int64(selectedIndex)), forKey: Self.selectedIndexKey)
    }

    /// Restores the selected tab; the tabs themselves exist at launch.
    open override func decodeRestorableState(with coder: StateCoder) throws {
        try super.decodeRestorableState(with: coder)
        if let index = coder.decodeInteger(forKey: Self.selectedIndexKey) { selectedIndex = index }
        adoptDecodedChildren(from: coder, forKey: Self.childrenKey)
    }
}

/// `UISplitViewController`: encodes its columns.
open class SplitViewController: ViewController {
    public static let childrenKey = "UISplitViewControllerViewControllers"

    public init(restorationIdentifier: String? = nil, viewControllers: [ViewController] = []) {
        super.init(restorationIdentifier: restorationIdentifier)
        setChildren(viewControllers)
    }

    open override func encodeRestorableState(with coder: StateCoder) {
        super.encodeRestorableState(with: coder)
        coder.encodeSystemReferences(children, forKey: Self.childrenKey)
    }

    open override func decodeRestorableState(with coder: StateCoder) throws {
        try super.decodeRestorableState(with: coder)
        adoptDecodedChildren(from: coder, forKey: Self.childrenKey)
    }
}

/// `UIPageViewController`: encodes its visible pages.
open class PageViewController: ViewController {
    public static let childrenKey = "UIPageViewControllerViewControllers"

    public init(restorationIdentifier: String? = nil, viewControllers: [ViewController] = []) {
        super.init(restorationIdentifier: restorationIdentifier)
        setChildren(viewControllers)
    }

    open override func encodeRestorableState(with coder: StateCoder) {
        super.encodeRestorableState(with: coder)
        coder.encodeSystemReferences(children, forKey: Self.childrenKey)
    }

    open override func decodeRestorableState(with coder: StateCoder) throws {
        try super.decodeRestorableState(with: coder)
        adoptDecodedChildren(from: coder, forKey: Self.childrenKey)
    }
}

/// A custom container. UIKit does not save a custom container's children unless its encode
/// writes them: set ``encodesChildren`` (or override the encode and write them yourself).
/// Children it does not encode are excluded with `notEncodedByContainer`.
open class ContainerViewController: ViewController {
    public static let childrenKey = "ContainerViewControllerChildren"

    /// Whether the encode writes the children (false, as for any custom container).
    public var encodesChildren: Bool

    public init(restorationIdentifier: String? = nil, children: [ViewController] = [], encodesChildren: Bool = false) {
        self.encodesChildren = encodesChildren
        super.init(restorationIdentifier: restorationIdentifier)
        setChildren(children)
    }

    open override func encodeRestorableState(with coder: StateCoder) {
        super.encodeRestorableState(with: coder)
        if encodesChildren { coder.encodeSystemReferences(children, forKey: Self.childrenKey) }
    }

    open override func decodeRestorableState(with coder: StateCoder) throws {
        try super.decodeRestorableState(with: coder)
        adoptDecodedChildren(from: coder, forKey: Self.childrenKey)
    }
}

extension ViewController {
    /// The decode of a container whose children exist at launch (tab bar, split, page, custom):
    /// it takes the decoded children only when it has none of its own yet.
    func adoptDecodedChildren(from coder: StateCoder, forKey key: String) {
        let decoded = coder.decodeObjects(forKey: key).compactMap { $0 as? ViewController }
        if children.isEmpty && !decoded.isEmpty { setChildren(decoded) }
    }
}
