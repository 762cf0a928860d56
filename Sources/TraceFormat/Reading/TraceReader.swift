// TraceReader: the streaming trace reader. Reads a file or standard input line by line
// (TraceLineReader: chunks read with read(2), split with memchr) and parses each line on the
// fast path; memory stays bounded by the chunk size and the longest line, whatever the file size.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a trace line by line: the header first, then the records, in file order.
///
/// ```swift
/// let reader = try TraceReader(path: "run.jsonl")
/// for line in reader {
///     if case .record(let record) = line { print(reader.lineNumber, record.kind) }
/// }
/// for problem in reader.diagnostics { print(problem.formatted(file: reader.path)) }
/// ```
///
/// What the reader reports (``diagnostics``):
/// - **errors**: a malformed line (with line and byte column; the line is skipped), a field of
///   the wrong type (`"ts" must be an integer, found string`), a missing required field, a
///   missing header or a header not on line 1, an empty trace, a line longer than
///   ``TraceReaderOptions/maxLineBytes``, a read failure, and an unsupported `format` major
///   version (reading stops there).
/// - **warnings**: the last line cut off mid-write (no newline at the end and not complete
///   JSON; it is ignored), blank lines, a header without a known clock, and, with
///   ``TraceReaderOptions/skipMalformedLines``, every malformed line and a missing header.
///
/// Unknown kinds and unknown fields are not problems: they are kept (fields as attributes, in
/// line order). Checks across records (span pairing, `seq` gaps) are ``TraceValidator``'s.
public final class TraceReader: IteratorProtocol, Sequence {
    /// The path as given (`-` is standard input).
    public let path: String
    public let options: TraceReaderOptions
    /// The header, once line 1 has been read (nil when it is missing).
    public private(set) var header: TraceHeader?
    // The reader is used from one thread and never calls out while it updates itself, so
    // accesses to its per-line state cannot overlap: `@exclusivity(unchecked)` drops the
    // run-time checks that otherwise cost several calls on every line.

    /// The 1-based line number of the line most recently returned by ``next()``.
    @exclusivity(unchecked) public private(set) var lineNumber = 0
    /// Problems found so far, in line order, at most ``TraceReaderOptions/maxStoredDiagnostics``.
    public private(set) var diagnostics: [TraceDiagnostic] = []
    /// Why reading stopped before the end (an I/O error: `strerror`'s text), also reported as an
    /// error: the input is unreadable, not malformed.
    public private(set) var readFailure: String?
    public private(set) var errorCount = 0
    public private(set) var warningCount = 0
    /// Records returned so far.
    @exclusivity(unchecked) public private(set) var recordCount = 0
    /// Bytes consumed so far.
    public var bytesRead: Int { lines.bytesRead }
    /// True once the reader met an error (see the type's documentation for what counts).
    public var hasErrors: Bool { errorCount > 0 }

    private let lines: TraceLineReader
    @exclusivity(unchecked) private var physicalLine = 0
    @exclusivity(unchecked) private var finished = false
    private let interner = StringInterner()
    /// The checks across records, when ``TraceReaderOptions/checksAcrossRecords`` is set and
    /// the validator (which applies them itself) is not the reader's client.
    private var recordChecks: TraceRecordChecks?

    /// Opens the trace at `path` (`-` reads standard input).
    public init(path: String, options: TraceReaderOptions = .default) throws(TraceReadError) {
        self.path = path
        self.options = options
        if path == "-" {
            lines = TraceLineReader(descriptor: STDIN_FILENO, closing: false, maxLineBytes: options.maxLineBytes,
                                    chunkBytes: options.chunkBytes)
        } else {
            let descriptor = posixOpenForReading(path)
            if descriptor < 0 { throw TraceReadError.cannotOpen(path: path, code: errno) }
            var status = stat()
            if fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
                _ = posixClose(descriptor)
                throw TraceReadError.cannotOpen(path: path, code: EISDIR)
            }
            lines = TraceLineReader(descriptor: descriptor, closing: true, maxLineBytes: options.maxLineBytes,
                                    chunkBytes: options.chunkBytes)
        }
        if options.checksAcrossRecords { recordChecks = TraceRecordChecks() }
    }

    /// Reads a trace held in memory (tests, fuzzing, traces received over a pipe already).
    public init(bytes: [UInt8], name: String = "<memory>", options: TraceReaderOptions = .default) {
        self.path = name
        self.options = options
        lines = TraceLineReader(bytes: bytes, maxLineBytes: options.maxLineBytes, chunkBytes: options.chunkBytes)
        if options.checksAcrossRecords { recordChecks = TraceRecordChecks() }
    }

    // MARK: Lines

    /// The next header or record, or nil at the end of the trace (or after a fatal error).
    public func next() -> TraceLine? {
        while let line = nextLine(scanning: false) {
            switch line {
            case .header(let header): return .header(header)
            case .record(let record): return .record(record)
            case .scanned: continue  // not produced without scanning
            }
        }
        return nil
    }

    /// A line as the validator's fast path gets it.
    enum ScannedLine {
        case header(TraceHeader)
        /// A record line read without building a `TraceRecord`; `line` holds the line's bytes
        /// (the record's ranges point into them), valid until the next call.
        case scanned(ScannedRecord, line: UnsafePointer<UInt8>)
        /// A record line the fast path declined, parsed in full.
        case record(TraceRecord)
    }

    /// Like ``next()``, but record lines are only scanned when that is enough (see
    /// `RecordLineScanner`): same lines, same diagnostics, same counts.
    func nextScanned() -> ScannedLine? { nextLine(scanning: true) }

    /// Leaves the checks across records to the caller (the validator applies them itself).
    func leaveChecksAcrossRecords() { recordChecks = nil }

    private func nextLine(scanning: Bool) -> ScannedLine? {
        while !finished {
            switch lines.next() {
            case .end:
                reportReadFailure()
                finish()
                return nil
            case .tooLong:
                physicalLine += 1
                // Skipped only when bad lines are (a warning then); otherwise the command stops on it.
                report(options.skipMalformedLines ? .warning : .error, line: physicalLine, column: nil,
                       TraceReader.overlongLineMessage(limit: options.maxLineBytes, skipped: options.skipMalformedLines))
            case .line(let base, let count, let terminated):
                if !terminated { reportReadFailure() }
                physicalLine += 1
                if scanning && physicalLine > 1,
                    let scanned = RecordLineScanner.scan(base, count: count, interner: interner)
                {
                    recordCount += 1
                    lineNumber = physicalLine
                    return .scanned(scanned, line: base)
                }
                if let line = parseLine(base, count: count, terminated: terminated) {
                    lineNumber = physicalLine
                    switch line {
                    case .header(let header): return .header(header)
                    case .record(let record): return .record(record)
                    }
                }
            }
        }
        return nil
    }

    private func parseLine(_ base: UnsafePointer<UInt8>, count: Int, terminated: Bool) -> TraceLine? {
        if isBlank(base, count: count) {
            report(physicalLine == 1 ? .error : .warning, line: physicalLine, column: nil,
                   physicalLine == 1 ? "line 1 is blank; expected the header {\"type\":\"header\",\"format\":\"\(currentTraceFormat)\",…}" : "blank line")
            return nil
        }
        if physicalLine == 1 {
            switch parseFirstLine(base, count: count, terminated: terminated) {
            case .header(let header): return .header(header)
            case .consumed: return nil
            case .record: break
            }
        }
        do throws(RecordLineError) {
            let record = try RecordLineParser.parse(
                base, count: count, interner: interner, keepAttributes: options.keepAttributes,
                keptAttributes: options.keptAttributes)
            if recordChecks != nil, let message = recordChecks!.check(record, line: physicalLine) {
                report(options.skipMalformedLines ? .warning : .error, line: physicalLine, column: nil,
                       message + (options.skipMalformedLines ? " (line skipped)" : ""))
                return nil
            }
            recordCount += 1
            return .record(record)
        } catch {
            if !terminated && error.endsTooEarly {
                report(.warning, line: physicalLine, column: nil,
                       "the last line is cut off (no newline at the end and not complete JSON: the writer stopped mid-line); ignored")
            } else {
                report(options.skipMalformedLines ? .warning : .error, line: physicalLine, column: error.column,
                       error.message + (options.skipMalformedLines ? " (line skipped)" : ""))
            }
            return nil
        }
    }

    private enum FirstLine {
        case header(TraceHeader)
        /// Reported and done with (not JSON, or a refused header).
        case consumed
        /// Not a header: reported as missing; the line is to be read as a record.
        case record
    }

    /// Line 1: the header, or a record with a "missing header" problem.
    private func parseFirstLine(_ base: UnsafePointer<UInt8>, count: Int, terminated: Bool) -> FirstLine {
        let parsed: JSONValue
        do throws(JSONParseError) {
            parsed = try JSONValue.parse(UnsafeRawBufferPointer(start: base, count: count))
        } catch {
            let expected = "; line 1 must be the header {\"type\":\"header\",\"format\":\"\(currentTraceFormat)\",…}"
            if !terminated && RecordLineError(error, lineLength: count).endsTooEarly {
                // Without its header there is no trace to read: an error, not the usual cut-off warning.
                report(.error, line: 1, column: nil,
                       "the header is cut off (the only line, with no newline at the end and not complete JSON): "
                       + "the writer stopped before the trace began")
            } else {
                report(.error, line: 1, column: error.column, error.message + expected)
            }
            return .consumed
        }
        if let object = parsed.objectValue {
            let result = TraceHeaderParser.parse(object, line: 1)
            for diagnostic in result.diagnostics {
                report(diagnostic.severity, line: diagnostic.line, column: diagnostic.column, diagnostic.message)
            }
            if result.isFatal {
                finished = true
                return .consumed
            }
            if let header = result.header {
                self.header = header
                return .header(header)
            }
        }
        report(options.skipMalformedLines ? .warning : .error, line: 1, column: nil,
               "the header is missing: line 1 must be {\"type\":\"header\",\"format\":\"\(currentTraceFormat)\",…}")
        return .record
    }

    private func isBlank(_ base: UnsafePointer<UInt8>, count: Int) -> Bool {
        for i in 0..<count {
            switch base[i] {
            case 0x20, 0x09, 0x0D: continue
            default: return false
            }
        }
        return true
    }

    private func finish() {
        finished = true
        if physicalLine == 0 {
            report(.error, line: nil, column: nil,
                   "the trace is empty; expected a header line {\"type\":\"header\",\"format\":\"\(currentTraceFormat)\",…}")
        }
    }

    private func report(_ severity: TraceDiagnostic.Severity, line: Int?, column: Int?, _ message: String) {
        switch severity {
        case .error:
            errorCount += 1
            if options.stopAtFirstError { finished = true }
        case .warning: warningCount += 1
        }
        if diagnostics.count < options.maxStoredDiagnostics {
            diagnostics.append(TraceDiagnostic(severity, line: line, column: column, message))
        }
    }

    /// What an over-long line is called, here and by whole-trace readers that watch the limit
    /// while reading (``TraceReaderOptions/maxLineBytes``).
    package static func overlongLineMessage(limit: Int, skipped: Bool) -> String {
        "line longer than \(describeSize(limit)) (the reader's limit)" + (skipped ? " (line skipped)" : "")
    }

    static func describeSize(_ bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }

    // MARK: Reading

    /// Reports the read error that ended the input, once: the line being read is cut short.
    private func reportReadFailure() {
        guard readFailure == nil, let code = lines.readError else { return }
        let reason = String(cString: strerror(code))
        readFailure = reason
        report(.error, line: physicalLine + 1, column: nil, "cannot read further: \(reason); the rest of the trace is missing")
    }
}

// File-scope wrappers: inside `TraceReader`, `read` and `close` would not name the system calls.
private func posixOpenForReading(_ path: String) -> Int32 { open(path, O_RDONLY | O_CLOEXEC) }
private func posixClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
