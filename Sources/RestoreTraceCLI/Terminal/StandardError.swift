// Messages on standard error, written with write(2). (Foundation's FileHandle would link the
// whole of swift-corelibs-foundation into the executable: half a millisecond of every start.)

import RestoreTrace

enum StandardError {
    /// Writes `text` as it is (add the line break yourself). A message that cannot be written is
    /// dropped, as `print`'s would be.
    static func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            try? FileDescriptorWriting.writeAll(UnsafeRawBufferPointer(bytes), to: 2, name: "standard error")
        }
    }
}
