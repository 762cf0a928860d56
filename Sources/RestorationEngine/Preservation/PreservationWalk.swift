// PreservationWalk: one preservation pass over an Application — shouldSave, willEncode, then
// every object from the windows' roots down, each encoded in its own coder, in walk order
// (depth first, an object's references in the order it wrote them). Iterative throughout: a
// wide or deep hierarchy never grows the call stack.

import TraceFormat

final class PreservationWalk {
    private let application: Application
    private let recorder: any TraceRecorder
    private let limits: PreservationLimits
    private let timestamp: Double

    /// Objects already given a path (encoded or about to be).
    private var pathOf: [ObjectIdentifier: RestorationPath] = [:]
    /// Objects already decided one way or the other, so nothing is reported twice.
    private var decided: Set<ObjectIdentifier> = []
    private var taken: Set<RestorationPath> = []
    /// Kept only when the caller wants the archive in memory (``Preserver/makeArchive(recorder:)``).
    private let keepsArchive: Bool
    private var objects: [ArchivedObject] = []
    private var objectCount = 0
    private var objectBytes = ArchiveByteWriter()
    private var encodedPaths: [[String]] = []
    private var exclusions: [Exclusion] = []
    private var errors: [String] = []
    /// Every coder requires secure coding (the secure pair, rule 40).
    private var secure = false

    private struct Pending {
        var object: any RestorableObject
        var path: RestorationPath
        var kind: ArchivedObject.Kind
    }

    init(application: Application, recorder: any TraceRecorder, limits: PreservationLimits, timestamp: Double,
         keepsArchive: Bool) {
        self.keepsArchive = keepsArchive
        self.application = application
        self.recorder = recorder
        self.limits = limits
        self.timestamp = timestamp
    }

    /// Runs shouldSave, willEncode and the walk; returns nil archive when shouldSave said no.
    func run() throws(PreservationError) -> PreservationResult {
        let applicationCoder = StateCoder(restorationPath: [])
        applicationCoder.encodeSystemValue(.string(application.bundleVersion), forKey: StateCoderKey.bundleVersion)
        applicationCoder.encodeSystemValue(.string(application.userInterfaceIdiom), forKey: StateCoderKey.userInterfaceIdiom)
        applicationCoder.encodeSystemValue(.double(timestamp), forKey: StateCoderKey.timestamp)
        applicationCoder.encodeSystemValue(.string(application.systemVersion), forKey: StateCoderKey.systemVersion)

        // Rule 1: nothing is preserved unless the app delegate opts in (rule 40: by the secure pair, if it has it).
        let optIn = StateRestorationOptIn(application: application)
        secure = optIn.secure
        let lifecycle = application.lifecycle
        lifecycle.recorder = recorder
        lifecycle.inPreservation = true
        defer {
            lifecycle.inPreservation = false
            lifecycle.recorder = nil
        }
        let shouldSave = optIn.shouldSave(application, coder: applicationCoder, recorder: recorder)
        recorder.instant(.shouldSave, path: nil, className: nil,
                         attributes: [TraceAttribute("result", .bool(shouldSave))] + optIn.attributes(coder: applicationCoder))
        guard shouldSave else { return PreservationResult(shouldSave: false) }

        // Rule 2: willEncode runs first, before any object.
        let willEncodeSpan = recorder.begin(.willEncode, path: nil, className: nil, attributes: [])
        application.delegate?.application(application, willEncodeRestorableStateWith: applicationCoder)
        reportProblems(of: applicationCoder)
        var provisional = ArchiveByteWriter()
        RestorationArchive.writeSlots(applicationSlots(of: applicationCoder), to: &provisional)
        recorder.end(willEncodeSpan, .willEncode, path: nil, attributes: [
            TraceAttribute("bytes", .int(Int64(provisional.bytes.count))),
            TraceAttribute("keys", .strings(applicationCoder.appKeys)),
        ])

        // Seeds: each window's root, then the registered objects the app delegate referenced.
        var seeds: [Pending] = []
        for window in application.windows {
            guard let root = window.rootViewController else { continue }
            if let admitted = try admit(root, parent: nil) { seeds.append(admitted) }
        }
        for case .objects(let referenced, _) in applicationCoder.slots.map(\.slot) {
            for case let object? in referenced {
                guard application.registrationIdentifier(of: object) != nil else {
                    report(error: "the app delegate encoded a \(object.className) that is not registered for restoration; "
                           + "only registered objects can be encoded in willEncode. Register it with registerObject(forStateRestoration:restorationIdentifier:)",
                           path: nil)
                    continue
                }
                if let admitted = try admit(object, parent: nil) { seeds.append(admitted) }
            }
        }
        try walk(seeds)

        // Rule 11: a registered object nothing encoded is only available, not preserved.
        for (identifier, object) in application.registeredObjects where pathOf[ObjectIdentifier(object)] == nil {
            exclude(Exclusion(path: application.registrationPath(of: object)?.components ?? [identifier], className: object.className,
                              reason: .notReferenced, source: object.sourceLocation))
        }

        // The payload is the application coder, the object count and the objects: the objects'
        // bytes are kept apart and copied once, into the file (``encodedPayloadParts``).
        var payload = ArchiveByteWriter()
        RestorationArchive.writeSlots(applicationSlots(of: applicationCoder), to: &payload)
        payload.writeVarint(UInt64(objectCount))
        let archive = keepsArchive ? RestorationArchive(applicationSlots: applicationSlots(of: applicationCoder), objects: objects) : nil
        var result = PreservationResult(shouldSave: true, archive: archive, encodedPaths: encodedPaths,
                                        exclusions: exclusions, errors: errors)
        result.archiveBytes = RestorationArchive.headerSize + payload.bytes.count + objectBytes.bytes.count
        encodedPayloadParts = [payload.bytes, objectBytes.bytes]
        objectBytes = ArchiveByteWriter()
        return result
    }

    /// The payload of the archive built by ``run()``, in parts to be concatenated.
    private(set) var encodedPayloadParts: [[UInt8]] = []

    // MARK: The walk

    private func walk(_ seeds: [Pending]) throws(PreservationError) {
        var stack = Array(seeds.reversed())
        while let item = stack.popLast() {
            let admitted = try encode(item)
            stack.append(contentsOf: admitted.reversed())
        }
    }

    /// Encodes one object in its own coder; returns the objects it referenced that are newly preserved.
    private func encode(_ item: Pending) throws(PreservationError) -> [Pending] {
        let object = item.object
        let className = object.className
        let pathComponents = item.path.components
        // `source` (an extension of the format) says where the app defines the object, when it says.
        let span = recorder.begin(.encode, path: pathComponents, className: className,
                                  attributes: object.sourceLocation.map { [TraceAttribute("source", $0.jsonValue)] } ?? [])
        let coder = StateCoder(restorationPath: pathComponents)
        coder.requiresSecureCoding = secure
        // Room for UIKit's two keys and a few of the object's own, so the coder does not regrow.
        coder.reserveSlots(8)
        coder.encodeSystemValue(.string(application.bundleVersion), forKey: StateCoderKey.bundleVersion)
        coder.encodeSystemValue(.string(application.userInterfaceIdiom), forKey: StateCoderKey.userInterfaceIdiom)
        object.encodeRestorableState(with: coder)
        // Rule 42 (a guess): an object that encoded a non-NSSecureCoding value loses its own
        // values; its references (children, views) are still written, and the archive too.
        let violation = coder.encodingViolation

        // Rule 8: references become paths; the referenced objects encode separately, later.
        var admitted: [Pending] = []
        // Most objects reference a handful of others: a list searched linearly costs less
        // than a set per object (rule 7's check below builds a set only for long lists).
        var referenced: [ObjectIdentifier] = []
        var childPaths: [JSONValue] = []
        var pendingExclusions: [(object: any RestorableObject, exclusion: Exclusion)] = []
        var slots: [ArchivedSlot] = []
        slots.reserveCapacity(coder.slots.count)
        var tooDeep: RestorationPath?
        for keyed in coder.slots {
            let key = keyed.key
            switch keyed.slot {
            case .value(let value):
                // UIKit's per-object keys are stored once, in the application coder.
                if StateCoderKey.isPerObjectKey(key) { continue }
                if violation != nil && !StateCoderKey.isReserved(key) && !StateCoderKey.containerKeys.contains(key) { continue }
                slots.append(ArchivedSlot(key: key, content: .value(value)))
            case .paths(let paths, let isList):
                slots.append(ArchivedSlot(key: key, content: .references(paths, isList: isList)))
            case .objects(let referencedObjects, let isList):
                var paths: [RestorationPath?] = []
                paths.reserveCapacity(referencedObjects.count)
                for (index, reference) in referencedObjects.enumerated() {
                    guard let child = reference else {
                        paths.append(nil)
                        continue
                    }
                    let identity = ObjectIdentifier(child)
                    referenced.append(identity)
                    if let existing = pathOf[identity] {
                        paths.append(existing)
                        childPaths.append(.strings(existing.components))
                        continue
                    }
                    guard decided.insert(identity).inserted else {
                        paths.append(nil)
                        continue
                    }
                    let registration = application.registrationIdentifier(of: child)
                    let isRegistered = registration != nil
                    let identifier = registration ?? child.restorationIdentifier
                    // Rule 49: a registered object hangs below its restorationParent, not below its encoder.
                    let parentPath = isRegistered ? application.registrationPath(of: child)?.parent : item.path
                    switch PreservationDecision.admit(identifier: identifier, parent: parentPath, isRegistered: isRegistered,
                                                      taken: taken, maximumDepth: limits.maximumDepth) {
                    case .preserve(let path):
                        taken.insert(path)
                        pathOf[identity] = path
                        paths.append(path)
                        childPaths.append(.strings(path.components))
                        admitted.append(Pending(object: child, path: path, kind: Self.kind(of: child, registered: isRegistered)))
                    case .exclude(let reason, let path):
                        paths.append(nil)
                        var exclusion = Exclusion(path: path?.components, className: child.className, reason: reason,
                                                  parentPath: path == nil ? pathComponents : nil, source: child.sourceLocation)
                        exclusion.parentKey = key
                        if isList { exclusion.parentIndex = index }
                        pendingExclusions.append((child, exclusion))
                    case .tooDeep(let path):
                        paths.append(nil)
                        tooDeep = tooDeep ?? path
                    }
                }
                slots.append(ArchivedSlot(key: key, content: .references(paths, isList: isList)))
            }
        }

        let viewController = object as? ViewController
        let archived = ArchivedObject(
            kind: item.kind, path: item.path, className: className,
            restorationClassName: viewController?.restorationClass?.name ?? (item.kind == .registeredObject ? object.objectRestorationClass?.name : nil),
            truncatedStackKey: viewController?.truncatedStackKey, slots: slots)
        let before = objectBytes.bytes.count
        RestorationArchive.write(archived, to: &objectBytes)
        objectCount += 1
        if keepsArchive { objects.append(archived) }
        encodedPaths.append(pathComponents)
        reportProblems(of: coder)
        var endAttributes = [
            TraceAttribute("bytes", .int(Int64(objectBytes.bytes.count - before))),
            TraceAttribute("keys", .strings(violation == nil ? coder.appKeys : slots.map(\.key).filter { !StateCoderKey.isReserved($0) })),
            TraceAttribute("children", .array(childPaths)),
        ]
        if let violation {
            endAttributes.append(TraceAttribute("result", .string("secureCodingViolation")))
            endAttributes.append(TraceAttribute("violation", .object(JSONObject([
                JSONMember("key", .string(violation.key)), JSONMember("class", .string(violation.className)),
            ]))))
        }
        recorder.end(span, .encode, path: pathComponents, attributes: endAttributes)
        if let violation { report(error: violation.description, path: pathComponents) }

        if let tooDeep {
            let error = PreservationError.hierarchyTooDeep(path: tooDeep.components, limit: limits.maximumDepth)
            report(error: error.description, path: pathComponents)
            throw error
        }
        for (child, exclusion) in pendingExclusions {
            exclude(exclusion)
            excludeDescendants(of: child, path: exclusion.path, nearestPath: exclusion.path ?? pathComponents)
        }
        // Rule 7: children the encode did not write (a custom container's, for one).
        let referencedSet: Set<ObjectIdentifier>? = referenced.count > 16 ? Set(referenced) : nil
        for child in object.restorableChildren {
            let identity = ObjectIdentifier(child)
            if referencedSet?.contains(identity) ?? referenced.contains(identity) { continue }
            guard pathOf[identity] == nil, decided.insert(identity).inserted else { continue }
            let path = RestorationPath.effectiveIdentifier(child.restorationIdentifier).map { item.path.appending($0).components }
            exclude(Exclusion(path: path, className: child.className, reason: PreservationDecision.unreferencedChildReason,
                              parentPath: path == nil ? pathComponents : nil, source: child.sourceLocation))
            excludeDescendants(of: child, path: path, nearestPath: path ?? pathComponents)
        }
        return admitted
    }

    /// Reports everything below an excluded object (rule 6), iteratively.
    private func excludeDescendants(of root: any RestorableObject, path rootPath: [String]?, nearestPath: [String]) {
        struct Item {
            var object: any RestorableObject
            var path: [String]?
            var nearestPath: [String]
            var ownerExcluded: Bool
            /// Levels below `nearestPath` (1: a child of the object there).
            var depth: Int
        }
        var stack: [Item] = []
        func pushChildren(of object: any RestorableObject, path: [String]?, nearest: [String], ownerExcluded: Bool, depth: Int) {
            let childOwnerExcluded = ownerExcluded || object is ViewController
            for child in object.restorableChildren.reversed() {
                let childPath: [String]? = path.flatMap { parent in
                    RestorationPath.effectiveIdentifier(child.restorationIdentifier).map { parent + [$0] }
                }
                // Below an object with a path, one level below it; below one without, one level deeper.
                stack.append(Item(object: child, path: childPath, nearestPath: childPath ?? nearest, ownerExcluded: childOwnerExcluded,
                                  depth: path == nil ? depth + 1 : 1))
            }
        }
        // The root was excluded as a child of `nearestPath` (or has a path of its own).
        pushChildren(of: root, path: rootPath, nearest: nearestPath, ownerExcluded: false, depth: 1)
        while let item = stack.popLast() {
            let identity = ObjectIdentifier(item.object)
            guard pathOf[identity] == nil, decided.insert(identity).inserted else { continue }
            let reason = PreservationDecision.descendantReason(isView: item.object is View,
                                                               owningViewControllerExcluded: item.ownerExcluded)
            var exclusion = Exclusion(path: item.path, className: item.object.className, reason: reason,
                                      parentPath: item.path == nil ? item.nearestPath : nil, source: item.object.sourceLocation)
            if item.path == nil {
                exclusion.identifier = RestorationPath.effectiveIdentifier(item.object.restorationIdentifier)
                if item.depth > 1 { exclusion.depth = item.depth }
            }
            exclude(exclusion)
            pushChildren(of: item.object, path: item.path, nearest: item.nearestPath, ownerExcluded: item.ownerExcluded,
                         depth: item.depth)
        }
    }

    /// Admits a walk seed (a window's root or an app-delegate reference).
    private func admit(_ object: any RestorableObject, parent: RestorationPath?) throws(PreservationError) -> Pending? {
        let identity = ObjectIdentifier(object)
        guard pathOf[identity] == nil, decided.insert(identity).inserted else { return nil }
        let registration = application.registrationIdentifier(of: object)
        let parent = registration != nil ? application.registrationPath(of: object)?.parent : parent
        switch PreservationDecision.admit(identifier: registration ?? object.restorationIdentifier, parent: parent,
                                          isRegistered: registration != nil, taken: taken, maximumDepth: limits.maximumDepth) {
        case .preserve(let path):
            taken.insert(path)
            pathOf[identity] = path
            return Pending(object: object, path: path, kind: Self.kind(of: object, registered: registration != nil))
        case .exclude(let reason, let path):
            exclude(Exclusion(path: path?.components, className: object.className, reason: reason, parentPath: path == nil ? [] : nil,
                              source: object.sourceLocation))
            excludeDescendants(of: object, path: path?.components, nearestPath: path?.components ?? [])
            return nil
        case .tooDeep(let path):
            throw PreservationError.hierarchyTooDeep(path: path.components, limit: limits.maximumDepth)
        }
    }

    // MARK: Recording

    private func exclude(_ exclusion: Exclusion) {
        exclusions.append(exclusion)
        var attributes: [TraceAttribute] = [TraceAttribute("reason", .string(exclusion.reason.rawValue))]
        if let parent = exclusion.parentPath { attributes.append(TraceAttribute("parent", .strings(parent))) }
        if let identifier = exclusion.identifier { attributes.append(TraceAttribute("identifier", .string(identifier))) }
        if let depth = exclusion.depth { attributes.append(TraceAttribute("depth", .int(Int64(depth)))) }
        if let key = exclusion.parentKey { attributes.append(TraceAttribute("parentKey", .string(key))) }
        if let index = exclusion.parentIndex { attributes.append(TraceAttribute("parentIndex", .int(Int64(index)))) }
        if let source = exclusion.source { attributes.append(TraceAttribute("source", source.jsonValue)) }
        recorder.instant(.exclude, path: exclusion.path, className: exclusion.className, attributes: attributes)
    }

    private func report(error message: String, path: [String]?) {
        errors.append(message)
        recorder.instant(.error, path: path, className: nil, attributes: [TraceAttribute("message", .string(message))])
    }

    private func reportProblems(of coder: StateCoder) {
        for problem in coder.problems {
            report(error: problem, path: coder.restorationPath.isEmpty ? nil : coder.restorationPath)
        }
    }

    private func applicationSlots(of coder: StateCoder) -> [ArchivedSlot] {
        coder.slots.map { keyed in
            let key = keyed.key
            switch keyed.slot {
            case .value(let value): return ArchivedSlot(key: key, content: .value(value))
            case .paths(let paths, let isList): return ArchivedSlot(key: key, content: .references(paths, isList: isList))
            case .objects(let referenced, let isList):
                let paths = referenced.map { object in object.flatMap { pathOf[ObjectIdentifier($0)] } }
                return ArchivedSlot(key: key, content: .references(paths, isList: isList))
            }
        }
    }

    private static func kind(of object: any RestorableObject, registered: Bool) -> ArchivedObject.Kind {
        if registered { return .registeredObject }
        if object is View { return .view }
        return .viewController
    }
}
