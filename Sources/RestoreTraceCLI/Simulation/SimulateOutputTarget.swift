// Where `simulate` puts the finished trace: standard output, a regular file replaced atomically
// (temporary file beside it, then rename), or an existing device or pipe such as /dev/null,
// which is written into and never replaced.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import RestoreTrace

extension SimulationRun {
    enum OutputTarget {
        /// `-o -`.
        case standardOutput
        /// A regular file (or a new one): written beside it and renamed over it.
        case file(path: String)
        /// An existing character device, FIFO or socket: written into, never renamed over.
        case special(path: String)

        /// Checks `argument` before anything runs; the failure is the message for the user.
        static func resolve(_ argument: String) -> Result<OutputTarget, SimulateRunError> {
            if argument == "-" { return .success(.standardOutput) }
            var status = stat()
            if stat(argument, &status) == 0 {
                switch status.st_mode & S_IFMT {
                case S_IFDIR:
                    return .failure(SimulateRunError(message: "\(argument) is a directory; give the trace file's name, e.g. -o \(argument)/run.jsonl"))
                case S_IFREG:
                    return .success(.file(path: argument))
                default:
                    return .success(.special(path: argument))
                }
            }
            let parent = URL(fileURLWithPath: argument).deletingLastPathComponent().path
            guard PathName.isDirectory(parent) else {
                return .failure(SimulateRunError(message: "\(argument): the directory \(parent) does not exist; create it or choose another -o"))
            }
            return .success(.file(path: argument))
        }

        /// Makes the file the trace is written to while the run lasts. For a file: a hidden
        /// temporary file in the same directory (`.NAME.PID.tmp`, so the final rename cannot cross
        /// file systems), after removing those that killed runs left there.
        func makeTemporaryFile(in workspace: URL) -> Result<String, SimulateRunError> {
            let path: String
            switch self {
            case .standardOutput, .special:
                path = workspace.appendingPathComponent("trace.jsonl").path
            case .file(let target):
                TemporaryFiles.removeStaleSiblings(of: target)
                path = TemporaryFiles.sibling(of: target)
            }
            let descriptor = TemporaryFiles.shared.create(file: path) { open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
            guard descriptor >= 0 else {
                return .failure(SimulateRunError(message: "\(path): cannot create the trace: \(String(cString: strerror(errno)))"))
            }
            close(descriptor)
            return .success(path)
        }

        /// Puts the finished trace at the target. Returns the message for the user on failure.
        func publish(_ tracePath: String) -> String? {
            switch self {
            case .standardOutput:
                return OutputTarget.copy(tracePath, to: STDOUT_FILENO, name: "standard output")
            case .special(let path):
                let descriptor = open(path, O_WRONLY | O_CLOEXEC)
                guard descriptor >= 0 else {
                    return "\(path): cannot open for writing: \(String(cString: strerror(errno)))"
                }
                defer { close(descriptor) }
                return OutputTarget.copy(tracePath, to: descriptor, name: path)
            case .file(let path):
                guard TemporaryFiles.shared.settle(tracePath, { rename(tracePath, path) }) == 0 else {
                    return "\(path): cannot write the trace: \(String(cString: strerror(errno)))"
                }
                return nil
            }
        }

        private static func copy(_ tracePath: String, to output: Int32, name: String) -> String? {
            let input = open(tracePath, O_RDONLY | O_CLOEXEC)
            guard input >= 0 else { return "cannot read back the trace: \(String(cString: strerror(errno)))" }
            defer { close(input) }
            var chunk = [UInt8](repeating: 0, count: 1 << 20)
            while true {
                let got = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
                if got < 0 && errno == EINTR { continue }
                guard got >= 0 else { return "cannot read back the trace: \(String(cString: strerror(errno)))" }
                if got == 0 { return nil }
                do {
                    try FileDescriptorWriting.writeAll(chunk[..<got], to: output, name: name)
                } catch {
                    return "cannot write the trace to \(name): \(error.description)"
                }
            }
        }
    }
}
