// TraceTable: a whole trace as columns, for the tools that read every record of a trace at once
// (the diagrams, explain). Kinds, strings and paths are numbered once; each record is a row of
// integers; spans are paired and the object tree (every path a record names, and each of its
// prefixes) is built as the rows are added. Made from records, or from a trace's bytes without making a
// `TraceRecord` at all (TraceTable+Scanning.swift).

import TraceFormat

/// A trace's records as columns of numbers, with its strings, paths and objects numbered.
///
/// Row `r` is the `r`-th record of the trace, in file order. Only the attributes named in
/// ``keptAttributes`` are kept (by slot: the index of the name there).
package struct TraceTable: Sendable {
    package let header: TraceHeader
    /// The attributes kept, by slot.
    package let keptAttributes: [String]

    // MARK: Rows

    /// One record: its core fields, with kinds, paths and classes by number.
    package struct Row: Sendable {
        package var seq: Int64
        package var ts: Int64
        /// ``TraceTable/noSpan`` when the record has no span id.
        package var span: Int64
        /// Index into ``TraceTable/kinds``.
        package var kind: Int32
        /// Index into ``TraceTable/paths``; -1 when the record has no `path` (an empty array is a path).
        package var path: Int32
        /// Index into ``TraceTable/strings``; -1 when the record has no `class`.
        package var className: Int32
        /// A `B` row: the row of its `E` (-1: it never ended). An `E` row: the row of its `B`
        /// (-1: no `B` was open with its id). An instant: -1. An `E` ends the latest open `B`
        /// with its id.
        package var partner: Int32
        /// The row's attributes end here in ``TraceTable/attributeSlot`` and
        /// ``TraceTable/attributeValue`` (they start where the row before ends, or at 0).
        package var attributeEnd: Int32
        package var phase: Phase
    }

    /// The records, in file order.
    package fileprivate(set) var rows: [Row] = []
    package fileprivate(set) var attributeSlot: [UInt8] = []
    package fileprivate(set) var attributeValue: [Value] = []
    /// The largest `ts` of the trace (0 when there is none, or none above 0).
    package fileprivate(set) var lastTimestamp: Int64 = 0

    // MARK: Numbered values

    /// ``RecordKind/known`` first (so a known kind's number is its index there), then others.
    package fileprivate(set) var kinds: [RecordKind] = RecordKind.known
    package fileprivate(set) var strings: [String] = []
    /// Every string array the kept rows hold: record paths, their prefixes, array attributes.
    package fileprivate(set) var paths: [[String]] = []
    /// Each path's components by number (see ``components``): `pathComponents[pathStart[n] ..<
    /// pathStart[n] + paths[n].count]`.
    fileprivate var pathStart: [Int32] = []
    fileprivate var pathComponents: [Int32] = []
    /// The path one component shorter than each path: -1 for paths of one component or none,
    /// -2 while not looked up.
    fileprivate var pathParent: [Int32] = []
    /// The distinct strings paths are made of, numbered by their UTF-8 bytes.
    fileprivate var components = ByteKeyedNumbers()
    fileprivate var componentStrings: [String] = []
    /// Attribute values that are not strings, integers, booleans or arrays of strings.
    package fileprivate(set) var otherValues: [JSONValue] = []

    // MARK: Objects

    /// The path of each object: each distinct non-empty path a record names, and its prefixes,
    /// numbered parents first in the order the trace first names them.
    package fileprivate(set) var objectPath: [Int32] = []
    /// The parent object of each object, -1 for a top-level one.
    package fileprivate(set) var objectParent: [Int32] = []
    /// The `seq` of the record that first named each object (or a descendant of it).
    package fileprivate(set) var objectFirstSeq: [Int64] = []
    /// The object of each path (index into ``paths``); -1 for paths no record names.
    package fileprivate(set) var objectOfPath: [Int32] = []

    /// The strings' numbers by their UTF-8 bytes: two spellings of one text (composed and
    /// decomposed accents) are two strings, as they are two values in the trace.
    fileprivate var stringNumbers = ByteKeyedNumbers()
    fileprivate var pathNumbers = PathNumbers()
    fileprivate var kindNumbers: [RecordKind: Int32] = [:]

    /// The known kinds by their number (their index in ``RecordKind/known``), to switch on a
    /// row's kind without comparing strings.
    package enum KnownKind: Int32, CaseIterable, Sendable {
        case preservation, shouldSave, willEncode, encode, exclude, archiveWrite, archiveRead, restoration, launch,
            shouldRestore, locate, decode, finishedRestoring, didDecode, discard, error
    }

    /// Row `r`'s kind when it is a known one.
    @inline(__always)
    package func knownKind(_ r: Int) -> KnownKind? { KnownKind(rawValue: rows[r].kind) }

    /// The value of ``span`` on rows without one.
    package static let noSpan = Int64.min

    /// An attribute value; strings and arrays by their number.
    package struct Value: Sendable, Hashable {
        package enum Tag: UInt8, Sendable {
            case string, int, bool, strings, other
        }
        package var tag: Tag
        /// The string's number (``strings``), the integer, 0 or 1, the array's number
        /// (``paths``), or the index in ``otherValues``.
        package var payload: Int64
    }

    package init(header: TraceHeader, keptAttributes: [String]) {
        precondition(keptAttributes.count < 256, "at most 255 kept attributes")
        self.header = header
        self.keptAttributes = keptAttributes
        namedSlots = NamedSlots(keptAttributes)
        for (index, known) in RecordKind.known.enumerated() { kindNumbers[known] = Int32(index) }
    }

    /// The number of rows.
    package var count: Int { rows.count }

    /// The slot of the kept attribute `name`, nil when it is not kept.
    package func slot(named name: String) -> Int? { keptAttributes.firstIndex(of: name) }

    /// The slots of the attributes read by name row after row — those ``TraceRecord`` has
    /// accessors for, and `parent` — nil for any the table does not keep.
    package struct NamedSlots: Sendable {
        package let reason, via, result, message, step, foundClass, bytes, parent, identifier, depth: Int?

        init(_ kept: [String]) {
            reason = kept.firstIndex(of: "reason")
            via = kept.firstIndex(of: "via")
            result = kept.firstIndex(of: "result")
            message = kept.firstIndex(of: "message")
            step = kept.firstIndex(of: "step")
            foundClass = kept.firstIndex(of: "foundClass")
            bytes = kept.firstIndex(of: "bytes")
            parent = kept.firstIndex(of: "parent")
            identifier = kept.firstIndex(of: "identifier")
            depth = kept.firstIndex(of: "depth")
        }
    }

    /// ``NamedSlots`` of this table, looked up once.
    package let namedSlots: NamedSlots

    // MARK: Reading rows

    /// The object row `r` is about: the object of its path, nil when it has no non-empty path.
    @inline(__always)
    package func object(ofRow r: Int) -> Int? {
        let number = Int(rows[r].path)
        guard number >= 0 else { return nil }
        let object = objectOfPath[number]
        return object >= 0 ? Int(object) : nil
    }

    /// Row `r`'s path, nil when it has none.
    package func pathValue(_ r: Int) -> [String]? { rows[r].path >= 0 ? paths[Int(rows[r].path)] : nil }

    /// Row `r`'s class, nil when it has none.
    package func classValue(_ r: Int) -> String? { rows[r].className >= 0 ? strings[Int(rows[r].className)] : nil }

    package func kindValue(_ r: Int) -> RecordKind { kinds[Int(rows[r].kind)] }

    /// The first value of the attribute in `slot` on row `r`.
    @inline(__always)
    package func attribute(_ r: Int, _ slot: Int) -> Value? {
        let start = r == 0 ? 0 : Int(rows[r - 1].attributeEnd)
        let end = Int(rows[r].attributeEnd)
        var index = start
        while index < end {
            if Int(attributeSlot[index]) == slot { return attributeValue[index] }
            index += 1
        }
        return nil
    }

    /// The attribute as text when it is a string (as ``JSONValue/stringValue``).
    package func string(_ r: Int, _ slot: Int) -> String? {
        guard let value = attribute(r, slot) else { return nil }
        switch value.tag {
        case .string: return strings[Int(value.payload)]
        case .other: return otherValues[Int(value.payload)].stringValue
        default: return nil
        }
    }

    /// The attribute as an integer (as ``JSONValue/intValue``).
    package func int(_ r: Int, _ slot: Int) -> Int64? {
        guard let value = attribute(r, slot) else { return nil }
        switch value.tag {
        case .int: return value.payload
        case .other: return otherValues[Int(value.payload)].intValue
        default: return nil
        }
    }

    /// The attribute as an array of strings (as ``JSONValue/stringArrayValue``).
    package func stringArray(_ r: Int, _ slot: Int) -> [String]? {
        guard let value = attribute(r, slot) else { return nil }
        switch value.tag {
        case .strings: return paths[Int(value.payload)]
        case .other: return otherValues[Int(value.payload)].stringArrayValue
        default: return nil
        }
    }

    /// The attribute as ``TraceRecord/result`` reads `result`: strings as they are, booleans as
    /// `true`/`false`.
    package func text(_ r: Int, _ slot: Int) -> String? {
        guard let value = attribute(r, slot) else { return nil }
        switch value.tag {
        case .string: return strings[Int(value.payload)]
        case .bool: return value.payload != 0 ? "true" : "false"
        default: return nil
        }
    }

    /// The number of `text` among the table's strings, nil when no kept value or class is it.
    package func number(ofString text: String) -> Int32? { stringNumbers.find(Array(text.utf8)) }

    /// The number of `path` among the table's paths, nil when the table holds no such array.
    package func number(ofPath path: [String]) -> Int32? {
        var numbers: [Int32] = []
        numbers.reserveCapacity(path.count)
        for component in path {
            guard let number = component.utf8.withContiguousStorageIfAvailable({ bytes in
                components.find(bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!, count: bytes.count)
            }) ?? components.find(Array(component.utf8)) else { return nil }
            numbers.append(number)
        }
        return pathNumbers.find(numbers[...], hash: PathNumbers.hash(numbers[...]), in: self)
    }

    /// The component numbers of path `number`.
    fileprivate func componentNumbers(ofPath number: Int) -> ArraySlice<Int32> {
        let start = Int(pathStart[number])
        return pathComponents[start ..< start + paths[number].count]
    }

    /// The object of `path`, nil when no record names it or a path below it.
    package func object(ofPath path: [String]) -> Int? {
        guard let number = number(ofPath: path), objectOfPath[Int(number)] >= 0 else { return nil }
        return Int(objectOfPath[Int(number)])
    }

    /// The number of `kind` among ``kinds``, nil when no row has it (known kinds always have one).
    package func number(ofKind kind: RecordKind) -> Int32? { kindNumbers[kind] }
}

// MARK: - Comparing

extension TraceTable {
    /// How this table differs from `other` in what it holds (rows, attributes, numbered values,
    /// objects), one line per difference found, at most `limit`; empty when they hold the same.
    /// For tests and the fuzzer: a table scanned from bytes must equal the one built from the
    /// reader's records.
    package func differences(from other: TraceTable, limit: Int = 10) -> [String] {
        var found: [String] = []
        func check<T: Equatable>(_ name: String, _ a: T, _ b: T) {
            if found.count < limit && a != b { found.append("\(name): \(a) ≠ \(b)") }
        }
        check("header", header, other.header)
        check("kept attributes", keptAttributes, other.keptAttributes)
        check("row count", rows.count, other.rows.count)
        for (index, (a, b)) in zip(rows, other.rows).enumerated() where found.count < limit {
            check("row \(index) seq", a.seq, b.seq)
            check("row \(index) ts", a.ts, b.ts)
            check("row \(index) span", a.span, b.span)
            check("row \(index) kind", a.kind, b.kind)
            check("row \(index) path", a.path, b.path)
            check("row \(index) class", a.className, b.className)
            check("row \(index) partner", a.partner, b.partner)
            check("row \(index) attribute end", a.attributeEnd, b.attributeEnd)
            check("row \(index) phase", a.phase, b.phase)
        }
        check("attribute slots", attributeSlot, other.attributeSlot)
        check("attribute values", attributeValue, other.attributeValue)
        check("last timestamp", lastTimestamp, other.lastTimestamp)
        check("kinds", kinds, other.kinds)
        check("strings", strings, other.strings)
        check("paths", paths, other.paths)
        check("other values", otherValues, other.otherValues)
        check("object paths", objectPath, other.objectPath)
        check("object parents", objectParent, other.objectParent)
        check("object first seq", objectFirstSeq, other.objectFirstSeq)
        check("object of path", objectOfPath, other.objectOfPath)
        return found
    }
}

// MARK: - Building

/// Why a trace's object tree is not built: drawing it would take minutes and gigabytes.
package enum TraceTableLimitError: Error, Sendable, Equatable {
    /// The record on `line` has a path of `depth` components, more than allowed.
    case pathTooDeep(line: Int, depth: Int)
    /// The paths up to `line` make more path components than allowed (each object counts its depth).
    case tooManyPathComponents(line: Int)
}

/// How big an object tree a ``TraceTable`` builds before it refuses with ``TraceTableLimitError``.
package struct TraceTableLimits: Sendable {
    package var maximumPathDepth: Int
    package var maximumPathComponents: Int
    package init(maximumPathDepth: Int, maximumPathComponents: Int) {
        self.maximumPathDepth = maximumPathDepth
        self.maximumPathComponents = maximumPathComponents
    }
    /// No limit: for traces already in memory as records.
    package static let none = TraceTableLimits(maximumPathDepth: .max, maximumPathComponents: .max)
}

extension TraceTable {
    /// The table of `records` (in file order); `lines[i]` is the line of `records[i]` for limit
    /// errors (positions from 2 when not given).
    package init(header: TraceHeader, records: [TraceRecord], keptAttributes: [String], lines: [Int]? = nil,
                 limits: TraceTableLimits = .none) throws(TraceTableLimitError)
    {
        var builder = Builder(header: header, keptAttributes: keptAttributes, limits: limits, expectedRows: records.count)
        var slotOfName: [String: Int] = [:]
        for (slot, name) in keptAttributes.enumerated() where slotOfName[name] == nil { slotOfName[name] = slot }
        for (index, record) in records.enumerated() {
            // Numbered in the order the scanner numbers a line's values: kind, path, class, attributes.
            let kind = builder.number(ofKind: record.kind)
            let path = record.path.map { builder.number(ofPath: $0) } ?? -1
            let className = record.className.map { builder.number(ofString: $0) } ?? -1
            for attribute in record.attributes {
                guard let slot = slotOfName[attribute.key] else { continue }
                builder.addAttribute(slot: slot, builder.value(of: attribute.value))
            }
            let line = lines.map { index < $0.count ? $0[index] : index + 2 } ?? index + 2
            try builder.endRow(
                seq: record.seq, ts: record.ts, phase: record.phase, span: record.span ?? TraceTable.noSpan,
                kind: kind, path: path, className: className, line: line)
        }
        self = builder.table
    }

    /// Adds rows one at a time: attributes first (``addAttribute(slot:_:)``), then
    /// ``endRow(seq:ts:phase:span:kind:path:className:line:)``.
    package struct Builder {
        package private(set) var table: TraceTable
        let limits: TraceTableLimits
        private var openSpans = SpanSlotTable()
        private var scratch: [Int32] = []
        private var pathComponents = 0
        /// The attributes of the row being built; a slot's first value wins.
        private var seenSlots: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

        package init(header: TraceHeader, keptAttributes: [String], limits: TraceTableLimits, expectedRows: Int = 0) {
            table = TraceTable(header: header, keptAttributes: keptAttributes)
            self.limits = limits
            guard expectedRows > 0 else { return }
            table.rows.reserveCapacity(expectedRows)
            // Paths and objects: a few records name each (a begin, an end, an event or two). An
            // array's room made now is only address space until it is written (the hash table's
            // slots are written once, empty: 4 bytes for each two paths expected); arrays that
            // double as they grow write every element two or three times over, into fresh pages.
            let expectedPaths = expectedRows / 4
            table.paths.reserveCapacity(expectedPaths)
            table.pathStart.reserveCapacity(expectedPaths)
            table.pathParent.reserveCapacity(expectedPaths)
            table.pathComponents.reserveCapacity(expectedPaths * 4)
            table.objectOfPath.reserveCapacity(expectedPaths)
            table.objectPath.reserveCapacity(expectedPaths)
            table.objectParent.reserveCapacity(expectedPaths)
            table.objectFirstSeq.reserveCapacity(expectedPaths)
            table.pathNumbers.reserve(expectedPaths)
            table.attributeSlot.reserveCapacity(expectedRows)
            table.attributeValue.reserveCapacity(expectedRows)
        }

        package mutating func number(ofString text: String) -> Int32 {
            var bytes = text
            return bytes.withUTF8 { utf8 in
                let base = utf8.baseAddress ?? UnsafePointer(bitPattern: 1)!
                if let number = table.stringNumbers.find(base, count: utf8.count) { return number }
                let number = table.stringNumbers.insert(base, count: utf8.count)
                table.strings.append(text)
                return number
            }
        }

        package mutating func number(ofPath path: [String]) -> Int32 {
            var numbers: [Int32] = []
            numbers.reserveCapacity(path.count)
            for component in path {
                var text = component
                numbers.append(text.withUTF8 { bytes in
                    number(ofComponent: bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!, count: bytes.count,
                           text: component)
                })
            }
            return number(ofComponents: numbers[...], hash: PathNumbers.hash(numbers[...]))
        }

        /// The number of the component whose UTF-8 bytes are these; `text` is them as a
        /// String, when the caller has it (else it is made from the bytes).
        package mutating func number(ofComponent bytes: UnsafePointer<UInt8>, count: Int, text: String? = nil) -> Int32 {
            if let known = table.components.find(bytes, count: count) { return known }
            let number = table.components.insert(bytes, count: count)
            table.componentStrings.append(text ?? String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
            return number
        }

        /// The number of the path made of these components (whose ``PathNumbers/hash(_:)`` is `hash`).
        package mutating func number(ofComponents numbers: ArraySlice<Int32>, hash: UInt64, parent: Int32 = -2) -> Int32 {
            if let number = table.pathNumbers.find(numbers, hash: hash, in: table) { return number }
            let number = Int32(table.paths.count)
            table.pathStart.append(Int32(table.pathComponents.count))
            table.pathComponents.append(contentsOf: numbers)
            table.paths.append(numbers.map { table.componentStrings[Int($0)] })
            table.pathParent.append(numbers.count <= 1 ? -1 : parent)
            table.objectOfPath.append(-1)
            table.pathNumbers.insert(number, hash: hash)
            return number
        }

        /// The number of path `parent` extended by component `component`: no component of the
        /// parent is looked at again.
        package mutating func number(extending parent: Int32, with component: Int32) -> Int32 {
            scratch.removeAll(keepingCapacity: true)
            scratch.append(contentsOf: table.componentNumbers(ofPath: Int(parent)))
            scratch.append(component)
            let hash = PathNumbers.combine(table.pathNumbers.hash(ofPath: parent), component)
            return number(ofComponents: scratch[...], hash: hash, parent: parent)
        }

        package mutating func number(ofKind kind: RecordKind) -> Int32 {
            if let number = table.kindNumbers[kind] { return number }
            let number = Int32(table.kinds.count)
            table.kinds.append(kind)
            table.kindNumbers[kind] = number
            return number
        }

        /// An attribute value as the table keeps it.
        package mutating func value(of json: JSONValue) -> Value {
            switch json {
            case .string(let text): return Value(tag: .string, payload: Int64(number(ofString: text)))
            case .int(let integer): return Value(tag: .int, payload: integer)
            case .bool(let flag): return Value(tag: .bool, payload: flag ? 1 : 0)
            case .array:
                if let strings = json.stringArrayValue { return Value(tag: .strings, payload: Int64(number(ofPath: strings))) }
            default: break
            }
            table.otherValues.append(json)
            return Value(tag: .other, payload: Int64(table.otherValues.count - 1))
        }

        /// Adds an attribute to the row being built; a second value for the same slot is ignored
        /// (readers take the first, as ``TraceRecord``'s subscript does).
        @inline(__always)
        package mutating func addAttribute(slot: Int, _ value: Value) {
            let bit = UInt64(1) << UInt64(slot & 63)
            switch slot >> 6 {
            case 0: if seenSlots.0 & bit != 0 { return }; seenSlots.0 |= bit
            case 1: if seenSlots.1 & bit != 0 { return }; seenSlots.1 |= bit
            case 2: if seenSlots.2 & bit != 0 { return }; seenSlots.2 |= bit
            default: if seenSlots.3 & bit != 0 { return }; seenSlots.3 |= bit
            }
            table.attributeSlot.append(UInt8(truncatingIfNeeded: slot))
            table.attributeValue.append(value)
        }

        /// The row of the open span `span` (a `B` row whose `E` has not come yet), if there is one.
        @inline(__always)
        package func openRow(ofSpan span: Int64) -> Int? { openSpans.slot(of: span) }

        /// Ends the row being built. `line` is where the record is, for limit errors.
        package mutating func endRow(seq: Int64, ts: Int64, phase: Phase, span: Int64, kind: Int32, path: Int32,
                                     className: Int32, line: Int) throws(TraceTableLimitError)
        {
            let row = table.rows.count
            if path >= 0 { try placeObject(path: Int(path), seq: seq, line: line) }
            if ts > table.lastTimestamp { table.lastTimestamp = ts }
            seenSlots = (0, 0, 0, 0)
            var partner: Int32 = -1
            if span != TraceTable.noSpan {
                switch phase {
                case .begin:
                    // A second B with an open id: the first never ends (as the reader's pairing has it).
                    _ = openSpans.remove(span)
                    openSpans.insert(span, slot: row)
                case .end:
                    if let begin = openSpans.remove(span) {
                        partner = Int32(begin)
                        table.rows[begin].partner = Int32(row)
                    }
                case .instant:
                    break
                }
            }
            table.rows.append(Row(seq: seq, ts: ts, span: span, kind: kind, path: path, className: className,
                                  partner: partner, attributeEnd: Int32(table.attributeSlot.count), phase: phase))
        }

        /// The path one component shorter than path `number`, looked up (and numbered) the first
        /// time; -1 for a path of one component or none.
        private mutating func parentPath(of number: Int) -> Int32 {
            let known = table.pathParent[number]
            guard known == -2 else { return known }
            let components = table.componentNumbers(ofPath: number).dropLast()
            let parent = self.number(ofComponents: components, hash: PathNumbers.hash(components))
            table.pathParent[number] = parent
            return parent
        }

        /// Makes objects for the path numbered `path` and its prefixes, unless it has one already.
        private mutating func placeObject(path: Int, seq: Int64, line: Int) throws(TraceTableLimitError) {
            guard table.objectOfPath[path] < 0 else { return }
            let depthOfPath = table.paths[path].count
            guard depthOfPath > 0 else { return }
            if depthOfPath > limits.maximumPathDepth {
                throw .pathTooDeep(line: line, depth: depthOfPath)
            }
            // The new objects, deepest first: up the prefixes until one that has an object.
            var missing = [path]
            var current = path
            var parent: Int32 = -1
            while true {
                let prefix = parentPath(of: current)
                guard prefix >= 0 else { break }
                let object = table.objectOfPath[Int(prefix)]
                if object >= 0 {
                    parent = object
                    break
                }
                missing.append(Int(prefix))
                current = Int(prefix)
            }
            for number in missing.reversed() {
                pathComponents += table.paths[number].count
                if pathComponents > limits.maximumPathComponents { throw .tooManyPathComponents(line: line) }
                let object = Int32(table.objectPath.count)
                table.objectPath.append(Int32(number))
                table.objectParent.append(parent)
                table.objectFirstSeq.append(seq)
                table.objectOfPath[number] = object
                parent = object
            }
        }
    }
}

/// Numbers paths by their component numbers: an open-addressing table of path numbers, keyed by
/// a hash built one component at a time, so that each prefix of a path has its hash on the way
/// to the whole path's and is looked up without making an array.
struct PathNumbers: Sendable {
    private var numbers = HashSlots(capacity: 1024)

    mutating func reserve(_ paths: Int) { numbers.reserve(paths) }

    /// The number of the path made of `components` (whose hash is `hash`) in `table`, nil when
    /// there is none.
    func find(_ components: ArraySlice<Int32>, hash: UInt64, in table: TraceTable) -> Int32? {
        numbers.find(hash: hash) { number in
            table.paths[number].count == components.count
                && table.componentNumbers(ofPath: number).elementsEqual(components)
        }
    }

    /// The hash of path `number`.
    func hash(ofPath number: Int32) -> UInt64 { numbers.hashes[Int(number)] }

    /// Adds path `number` (numbers come in order 0, 1, 2...), known to be absent.
    mutating func insert(_ number: Int32, hash: UInt64) {
        let added = numbers.append(hash: hash)
        precondition(added == number, "paths are numbered in order")
    }

    /// Seeded per process, so a trace cannot be made of paths that all collide.
    private static let seed = UInt64.random(in: .min ... .max)

    static func hash(_ components: ArraySlice<Int32>) -> UInt64 {
        var hash = seed
        for component in components { hash = combine(hash, component) }
        return hash
    }

    @inline(__always)
    static func combine(_ hash: UInt64, _ component: Int32) -> UInt64 {
        var mixed = (hash ^ UInt64(UInt32(bitPattern: component))) &* 0xBF58_476D_1CE4_E5B9
        mixed ^= mixed >> 31
        return mixed
    }
}

/// Numbers byte strings: an open-addressing table over a byte arena of its own.
struct ByteKeyedNumbers: Sendable {
    private var numbers = HashSlots(capacity: 256)
    private var starts: [Int] = []
    private var bytes: [UInt8] = []

    /// The number of these bytes, nil when they have none.
    func find(_ key: UnsafePointer<UInt8>, count: Int) -> Int32? {
        numbers.find(hash: ByteHash.hash(key, count: count)) { entry in
            length(entry) == count
                && bytes.withUnsafeBufferPointer { ByteHash.equal($0.baseAddress! + starts[entry], key, count: count) }
        }
    }

    func find(_ key: [UInt8]) -> Int32? {
        key.withUnsafeBufferPointer { buffer in
            find(buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!, count: buffer.count)
        }
    }

    private func length(_ entry: Int) -> Int { (entry + 1 < starts.count ? starts[entry + 1] : bytes.count) - starts[entry] }

    /// Numbers bytes known to be absent; the numbers come in order 0, 1, 2...
    mutating func insert(_ key: UnsafePointer<UInt8>, count: Int) -> Int32 {
        starts.append(bytes.count)
        bytes.append(contentsOf: UnsafeBufferPointer(start: key, count: count))
        return numbers.append(hash: ByteHash.hash(key, count: count))
    }
}

/// The core of the open-addressing tables of this module: entry numbers 0, 1, 2... in slots by
/// their hash, linear probing, at most half the slots used. What an entry is, and how a key is
/// compared with it, is the owner's.
struct HashSlots: Sendable {
    /// Entry numbers, -1 for an empty slot; the count is a power of two.
    private var slots: [Int32]
    /// Each entry's hash, by number.
    private(set) var hashes: [UInt64] = []

    init(capacity: Int) {
        precondition(capacity > 0 && capacity & (capacity - 1) == 0, "a power of two")
        slots = [Int32](repeating: -1, count: capacity)
    }

    /// The first entry with this hash for which `matches` says yes, nil when there is none.
    @inline(__always)
    func find(hash: UInt64, where matches: (Int) -> Bool) -> Int32? {
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = slots[index]
            if entry < 0 { return nil }
            if hashes[Int(entry)] == hash, matches(Int(entry)) { return entry }
            index = (index + 1) & mask
        }
    }

    /// Makes room for `entries` entries in all, so that adding them neither rehashes nor copies.
    mutating func reserve(_ entries: Int) {
        hashes.reserveCapacity(entries)
        guard entries * 2 > slots.count else { return }
        var capacity = slots.count
        while entries * 2 > capacity { capacity *= 2 }
        slots = [Int32](repeating: -1, count: capacity)
        for (existing, existingHash) in hashes.enumerated() { place(Int32(existing), hash: existingHash) }
    }

    /// Adds an entry known to be absent and returns its number (the count before it).
    mutating func append(hash: UInt64) -> Int32 {
        let entry = Int32(hashes.count)
        hashes.append(hash)
        if hashes.count * 2 > slots.count {
            slots = [Int32](repeating: -1, count: slots.count * 2)
            for (existing, existingHash) in hashes.enumerated() { place(Int32(existing), hash: existingHash) }
        } else {
            place(entry, hash: hash)
        }
        return entry
    }

    private mutating func place(_ entry: Int32, hash: UInt64) {
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while slots[index] >= 0 { index = (index + 1) & mask }
        slots[index] = entry
    }
}
