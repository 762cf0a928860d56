// libFuzzer entry point for the scenario loader: any bytes either load as a scenario within the
// limits, or are refused with a ScenarioError naming the file and saying what is wrong.
// Built by scripts/fuzz-scenario.sh with the TraceFormat sources and the loader's as one module.

/// libFuzzer calls this with each input; any crash, hang or sanitizer report is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func restoretraceFuzzScenario(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    // Small limits, so that a deep or costly input is refused quickly rather than run.
    let loader = ScenarioLoader(limits: .init(maxFileBytes: 1 << 20, maxHierarchyDepth: 64, maxCostMicros: 10, maxTotalCostMicros: 100))
    do {
        let scenario = try loader.load(bytes: bytes, fileName: "fuzz/input.scenario.json")
        // A scene app (format 1.1) may have no windows: its sessions are its screens.
        if scenario.windows.isEmpty && scenario.lifecycle == .app { fatalError("an app scenario without windows loaded") }
    } catch {
        let message = error.description
        if !message.hasPrefix("fuzz/input.scenario.json") { fatalError("a scenario error that does not name the file: \(message)") }
        if error.explanation.isEmpty { fatalError("a scenario error without an explanation") }
    }
    return 0
}
