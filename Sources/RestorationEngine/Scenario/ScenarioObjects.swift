// Engine objects that act out a scenario's view controllers, views and registered objects:
// they encode the scenario's `state` and `encodes`, spend its `cost`, and at relaunch fail or
// crash in decode where the scenario says so.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TraceFormat

/// A scenario object's decode failed because the scenario sets `restore.decodeThrows`.
public struct ScenarioDecodeFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: [String]
    public var description: String { "the scenario sets restore.decodeThrows for \(path)" }
}

/// What a scenario view controller does in encode and decode; shared by every kind.
final class ScenarioBehavior {
    let className: String
    let lineage: [String]
    let state: JSONObject
    let encodes: [String]
    let cost: ScenarioCost?
    let decodeThrows: Bool
    /// nil before termination; at relaunch, what a crash in decode does.
    let crash: (([String]) throws -> Void)?
    let crashesDuringDecode: Bool
    let source: ObjectSource?
    let secureCoding: ScenarioSecureCoding
    weak var application: Application?

    init(node: ScenarioViewController, className: String, superclasses: [String], application: Application,
         crash: (([String]) throws -> Void)?) {
        self.className = className
        self.lineage = [className] + superclasses
        self.state = node.state
        self.encodes = node.encodes
        self.cost = node.cost
        self.decodeThrows = node.restore.decodeThrows
        self.crashesDuringDecode = node.restore.crashesDuringDecode
        self.source = node.source
        self.secureCoding = node.secureCoding
        self.crash = crash
        self.application = application
    }

    func encode(with coder: StateCoder) {
        ScenarioSecureCodingActs.encode(state, secureCoding: secureCoding, with: coder)
        for identifier in encodes {
            if let object = application?.registeredObject(withIdentifier: identifier) {
                coder.encode(object, forKey: identifier)
            } else {
                coder.reportError("\(className) encodes \"\(identifier)\", which is not among the scenario's registeredObjects; add it there or remove it from encodes")
            }
        }
        BusyWork.spend(micros: cost?.encodeMicros ?? 0)
    }

    func decode(with coder: StateCoder) throws {
        BusyWork.spend(micros: cost?.decodeMicros ?? 0)
        if crashesDuringDecode, let crash { try crash(coder.restorationPath) }
        if decodeThrows { throw ScenarioDecodeFailure(path: coder.restorationPath) }
        try ScenarioSecureCodingActs.decode(secureCoding: secureCoding, with: coder)
    }
}

/// Really spends time, on the monotonic clock, to model slow objects.
enum BusyWork {
    static func spend(micros: Int) {
        guard micros > 0 else { return }
        let deadline = RecordStamper.monotonicNanoseconds() &+ UInt64(micros) &* 1_000
        while RecordStamper.monotonicNanoseconds() < deadline {}
    }
}

final class ScenarioPlainViewController: ViewController {
    let behavior: ScenarioBehavior
    init(_ behavior: ScenarioBehavior, restorationIdentifier: String?) {
        self.behavior = behavior
        super.init(restorationIdentifier: restorationIdentifier)
    }
    override var className: String { behavior.className }
    override var classLineage: [String] { behavior.lineage }
    override var sourceLocation: ObjectSource? { behavior.source }
    override func encodeRestorableState(with coder: StateCoder) {
        super.encodeRestorableState(with: coder)
        behavior.encode(with: coder)
    }
    override func decodeRestorableState(with coder: StateCoder) throws {
        try super.decodeRestorableState(with: coder)
        try behavior.decode(with: coder)
    }
}

final class ScenarioNavigationController: NavigationController {
    let behavior: ScenarioBehavior
    init(_ behavior: ScenarioBehavior, restorationIdentifier: String?) {
        self.behavior = behavior
        super.init(restorationIdentifier: restorationIdentifier)
    }
    override var className: String { behavior.className }
    override var classLineage: [String] { behavior.lineage }
    override var sourceLocation: ObjectSource? { behavior.source }
    override func encodeRestorableState(with coder: StateCoder) {
        super.encodeRestorableState(with: coder)
        behavior.encode(with: coder)
    }
    override func decodeRestorableState(with coder: StateCoder) throws {
        try super.decodeRestorableState(with: coder)
        try behavior.decode(with: coder)
    }
}

final class ScenarioTabBarController: TabBarController {
    let behavior: ScenarioBehavior
    init(_ behavior: ScenarioBehavior, restorationIdentifier: String?, selectedIndex: Int) {
        self.behavior = behavior
        super.init(restorationIdentifier: restorationIdentifier, selectedIndex: selectedIndex)
    }
    override var className: String { behavior.className }
    override var classLineage: [String] { behavior.lineage }
    override var sourceLocation: ObjectSource? { behavior.source }
    override func encodeRestorableState(with coder: StateCoder) {
        super.encodeRestorableState(with: coder)
        behavior.encode(with: coder)
    }
    override func decodeRestorableState(with coder: StateCoder) throws {
        try super.decodeRestorableState(with: coder)
        try behavior.decode(with: coder)
    }
}

final class ScenarioSplitViewController: SplitViewController {
    let behavior: ScenarioBehavior
    init(_ behavior: ScenarioBehavior, restorationIdentifier: String?) {
        self.behavior = behavior
        super.init(restorationIdentifier: restorationIdentifier)
    }
    override var className: String { behavior.className }
    override var classLineage: [String] { behavior.lineage }
    override var sourceLocation: ObjectSource? { behavior.source }
    override func encodeRestorableState(with coder: StateCoder) {
        super.encodeRestorableState(with: coder)
        behavior.encode(with: coder)
    }
    override func decodeRestorableState(with coder: StateCoder) throws {
        try super.decodeRestorableState(with: coder)
        try behavior.decode(with: coder)
    }
}

final class ScenarioPageViewController: PageViewController {
    let behavior: ScenarioBehavior
    init(_ behavior: ScenarioBehavior, restorationIdentifier: String?) {
        self.behavior = behavior
        super.init(restorationIdentifier: restorationIdentifier)
    }
    override var className: String { behavior.className }
    override var classLineage: [String] { behavior.lineage }
    override var sourceLocation: ObjectSource? { behavior.source }
    override func encodeRestorableState(with coder: StateCoder) {
        super.encodeRestorableState(with: coder)
        behavior.encode(with: coder)
    }
    override func decodeRestorableState(with coder: StateCoder) throws {
        try super.decodeRestorableState(with: coder)
        try behavior.decode(with: coder)
    }
}

final class ScenarioCustomContainer: ContainerViewController {
    let behavior: ScenarioBehavior
    init(_ behavior: ScenarioBehavior, restorationIdentifier: String?, encodesChildren: Bool) {
        self.behavior = behavior
        super.init(restorationIdentifier: restorationIdentifier, encodesChildren: encodesChildren)
    }
    override var className: String { behavior.className }
    override var classLineage: [String] { behavior.lineage }
    override var sourceLocation: ObjectSource? { behavior.source }
    override func encodeRestorableState(with coder: StateCoder) {
        super.encodeRestorableState(with: coder)
        behavior.encode(with: coder)
    }
    override func decodeRestorableState(with coder: StateCoder) throws {
        try super.decodeRestorableState(with: coder)
        try behavior.decode(with: coder)
    }
}

/// The model behind a scenario table or collection view: its model identifiers, in order.
final class ScenarioModel: ModelAssociation {
    let identifiers: [String]
    /// First position of each identifier; only for long models (a short one is searched in place).
    private let positions: [String: Int]?

    init(identifiers: [String]) {
        self.identifiers = identifiers
        if identifiers.count > 16 {
            var positions: [String: Int] = [:]
            for (index, identifier) in identifiers.enumerated() where positions[identifier] == nil { positions[identifier] = index }
            self.positions = positions
        } else {
            self.positions = nil
        }
    }

    func indexPath(of identifier: String) -> IndexPath? {
        let position = positions.map { $0[identifier] } ?? identifiers.firstIndex(of: identifier)
        return position.map { IndexPath(index: 0).appending($0) }
    }

    func modelIdentifierForElement(at indexPath: IndexPath, in view: View) -> String? {
        guard indexPath.count == 2, indexPath[0] == 0, identifiers.indices.contains(indexPath[1]) else { return nil }
        return identifiers[indexPath[1]]
    }

    func indexPathForElement(withModelIdentifier identifier: String, in view: View) -> IndexPath? { indexPath(of: identifier) }
}

/// What a scenario view writes beyond what its engine class writes.
struct ScenarioViewBehavior {
    let className: String
    let state: JSONObject
    let source: ObjectSource?
    func encode(with coder: StateCoder) { for member in state.members { coder.encode(member.value, forKey: member.key) } }
}

final class ScenarioPlainView: View {
    let behavior: ScenarioViewBehavior
    init(_ behavior: ScenarioViewBehavior, restorationIdentifier: String?) {
        self.behavior = behavior
        super.init(restorationIdentifier: restorationIdentifier)
    }
    override var className: String { behavior.className }
    override var classLineage: [String] { [behavior.className] }
    override var sourceLocation: ObjectSource? { behavior.source }
    override func encodeRestorableState(with coder: StateCoder) {
        super.encodeRestorableState(with: coder)
        behavior.encode(with: coder)
    }
}

final class ScenarioScrollView: ScrollView {
    let behavior: ScenarioViewBehavior
    init(_ behavior: ScenarioViewBehavior, restorationIdentifier: String?) {
        self.behavior = behavior
        super.init(restorationIdentifier: restorationIdentifier)
    }
    override var className: String { behavior.className }
    override var classLineage: [String] { [behavior.className] }
    override var sourceLocation: ObjectSource? { behavior.source }
    override func encodeRestorableState(with coder: StateCoder) {
        super.encodeRestorableState(with: coder)
        behavior.encode(with: coder)
    }
}

final class ScenarioTableView: TableView {
    let behavior: ScenarioViewBehavior
    /// Holds the data source (``ElementListView/dataSource`` is weak, as in UIKit).
    var model: ScenarioModel?
    init(_ behavior: ScenarioViewBehavior, restorationIdentifier: String?) {
        self.behavior = behavior
        super.init(restorationIdentifier: restorationIdentifier)
    }
    override var className: String { behavior.className }
    override var classLineage: [String] { [behavior.className] }
    override var sourceLocation: ObjectSource? { behavior.source }
    override func encodeRestorableState(with coder: StateCoder) {
        super.encodeRestorableState(with: coder)
        behavior.encode(with: coder)
    }
}

final class ScenarioCollectionView: CollectionView {
    let behavior: ScenarioViewBehavior
    var model: ScenarioModel?
    init(_ behavior: ScenarioViewBehavior, restorationIdentifier: String?) {
        self.behavior = behavior
        super.init(restorationIdentifier: restorationIdentifier)
    }
    override var className: String { behavior.className }
    override var classLineage: [String] { [behavior.className] }
    override var sourceLocation: ObjectSource? { behavior.source }
    override func encodeRestorableState(with coder: StateCoder) {
        super.encodeRestorableState(with: coder)
        behavior.encode(with: coder)
    }
}

/// A registered object from `registeredObjects`.
final class ScenarioRegisteredInstance: RestorableObject {
    let registration: ScenarioRegisteredObject
    private weak var world: ScenarioWorld?
    init(_ registration: ScenarioRegisteredObject, world: ScenarioWorld? = nil) {
        self.registration = registration
        self.world = world
    }
    var restorationIdentifier: String? { registration.restorationIdentifier }
    var className: String { registration.className }
    var classLineage: [String] { [registration.className] }
    var objectRestorationClass: ObjectRestorationClass? {
        registration.objectRestorationClass.map { ObjectRestorationClass(name: $0) { _, _ in nil } }
    }
    func encodeRestorableState(with coder: StateCoder) {
        ScenarioSecureCodingActs.encode(registration.state, secureCoding: registration.secureCoding, with: coder)
    }
    func decodeRestorableState(with coder: StateCoder) throws {
        try ScenarioSecureCodingActs.decode(secureCoding: registration.secureCoding, with: coder)
    }
}

/// How a scenario object writes and reads the values its `secureCoding` names (rules 41, 42).
enum ScenarioSecureCodingActs {
    static func encode(_ state: JSONObject, secureCoding: ScenarioSecureCoding, with coder: StateCoder) {
        for member in state.members {
            if let className = secureCoding.notSecureCoding.first(where: { $0.key == member.key })?.value.stringValue {
                coder.encode(member.value, ofClass: className, supportsSecureCoding: false, forKey: member.key)
            } else {
                coder.encode(member.value, forKey: member.key)
            }
        }
    }

    static func decode(secureCoding: ScenarioSecureCoding, with coder: StateCoder) throws {
        for member in secureCoding.decodedWithoutAllowedClasses {
            _ = try coder.decodeObjectWithoutAllowedClasses(forKey: member.key, archivedClass: member.value.stringValue ?? "NSObject")
        }
    }
}
