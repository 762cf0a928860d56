// Where `simulate` puts the finished trace: standard output, a regular file replaced atomically
// (temporary file beside it, then rename), or an existing device or pipe such as /dev/null,
// which is written into and never replaced.

import Foundation

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
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory), isDirectory.boolValue else {
                return .failure(SimulateRunError(message: "\(argument): the directory \(parent) does not exist; create it or choose another -o"))
            }
            return .success(.file(path: argument))
        }

        /// Where the trace is written while the run lasts. For a file: a hidden temporary file in
        /// the same directory, so the final rename cannot cross file systems.
        func temporaryFile(in workspace: URL) -> String {
            switch self {
            case .standardOutput, .special:
                return workspace.appendingPathComponent("trace.jsonl").path
            case .file(let path):
                let target = URL(fileURLWithPath: path)
                return target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).tmp-\(getpid())").path
            }
        }

        /// Puts the finished trace at the target. Returns the message for the user on failure.
        func publish(_ tracePath: String) -> String? {
            switch self {
            case .standardOutput:
                return OutputTarget.copy(tracePath, to: FileHandle.standardOutput, name: "standard output")
            case .special(let path):
                guard let handle = FileHandle(forWritingAtPath: path) else {
                    return "error: \(path): cannot open for writing: \(String(cString: strerror(errno)))"
                }
                defer { try? handle.close() }
                return OutputTarget.copy(tracePath, to: handle, name: path)
            case .file(let path):
                guard rename(tracePath, path) == 0 else {
                    return "error: \(path): cannot write the trace: \(String(cString: strerror(errno)))"
                }
                return nil
            }
        }

        private static func copy(_ tracePath: String, to output: FileHandle, name: String) -> String? {
            guard let input = FileHandle(forReadingAtPath: tracePath) else { return "error: cannot read back the trace" }
            defer { try? input.close() }
            do {
                while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
                    try output.write(contentsOf: chunk)
                }
            } catch {
                return "error: cannot write the trace to \(name): \(error.localizedDescription)"
            }
            return nil
        }
    }
}
