// Restorable views: View (subviews), ScrollView (content offset), and TableView/CollectionView,
// whose selection and first visible element are kept as model identifiers through a data
// source adopting ModelAssociation (rule 10).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TraceFormat

/// `UIView` as far as restoration goes: an identifier and subviews.
open class View: RestorableObject {
    public static let subviewsKey = "UIViewSubviews"

    open var restorationIdentifier: String?
    public private(set) var subviews: [View] = []
    public private(set) weak var superview: View?

    public init(restorationIdentifier: String? = nil, subviews: [View] = []) {
        self.restorationIdentifier = restorationIdentifier
        for view in subviews { addSubview(view) }
    }

    open func addSubview(_ view: View) {
        view.superview?.subviews.removeAll { $0 === view }
        subviews.append(view)
        view.superview = self
    }

    open var className: String { String(describing: type(of: self)) }
    open var classLineage: [String] { ClassLineage.names(of: self) }
    open var sourceLocation: ObjectSource? { nil }
    open var restorableChildren: [any RestorableObject] { subviews }

    open func encodeRestorableState(with coder: StateCoder) {
        if !subviews.isEmpty { coder.encodeSystemReferences(subviews, forKey: Self.subviewsKey) }
    }
    open func decodeRestorableState(with coder: StateCoder) throws {}
    open func applicationFinishedRestoringState() {}
}

/// A point, for content offsets.
public struct Point: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
    public static let zero = Point(x: 0, y: 0)
}

/// `UIScrollView`: keeps its content offset.
open class ScrollView: View {
    public static let contentOffsetKey = "UIScrollViewContentOffset"
    public var contentOffset: Point = .zero

    open override func encodeRestorableState(with coder: StateCoder) {
        super.encodeRestorableState(with: coder)
        coder.encodeSystemValue(.array([.double(contentOffset.x), .double(contentOffset.y)]), forKey: Self.contentOffsetKey)
    }

    open override func decodeRestorableState(with coder: StateCoder) throws {
        try super.decodeRestorableState(with: coder)
        if let values = coder.decodeValue(forKey: Self.contentOffsetKey)?.arrayValue, values.count == 2,
           let x = values[0].doubleValue, let y = values[1].doubleValue
        {
            contentOffset = Point(x: x, y: y)
        }
    }
}

/// `UIDataSourceModelAssociation`: maps index paths to identifiers that survive model changes.
public protocol ModelAssociation: AnyObject {
    /// The identifier of the model object shown at `indexPath`, or nil.
    func modelIdentifierForElement(at indexPath: IndexPath, in view: View) -> String?
    /// Where the model object `identifier` is now, or nil when the model no longer has it.
    func indexPathForElement(withModelIdentifier identifier: String, in view: View) -> IndexPath?
}

/// Shared behaviour of table and collection views: selection and first visible element are
/// archived as model identifiers, only when the data source adopts ``ModelAssociation``.
open class ElementListView: ScrollView {
    public static let selectedModelIdsKey = "UIListViewSelectedModelIdentifiers"
    public static let firstVisibleModelIdKey = "UIListViewFirstVisibleModelIdentifier"

    /// The data source, when it adopts model association (held weakly, as in UIKit).
    public weak var dataSource: (any ModelAssociation)?
    public var selectedIndexPaths: [IndexPath] = []
    public var firstVisibleIndexPath: IndexPath?

    /// After a decode: the archived model identifiers that mapped back to an index path.
    public private(set) var restoredSelectedModelIds: [String] = []
    public private(set) var restoredFirstVisibleModelId: String?
    /// After a decode: archived identifiers the model no longer has.
    public private(set) var unmatchedModelIds: [String] = []

    open override func encodeRestorableState(with coder: StateCoder) {
        super.encodeRestorableState(with: coder)
        guard let dataSource else { return }
        let selected = selectedIndexPaths.compactMap { dataSource.modelIdentifierForElement(at: $0, in: self) }
        if !selected.isEmpty { coder.encodeSystemValue(.strings(selected), forKey: Self.selectedModelIdsKey) }
        if let first = firstVisibleIndexPath, let id = dataSource.modelIdentifierForElement(at: first, in: self) {
            coder.encodeSystemValue(.string(id), forKey: Self.firstVisibleModelIdKey)
        }
    }

    open override func decodeRestorableState(with coder: StateCoder) throws {
        try super.decodeRestorableState(with: coder)
        restoredSelectedModelIds = []
        restoredFirstVisibleModelId = nil
        unmatchedModelIds = []
        let selected = coder.decodeValue(forKey: Self.selectedModelIdsKey)?.stringArrayValue ?? []
        let first = coder.decodeString(forKey: Self.firstVisibleModelIdKey)
        guard let dataSource else {
            unmatchedModelIds = Self.firstOccurrences(selected + (first.map { [$0] } ?? []))
            return
        }
        var paths: [IndexPath] = []
        for id in selected {
            if let path = dataSource.indexPathForElement(withModelIdentifier: id, in: self) {
                paths.append(path)
                restoredSelectedModelIds.append(id)
            } else {
                unmatchedModelIds.append(id)
            }
        }
        selectedIndexPaths = paths
        if let first {
            if let path = dataSource.indexPathForElement(withModelIdentifier: first, in: self) {
                firstVisibleIndexPath = path
                restoredFirstVisibleModelId = first
            } else {
                unmatchedModelIds.append(first)
            }
        }
        unmatchedModelIds = Self.firstOccurrences(unmatchedModelIds)
    }

    /// `identifiers` without repeats, in first-seen order (an identifier both selected and first visible is listed once).
    private static func firstOccurrences(_ identifiers: [String]) -> [String] {
        var seen: Set<String> = []
        return identifiers.filter { seen.insert($0).inserted }
    }
}

/// `UITableView`.
open class TableView: ElementListView {}

/// `UICollectionView`.
open class CollectionView: ElementListView {}
