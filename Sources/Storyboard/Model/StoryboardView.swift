// A view of a scene that carries a restoration identifier: a table, collection, scroll, text or
// web view, any other view, or a table or collection view cell (where an identifier does nothing
// for restoration: cells are prototypes, copied at run time).

import TraceFormat

/// What restoration keeps of a view: scroll views their offset; tables and collections also their
/// selection (the scenario format's view `kind`).
public enum StoryboardViewKind: String, Sendable, Hashable, CaseIterable {
    case plain, scroll, table, collection
}

/// One view with a `restorationIdentifier`.
public struct StoryboardView: Sendable, Hashable {
    public var objectID: String?
    /// The element name: `tableView`, `scrollView`, `tableViewCell`, ...
    public var element: String
    public var customClass: String?
    /// The `restorationIdentifier` as written (possibly empty).
    public var restorationIdentifier: String
    /// A table or collection view cell (or reusable view) itself.
    public var isCell: Bool
    /// Inside a cell's content: a prototype, not a view the scene shows as such.
    public var isInsideCell: Bool
    public var source: ObjectSource

    public init(objectID: String?, element: String, customClass: String? = nil, restorationIdentifier: String,
                isCell: Bool = false, isInsideCell: Bool = false, source: ObjectSource) {
        self.objectID = objectID
        self.element = element
        self.customClass = customClass
        self.restorationIdentifier = restorationIdentifier
        self.isCell = isCell
        self.isInsideCell = isInsideCell
        self.source = source
    }

    public var uikitClass: String { UIKitClassNames.view(element: element) }

    public var className: String {
        if let customClass, !customClass.isEmpty { return customClass }
        return uikitClass
    }

    /// What restoration keeps of it: scroll views their offset, tables and collections also selection.
    public var kind: StoryboardViewKind {
        switch element {
        case "tableView": return .table
        case "collectionView": return .collection
        case "scrollView", "textView": return .scroll
        default: return .plain
        }
    }

    /// Whether the view itself is a prototype (a cell, or something inside one).
    public var isPrototype: Bool { isCell || isInsideCell }

    /// The element names of cells.
    static let cellElements: Set<String> = ["tableViewCell", "collectionViewCell", "collectionReusableView"]
}
