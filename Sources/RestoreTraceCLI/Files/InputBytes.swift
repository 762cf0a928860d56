// InputBytes: a render's or explain's input read whole into memory — a file, or standard input
// (`-`) — with an error that names the input and why it cannot be read. The reader's line limit
// holds while reading: an over-long line stops the read there (or, when bad lines are skipped, is
// dropped as it arrives), so a huge line on standard input never has to fit in memory.

import RestoreTrace
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

struct InputBytes {
    /// The input, with each over-long line dropped (when skipped) down to its line end, so the
    /// lines after it keep their numbers.
    var bytes: [UInt8]
    /// The lines (1-based) dropped for being over the limit.
    var skippedLines: [Int] = []

    /// Reads `input` (`-` is standard input) to its end. A line longer than `lineLimit` bytes
    /// ends the read with an error naming its line, or with `skipBadLines` is left out.
    static func read(_ input: String, lineLimit: Int = TraceReaderOptions.default.maxLineBytes,
                     skipBadLines: Bool = false) throws(RenderCommand.RenderFailure) -> InputBytes
    {
        if input == "-" {
            return try readToEnd(STDIN_FILENO, name: "<stdin>", size: 0, lineLimit: lineLimit, skipBadLines: skipBadLines)
        }
        let descriptor = open(input, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let why = errno == ENOENT ? "no such file" : String(cString: strerror(errno))
            throw RenderCommand.RenderFailure(message: "\(input): cannot read the input: \(why)")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw RenderCommand.RenderFailure(message: "\(input): cannot read the input: \(String(cString: strerror(errno)))")
        }
        if status.st_mode & S_IFMT == S_IFDIR {
            throw RenderCommand.RenderFailure(message: "\(input): cannot read the input: it is a directory")
        }
        let size = status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : 0
        return try readToEnd(descriptor, name: input, size: size, lineLimit: lineLimit, skipBadLines: skipBadLines)
    }

    /// The reader's diagnostics with the over-long lines' warnings in line order, in place of
    /// the blank-line warnings the reader gave the emptied lines.
    func merged(_ diagnostics: [TraceDiagnostic]) -> [TraceDiagnostic] {
        guard !skippedLines.isEmpty else { return diagnostics }
        let skipped = Set(skippedLines)
        let message = TraceReader.overlongLineMessage(limit: lineLimit, skipped: true)
        let kept = diagnostics.filter { !($0.severity == .warning && skipped.contains($0.line ?? 0) && $0.message == "blank line") }
        return (kept + skippedLines.map { TraceDiagnostic.warning(line: $0, message) })
            .enumerated()
            .sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }
            .map(\.element)
    }

    private var lineLimit = TraceReaderOptions.default.maxLineBytes

    /// read(2), which the static `read` above hides.
    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #elseif canImport(Musl)
        Musl.read(descriptor, buffer, count)
        #else
        Darwin.read(descriptor, buffer, count)
        #endif
    }

    /// The offset of the first newline in `chunk[from..<to]`.
    private static func newline(in chunk: [UInt8], from: Int, to: Int) -> Int? {
        guard from < to else { return nil }
        return chunk.withUnsafeBytes { raw -> Int? in
            guard let found = memchr(raw.baseAddress! + from, 0x0A, to - from) else { return nil }
            return raw.baseAddress!.distance(to: UnsafeRawPointer(found))
        }
    }

    /// Reads in chunks into one buffer (sized for a regular file up front), watching the length
    /// of the line being read.
    private static func readToEnd(_ descriptor: Int32, name: String, size: Int, lineLimit: Int, skipBadLines: Bool)
        throws(RenderCommand.RenderFailure) -> InputBytes
    {
        var result = InputBytes(bytes: [])
        result.lineLimit = lineLimit
        result.bytes.reserveCapacity(size > 0 ? size + 1 : 1 << 16)
        let chunkBytes = 1 << 20
        var chunk = [UInt8](repeating: 0, count: chunkBytes)
        /// Where the line being read starts in `bytes`, and its number.
        var lineStart = 0
        var line = 1
        /// True while the rest of an over-long line is being passed over.
        var dropping = false
        while true {
            let got = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, chunkBytes) }
            if got < 0 {
                if errno == EINTR { continue }
                throw RenderCommand.RenderFailure(message: "\(name): cannot read the input: \(String(cString: strerror(errno)))")
            }
            if got == 0 { break }
            var position = 0
            while position < got {
                if dropping {
                    // The rest of a skipped line: nothing of it is kept but its line end.
                    guard let newline = Self.newline(in: chunk, from: position, to: got) else { break }
                    result.bytes.append(0x0A)
                    line += 1
                    lineStart = result.bytes.count
                    dropping = false
                    position = newline + 1
                    continue
                }
                // Find the lines of the chunk (the first continues what is read already) and the
                // first one over the limit; the bytes before it are kept in one append.
                var lineBegin = position
                var carried = result.bytes.count - lineStart
                var overlong = false
                while true {
                    let newline = Self.newline(in: chunk, from: lineBegin, to: got)
                    if carried + (newline ?? got) - lineBegin > lineLimit {
                        overlong = true
                        break
                    }
                    guard let newline else { break }
                    line += 1
                    carried = 0
                    lineBegin = newline + 1
                }
                result.bytes.append(contentsOf: chunk[position..<lineBegin])
                if carried == 0 { lineStart = result.bytes.count }
                guard overlong else {
                    result.bytes.append(contentsOf: chunk[lineBegin..<got])
                    break
                }
                guard skipBadLines else {
                    throw RenderCommand.RenderFailure(message: "\(name):\(line): "
                        + TraceReader.overlongLineMessage(limit: lineLimit, skipped: false)
                        + " (fix that line, or pass --skip-bad-lines to skip bad lines and go on)")
                }
                result.bytes.removeSubrange(lineStart...)
                result.skippedLines.append(line)
                dropping = true
                position = lineBegin
            }
        }
        return result
    }
}
