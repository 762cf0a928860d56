// libFuzzer entry point for the trace reader, validator, JSON parser and render's table scan.
// Built by scripts/fuzz-reader.sh together with the TraceFormat sources (one module, no SwiftPM).

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
