// TraceValidator: the checks across records (span pairing, nesting, seq and ts order, kinds)
// on top of the reader's line checks, streaming, into one report.

/// What validating a trace found.
public struct TraceValidationReport: Sendable, Hashable {
    /// The path as given (`-` for standard input).
    public var path: String
    public var header: TraceHeader?
    public var recordCount = 0
    /// `B` records (spans begun) and instants.
    public var spanCount = 0
    public var instantCount = 0
    /// How many records of each kind (B, E and i all count).
    public var kindCounts: [RecordKind: Int] = [:]
    /// Spans that never ended, in file order: where the process stopped. Not diagnostics: a
    /// trace of a crash is a valid trace.
    public var unfinishedSpans: [PairedSpan] = []
    /// The reader's and the validator's problems, by line (at most the reader option's
    /// `maxStoredDiagnostics`; the counts below count them all).
    public var diagnostics: [TraceDiagnostic] = []
    public var errorCount = 0
    public var warningCount = 0
    /// Bytes read.
    public var byteCount = 0
    /// Why reading stopped before the end of the input (an I/O error), if it did: the trace could
    /// not be checked, which is not the same as invalid.
    public var readFailure: String?

    public init(path: String) { self.path = path }

    /// True when there is no error (warnings and unfinished spans do not make a trace invalid).
    public var isValid: Bool { errorCount == 0 }
}

/// Checks a trace beyond what the reader checks line by line.
///
/// **Errors** (the trace is wrong; `restoretrace validate` exits 1):
/// every reader error (malformed line, wrong field type, missing or refused header, ...);
/// an `E` without an open `B` of its span id; a `B` reusing a span id already used;
/// an `E` whose `kind` or `thread` differs from its `B`; an `E` that closes a span other than
/// the innermost open one of its thread; `seq` going backwards or repeating; a negative `ts`;
/// `ts` decreasing on a thread.
///
/// **Warnings** (readable, but worth a look): every reader warning (the last line cut off,
/// skipped lines, blank lines); a `seq` gap (records were lost, e.g. a crash while buffered);
/// an unknown kind (kept: forward compatible); an instant kind used as a span or a span kind
/// used as an instant.
///
/// **Unfinished spans** (a `B` without its `E`: the process stopped inside it, which is what a
/// crash trace is for) are neither: they are findings, listed in
/// ``TraceValidationReport/unfinishedSpans`` with their line, kind, path and class.
public struct TraceValidator: Sendable {
    private var report: TraceValidationReport
    private let maxStoredDiagnostics: Int
    private var pairer = SpanPairer()
    private var usedSpanIDs = SpanIDSet()
    private var expectedSeq: Int64?
    private var threads = ThreadNumbers()
    /// The last `ts` on each thread, by thread number (nil before the thread's first record).
    private var lastTsByThread: [Int64?] = [nil]
    /// What the validator knows about each kind seen, found by a short linear search: traces
    /// use a dozen kinds, and the reader hands out shared strings, so == is a pointer compare.
    private var kinds: [KindEntry] = []
    /// `kinds` index of each of ``RecordKind/known``, or -1 before its first use.
    private var kindEntryOfKnown = [Int](repeating: -1, count: RecordKind.known.count)
    /// The fast path's open spans (``validate(_:)`` on a reader that drops attributes).
    private var openSpans = SpanNesting<OpenSpanSummary>()
    /// The `path` and `class` JSON text of open spans, copied from their `B` lines and parsed
    /// only for spans that never end.
    private var spanText: [UInt8] = []
    /// Bytes of `spanText` still used by an open span (the rest is waiting for compaction).
    private var liveSpanTextBytes = 0
    /// The `B` records of spans whose text is parsed already (``SpanText/parsed(_:)``); nil
    /// entries are free and listed in `freeParsedBegins`.
    private var parsedBegins: [TraceRecord?] = []
    private var freeParsedBegins: [Int] = []

    /// What the fast path keeps of an open span: what the report says about it, no record.
    /// Plain values only (no String, no record), so that moving one is a copy of its bytes.
    private struct OpenSpanSummary: Sendable {
        var seq: Int64
        var ts: Int64
        var span: Int64
        var kindEntry: Int
        /// The thread's number in `threads`.
        var thread: Int
        var line: Int
        var parentSpan: Int64?
        var depth: Int
        var text: SpanText
    }

    private enum SpanText: Sendable {
        /// `path` then `class` JSON text at `start` in `spanText` (a count is 0 when absent).
        case copied(start: Int, pathCount: Int, classCount: Int)
        /// Parsed already (a line the fast path declined, or a span given up): the record is
        /// `parsedBegins[index]`.
        case parsed(index: Int)
    }

    private struct KindEntry: Sendable {
        var kind: RecordKind
        var count: Int
        var isKnown: Bool
        var isInstantKind: Bool
        var reportedMisuse: Bool
    }

    public init(path: String, maxStoredDiagnostics: Int = 1000) {
        report = TraceValidationReport(path: path)
        self.maxStoredDiagnostics = maxStoredDiagnostics
    }

    /// Validates the trace at `path` (`-` for standard input), streaming. Attributes are checked
    /// but not kept (``TraceReaderOptions/keepAttributes`` is set to false), so the spans in
    /// ``TraceValidationReport/unfinishedSpans`` carry core fields only.
    public static func validate(path: String, options: TraceReaderOptions = .default) throws(TraceReadError)
        -> TraceValidationReport
    {
        var options = options
        options.keepAttributes = false
        return validate(try TraceReader(path: path, options: options))
    }

    /// Validates a trace held in memory (attributes checked but not kept, as for a path).
    public static func validate(bytes: [UInt8], name: String = "<memory>", options: TraceReaderOptions = .default)
        -> TraceValidationReport
    {
        var options = options
        options.keepAttributes = false
        return validate(TraceReader(bytes: bytes, name: name, options: options))
    }

    /// Validates everything `reader` has left to read.
    public static func validate(_ reader: TraceReader) -> TraceValidationReport {
        reader.leaveChecksAcrossRecords()
        var validator = TraceValidator(path: reader.path, maxStoredDiagnostics: reader.options.maxStoredDiagnostics)
        if reader.options.keepAttributes {
            while let line = reader.next() {
                switch consume line {
                case .header(let header): validator.report.header = header
                case .record(let record): validator.check(record, line: reader.lineNumber)
                }
            }
            return validator.finish(reader: reader)
        }
        // Attributes are dropped anyway: check records without building them.
        while let line = reader.nextScanned() {
            switch consume line {
            case .header(let header): validator.report.header = header
            case .scanned(let record, let bytes): validator.check(record, bytes: bytes, line: reader.lineNumber)
            case .record(let record): validator.checkParsed(record, line: reader.lineNumber)
            }
        }
        return validator.finish(reader: reader)
    }

    /// Checks the next record; `line` is its line number.
    public mutating func check(_ record: TraceRecord, line: Int) {
        report.recordCount += 1
        checkSeq(record.seq, line: line)
        checkTimestamp(record.ts, thread: threads.number(of: record.thread), line: line)
        checkKind(kindEntry(record.kind, line: line), phase: record.phase, line: line)
        let step = pairer.step(record, line: line)
        switch consume step {
        case .instant:
            report.instantCount += 1
        case .began:
            report.spanCount += 1
            if let id = record.span, !usedSpanIDs.insert(id) {
                add(.error(line: line, TraceRuleMessages.spanReused(id)))
            }
        case .ended(let span, let innermost):
            checkEnd(span, line: line)
            if let innermost {
                add(.error(line: line, TraceRuleMessages.notNested(span.span, kind: span.kind, innermost: innermost)))
            }
        case .endWithoutBegin:
            let id = record.span.map(String.init) ?? "?"
            add(.error(line: line, TraceRuleMessages.endWithoutBegin(id, kind: record.kind, everUsed: usedSpanIDs.contains(record.span ?? 0))))
        }
    }

    // MARK: Fast path

    /// ``check(_:line:)`` for a scanned record line (`bytes` holds the line).
    private mutating func check(_ record: ScannedRecord, bytes: UnsafePointer<UInt8>, line: Int) {
        report.recordCount += 1
        checkSeq(record.seq, line: line)
        let thread = threads.number(of: record.thread)
        checkTimestamp(record.ts, thread: thread, line: line)
        var entry = kindEntryOfKnown[record.knownKind]
        if entry < 0 {
            entry = kindEntry(RecordKind.known[record.knownKind], line: line)
            kindEntryOfKnown[record.knownKind] = entry
        }
        checkKind(entry, phase: record.phase, line: line)
        switch record.phase {
        case .instant:
            report.instantCount += 1
        case .begin:
            let pathCount = record.pathEnd - record.pathStart
            let classCount = record.classEnd - record.classStart
            let text: SpanText
            if pathCount + classCount == 0 {
                text = .copied(start: 0, pathCount: 0, classCount: 0)
            } else {
                text = .copied(start: spanText.count, pathCount: pathCount, classCount: classCount)
                spanText.append(contentsOf: UnsafeBufferPointer(start: bytes + record.pathStart, count: pathCount))
                spanText.append(contentsOf: UnsafeBufferPointer(start: bytes + record.classStart, count: classCount))
                liveSpanTextBytes += pathCount + classCount
            }
            began(OpenSpanSummary(
                seq: record.seq, ts: record.ts, span: record.span, kindEntry: entry, thread: thread, line: line,
                parentSpan: nil, depth: 0, text: text), line: line)
        case .end:
            ended(span: record.span, kindEntry: entry, thread: thread, line: line)
        }
    }

    /// ``check(_:line:)`` on the fast path for a line it declined and parsed in full.
    private mutating func checkParsed(_ record: TraceRecord, line: Int) {
        report.recordCount += 1
        checkSeq(record.seq, line: line)
        let thread = threads.number(of: record.thread)
        checkTimestamp(record.ts, thread: thread, line: line)
        let entry = kindEntry(record.kind, line: line)
        checkKind(entry, phase: record.phase, line: line)
        switch record.phase {
        case .instant:
            report.instantCount += 1
        case .begin:
            began(OpenSpanSummary(
                seq: record.seq, ts: record.ts, span: record.span ?? 0, kindEntry: entry, thread: thread,
                line: line, parentSpan: nil, depth: 0, text: keepParsed(record)), line: line)
        case .end:
            ended(span: record.span ?? 0, kindEntry: entry, thread: thread, line: line)
        }
    }

    private mutating func began(_ summary: OpenSpanSummary, line: Int) {
        report.spanCount += 1
        let opened = openSpans.begin(id: summary.span, thread: summary.thread) { parent, depth in
            var summary = summary
            summary.parentSpan = parent
            summary.depth = depth
            return summary
        }
        if let previous = opened.previous {
            // Given up as unfinished: parse its text now, before the bytes can move.
            let record = beginRecord(previous)
            releaseText(of: previous)
            let text = keepParsed(record)
            openSpans.updateLastAbandoned { $0.text = text }
        }
        if !usedSpanIDs.insert(summary.span) {
            add(.error(line: line, TraceRuleMessages.spanReused(summary.span)))
        }
    }

    private mutating func ended(span id: Int64, kindEntry: Int, thread: Int, line: Int) {
        guard let closed = openSpans.end(id: id) else {
            add(.error(line: line, TraceRuleMessages.endWithoutBegin(String(id), kind: kinds[kindEntry].kind, everUsed: usedSpanIDs.contains(id))))
            return
        }
        let span = closed.payload
        releaseText(of: span)
        if kindEntry != span.kindEntry {
            add(.error(line: line, TraceRuleMessages.kindChanged(span.span, began: kinds[span.kindEntry].kind, beginLine: span.line,
                                                                 ends: kinds[kindEntry].kind)))
        }
        if thread != span.thread {
            add(.error(line: line, TraceRuleMessages.threadChanged(span.span, began: threads.names[span.thread], beginLine: span.line,
                                                                   ends: threads.names[thread])))
        }
        if let innermost = closed.innermostOpen {
            add(.error(line: line, TraceRuleMessages.notNested(span.span, kind: kinds[span.kindEntry].kind, innermost: innermost)))
        }
    }

    /// Keeps `record` in `parsedBegins` for an open span.
    private mutating func keepParsed(_ record: TraceRecord) -> SpanText {
        if let index = freeParsedBegins.popLast() {
            parsedBegins[index] = record
            return .parsed(index: index)
        }
        parsedBegins.append(record)
        return .parsed(index: parsedBegins.count - 1)
    }

    /// Frees a closed span's text. Copied text is dropped when it is last (spans nest, so it
    /// usually is), otherwise left for compaction.
    private mutating func releaseText(of span: OpenSpanSummary) {
        switch span.text {
        case .parsed(let index):
            parsedBegins[index] = nil
            freeParsedBegins.append(index)
        case .copied(let start, let pathCount, let classCount):
            let count = pathCount + classCount
            guard count > 0 else { return }
            liveSpanTextBytes -= count
            if start + count == spanText.count {
                spanText.removeLast(count)
            } else if spanText.count > 1 << 16 && spanText.count > 4 * liveSpanTextBytes {
                compactSpanText()
            }
        }
    }

    private mutating func compactSpanText() {
        var compacted: [UInt8] = []
        compacted.reserveCapacity(liveSpanTextBytes * 2)
        let old = spanText
        openSpans.updateOpenPayloads { open in
            guard case .copied(let start, let pathCount, let classCount) = open.text else { return }
            open.text = .copied(start: compacted.count, pathCount: pathCount, classCount: classCount)
            compacted.append(contentsOf: old[start..<(start + pathCount + classCount)])
        }
        spanText = compacted
    }

    /// The `B` record of an open span, as the reader would have returned it.
    private func beginRecord(_ span: OpenSpanSummary) -> TraceRecord {
        switch span.text {
        case .parsed(let index):
            return parsedBegins[index]!
        case .copied(let start, let pathCount, let classCount):
            var path: [String]?
            var className: String?
            spanText.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                // Text the scanner checked: decoded as the reader decodes it.
                if pathCount > 0 {
                    path = RecordLineParser.path(base, start: start, end: start + pathCount, interner: nil)
                }
                if classCount > 0 {
                    className = RecordLineScanner.string(base, start: start + pathCount, end: start + pathCount + classCount,
                                                         interner: nil)
                }
            }
            return TraceRecord(seq: span.seq, ts: span.ts, phase: .begin, span: span.span, kind: kinds[span.kindEntry].kind,
                               path: path, className: className, thread: threads.names[span.thread])
        }
    }

    /// Ends validation: collects the unfinished spans and merges the reader's diagnostics.
    public mutating func finish(reader: TraceReader? = nil) -> TraceValidationReport {
        let summaries = openSpans.finish()
        report.unfinishedSpans = pairer.finish() + summaries.map { summary in
            PairedSpan(begin: beginRecord(summary), parentSpan: summary.parentSpan, depth: summary.depth,
                       beginLine: summary.line)
        }
        report.kindCounts = Dictionary(uniqueKeysWithValues: kinds.map { ($0.kind, $0.count) })
        if let reader {
            report.byteCount = reader.bytesRead
            report.readFailure = reader.readFailure
            report.errorCount += reader.errorCount
            report.warningCount += reader.warningCount
            let merged = (reader.diagnostics + report.diagnostics).enumerated().sorted { a, b in
                let la = a.element.line ?? 0
                let lb = b.element.line ?? 0
                return la != lb ? la < lb : a.offset < b.offset
            }.map(\.element)
            report.diagnostics = Array(merged.prefix(maxStoredDiagnostics))
        }
        return report
    }

    // MARK: Checks

    private mutating func checkSeq(_ seq: Int64, line: Int) {
        defer { expectedSeq = max(expectedSeq ?? 0, seq &+ 1) }
        guard let expected = expectedSeq else {
            if seq > 0 {
                add(.warning(line: line, "the first record has seq \(seq), not 0: \(seq) record\(seq == 1 ? " is" : "s are") missing before it"))
            } else if seq < 0 {
                add(.error(line: line, TraceRuleMessages.negativeSeq(seq)))
            }
            return
        }
        if seq < expected {
            add(.error(line: line, TraceRuleMessages.seqBackwards(seq, expected: expected)))
        } else if seq > expected {
            let missing = seq - expected
            add(.warning(line: line, "seq jumps from \(expected - 1) to \(seq): \(missing) record\(missing == 1 ? "" : "s") lost"))
        }
    }

    /// `thread` is a number from `threads`.
    private mutating func checkTimestamp(_ ts: Int64, thread: Int, line: Int) {
        if ts < 0 {
            add(.error(line: line, TraceRuleMessages.negativeTs(ts)))
        }
        while lastTsByThread.count <= thread { lastTsByThread.append(nil) }
        let last = lastTsByThread[thread]
        lastTsByThread[thread] = ts
        if let last, ts < last {
            add(.error(line: line, TraceRuleMessages.tsBackwards(from: last, to: ts, thread: threads.names[thread])))
        }
    }

    /// The index in `kinds` of `kind`, added (with the unknown-kind warning) on its first use.
    private mutating func kindEntry(_ kind: RecordKind, line: Int) -> Int {
        var index = 0
        while index < kinds.count && kinds[index].kind != kind { index += 1 }
        if index == kinds.count {
            let isKnown = kind.isKnown
            kinds.append(KindEntry(kind: kind, count: 0, isKnown: isKnown,
                                   isInstantKind: RecordKind.instantKinds.contains(kind), reportedMisuse: false))
            if !isKnown { add(.warning(line: line, "unknown kind \"\(kind)\" (kept; first use shown)")) }
        }
        return index
    }

    private mutating func checkKind(_ index: Int, phase: Phase, line: Int) {
        kinds[index].count += 1
        let entry = kinds[index]
        guard entry.isKnown, !entry.reportedMisuse, (phase == .instant) != entry.isInstantKind else { return }
        kinds[index].reportedMisuse = true
        let expected = entry.isInstantKind ? "an instant (\"ph\":\"i\")" : "a span (\"B\"/\"E\")"
        add(.warning(line: line, "\"\(entry.kind)\" is \(expected) in \(currentTraceFormat), found \"ph\":\"\(phase.rawValue)\" (first use shown)"))
    }

    private mutating func checkEnd(_ span: PairedSpan, line: Int) {
        guard let end = span.end else { return }
        if end.kind != span.kind {
            add(.error(line: line, TraceRuleMessages.kindChanged(span.span, began: span.kind, beginLine: span.beginLine, ends: end.kind)))
        }
        if end.thread != span.thread {
            add(.error(line: line, TraceRuleMessages.threadChanged(span.span, began: span.thread, beginLine: span.beginLine,
                                                                   ends: end.thread)))
        }
    }

    private mutating func add(_ diagnostic: TraceDiagnostic) {
        switch diagnostic.severity {
        case .error: report.errorCount += 1
        case .warning: report.warningCount += 1
        }
        if report.diagnostics.count < maxStoredDiagnostics { report.diagnostics.append(diagnostic) }
    }
}
