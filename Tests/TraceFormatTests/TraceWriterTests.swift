// Tests for TraceWriter: the exact bytes, durability modes, continuation and I/O errors.

import Foundation
import Testing
@testable import TraceFormat

@Suite("Trace writer")
struct TraceWriterTests {
    @Test("writes the header then records with fields in the documented order")
    func writesExactLines() throws {
        let directory = try TemporaryDirectory()
        let writer = try TraceWriter(path: directory.path("t.jsonl"), clock: .tick, header: TraceHeader(scenario: "countries"))
        let span = writer.begin(.encode, path: ["Tabs", "CountryNav"], className: "UINavigationController")
        writer.end(span, .encode, path: ["Tabs", "CountryNav"], attributes: [
            TraceAttribute("bytes", 57), TraceAttribute("keys", .strings(["kSelected"])),
        ])
        writer.instant(.exclude, path: ["Tabs", "Settings", "Password"], className: nil, attributes: [
            TraceAttribute("reason", "noRestorationIdentifier"),
        ])
        writer.write(TraceRecord(seq: 3, ts: 9, phase: .instant, kind: "x-custom", thread: "worker-1",
                                 attributes: [TraceAttribute("z", 1.5)]))
        try writer.close()
        #expect(try directory.read("t.jsonl") == """
            {"type":"header","format":"restoretrace/1","clock":"tick","scenario":"countries"}
            {"seq":0,"ts":0,"ph":"B","span":1,"kind":"encode","path":["Tabs","CountryNav"],"class":"UINavigationController"}
            {"seq":1,"ts":1,"ph":"E","span":1,"kind":"encode","path":["Tabs","CountryNav"],"bytes":57,"keys":["kSelected"]}
            {"seq":2,"ts":2,"ph":"i","kind":"exclude","path":["Tabs","Settings","Password"],"reason":"noRestorationIdentifier"}
            {"seq":3,"ts":9,"ph":"i","kind":"x-custom","thread":"worker-1","z":1.5}

            """)
    }

    @Test("paths written again come out byte-identical, whatever the path cache holds")
    func pathCacheKeepsBytes() throws {
        // The writer remembers how each path array's storage encodes; these cases would show a
        // stale or mixed-up entry: the same storage again, a copy mutated after it was cached,
        // an equal path in other storage, empty, escaped and long paths, and more paths than
        // the cache has slots (so entries are replaced).
        var mutated = ["Tabs", "CountryNav"]
        let shared = mutated
        var paths: [[String]] = [shared, shared, [], ["quote\"d", "back\\slash", "new\nline", "é"], shared]
        mutated.append("CountryList")
        paths += [mutated, shared, mutated, ["Tabs", "CountryNav"]]
        paths.append((0..<40).map { "LongComponentName\($0)" })
        paths.append(paths.last!)
        for i in 0..<(EncodedPathCache.slotCount * 3) { paths.append(["Tabs", "Item\(i % 300)"]) }
        paths += paths.prefix(30)

        let directory = try TemporaryDirectory()
        let writer = try TraceWriter(path: directory.path("t.jsonl"), clock: .tick)
        var expected = ""
        for (index, path) in paths.enumerated() {
            let span = writer.begin(.decode, path: path, className: "C")
            writer.end(span, .decode, path: path, attributes: [])
            expected += TraceRecord(seq: Int64(2 * index), ts: Int64(2 * index), phase: .begin, span: span,
                                    kind: .decode, path: path, className: "C").jsonLine + "\n"
            expected += TraceRecord(seq: Int64(2 * index + 1), ts: Int64(2 * index + 1), phase: .end, span: span,
                                    kind: .decode, path: path).jsonLine + "\n"
        }
        try writer.close()
        let lines = try directory.read("t.jsonl").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.dropFirst().joined(separator: "\n") == expected)
    }

    @Test("path arrays made, written and dropped one after another never come out as an earlier one")
    func pathCacheWithFreedArrays() throws {
        // A freed array's memory is soon reused for the next array: were the cache keyed by the
        // address alone, without keeping its array alive, these would come out as earlier paths.
        let directory = try TemporaryDirectory()
        let writer = try TraceWriter(path: directory.path("t.jsonl"), clock: .tick)
        var expected = ""
        for i in 0..<5_000 {
            do {
                let path = ["Tabs", "Nav\(i)"]
                writer.instant(.exclude, path: path, className: nil, attributes: [])
            }
            expected += TraceRecord(seq: Int64(i), ts: Int64(i), phase: .instant, kind: .exclude, path: ["Tabs", "Nav\(i)"]).jsonLine + "\n"
        }
        try writer.close()
        let lines = try directory.read("t.jsonl").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.dropFirst().joined(separator: "\n") == expected)
    }

    @Test("the standard header names the generator, and an origin only under the ns clock")
    func standardHeader() {
        let tick = TraceHeader.standard(clock: .tick)
        #expect(tick.jsonLine == #"{"type":"header","format":"restoretrace/1","generator":"restoretrace \#(restoreTraceVersion)","clock":"tick"}"#)
        let ns = TraceHeader.standard(clock: .ns)
        let origin = ns.origin ?? ""
        #expect(origin.count == 24 && origin.hasSuffix("Z") && origin.dropFirst(10).hasPrefix("T"))
    }

    @Test("in every-record mode a begun span's line is on disk before the writer is flushed or closed")
    func everyRecordDurability() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("crash.jsonl")
        let writer = try TraceWriter(path: path, clock: .tick, durability: .everyRecord)
        _ = writer.begin(.decode, path: ["Root"], className: "CrashingController")
        let onDisk = try String(contentsOfFile: path, encoding: .utf8)
        #expect(onDisk.split(separator: "\n").last == #"{"seq":0,"ts":0,"ph":"B","span":1,"kind":"decode","path":["Root"],"class":"CrashingController"}"#)
        try writer.close()
    }

    @Test("in buffered mode records stay in memory until flush")
    func bufferedHoldsRecords() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("buffered.jsonl")
        let writer = try TraceWriter(path: path, clock: .tick, durability: .buffered)
        writer.instant(.launch, path: nil, className: nil, attributes: [TraceAttribute("step", "willFinishLaunching")])
        #expect(try String(contentsOfFile: path, encoding: .utf8).isEmpty)
        try writer.flush()
        #expect(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count == 2)
        try writer.close()
    }

    @Test("a continuing writer appends without a header and carries on the numbering")
    func continuation() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("shared.jsonl")
        let parent = try TraceWriter(path: path, clock: .tick)
        let outer = parent.begin(.restoration)
        try parent.flush()
        let state = try #require(TraceContinuation(parent.stamperState.description))
        #expect(state == parent.stamperState)
        let child = try TraceWriter(appendingTo: path, continuing: state)
        let inner = child.begin(.decode, path: ["A"], className: "C")
        child.end(inner, .decode, path: ["A"])
        try child.close()
        #expect(outer == 1 && inner == 2)
        let lines = try directory.read("shared.jsonl").split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[2].hasPrefix(#"{"seq":1,"ts":1,"ph":"B","span":2,"kind":"decode""#))
        #expect(lines[3].hasPrefix(#"{"seq":2,"ts":2,"ph":"E","span":2"#))
    }

    @Test("atomic replace leaves no file at the path until close renames it")
    func atomicReplace() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("atomic.jsonl")
        let writer = try TraceWriter(path: path, clock: .tick, creation: .atomicReplace)
        writer.instant(.discard, path: nil, className: nil, attributes: [TraceAttribute("reason", "forceQuit")])
        try writer.flush()
        #expect(!FileManager.default.fileExists(atPath: path))
        try writer.close()
        #expect(try directory.read("atomic.jsonl").split(separator: "\n").count == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["atomic.jsonl"])
    }

    @Test("atomic replace writes into a device such as /dev/null instead of renaming over it")
    func atomicReplaceIntoDevice() throws {
        let writer = try TraceWriter(path: "/dev/null", clock: .tick, creation: .atomicReplace)
        writer.instant(.discard, path: nil, className: nil, attributes: [TraceAttribute("reason", "forceQuit")])
        try writer.close()
        var status = stat()
        #expect(stat("/dev/null", &status) == 0 && (status.st_mode & S_IFMT) == S_IFCHR)
        #expect(!FileManager.default.fileExists(atPath: "/dev/.null.\(getpid()).tmp"))
    }

    @Test("a full disk surfaces as ENOSPC on flush and close, not as a crash")
    func fullDisk() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        let writer = try TraceWriter(path: "/dev/full", clock: .tick)
        writer.instant(.launch)
        #expect(throws: TraceWriterError(operation: .write, path: "/dev/full", code: ENOSPC)) { try writer.flush() }
        writer.instant(.launch)
        let error = #expect(throws: TraceWriterError.self) { try writer.close() }
        #expect(error?.description == "cannot write trace '/dev/full': No space left on device (ENOSPC)")
    }

    @Test("a path that cannot be opened is a typed error naming it")
    func unopenablePath() throws {
        let error = #expect(throws: TraceWriterError.self) {
            _ = try TraceWriter(path: "/nonexistent-dir/t.jsonl")
        }
        #expect(error?.operation == .open)
        #expect(error?.description.hasPrefix("cannot open trace '/nonexistent-dir/t.jsonl' for writing: No such file") == true)
    }

    @Test("many threads recording at once give valid lines with contiguous seq and unique span ids")
    func concurrentWriters() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("concurrent.jsonl")
        let writer = try TraceWriter(path: path, clock: .ns)
        let threads = 16, spansPerThread = 500
        await withTaskGroup(of: Void.self) { group in
            for t in 0..<threads {
                group.addTask {
                    for i in 0..<spansPerThread {
                        let span = writer.begin(.encode, path: ["T\(t)", "N\(i)"], className: "C\"\\\n")
                        writer.instant(.exclude, path: ["T\(t)"], className: nil,
                                       attributes: [TraceAttribute("reason", "notReferenced")])
                        writer.end(span, .encode, path: ["T\(t)", "N\(i)"], attributes: [TraceAttribute("bytes", .int(Int64(i)))])
                    }
                }
            }
        }
        try writer.close()
        // The tasks name no `thread`, so their spans interleave on one (validate would call that
        // bad nesting): this test is about lines, seq and span ids, not nesting.
        var options = TraceReaderOptions()
        options.checksAcrossRecords = false
        let reader = try TraceReader(path: path, options: options)
        var seqs: [Int64] = []
        var spans = Set<Int64>()
        var lastTs: Int64 = -1
        for case .record(let record) in reader {
            seqs.append(record.seq)
            if record.phase == .begin { spans.insert(record.span ?? -1) }
            #expect(record.ts >= lastTs)
            lastTs = record.ts
        }
        #expect(reader.diagnostics.isEmpty)
        #expect(seqs == Array(0..<Int64(threads * spansPerThread * 3)))
        #expect(spans.count == threads * spansPerThread)
    }
}
