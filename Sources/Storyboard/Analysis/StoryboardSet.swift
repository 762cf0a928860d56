// StoryboardSet: several storyboards read together, so that a storyboard reference in one leads
// to its scene in another. A reference to a storyboard that was not given stays unresolved and
// is reported (lint's unresolved-storyboard-reference), never fatal.

/// One view controller of a set: which file, which controller in it.
public struct ControllerID: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var file: Int
    public var index: Int
    public init(file: Int, index: Int) {
        self.file = file
        self.index = index
    }
    public static func < (a: Self, b: Self) -> Bool { (a.file, a.index) < (b.file, b.index) }
    public var description: String { "\(file):\(index)" }
}

/// Why a storyboard reference leads nowhere.
public enum UnresolvedReference: Error, Sendable, Hashable, CustomStringConvertible {
    /// The storyboard it names was not among the inputs.
    case storyboardNotGiven(name: String)
    /// The storyboard was given but has no scene with that storyboard ID.
    case noSuchIdentifier(storyboard: String, identifier: String)
    /// It names a storyboard's initial view controller, and that storyboard has none.
    case noInitialViewController(storyboard: String)
    /// References that lead back to themselves.
    case cycle

    public var description: String {
        switch self {
        case .storyboardNotGiven(let name):
            return "the storyboard \(name) was not given; add \(name).storyboard to the command line to follow it"
        case .noSuchIdentifier(let storyboard, let identifier):
            return "\(storyboard).storyboard has no scene with the storyboard ID \(identifier)"
        case .noInitialViewController(let storyboard):
            return "\(storyboard).storyboard has no initial view controller to refer to"
        case .cycle:
            return "storyboard references lead back to themselves"
        }
    }
}

/// Where a segue leads.
public enum SegueDestination: Sendable, Hashable {
    /// A view controller (through any storyboard references on the way).
    case controller(ControllerID)
    /// A storyboard reference that leads nowhere.
    case unresolved(reference: ControllerID, UnresolvedReference)
    /// A scene's Exit placeholder (unwind segues).
    case exit
    /// An object ID that no scene of the file has.
    case missing(objectID: String)
    /// The segue names no destination.
    case none
}

/// Storyboards read together.
public struct StoryboardSet: Sendable {
    public let files: [StoryboardFile]
    /// Per file, object ID -> controller index.
    private let indexByObjectID: [[String: Int]]
    /// File name (`Main`) -> first file with it.
    private let fileByName: [String: Int]

    /// How many references may chain (a reference to a storyboard whose initial scene is a reference ...).
    static let maximumReferenceChain = 32

    public init(_ files: [StoryboardFile]) {
        self.files = files
        indexByObjectID = files.map { file in
            var map: [String: Int] = [:]
            for (index, controller) in file.controllers.enumerated() where map[controller.objectID] == nil {
                map[controller.objectID] = index
            }
            return map
        }
        var names: [String: Int] = [:]
        for (index, file) in files.enumerated() where names[file.name] == nil { names[file.name] = index }
        fileByName = names
    }

    public subscript(id: ControllerID) -> StoryboardController { files[id.file].controllers[id.index] }

    /// Every controller of every file, in order.
    public var allControllers: [ControllerID] {
        files.indices.flatMap { file in files[file].controllers.indices.map { ControllerID(file: file, index: $0) } }
    }

    /// The controller with object ID `objectID` in file `file`.
    public func controller(objectID: String, inFile file: Int) -> ControllerID? {
        indexByObjectID[file][objectID].map { ControllerID(file: file, index: $0) }
    }

    /// The file named `name` (`Main` for Main.storyboard).
    public func file(named name: String) -> Int? { fileByName[name] }

    /// The controller `id` stands for: itself, or where the storyboard reference it is leads.
    public func resolve(_ id: ControllerID) -> Result<ControllerID, UnresolvedReference> {
        var current = id
        for _ in 0..<StoryboardSet.maximumReferenceChain {
            let controller = self[current]
            guard controller.kind == .reference else { return .success(current) }
            let reference = controller.reference ?? StoryboardReference(storyboardName: nil, referencedIdentifier: nil)
            let fileIndex: Int
            if let name = reference.storyboardName {
                guard let found = file(named: name) else { return .failure(.storyboardNotGiven(name: name)) }
                fileIndex = found
            } else {
                fileIndex = current.file
            }
            let file = files[fileIndex]
            if let identifier = reference.referencedIdentifier {
                guard let index = file.controllers.firstIndex(where: { $0.storyboardIdentifier == identifier && $0.kind != .reference })
                    ?? file.controllers.firstIndex(where: { $0.storyboardIdentifier == identifier })
                else {
                    return .failure(.noSuchIdentifier(storyboard: file.name, identifier: identifier))
                }
                current = ControllerID(file: fileIndex, index: index)
            } else {
                guard let index = file.initialControllerIndex else { return .failure(.noInitialViewController(storyboard: file.name)) }
                current = ControllerID(file: fileIndex, index: index)
            }
        }
        return .failure(.cycle)
    }

    /// Where `segue`, a segue of a controller of file `file`, leads.
    public func destination(of segue: StoryboardSegue, inFile file: Int) -> SegueDestination {
        guard let objectID = segue.destinationID else { return .none }
        guard let target = controller(objectID: objectID, inFile: file) else {
            return files[file].exitIDs.contains(objectID) || segue.kind == .unwind ? .exit : .missing(objectID: objectID)
        }
        switch resolve(target) {
        case .success(let resolved): return .controller(resolved)
        case .failure(let reason): return .unresolved(reference: target, reason)
        }
    }

    /// Where the app starts: the initial view controller of each storyboard that no reference of
    /// the set points at (those are entered through their references), else the first file's.
    public var launchRoots: [ControllerID] {
        var referenced = Set<Int>()
        for id in allControllers where self[id].kind == .reference {
            guard let name = self[id].reference?.storyboardName, let file = file(named: name), file != id.file else { continue }
            referenced.insert(file)
        }
        var roots: [ControllerID] = []
        for (fileIndex, file) in files.enumerated() where !referenced.contains(fileIndex) {
            guard let index = file.initialControllerIndex, case .success(let root) = resolve(ControllerID(file: fileIndex, index: index))
            else { continue }
            if !roots.contains(root) { roots.append(root) }
        }
        if roots.isEmpty, let first = files.indices.first(where: { files[$0].initialControllerIndex != nil }),
           case .success(let root) = resolve(ControllerID(file: first, index: files[first].initialControllerIndex!))
        {
            roots.append(root)
        }
        return roots
    }

    /// Controllers a name given on the command line can mean: the storyboard ID first, then the
    /// restoration identifier, the class, the object ID; storyboard references are never
    /// candidates (they lead elsewhere).
    public func controllers(named name: String) -> [ControllerID] {
        let all = allControllers.filter { self[$0].kind != .reference }
        for match in [{ (c: StoryboardController) in c.storyboardIdentifier == name },
                      { (c: StoryboardController) in c.effectiveRestorationIdentifier == name },
                      { (c: StoryboardController) in c.className == name },
                      { (c: StoryboardController) in c.objectID == name }] {
            let found = all.filter { match(self[$0]) }
            if !found.isEmpty { return found }
        }
        return []
    }

    /// The storyboard IDs of the set, sorted, for messages that list what a user can choose.
    public var storyboardIdentifiers: [String] {
        Array(Set(allControllers.compactMap { id -> String? in
            let controller = self[id]
            guard controller.kind != .reference, let identifier = controller.storyboardIdentifier, !identifier.isEmpty else { return nil }
            return identifier
        })).sorted()
    }
}
