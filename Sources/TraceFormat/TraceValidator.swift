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
    private var lastMainThreadTs: Int64?
    private var lastTsByThread: [String: Int64] = [:]
    /// What the validator knows about each kind seen, found by a short linear search: traces
    /// use a dozen kinds, and the reader hands out shared strings, so == is a pointer compare.
    private var kinds: [KindEntry] = []

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
        var validator = TraceValidator(path: reader.path, maxStoredDiagnostics: reader.options.maxStoredDiagnostics)
        while let line = reader.next() {
            switch consume line {
            case .header(let header): validator.report.header = header
            case .record(let record): validator.check(record, line: reader.lineNumber)
            }
        }
        return validator.finish(reader: reader)
    }

    /// Checks the next record; `line` is its line number.
    public mutating func check(_ record: TraceRecord, line: Int) {
        report.recordCount += 1
        checkSeq(record, line: line)
        checkTimestamp(record, line: line)
        checkKind(record, line: line)
        let step = pairer.step(record, line: line)
        switch consume step {
        case .instant:
            report.instantCount += 1
        case .began:
            report.spanCount += 1
            if let id = record.span, !usedSpanIDs.insert(id) {
                add(.error(line: line, "span id \(id) is used again (span ids must be unique in a trace)"))
            }
        case .ended(let span, let innermost):
            checkEnd(span, line: line)
            if let innermost {
                add(.error(line: line, "span \(span.span) (\(span.kind)) ends while span \(innermost) begun inside it is still open; spans must nest (close the innermost first)"))
            }
        case .endWithoutBegin:
            let id = record.span.map(String.init) ?? "?"
            let why = usedSpanIDs.contains(record.span ?? 0) ? "it has already ended" : "no \"B\" record began it"
            add(.error(line: line, "\"E\" for span \(id) (\(record.kind)) but \(why)"))
        }
    }

    /// Ends validation: collects the unfinished spans and merges the reader's diagnostics.
    public mutating func finish(reader: TraceReader? = nil) -> TraceValidationReport {
        report.unfinishedSpans = pairer.finish()
        report.kindCounts = Dictionary(uniqueKeysWithValues: kinds.map { ($0.kind, $0.count) })
        if let reader {
            report.byteCount = reader.bytesRead
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

    private mutating func checkSeq(_ record: TraceRecord, line: Int) {
        defer { expectedSeq = max(expectedSeq ?? 0, record.seq &+ 1) }
        guard let expected = expectedSeq else {
            if record.seq > 0 {
                add(.warning(line: line, "the first record has seq \(record.seq), not 0: \(record.seq) record\(record.seq == 1 ? " is" : "s are") missing before it"))
            } else if record.seq < 0 {
                add(.error(line: line, "negative seq \(record.seq)"))
            }
            return
        }
        if record.seq < expected {
            add(.error(line: line, "seq \(record.seq) after seq \(expected - 1): seq must increase by one per record"))
        } else if record.seq > expected {
            let missing = record.seq - expected
            add(.warning(line: line, "seq jumps from \(expected - 1) to \(record.seq): \(missing) record\(missing == 1 ? "" : "s") lost"))
        }
    }

    private mutating func checkTimestamp(_ record: TraceRecord, line: Int) {
        if record.ts < 0 {
            add(.error(line: line, "negative ts \(record.ts): ts counts from the header's origin"))
        }
        let last: Int64?
        if let thread = record.thread {
            last = lastTsByThread.updateValue(record.ts, forKey: thread)
        } else {
            last = lastMainThreadTs
            lastMainThreadTs = record.ts
        }
        if let last, record.ts < last {
            let thread = record.thread.map { "thread \"\($0)\"" } ?? "the main thread"
            add(.error(line: line, "ts goes back from \(last) to \(record.ts) on \(thread)"))
        }
    }

    private mutating func checkKind(_ record: TraceRecord, line: Int) {
        var index = 0
        while index < kinds.count && kinds[index].kind != record.kind { index += 1 }
        if index == kinds.count {
            let isKnown = record.kind.isKnown
            kinds.append(KindEntry(kind: record.kind, count: 0, isKnown: isKnown,
                                   isInstantKind: RecordKind.instantKinds.contains(record.kind), reportedMisuse: false))
            if !isKnown { add(.warning(line: line, "unknown kind \"\(record.kind)\" (kept; first use shown)")) }
        }
        kinds[index].count += 1
        let entry = kinds[index]
        guard entry.isKnown, !entry.reportedMisuse, (record.phase == .instant) != entry.isInstantKind else { return }
        kinds[index].reportedMisuse = true
        let expected = entry.isInstantKind ? "an instant (\"ph\":\"i\")" : "a span (\"B\"/\"E\")"
        add(.warning(line: line, "\"\(record.kind)\" is \(expected) in \(currentTraceFormat), found \"ph\":\"\(record.phase.rawValue)\" (first use shown)"))
    }

    private mutating func checkEnd(_ span: PairedSpan, line: Int) {
        guard let end = span.end else { return }
        let began = span.beginLine.map { " (line \($0))" } ?? ""
        if end.kind != span.kind {
            add(.error(line: line, "span \(span.span) began as \"\(span.kind)\"\(began) but ends as \"\(end.kind)\""))
        }
        if end.thread != span.thread {
            let name: (String?) -> String = { $0.map { "\"\($0)\"" } ?? "the main thread" }
            add(.error(line: line, "span \(span.span) began on \(name(span.thread))\(began) but ends on \(name(end.thread))"))
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
