// Standard input, output and error at the edges of a run: a descriptor closed at start is held
// open the wrong way round, and results are written to standard output with their errors checked.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import RestoreTrace

enum StandardDescriptors {
    /// A descriptor 0, 1 or 2 that is closed (`restoretrace validate t.jsonl >&-`) is opened on
    /// /dev/null the wrong way round — standard input for writing, the outputs for reading — so
    /// that using it fails with EBADF as it would have, and no file this process opens takes its
    /// number (a drawing would otherwise receive what is meant for standard output).
    static func reserve() {
        for (descriptor, flags) in [(STDIN_FILENO, O_WRONLY), (STDOUT_FILENO, O_RDONLY), (STDERR_FILENO, O_RDONLY)] {
            guard fcntl(descriptor, F_GETFD) < 0, errno == EBADF else { continue }
            let opened = open("/dev/null", flags)
            if opened >= 0 && opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }

    /// Writes `text` to standard output at once, unbuffered; throws when it could not be written
    /// (a full disk, a closed descriptor). Results go out through this, never through `print`,
    /// whose failures would pass unnoticed.
    static func write(_ text: String) throws(ExportError) {
        var text = text
        let written = text.withUTF8 { bytes in
            Result { () throws(ExportError) in
                try FileDescriptorWriting.writeAll(UnsafeRawBufferPointer(bytes), to: STDOUT_FILENO, name: "standard output")
            }
        }
        try written.get()
    }

    /// Flushes every output stream (what ArgumentParser's help printed). Returns why it failed, or nil.
    static func flushStreams() -> String? {
        fflush(nil) == 0 ? nil : String(cString: strerror(errno))
    }
}
