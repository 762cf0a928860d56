// libFuzzer entry point for the trace reader, validator and JSON parser. Built by
// scripts/fuzz-reader.sh together with the TraceFormat sources (one module, no SwiftPM).

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
            let again = TraceReader(bytes: Array("{\"type\":\"header\",\"format\":\"restoretrace/1\",\"clock\":\"tick\"}\n".utf8) + out)
            var rewritten: [UInt8] = []
            while let next = again.next() { if case .record(let r) = next { r.serialize(into: &rewritten) } }
            // Compared as bytes: NaN and infinities are written as null by design.
            if rewritten != out { fatalError("round trip changed a record: \(record.jsonLine)") }
        }
    }
    _ = try? JSONValue.parse(bytes, maxDepth: 64)
    return 0
}
