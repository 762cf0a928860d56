// Restorer: the second process's side — willFinishLaunching, rule 4's safety deletions, the
// archive read, shouldRestore, then every archived object located (parents first), decoded,
// didDecode, finishedRestoring, didFinishLaunching (rule 3's order), each step recorded.

import TraceFormat

/// Restores an ``Application`` from the archive in a directory, as UIKit does at launch.
///
/// ```swift
/// let report = try Restorer(application: relaunchedApp).restore(from: ArchiveDirectory(url: dir), recorder: recorder)
/// ```
public struct Restorer {
    public let application: Application

    public init(application: Application) { self.application = application }

    /// Runs the whole launch. Throws only a ``ProcessTermination`` (a simulated crash), which
    /// leaves the open spans open and the restoration marker on disk, as a real crash would.
    public func restore(from directory: ArchiveDirectory, recorder: any TraceRecorder) throws -> RestorationReport {
        try RestorationPass(application: application, directory: directory, recorder: recorder).run()
    }
}

/// The state of one restoration.
private final class RestorationPass {
    let application: Application
    let directory: ArchiveDirectory
    let recorder: any TraceRecorder
    var report = RestorationReport()
    /// Objects located, by path.
    var located: [RestorationPath: any RestorableObject] = [:]
    /// Paths that were not restored: their descendants are excluded.
    var failed: Set<RestorationPath> = []
    /// Every coder requires secure coding (the secure pair, rule 40).
    var secure = false
    /// Navigation stacks already cut (rule 17), whose warning is written (rule 55).
    var truncatedStacks: Set<RestorationPath> = []

    init(application: Application, directory: ArchiveDirectory, recorder: any TraceRecorder) {
        self.application = application
        self.directory = directory
        self.recorder = recorder
    }

    func run() throws -> RestorationReport {
        let span = recorder.begin(.restoration, path: nil, className: nil, attributes: [])
        let lifecycle = application.lifecycle
        lifecycle.recorder = recorder
        lifecycle.directory = directory
        defer { lifecycle.recorder = nil }
        recorder.instant(.launch, path: nil, className: nil, attributes: [TraceAttribute("step", .string("willFinishLaunching"))])
        application.delegate?.applicationWillFinishLaunching(application)

        if let archive = readArchiveUnlessDiscarded() {
            try restore(archive)
        }

        application.delegate?.applicationDidFinishLaunching(application)
        recorder.instant(.launch, path: nil, className: nil, attributes: [TraceAttribute("step", .string("didFinishLaunching"))])
        // The launch finished: it no longer counts as a launch crash.
        attempt { try directory.setLaunchCrashCount(0) }
        // The first turns of the main run loop: work the app queued, such as the asynchronous
        // restoration that ends with completeStateRestoration (rule 44). A crash here leaves
        // the span open and, while the counter is above zero, the incomplete marker on disk.
        while !lifecycle.mainQueue.isEmpty {
            let work = lifecycle.mainQueue.removeFirst()
            try work()
        }
        report.errors.append(contentsOf: lifecycle.errors)
        lifecycle.errors.removeAll()
        recorder.end(span, .restoration, path: nil, attributes: [])
        return report
    }

    // MARK: Rule 4, the archive, shouldRestore

    /// Applies rule 4's deletions, then reads the archive; nil when there is nothing to restore.
    private func readArchiveUnlessDiscarded() -> RestorationArchive? {
        let crashes = directory.launchCrashCount
        let incomplete = directory.restorationWasIncomplete
        if incomplete { attempt { try directory.setRestorationIncomplete(false) } }
        if directory.forceQuitRecorded {
            discardUnlessDeveloperMode(.forceQuit)
            attempt { try directory.setForceQuitRecorded(false) }
        } else if incomplete {
            // Rule 44: a crash after extendStateRestoration and before its completeStateRestoration.
            discardUnlessDeveloperMode(.restorationIncomplete)
        } else if directory.restorationWasInProgress {
            discard(.restorationFailed)
        } else if crashes >= 2 {
            discardUnlessDeveloperMode(.launchCrashes)
        }
        attempt { try directory.setRestorationInProgress(false) }
        // This launch counts as a crash until it reaches didFinishLaunching.
        attempt { try directory.setLaunchCrashCount(report.discarded == .launchCrashes ? 1 : crashes + 1) }

        let readSpan = recorder.begin(.archiveRead, path: nil, className: nil, attributes: [])
        let file = TraceAttribute("file", .string(ArchiveDirectory.archiveFileName))
        let bytes: [UInt8]?
        do {
            bytes = try directory.readArchive()
        } catch {
            recorder.end(readSpan, .archiveRead, path: nil, attributes: [TraceAttribute("bytes", .int(0)), file, TraceAttribute("result", .string("unreadable"))])
            reportError(error.description, path: nil)
            discard(.corruptArchive)
            return nil
        }
        guard let bytes else {
            recorder.end(readSpan, .archiveRead, path: nil, attributes: [TraceAttribute("bytes", .int(0)), file, TraceAttribute("result", .string("missing"))])
            if report.discarded == nil { discard(.archiveMissing, deleting: false) }
            return nil
        }
        do {
            let archive = try RestorationArchive.decode(bytes)
            recorder.end(readSpan, .archiveRead, path: nil, attributes: [
                TraceAttribute("bytes", .int(Int64(bytes.count))), file, TraceAttribute("result", .string("read")),
            ])
            report.archiveRead = true
            return archive
        } catch {
            recorder.end(readSpan, .archiveRead, path: nil, attributes: [
                TraceAttribute("bytes", .int(Int64(bytes.count))), file, TraceAttribute("result", .string("corrupt")),
            ])
            reportError("\(directory.archiveURL.lastPathComponent) \(error.description); it was deleted and the app launches fresh", path: nil)
            discard(.corruptArchive)
            return nil
        }
    }

    private func restore(_ archive: RestorationArchive) throws {
        let applicationCoder = coder(for: archive.applicationSlots, path: [], archive: archive)
        let archivedVersion = archive.applicationValue(forKey: StateCoderKey.bundleVersion)?.stringValue
        let archivedIdiom = archive.applicationValue(forKey: StateCoderKey.userInterfaceIdiom)?.stringValue
        // Rule 1: the app may read the archived version (and idiom) and refuse (rule 40: by the secure pair, if it has it).
        let optIn = StateRestorationOptIn(application: application)
        secure = optIn.secure
        let shouldRestore = optIn.shouldRestore(application, coder: applicationCoder, recorder: recorder)
        report.shouldRestore = shouldRestore
        var attributes = [
            TraceAttribute("result", .bool(shouldRestore)),
            TraceAttribute("archivedVersion", archivedVersion.map(JSONValue.string) ?? .null),
            TraceAttribute("currentVersion", .string(application.bundleVersion)),
        ]
        attributes.append(contentsOf: optIn.attributes(coder: applicationCoder))
        // The idioms appear only when they differ: the usual relaunch is on the same device.
        let idiomChanged = archivedIdiom != application.userInterfaceIdiom
        if idiomChanged {
            attributes.append(TraceAttribute("archivedIdiom", archivedIdiom.map(JSONValue.string) ?? .null))
            attributes.append(TraceAttribute("currentIdiom", .string(application.userInterfaceIdiom)))
        }
        recorder.instant(.shouldRestore, path: nil, className: nil, attributes: attributes)
        guard shouldRestore else {
            discard(archivedVersion != application.bundleVersion ? .versionRefused : idiomChanged ? .idiomRefused : .restoreDeclined)
            return
        }

        do {
            try directory.setRestorationInProgress(true)
        } catch {
            // Rule 55 (reported, square/SuperDelegate #13): UIKit logs it and restores anyway.
            recorder.instant(.warning, path: nil, className: nil, attributes: [
                TraceAttribute("message", .string("Warning: Unable to create restoration in progress marker file")),
                TraceAttribute("detail", .string("\(error)")),
            ])
        }
        let existing = ObjectLocator.launchHierarchy(of: application)
        let locator = ObjectLocator(application: application, existing: existing)

        // Rule 15: parents before children (the archive is in walk order).
        var coders: [StateCoder?] = []
        var decodable: [Bool] = []
        var objectAt: [(any RestorableObject)?] = []
        objectAt.reserveCapacity(archive.objects.count)
        coders.reserveCapacity(archive.objects.count)
        decodable.reserveCapacity(archive.objects.count)
        var archivedIndex: [RestorationPath: Int] = [:]
        archivedIndex.reserveCapacity(archive.objects.count)
        located.reserveCapacity(archive.objects.count)
        // Most archived objects are located, decoded and finished: size the report once.
        report.located.reserveCapacity(archive.objects.count)
        report.decodedPaths.reserveCapacity(archive.objects.count)
        report.finishedPaths.reserveCapacity(archive.objects.count)
        for (position, archived) in archive.objects.enumerated() {
            archivedIndex[archived.path] = archivedIndex[archived.path] ?? position
        }
        objectAt = Array(repeating: nil, count: archive.objects.count)
        coders = Array(repeating: nil, count: archive.objects.count)
        decodable = Array(repeating: false, count: archive.objects.count)
        for position in Self.locateOrder(of: archive) {
            let (object, objectCoder, canDecode) = locate(archive.objects[position], in: archive, locator: locator,
                                                          archivedIndex: archivedIndex)
            objectAt[position] = object
            coders[position] = objectCoder
            decodable[position] = canDecode
        }

        // Decode every object found with the archived class (rule 16: not the mismatched ones).
        var decoded: [Int] = []
        decoded.reserveCapacity(archive.objects.count)
        for (position, archived) in archive.objects.enumerated() where decodable[position] {
            guard let objectCoder = coders[position], let object = objectAt[position] else { continue }
            if try decode(object, archived: archived, coder: objectCoder) { decoded.append(position) }
        }

        // Rule 3: didDecode is the last decode.
        let didDecodeSpan = recorder.begin(.didDecode, path: nil, className: nil, attributes: [])
        application.delegate?.application(application, didDecodeRestorableStateWith: applicationCoder)
        recorder.end(didDecodeSpan, .didDecode, path: nil, attributes: [])

        // Rule 18: finishedRestoring on every decoded object, after all decoding. UIKit calls
        // applicationFinishedRestoringState on view controllers and registered objects only, never on views.
        for position in decoded {
            let archived = archive.objects[position]
            guard archived.kind != .view, let object = objectAt[position] else { continue }
            let components = archived.path.components
            let span = recorder.begin(.finishedRestoring, path: components, className: archived.className, attributes: [])
            object.applicationFinishedRestoringState()
            recorder.end(span, .finishedRestoring, path: components, attributes: [])
            report.finishedPaths.append(components)
        }
        attempt { try directory.setRestorationInProgress(false) }
    }

    // MARK: Locate

    /// Locates one archived object, or excludes it; returns it, its coder and whether it may be decoded.
    private func locate(_ archived: ArchivedObject, in archive: RestorationArchive, locator: ObjectLocator,
                        archivedIndex: [RestorationPath: Int]) -> ((any RestorableObject)?, StateCoder?, Bool) {
        let path = archived.path
        let components = path.components
        // Views and view controllers hang below their parent; registered objects below their
        // restorationParent when they had one (rule 51: not found when the parent was not restored).
        let parentPath = archived.kind == .registeredObject && path.depth < 2 ? nil : path.parent
        let parent = parentPath.flatMap { located[$0] }
        if let parentPath {
            if parent == nil || (!failed.isEmpty && failed.contains(parentPath)) {
                return excluded(archived, .ancestorExcluded)
            }
            // Rule 17: a navigation stack is cut at the first child that was archived but could not be
            // found. A child never archived (nil: no identifier, or a duplicate) is simply not in the stack.
            if let parentPosition = archivedIndex[parentPath], let stackKey = archive.objects[parentPosition].truncatedStackKey {
                let stack = archive.objects[parentPosition].references(forKey: stackKey)
                // (`failed` is usually empty, so skip hashing then.)
                if let position = stack.firstIndex(where: { $0 == path }),
                   let cut = stack[..<position].firstIndex(where: { sibling in
                       guard let sibling else { return false }
                       return !failed.isEmpty && failed.contains(sibling)
                   })
                {
                    warnStackTruncated(parentPath, at: cut, identifier: stack[cut]?.components.last)
                    return excluded(archived, .stackTruncated)
                }
            }
        }

        let objectCoder = coder(for: archived.slots, path: components, archive: archive)
        let span = recorder.begin(.locate, path: components, className: archived.className,
                                  attributes: searchFacts(archived, parentPosition: parentPath.flatMap { archivedIndex[$0] }, in: archive))
        let outcome = locator.locate(archived, parent: parent, coder: objectCoder)
        var attributes = [
            TraceAttribute("via", .string(outcome.via.rawValue)),
            TraceAttribute("result", .string(outcome.result.rawValue)),
        ]
        if let object = outcome.object { attributes.append(TraceAttribute("foundClass", .string(object.className))) }
        recorder.end(span, .locate, path: components, attributes: attributes)
        report.located.append(LocateOutcomeSummary(path: components, className: archived.className, via: outcome.via,
                                                   result: outcome.result, foundClass: outcome.object?.className))
        if let problem = outcome.problem { reportError(problem, path: components) }

        guard let object = outcome.object else {
            // Rule 13: a restoration class that returns nil excludes the object and everything below.
            let reason: ExclusionReason = outcome.via == .restorationClass || outcome.via == .objectRestorationClass
                ? .restorationClassReturnedNil : .notFound
            return excluded(archived, reason)
        }
        located[path] = object
        return (object, objectCoder, outcome.result == .found)
    }

    /// What the archive tells the search about `archived` before it starts (the `locate` begin
    /// record's extension fields): its kind, its restoration class, the storyboard it came from,
    /// and where its parent's coder references it. `restoretrace explain` reads them to say why
    /// an object was not found.
    private func searchFacts(_ archived: ArchivedObject, parentPosition: Int?, in archive: RestorationArchive) -> [TraceAttribute] {
        var facts: [TraceAttribute] = []
        facts.reserveCapacity(6)
        facts.append(TraceAttribute("objectKind", .string(archived.kind.traceKind.rawValue)))
        if let name = archived.restorationClassName { facts.append(TraceAttribute("restorationClass", .string(name))) }
        if case .object(let info)? = archived.value(forKey: StateCoderKey.storyboard) {
            if let name = info["name"]?.stringValue { facts.append(TraceAttribute("storyboard", .string(name))) }
            if let identifier = info["identifier"]?.stringValue {
                facts.append(TraceAttribute("storyboardIdentifier", .string(identifier)))
            }
        }
        if let parentPosition, let place = referencePlace(of: archived.path, parentPosition: parentPosition, in: archive) {
            facts.append(TraceAttribute("parentKey", .string(place.key)))
            if let index = place.index { facts.append(TraceAttribute("parentIndex", .int(Int64(index)))) }
        }
        return facts
    }

    /// For each parent (by archive position) whose children are being located, where in its
    /// coder's references the search for the next child starts: children are archived in the
    /// order their parent referenced them, so each is found at once.
    private var referenceCursors: [Int: (slot: Int, element: Int)] = [:]

    /// The key (and position, in a list) under which the parent at `parentPosition` referenced
    /// `path`; nil when it did not (a child its container did not encode is not archived).
    private func referencePlace(of path: RestorationPath, parentPosition: Int, in archive: RestorationArchive)
        -> (key: String, index: Int?)?
    {
        let slots = archive.objects[parentPosition].slots
        let cursor = referenceCursors[parentPosition] ?? (0, 0)
        /// The first reference to `path` in slots `range`, from element `firstElement` of the first.
        func find(in range: Range<Int>, from firstElement: Int) -> (slot: Int, element: Int, isList: Bool)? {
            var element = firstElement
            for slot in range {
                defer { element = 0 }
                guard case .references(let paths, let isList) = slots[slot].content, element < paths.count else { continue }
                for index in element..<paths.count where paths[index] == path { return (slot, index, isList) }
            }
            return nil
        }
        guard let found = find(in: cursor.slot..<slots.count, from: cursor.element)
                ?? find(in: 0..<min(cursor.slot + 1, slots.count), from: 0) else { return nil }
        referenceCursors[parentPosition] = (found.slot, found.element + 1)
        return (slots[found.slot].key, found.isList ? found.element : nil)
    }

    /// Rule 55 (reported): the log line UIKit writes when it cuts a navigation stack (rule 17),
    /// once per stack, before the first child it drops.
    private func warnStackTruncated(_ stack: RestorationPath, at index: Int, identifier: String?) {
        guard truncatedStacks.insert(stack).inserted else { return }
        recorder.instant(.warning, path: stack.components, className: nil, attributes: [
            TraceAttribute("message", .string("Can't find Child View Controller at index \(index) with identifier "
                + "\(identifier ?? "(null)"), truncating child array")),
        ])
    }

    private func excluded(_ archived: ArchivedObject, _ reason: ExclusionReason) -> ((any RestorableObject)?, StateCoder?, Bool) {
        failed.insert(archived.path)
        let exclusion = Exclusion(path: archived.path.components, className: archived.className, reason: reason)
        report.exclusions.append(exclusion)
        recorder.instant(.exclude, path: exclusion.path, className: exclusion.className,
                         attributes: [TraceAttribute("reason", .string(reason.rawValue))])
        return (nil, nil, false)
    }

    // MARK: Decode

    /// Runs one decode inside its span; false when it threw. A ``ProcessTermination`` escapes
    /// with the span still open.
    private func decode(_ object: any RestorableObject, archived: ArchivedObject, coder objectCoder: StateCoder) throws -> Bool {
        let components = archived.path.components
        let span = recorder.begin(.decode, path: components, className: archived.className, attributes: [])
        var attributes = [TraceAttribute("keys", .strings(objectCoder.appKeys))]
        var succeeded = true
        var violation: SecureCodingViolation?
        objectCoder.requiresSecureCoding = secure
        do {
            try object.decodeRestorableState(with: objectCoder)
        } catch let crash as any ProcessTermination {
            throw crash
        } catch let refused as SecureCodingViolation {
            // Rule 41 (our choice on a reported log): the value is lost, later keys are not
            // decoded, the run goes on and the object still gets finishedRestoring.
            violation = refused
            reportError(refused.description, path: components)
        } catch {
            succeeded = false
            reportError("the decode of \(archived.className) threw: \(error)", path: components)
        }
        if let violation {
            attributes.append(TraceAttribute("result", .string("secureCodingViolation")))
            attributes.append(TraceAttribute("violation", .object(JSONObject([
                JSONMember("key", .string(violation.key)), JSONMember("class", .string(violation.className)),
            ]))))
            recorder.end(span, .decode, path: components, attributes: attributes)
            return true
        }
        attributes.append(TraceAttribute("result", .string(succeeded ? "decoded" : "failed")))
        if let list = object as? ElementListView {
            attributes.append(TraceAttribute("contentOffset", .array([.double(list.contentOffset.x), .double(list.contentOffset.y)])))
            attributes.append(TraceAttribute("selectedModelIds", .strings(list.restoredSelectedModelIds)))
            if let first = list.restoredFirstVisibleModelId { attributes.append(TraceAttribute("firstVisibleModelId", .string(first))) }
            attributes.append(TraceAttribute("unmatchedModelIds", .strings(list.unmatchedModelIds)))
        } else if let scroll = object as? ScrollView {
            attributes.append(TraceAttribute("contentOffset", .array([.double(scroll.contentOffset.x), .double(scroll.contentOffset.y)])))
        }
        recorder.end(span, .decode, path: components, attributes: attributes)
        if succeeded { report.decodedPaths.append(components) }
        return succeeded
    }

    // MARK: Helpers

    /// A decoding coder: UIKit's per-object keys (stored once, in the application coder) and
    /// the archived slots, references resolving to the objects located.
    private func coder(for slots: [ArchivedSlot], path: [String], archive: RestorationArchive) -> StateCoder {
        let coder = StateCoder(restorationPath: path, resolve: resolveLocated)
        let perObject = path.isEmpty ? [] : perObjectKeys(of: archive)
        coder.reserveSlots(perObject.count + slots.count)
        for (key, value) in perObject { coder.appendArchived(.value(value), forKey: key) }
        for slot in slots {
            switch slot.content {
            case .value(let value): coder.appendArchived(.value(value), forKey: slot.key)
            case .references(let paths, let isList): coder.appendArchived(.paths(paths, isList: isList), forKey: slot.key)
            }
        }
        return coder
    }

    /// Resolves an archived path to the object located there: one closure shared by every coder.
    private lazy var resolveLocated: (RestorationPath) -> (any RestorableObject)? = { [unowned self] in self.located[$0] }

    /// UIKit's per-object keys, stored once in the application coder (read once per pass).
    private var cachedPerObjectKeys: [(String, JSONValue)]?
    private func perObjectKeys(of archive: RestorationArchive) -> [(String, JSONValue)] {
        if let cachedPerObjectKeys { return cachedPerObjectKeys }
        let keys = [StateCoderKey.bundleVersion, StateCoderKey.userInterfaceIdiom].compactMap { key in
            archive.applicationValue(forKey: key).map { (key, $0) }
        }
        cachedPerObjectKeys = keys
        return keys
    }

    /// Rule 54: developer mode keeps what force-quit and crash handling would delete; the
    /// launch goes on to read the archive.
    private func discardUnlessDeveloperMode(_ reason: DiscardReason) {
        guard application.developerMode else { return discard(reason) }
        recorder.instant(.discardSuppressed, path: nil, className: nil, attributes: [
            TraceAttribute("reason", .string(reason.rawValue)),
            TraceAttribute("developerMode", .bool(true)),
        ])
    }

    /// Archive positions in the order objects are located: the archive's (walk) order, except
    /// that registered objects with a restorationParent come after everything else, shallowest
    /// first, so their parent is located before them (the app delegate may encode one early).
    static func locateOrder(of archive: RestorationArchive) -> [Int] {
        var order: [Int] = []
        order.reserveCapacity(archive.objects.count)
        var scoped: [Int] = []
        for (position, object) in archive.objects.enumerated() {
            if object.kind == .registeredObject && object.path.depth > 1 { scoped.append(position) } else { order.append(position) }
        }
        if scoped.isEmpty { return order }
        let sorted = scoped.enumerated().sorted { a, b in
            let (x, y) = (archive.objects[a.element].path.depth, archive.objects[b.element].path.depth)
            return x != y ? x < y : a.offset < b.offset
        }
        order.append(contentsOf: sorted.map(\.element))
        return order
    }

    private func discard(_ reason: DiscardReason, deleting: Bool = true) {
        if deleting { directory.deleteArchive() }
        report.discarded = reason
        recorder.instant(.discard, path: nil, className: nil, attributes: [TraceAttribute("reason", .string(reason.rawValue))])
    }

    private func reportError(_ message: String, path: [String]?) {
        report.errors.append(message)
        recorder.instant(.error, path: path, className: nil, attributes: [TraceAttribute("message", .string(message))])
    }

    /// A state-file operation; a failure is recorded and the launch goes on (the archive is purgeable).
    private func attempt(_ operation: () throws -> Void) {
        do { try operation() } catch { reportError("\(error)", path: nil) }
    }
}
