// The tool's version, written into every trace header's `generator`.

/// The version of restoretrace.
public let restoreTraceVersion = "0.1.0"

/// The `generator` value this build writes: `restoretrace 0.1.0`.
public let restoreTraceGenerator = "restoretrace \(restoreTraceVersion)"
