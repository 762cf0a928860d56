// SyntheticTraceGenerator: deterministic, realistic-looking traces of any size, for benchmarks
// and stress tests. A seeded SplitMix64 drives everything, so the same configuration gives
// byte-identical output on every machine.

import TraceFormat

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// SplitMix64 (Steele, Lea, Flood 2014): a tiny, fast, seedable generator. Not for secrets.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Writes synthetic `restoretrace/1` traces: an app with a tab bar, navigation stacks, tables
/// and scroll views (depth 2–8), preserved and then restored, with the record mix the engine
/// produces (shouldSave, willEncode, encode spans with bytes and keys, excludes with reasons,
/// archiveWrite; launch, shouldRestore, locate spans with via/result, decode spans,
/// didDecode, finishedRestoring) and plausible nanosecond durations.
///
/// Timestamps are synthetic too (records are written already stamped), so `ns` traces are as
/// deterministic as `tick` ones.
public struct SyntheticTraceGenerator: Sendable {
    public struct Configuration: Sendable, Hashable {
        /// Objects in the generated hierarchy (at least 2).
        public var objects: Int
        public var seed: UInt64
        public var clock: ClockUnit
        /// Repeat preservation/restoration cycles until the trace is at least this big; nil for one cycle.
        public var targetBytes: Int?

        public init(objects: Int, seed: UInt64 = 1, clock: ClockUnit = .ns, targetBytes: Int? = nil) {
            self.objects = max(2, objects)
            self.seed = seed
            self.clock = clock
            self.targetBytes = targetBytes
        }
    }

    /// One object of the synthetic hierarchy.
    struct Node: Sendable {
        var path: [String]
        var className: String
        /// False when the object is excluded (see `exclusion`).
        var isRestorable: Bool
        var isTable: Bool
        var isScrollView: Bool
        var children: [Int]
        var exclusion: ExclusionReason?
    }

    public let configuration: Configuration
    let nodes: [Node]

    public init(configuration: Configuration) {
        self.configuration = configuration
        var random = SplitMix64(seed: configuration.seed)
        nodes = SyntheticTraceGenerator.buildHierarchy(objects: configuration.objects, random: &random)
    }

    /// The header the generator writes: fixed origin and generator so output is reproducible.
    public var header: TraceHeader {
        TraceHeader(
            generator: restoreTraceGenerator, clock: configuration.clock.rawValue,
            origin: configuration.clock == .ns ? "2026-01-01T00:00:00.000Z" : nil,
            scenario: "synthetic-\(configuration.objects)-seed\(configuration.seed)")
    }

    /// Writes the whole trace to `path` (`-` for standard output), replacing any file there
    /// only once it is complete. Returns the number of records written.
    @discardableResult
    public func write(to path: String) throws(TraceWriterError) -> Int {
        let writer = try TraceWriter(
            path: path, clock: configuration.clock, header: header, durability: .buffered,
            creation: .atomicReplace)
        let count = write(to: writer)
        try writer.close()
        return count
    }

    /// Writes cycles of records to `writer` (whose header is already written) and returns how many.
    @discardableResult
    public func write(to writer: TraceWriter) -> Int {
        var emitter = Emitter(writer: writer, clock: configuration.clock, random: SplitMix64(seed: configuration.seed ^ 0xC0FFEE))
        repeat {
            emitPreservation(&emitter)
            emitRestoration(&emitter)
        } while (configuration.targetBytes.map { writer.bytesWritten < $0 } ?? false)
        return Int(emitter.seq)
    }

    // MARK: The hierarchy

    private static let subjects = [
        "Country", "City", "Settings", "Profile", "Search", "Favorites", "Inbox", "Photo", "Album", "Order",
        "Product", "Cart", "Message", "Contact", "Event", "Note", "Playlist", "Track", "Account", "Report",
    ]
    private static let roles = ["List", "Detail", "Map", "Editor", "Picker", "Gallery", "Summary", "Filter"]

    static func buildHierarchy(objects: Int, random: inout SplitMix64) -> [Node] {
        var nodes = [Node(path: ["Tabs"], className: "UITabBarController", isRestorable: true, isTable: false,
                          isScrollView: false, children: [], exclusion: nil)]
        let tabCount = min(max(2, objects / 8), 5)
        var frontier: [Int] = []
        for t in 0..<tabCount where nodes.count < objects {
            let subject = subjects[(t * 7 + Int(random.next() % 3)) % subjects.count]
            let nav = Node(path: ["Tabs", "\(subject)Nav"], className: "UINavigationController", isRestorable: true,
                           isTable: false, isScrollView: false, children: [], exclusion: nil)
            nodes.append(nav)
            nodes[0].children.append(nodes.count - 1)
            frontier.append(nodes.count - 1)
        }
        var serial = 0
        while nodes.count < objects {
            // Grow under a random container that is not too deep (depth = path count, at most 8).
            let candidates = frontier.filter { nodes[$0].path.count < 8 }
            guard !candidates.isEmpty else { break }
            let parentIndex = candidates[Int(random.next() % UInt64(candidates.count))]
            let parent = nodes[parentIndex]
            serial += 1
            let subject = subjects[Int(random.next() % UInt64(subjects.count))]
            let role = roles[Int(random.next() % UInt64(roles.count))]
            let roll = random.next() % 100
            var node: Node
            if parent.className.hasSuffix("ViewController") && roll < 45 {
                let table = roll < 30
                let name = table ? "\(subject)Table" : "\(subject)Scroll"
                node = Node(path: parent.path + [name], className: table ? "UITableView" : "UIScrollView",
                            isRestorable: true, isTable: table, isScrollView: !table, children: [], exclusion: nil)
            } else {
                let name = serial % 11 == 0 ? "\(subject)\(role) \(serial)" : "\(subject)\(role)"
                node = Node(path: parent.path + [name], className: "\(subject)\(role)ViewController",
                            isRestorable: true, isTable: false, isScrollView: false, children: [], exclusion: nil)
            }
            if roll >= 90 {
                node.isRestorable = false
                node.exclusion = .noRestorationIdentifier
            } else if !parent.isRestorable {
                node.isRestorable = false
                node.exclusion = .ancestorExcluded
            }
            nodes.append(node)
            nodes[parentIndex].children.append(nodes.count - 1)
            if !node.isTable && !node.isScrollView { frontier.append(nodes.count - 1) }
        }
        return nodes
    }

    // MARK: Emitting

    /// Stamps records with synthetic seq, ts and span ids and hands them to the writer.
    struct Emitter {
        let writer: TraceWriter
        let clock: ClockUnit
        var random: SplitMix64
        var seq: Int64 = 0
        var nextSpan: Int64 = 1
        var now: Int64 = 0

        /// Nanoseconds, spread log-uniformly between `low` and `high`.
        mutating func duration(_ low: Int64, _ high: Int64) -> Int64 {
            let unit = Double(random.next() >> 11) / Double(1 << 53)
            return Int64((Double(low) * pow(Double(high) / Double(low), unit)).rounded())
        }

        mutating func advance(_ low: Int64, _ high: Int64) { now += duration(low, high) }

        private mutating func stamp() -> (Int64, Int64) {
            defer { seq += 1 }
            return (seq, clock == .tick ? seq : now)
        }

        mutating func begin(_ kind: RecordKind, path: [String]? = nil, className: String? = nil,
                            attributes: [TraceAttribute] = []) -> Int64 {
            let span = nextSpan
            nextSpan += 1
            let (seq, ts) = stamp()
            writer.write(TraceRecord(seq: seq, ts: ts, phase: .begin, span: span, kind: kind, path: path,
                                     className: className, attributes: attributes))
            return span
        }

        mutating func end(_ span: Int64, _ kind: RecordKind, path: [String]? = nil, attributes: [TraceAttribute] = []) {
            let (seq, ts) = stamp()
            writer.write(TraceRecord(seq: seq, ts: ts, phase: .end, span: span, kind: kind, path: path,
                                     attributes: attributes))
        }

        mutating func instant(_ kind: RecordKind, path: [String]? = nil, className: String? = nil,
                              attributes: [TraceAttribute] = []) {
            let (seq, ts) = stamp()
            writer.write(TraceRecord(seq: seq, ts: ts, phase: .instant, kind: kind, path: path,
                                     className: className, attributes: attributes))
        }

        mutating func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
    }

    /// The preserved objects in encoding order (depth first).
    private var restorableOrder: [Int] {
        var order: [Int] = []
        func visit(_ index: Int) {
            guard nodes[index].isRestorable else { return }
            order.append(index)
            for child in nodes[index].children { visit(child) }
        }
        visit(0)
        return order
    }

    private func keys(for node: Node, random: inout SplitMix64) -> [String] {
        if node.isTable { return ["kContentOffset", "kSelectedModelIds", "kFirstVisibleModelId"] }
        if node.isScrollView { return ["kContentOffset"] }
        if node.className == "UINavigationController" { return ["kViewControllers", "kTopViewController"] }
        if node.className == "UITabBarController" { return ["kSelectedIndex", "kViewControllers"] }
        let base = ["kModelId", "kScrollPosition", "kSearchText", "kFilter", "kEditing"]
        let count = 1 + Int(random.next() % 3)
        return Array(base.prefix(count))
    }

    private func emitPreservation(_ e: inout Emitter) {
        let order = restorableOrder
        e.advance(5_000, 50_000)
        let pass = e.begin(.preservation)
        e.advance(1_000, 5_000)
        e.instant(.shouldSave, attributes: [TraceAttribute("result", true)])
        e.advance(500, 3_000)
        let will = e.begin(.willEncode)
        e.advance(2_000, 40_000)
        e.end(will, .willEncode, attributes: [TraceAttribute("bytes", .int(Int64(40 + e.random.next() % 200))),
                                              TraceAttribute("keys", .strings(["kAppVersion", "kLastOpened"]))])
        var totalBytes: Int64 = 0
        for index in order {
            let node = nodes[index]
            e.advance(300, 4_000)
            let span = e.begin(.encode, path: node.path, className: node.className)
            e.advance(2_000, node.isTable ? 120_000 : 60_000)
            let bytes = Int64(24 + e.random.next() % 400)
            totalBytes += bytes
            var attributes = [TraceAttribute("bytes", .int(bytes)), TraceAttribute("keys", .strings(keys(for: node, random: &e.random)))]
            let children = node.children.filter { nodes[$0].isRestorable }
            if !children.isEmpty {
                attributes.append(TraceAttribute("children", .array(children.map { .strings(nodes[$0].path) })))
            }
            e.end(span, .encode, path: node.path, attributes: attributes)
            for child in node.children where !nodes[child].isRestorable {
                emitExclusions(under: child, &e)
            }
        }
        e.advance(1_000, 10_000)
        let write = e.begin(.archiveWrite)
        e.advance(200_000, 3_000_000)
        e.end(write, .archiveWrite, attributes: [
            TraceAttribute("bytes", .int(totalBytes + 512)), TraceAttribute("file", "data.data"),
            TraceAttribute("result", "ok"),
        ])
        e.advance(1_000, 5_000)
        e.end(pass, .preservation)
    }

    /// An `exclude` instant for `index` and for every object below it.
    private func emitExclusions(under index: Int, _ e: inout Emitter) {
        let node = nodes[index]
        e.advance(200, 2_000)
        e.instant(.exclude, path: node.path, className: node.className,
                  attributes: [TraceAttribute("reason", .string((node.exclusion ?? .ancestorExcluded).rawValue))])
        for child in node.children { emitExclusions(under: child, &e) }
    }

    private func emitRestoration(_ e: inout Emitter) {
        let order = restorableOrder
        e.advance(50_000_000, 400_000_000)  // the app is relaunched
        let pass = e.begin(.restoration)
        e.advance(1_000, 10_000)
        e.instant(.launch, attributes: [TraceAttribute("step", "willFinishLaunching")])
        e.advance(500, 5_000)
        let read = e.begin(.archiveRead)
        e.advance(100_000, 2_000_000)
        e.end(read, .archiveRead, attributes: [TraceAttribute("file", "data.data"), TraceAttribute("result", "ok")])
        e.advance(500, 3_000)
        e.instant(.shouldRestore, attributes: [
            TraceAttribute("result", true), TraceAttribute("archivedVersion", "1.4"), TraceAttribute("currentVersion", "1.4"),
        ])
        for index in order {
            let node = nodes[index]
            e.advance(300, 3_000)
            let span = e.begin(.locate, path: node.path, className: node.className)
            e.advance(1_000, 30_000)
            let roll = e.random.next() % 100
            let via: LocateStep
            switch node.className {
            case "UITabBarController", "UINavigationController": via = .storyboard
            case "UITableView", "UIScrollView": via = .existing
            default: via = roll < 60 ? .storyboard : roll < 85 ? .restorationClass : .appDelegate
            }
            var attributes = [TraceAttribute("via", .string(via.rawValue))]
            if roll >= 97 && via == .restorationClass {
                attributes.append(TraceAttribute("result", "nil"))
            } else {
                attributes.append(TraceAttribute("result", "found"))
                attributes.append(TraceAttribute("foundClass", .string(node.className)))
            }
            e.end(span, .locate, path: node.path, attributes: attributes)
        }
        for index in order {
            let node = nodes[index]
            e.advance(300, 3_000)
            let span = e.begin(.decode, path: node.path, className: node.className)
            e.advance(3_000, node.isTable ? 400_000 : 150_000)
            var attributes = [TraceAttribute("keys", .strings(keys(for: node, random: &e.random))), TraceAttribute("result", "ok")]
            if node.isTable || node.isScrollView {
                let offset = Double(e.random.next() % 4_000) / 2
                attributes.append(TraceAttribute("contentOffset", .array([0, .double(offset)])))
            }
            if node.isTable {
                let first = Int64(e.random.next() % 500)
                attributes.append(TraceAttribute("selectedModelIds", .strings(["id-\(first + 3)"])))
                attributes.append(TraceAttribute("firstVisibleModelId", .string("id-\(first)")))
                if e.random.next() % 10 == 0 {
                    attributes.append(TraceAttribute("unmatchedModelIds", .strings(["id-\(first + 900)"])))
                }
            }
            e.end(span, .decode, path: node.path, attributes: attributes)
        }
        e.advance(500, 3_000)
        let did = e.begin(.didDecode)
        e.advance(1_000, 20_000)
        e.end(did, .didDecode)
        for index in order where !nodes[index].isTable && !nodes[index].isScrollView {
            let node = nodes[index]
            e.advance(200, 2_000)
            let span = e.begin(.finishedRestoring, path: node.path, className: node.className)
            e.advance(1_000, 20_000)
            e.end(span, .finishedRestoring, path: node.path)
        }
        e.advance(1_000, 10_000)
        e.instant(.launch, attributes: [TraceAttribute("step", "didFinishLaunching")])
        e.advance(500, 3_000)
        e.end(pass, .restoration)
    }
}

