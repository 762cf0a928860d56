// libFuzzer entry point for the trace reader, validator, JSON parser, the record-line scanner's
// records (summary's and diff's fast path) and render's table scan. Built by
// scripts/fuzz-reader.sh together with the TraceFormat sources and TraceAnalysis's table (one
// module, no SwiftPM).

/// libFuzzer calls this with each input; any crash, hang or sanitizer report is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func restoretraceFuzzReader(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    let strict = TraceValidator.validate(bytes: bytes, options: TraceReaderOptions(chunkBytes: 64))
    let lenient = TraceValidator.validate(bytes: bytes, options: TraceReaderOptions(skipMalformedLines: true))
    // Every error must come with at least one stored diagnostic.
    if (strict.errorCount > 0 && strict.diagnostics.isEmpty) || (lenient.errorCount > 0 && lenient.diagnostics.isEmpty) {
        fatalError("errors counted without a diagnostic")
    }
    checkScannedRecords(bytes)
    let reader = TraceReader(bytes: bytes)
    while let line = reader.next() {
        if case .record(let record) = line {
            // What was read must write back, read again and write back to the same bytes.
            var out: [UInt8] = []
            record.serialize(into: &out)
            // One record on its own (an `E` without its `B`): read without the checks across records.
            var alone = TraceReaderOptions.default
            alone.checksAcrossRecords = false
            let again = TraceReader(bytes: Array("{\"type\":\"header\",\"format\":\"restoretrace/1\",\"clock\":\"tick\"}\n".utf8) + out,
                                    options: alone)
            var rewritten: [UInt8] = []
            while let next = again.next() { if case .record(let r) = next { r.serialize(into: &rewritten) } }
            // Compared as bytes: NaN and infinities are written as null by design.
            if rewritten != out { fatalError("round trip changed a record: \(record.jsonLine)") }
        }
    }
    _ = try? JSONValue.parse(bytes, maxDepth: 64)
    checkTraceTable(bytes)
    return 0
}

/// Each line the record-line scanner takes must give the record the parser gives, keeping the
/// same attributes (less an `E` record's path and class, which the scanner's readers skip).
private func checkScannedRecords(_ bytes: [UInt8]) {
    let names = ["via", "result", "reason", "message"]
    let kept = KeptAttributeNames(names)
    let interner = StringInterner()
    var start = 0
    while start < bytes.count {
        let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
        defer { start = end + 1 }
        let line = Array(bytes[start..<end])
        guard let scanned = line.withUnsafeBufferPointer({
            RecordLineScanner.record($0, keeping: kept, interner: interner, wantsEndPath: { _ in true })
        }) else { continue }
        guard var parsed = try? line.withUnsafeBufferPointer({
            try RecordLineParser.parse($0.baseAddress!, count: $0.count, keptAttributes: Set(names))
        }) else { fatalError("the scanner took a line the parser refuses: \(String(decoding: line, as: UTF8.self))") }
        if parsed.phase == .end { parsed.className = nil }
        if scanned != parsed { fatalError("scanned \(scanned) but parsed \(parsed)") }
    }
}

/// The table the render scan makes of `bytes`, when it takes them, must be the one the reader's
/// records give, and the reader must have had nothing to say (the scan leaves such traces to it).
private func checkTraceTable(_ bytes: [UInt8]) {
    let kept = ["reason", "result", "via", "foundClass", "bytes", "message", "step", "parent", "unmatchedModelIds"]
    let limits = TraceTableLimits(maximumPathDepth: 64, maximumPathComponents: 4096)
    let scanned: TraceTable?
    do {
        scanned = try bytes.withUnsafeBytes { try TraceTable.scan($0, keptAttributes: kept, limits: limits) }
    } catch {
        return  // a limit: the records must break it too, which the unit tests check
    }
    guard let scanned else { return }
    var options = TraceReaderOptions.default
    options.keptAttributes = Set(kept)
    guard let document = try? TraceDocument.load(bytes: bytes, options: options) else {
        fatalError("the scan took a trace the reader refuses")
    }
    if !document.diagnostics.isEmpty { fatalError("the scan took a trace the reader warns about: \(document.diagnostics)") }
    guard let header = document.header,
        let built = try? TraceTable(header: header, records: document.records, keptAttributes: kept,
                                    lines: document.recordLines, limits: limits)
    else { fatalError("the records break a limit the scan did not") }
    let differences = scanned.differences(from: built)
    if !differences.isEmpty { fatalError("scanned and built tables differ: \(differences)") }
}
