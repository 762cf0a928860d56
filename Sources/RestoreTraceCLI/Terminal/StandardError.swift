// Messages on standard error, written with write(2). (Foundation's FileHandle would link the
// whole of swift-corelibs-foundation into the executable: half a millisecond of every start.)
// Every error, warning and note a command prints has one form: `restoretrace: FILE:LINE:COL: …`,
// `restoretrace: FILE: …` or `restoretrace: …` (as grep and diff do).

import RestoreTrace

enum StandardError {
    /// The first word of every message a command prints.
    static let prefix = "restoretrace: "

    /// Writes `text` as it is (add the line break yourself). A message that cannot be written is
    /// dropped, as `print`'s would be.
    static func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            try? FileDescriptorWriting.writeAll(UnsafeRawBufferPointer(bytes), to: 2, name: "standard error")
        }
    }

    /// Writes `message` with the prefix on each of its lines (an `error: ` some library text
    /// starts with is dropped: failing is what the exit status says).
    static func report(_ message: String) {
        write(message.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            prefix + (line.hasPrefix("error: ") ? line.dropFirst("error: ".count) : line)
        }.joined(separator: "\n") + "\n")
    }
}
