// ShapedTraceGenerator: traces of the shapes that break diagrams — thousands of windows, a
// thousand levels, ten thousand pushed controllers, tens of thousands of exclusions, registered
// objects, failures, discards, unfinished spans, and a mixture — at any size, for the node-budget
// tests and benchmarks. Deterministic: the same shape and size give byte-identical records.

import TraceFormat

/// Writes `restoretrace/1` traces of a chosen shape, with the records the engine writes for
/// each object's fate (encode; exclude with or without a path; locate, decode, finishedRestoring;
/// not found, class mismatch, failed decode, a decode the process never left).
public struct ShapedTraceGenerator: Sendable {
    public enum Shape: String, Sendable, CaseIterable {
        /// Thousands of windows: half the objects are window roots, each with one view.
        case wide
        /// A chain 999 levels deep, the other objects views below its first 10 levels.
        case deep
        /// One navigation controller with every other object pushed on its stack.
        case stack
        /// Windows of about 30 objects, all but two excluded (most without a path, nested).
        case exclusions
        /// Registered objects at the top level, a tenth of them never referenced.
        case registered
        /// Tab bar, navigation stacks and screens; half of the screens not found, mismatched or not decoded.
        case failures
        /// Preservation and a discarded restoration, again and again; the last relaunch restores.
        case discards
        /// The relaunch stops inside the decodes of the last tenth of the objects.
        case unfinished
        /// Windows holding stacks, exclusions, registered objects and failures, with a discarded cycle first.
        case mixed
    }

    /// What becomes of one object.
    enum Fate: Equatable {
        case restored(LocateStep)
        /// Excluded at preservation, with its path.
        case excluded(ExclusionReason)
        /// Excluded at preservation, without a path (no identifier of its own, or below one without).
        case excludedPathless(ExclusionReason, depth: Int)
        case notFound
        case classMismatch
        case notDecoded
        /// The process stops inside its decode.
        case unfinished
    }

    struct Object {
        var path: [String]
        var className: String
        var kind: RestorableObjectKind
        var fate: Fate
        var children: [Int] = []
    }

    public let shape: Shape
    public let objects: Int
    let tree: [Object]
    let roots: [Int]

    public init(shape: Shape, objects: Int) {
        self.shape = shape
        self.objects = max(2, objects)
        var builder = Builder()
        builder.build(shape, objects: self.objects)
        tree = builder.objects
        roots = builder.roots
    }

    public var header: TraceHeader {
        TraceHeader(generator: restoreTraceGenerator, clock: ClockUnit.tick.rawValue, origin: nil,
                    scenario: "shape-\(shape.rawValue)-\(objects)")
    }

    /// Every record, in order.
    public func records() -> [TraceRecord] {
        var emitter = Emitter()
        let cycles = shape == .discards ? max(2, objects / 10) : (shape == .mixed ? 2 : 1)
        let discardReasons: [DiscardReason] = [.forceQuit, .launchCrashes, .restorationFailed, .versionRefused]
        for cycle in 0..<cycles {
            let last = cycle == cycles - 1
            emitPreservation(&emitter, objectsOfCycle: cycleObjects(cycle, of: cycles))
            if last {
                emitRestoration(&emitter, objectsOfCycle: cycleObjects(cycle, of: cycles))
            } else {
                emitDiscardedRelaunch(&emitter, reason: discardReasons[cycle % discardReasons.count])
            }
        }
        return emitter.records
    }

    /// Writes the trace to `path` (`-` for standard output); returns the number of records.
    @discardableResult
    public func write(to path: String) throws(TraceWriterError) -> Int {
        let writer = try TraceWriter(path: path, clock: .tick, header: header, durability: .buffered,
                                     creation: .atomicReplace)
        let all = records()
        for record in all { writer.write(record) }
        try writer.close()
        return all.count
    }

    /// The objects a cycle preserves: the discards shape spreads its objects over its cycles.
    private func cycleObjects(_ cycle: Int, of cycles: Int) -> Range<Int> {
        guard shape == .discards else { return roots.indices }
        let perCycle = max(1, roots.count / cycles)
        let start = min(cycle * perCycle, roots.count)
        return start ..< (cycle == cycles - 1 ? roots.count : min(start + perCycle, roots.count))
    }

    // MARK: Shapes

    private struct Builder {
        var objects: [Object] = []
        var roots: [Int] = []

        @discardableResult
        mutating func add(_ name: String, _ className: String, kind: RestorableObjectKind = .viewController,
                          fate: Fate = .restored(.storyboard), parent: Int?) -> Int {
            let index = objects.count
            let path = (parent.map { objects[$0].path } ?? []) + [name]
            objects.append(Object(path: path, className: className, kind: kind, fate: fate))
            if let parent { objects[parent].children.append(index) } else { roots.append(index) }
            return index
        }

        mutating func build(_ shape: Shape, objects total: Int) {
            switch shape {
            case .wide:
                var window = 0
                while objects.count < total {
                    let root = add("Window \(window)", "DocumentViewController",
                                   fate: window % 50 == 7 ? .notFound : .restored(.appDelegate), parent: nil)
                    if objects.count < total { add("Canvas", "CanvasView", kind: .view, fate: .restored(.existing), parent: root) }
                    window += 1
                }
            case .deep:
                var chain = add("Level 0", "UINavigationController", parent: nil)
                var level = 1
                while objects.count < total {
                    if level < 999 {
                        let last = level == 998 || objects.count == total - 1
                        chain = add("Level \(level)", last ? "DeepestViewController" : "UINavigationController",
                                    fate: last ? .classMismatch : .restored(.storyboard), parent: chain)
                        level += 1
                    } else {
                        // The rest hang as views from the first 10 levels (paths of 1,000
                        // components are written whole on every record).
                        let parent = (objects.count * 7919) % 10
                        add("Leaf \(objects.count)", "UIScrollView", kind: .view, fate: .restored(.existing), parent: parent)
                    }
                }
            case .stack:
                let navigation = add("Navigation", "UINavigationController", parent: nil)
                var screen = 0
                while objects.count < total {
                    add("Screen \(screen)", "PageViewController",
                        fate: screen % 100 == 99 ? .notFound : .restored(.restorationClass), parent: navigation)
                    screen += 1
                }
            case .exclusions:
                var window = 0
                while objects.count < total {
                    let root = add("Window \(window)", "FeedViewController", fate: .restored(.appDelegate), parent: nil)
                    if objects.count < total { add("Feed", "UITableView", kind: .view, fate: .restored(.existing), parent: root) }
                    var item = 0
                    while objects.count < total && item < 28 {
                        // An object without an identifier, then two below it, excluded with it.
                        let depth = item % 3 + 1
                        add("Item \(item)", depth == 1 ? "CardViewController" : "CardContentView", kind: depth == 1 ? .viewController : .view,
                            fate: .excludedPathless(depth == 1 ? .noRestorationIdentifier : .ancestorExcluded, depth: depth), parent: root)
                        item += 1
                    }
                    window += 1
                }
            case .registered:
                var model = 0
                while objects.count < total {
                    add("Model \(model)", "DocumentStore", kind: .registeredObject,
                        fate: model % 10 == 3 ? .excluded(.notReferenced) : .restored(.appDelegate), parent: nil)
                    model += 1
                }
            case .failures:
                let tabs = add("Tabs", "UITabBarController", parent: nil)
                var navigations: [Int] = []
                for tab in 0..<5 where objects.count < total {
                    navigations.append(add("Nav \(tab)", "UINavigationController", parent: tabs))
                }
                var screen = 0
                while objects.count < total {
                    let fates: [Fate] = [.restored(.storyboard), .notFound, .classMismatch, .notDecoded, .restored(.restorationClass), .notFound]
                    add("Screen \(screen)", "DetailViewController", fate: fates[screen % fates.count],
                        parent: navigations[screen % navigations.count])
                    screen += 1
                }
            case .discards:
                var window = 0
                while objects.count < total {
                    let root = add("Window \(window)", "EditorViewController", fate: .restored(.storyboard), parent: nil)
                    if objects.count < total { add("Text", "UITextView", kind: .view, fate: .restored(.existing), parent: root) }
                    window += 1
                }
            case .unfinished:
                let navigation = add("Navigation", "UINavigationController", parent: nil)
                let firstUnfinished = total - max(1, total / 10)
                var screen = 0
                while objects.count < total {
                    add("Screen \(screen)", "ReaderViewController",
                        fate: objects.count >= firstUnfinished ? .unfinished : .restored(.storyboard), parent: navigation)
                    screen += 1
                }
            case .mixed:
                var window = 0
                while objects.count < total {
                    let root = add("Window \(window)", "UINavigationController", fate: .restored(.storyboard), parent: nil)
                    for screen in 0..<12 where objects.count < total {
                        let fates: [Fate] = [.restored(.storyboard), .restored(.restorationClass), .notFound, .restored(.appDelegate),
                                             .excluded(.duplicatePath), .classMismatch, .restored(.storyboard), .notDecoded,
                                             .excludedPathless(.noRestorationIdentifier, depth: 1),
                                             .excludedPathless(.ancestorExcluded, depth: 2), .restored(.storyboard), .restored(.storyboard)]
                        add("Screen \(screen)", "ScreenViewController", fate: fates[(screen + window) % fates.count], parent: root)
                    }
                    if objects.count < total {
                        add("Store \(window)", "DocumentStore", kind: .registeredObject, fate: .restored(.appDelegate), parent: nil)
                    }
                    window += 1
                }
            }
        }
    }

    // MARK: Records

    private struct Emitter {
        var records: [TraceRecord] = []
        var nextSpan: Int64 = 1

        private var seq: Int64 { Int64(records.count) }

        mutating func begin(_ kind: RecordKind, path: [String]? = nil, className: String? = nil,
                            attributes: [TraceAttribute] = []) -> Int64 {
            let span = nextSpan
            nextSpan += 1
            records.append(TraceRecord(seq: seq, ts: seq, phase: .begin, span: span, kind: kind, path: path,
                                       className: className, attributes: attributes))
            return span
        }

        mutating func end(_ span: Int64, _ kind: RecordKind, path: [String]? = nil, attributes: [TraceAttribute] = []) {
            records.append(TraceRecord(seq: seq, ts: seq, phase: .end, span: span, kind: kind, path: path,
                                       attributes: attributes))
        }

        mutating func instant(_ kind: RecordKind, path: [String]? = nil, className: String? = nil,
                              attributes: [TraceAttribute] = []) {
            records.append(TraceRecord(seq: seq, ts: seq, phase: .instant, kind: kind, path: path,
                                       className: className, attributes: attributes))
        }

        mutating func span(_ kind: RecordKind, path: [String]? = nil, className: String? = nil,
                           begin: [TraceAttribute] = [], end: [TraceAttribute] = []) {
            let id = self.begin(kind, path: path, className: className, attributes: begin)
            self.end(id, kind, path: path, attributes: end)
        }
    }

    private func isPreserved(_ object: Object) -> Bool {
        switch object.fate {
        case .excluded, .excludedPathless: return false
        default: return true
        }
    }

    /// Depth first from `roots`, parents before children.
    private func order(_ roots: ArraySlice<Int>) -> [Int] {
        var result: [Int] = []
        var pending = Array(roots.reversed())
        while let index = pending.popLast() {
            result.append(index)
            pending += tree[index].children.reversed()
        }
        return result
    }

    private func emitPreservation(_ e: inout Emitter, objectsOfCycle: Range<Int>) {
        let pass = e.begin(.preservation)
        e.instant(.shouldSave, attributes: [TraceAttribute("result", true)])
        e.span(.willEncode, end: [TraceAttribute("bytes", .int(120)), TraceAttribute("keys", .strings(["kAppVersion"]))])
        for index in order(roots[objectsOfCycle]) {
            let object = tree[index]
            switch object.fate {
            case .excluded(let reason):
                e.instant(.exclude, path: object.path, className: object.className,
                          attributes: [TraceAttribute("reason", .string(reason.rawValue))])
            case .excludedPathless(let reason, let depth):
                var attributes = [TraceAttribute("reason", .string(reason.rawValue)),
                                  TraceAttribute("parent", .strings(Array(object.path.dropLast())))]
                if depth > 1 {
                    attributes.append(TraceAttribute("identifier", .string(object.path.last ?? "")))
                    attributes.append(TraceAttribute("depth", .int(Int64(depth))))
                }
                e.instant(.exclude, className: object.className, attributes: attributes)
            default:
                let children = object.children.filter { isPreserved(tree[$0]) }
                var attributes = [TraceAttribute("bytes", .int(Int64(64 + object.path.count))),
                                  TraceAttribute("keys", .strings(["kState"]))]
                attributes.append(TraceAttribute("children", .array(children.map { .strings(tree[$0].path) })))
                e.span(.encode, path: object.path, className: object.className, end: attributes)
            }
        }
        e.span(.archiveWrite, end: [TraceAttribute("bytes", .int(4_096)), TraceAttribute("file", "restoration.archive"),
                                    TraceAttribute("result", "written")])
        e.end(pass, .preservation)
    }

    private func emitDiscardedRelaunch(_ e: inout Emitter, reason: DiscardReason) {
        let pass = e.begin(.restoration)
        e.instant(.launch, attributes: [TraceAttribute("step", "willFinishLaunching")])
        e.instant(.discard, attributes: [TraceAttribute("reason", .string(reason.rawValue))])
        e.instant(.launch, attributes: [TraceAttribute("step", "didFinishLaunching")])
        e.end(pass, .restoration)
    }

    private func emitRestoration(_ e: inout Emitter, objectsOfCycle: Range<Int>) {
        let pass = e.begin(.restoration)
        e.instant(.launch, attributes: [TraceAttribute("step", "willFinishLaunching")])
        e.span(.archiveRead, end: [TraceAttribute("bytes", .int(4_096)), TraceAttribute("file", "restoration.archive"),
                                   TraceAttribute("result", "read")])
        e.instant(.shouldRestore, attributes: [TraceAttribute("result", true), TraceAttribute("archivedVersion", "1.0"),
                                               TraceAttribute("currentVersion", "1.0")])
        let preserved = order(roots[objectsOfCycle]).filter { isPreserved(tree[$0]) }
        var decoded: [Int] = []
        for index in preserved {
            let object = tree[index]
            let begin = [TraceAttribute("objectKind", .string(object.kind.rawValue))]
            switch object.fate {
            case .restored(let via):
                e.span(.locate, path: object.path, className: object.className, begin: begin,
                       end: [TraceAttribute("via", .string(via.rawValue)), TraceAttribute("result", "found"),
                             TraceAttribute("foundClass", .string(object.className))])
                decoded.append(index)
            case .notFound:
                e.span(.locate, path: object.path, className: object.className, begin: begin,
                       end: [TraceAttribute("via", "none"), TraceAttribute("result", "nil")])
                e.instant(.exclude, path: object.path, className: object.className,
                          attributes: [TraceAttribute("reason", .string(ExclusionReason.notFound.rawValue))])
            case .classMismatch:
                e.span(.locate, path: object.path, className: object.className, begin: begin,
                       end: [TraceAttribute("via", "storyboard"), TraceAttribute("result", "classMismatch"),
                             TraceAttribute("foundClass", "PlaceholderViewController")])
            case .notDecoded, .unfinished:
                e.span(.locate, path: object.path, className: object.className, begin: begin,
                       end: [TraceAttribute("via", "storyboard"), TraceAttribute("result", "found"),
                             TraceAttribute("foundClass", .string(object.className))])
                decoded.append(index)
            case .excluded, .excludedPathless:
                break
            }
        }
        for index in decoded {
            let object = tree[index]
            switch object.fate {
            case .unfinished:
                // The process stops here: nothing after this decode is written.
                _ = e.begin(.decode, path: object.path, className: object.className)
            case .notDecoded:
                e.span(.decode, path: object.path, className: object.className,
                       end: [TraceAttribute("keys", .strings([])), TraceAttribute("result", "threw: the stored model is gone")])
            default:
                e.span(.decode, path: object.path, className: object.className,
                       end: [TraceAttribute("keys", .strings(["kState"])), TraceAttribute("result", "ok")])
            }
        }
        if shape == .unfinished { return }
        e.span(.didDecode)
        for index in decoded where tree[index].kind != .view {
            e.span(.finishedRestoring, path: tree[index].path, className: tree[index].className)
        }
        e.instant(.launch, attributes: [TraceAttribute("step", "didFinishLaunching")])
        e.end(pass, .restoration)
    }
}
