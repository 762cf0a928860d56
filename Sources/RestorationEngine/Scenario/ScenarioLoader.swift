// ScenarioLoader: a `restoretrace-scenario/1` file or its bytes -> `Scenario`, refusing anything
// the format does not allow with a ScenarioError that names the file and the JSON path (or the
// line and column of malformed JSON), and refusing hostile input (huge files, absurd nesting)
// without crashing.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TraceFormat

/// Loads scenario files (spec/SCENARIO_FORMAT.md).
///
/// ```swift
/// let scenario = try ScenarioLoader().load(contentsOf: "Traces/countries.scenario.json")
/// ```
///
/// Choices the format leaves open, made strict so that mistakes do not pass silently:
/// - `selectedIndex` outside the tab bar's children, or on a view controller that is not a tab
///   bar, is an error (UIKit ignores such an index, so the file cannot describe a real app).
/// - `encodes` naming an identifier that no registered object has is an error.
/// - A missing `name` defaults to the file name without `.scenario.json` / `.json`.
/// - Fields that do not apply to the object's kind are errors: `encodesChildren` off a `custom`
///   container, `contentOffset` on a `plain` view, model identifiers off a table or collection view,
///   `restorationClassReturns` without a `restorationClass`.
/// - A field twice in one object, an empty `windows` array, a registered object without a class or
///   with an identifier already registered, and a view without `class` are errors.
/// - Optional strings (`restorationIdentifier`, `restorationClass`, ...) accept null as absent.
/// - `x-…` fields are kept in `extensions`, except inside a `{ "class": ... }` answer of
///   `restorationClassReturns` / `appDelegateReturns`, where they are accepted and dropped.
/// - Sibling view controllers with the same identifier are legal: the engine reports `duplicatePath`.
public struct ScenarioLoader: Sendable {
    /// What the loader accepts before refusing the input as hostile.
    public struct Limits: Sendable, Hashable {
        /// Largest file, in bytes (256 MiB).
        public var maxFileBytes: Int
        /// Deepest nesting of view controllers and views below a window (1,000).
        public var maxHierarchyDepth: Int
        /// Deepest nesting of JSON arrays and objects anywhere (`state` values included).
        public var maxJSONDepth: Int
        /// Largest `relaunch.launchCrashes`.
        public var maxLaunchCrashes: Int
        /// Largest `cost.encodeMicros` / `decodeMicros` (10 s: the engine really spends it).
        public var maxCostMicros: Int
        /// Largest sum of every `cost` in the scenario (60 s), so a simulation cannot be made to run for days.
        public var maxTotalCostMicros: Int

        public init(maxFileBytes: Int = 256 << 20, maxHierarchyDepth: Int = 1_000, maxJSONDepth: Int? = nil,
                    maxLaunchCrashes: Int = 1_000, maxCostMicros: Int = 10_000_000, maxTotalCostMicros: Int = 60_000_000) {
            self.maxFileBytes = maxFileBytes
            self.maxHierarchyDepth = maxHierarchyDepth
            // Each hierarchy level is two JSON levels (an object inside `children`), plus room for `state`.
            self.maxJSONDepth = maxJSONDepth ?? (2 * maxHierarchyDepth + 64)
            self.maxLaunchCrashes = maxLaunchCrashes
            self.maxCostMicros = maxCostMicros
            self.maxTotalCostMicros = maxTotalCostMicros
        }
    }

    public var limits: Limits

    public init(limits: Limits = Limits()) { self.limits = limits }

    /// The name a user sees for standard input.
    public static let standardInputName = "<stdin>"

    /// Loads the scenario at `path`. Messages name the file as `path` gives it, so that the
    /// location can be copied and opened from where the command ran.
    public func load(contentsOf path: String) throws(ScenarioError) -> Scenario {
        let bytes = try readFile(path)
        return try load(bytes: bytes, fileName: path)
    }

    /// Loads a scenario from standard input (`-` on the command line).
    public func loadStandardInput() throws(ScenarioError) -> Scenario {
        let bytes = try readStandardInput()
        return try load(bytes: bytes, fileName: ScenarioLoader.standardInputName)
    }

    /// Loads a scenario from its bytes. `fileName` is used in messages and for the default name.
    public func load(bytes: [UInt8], fileName: String) throws(ScenarioError) -> Scenario {
        let displayName = fileName
        guard bytes.count <= limits.maxFileBytes else {
            throw ScenarioError(file: displayName, problem: .tooLarge(bytes: bytes.count, limit: limits.maxFileBytes))
        }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw ScenarioError(file: displayName, problem: .empty)
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw ScenarioError(file: displayName, line: 1, column: 1, problem: .malformedJSON(
                message: "the file starts with a UTF-8 byte order mark; save it as UTF-8 without BOM"))
        }
        let limits = self.limits
        return try DeepRecursion.run { () throws(ScenarioError) -> Scenario in
            let document: JSONValue
            do throws(JSONParseError) {
                document = try JSONValue.parse(bytes, maxDepth: limits.maxJSONDepth)
            } catch {
                throw ScenarioError(file: displayName, line: error.line, column: error.column,
                                    problem: .malformedJSON(message: ScenarioLoader.explain(error, limits: limits)))
            }
            var mapper = ScenarioDocumentMapper(reader: ScenarioJSONReader(file: displayName), limits: limits,
                                                defaultName: ScenarioLoader.defaultScenarioName(fileName))
            return try mapper.scenario(from: document)
        }
    }

    /// Maps an already parsed document (for callers that parsed it themselves, and for tests).
    public func scenario(from document: JSONValue, fileName: String) throws(ScenarioError) -> Scenario {
        let limits = self.limits
        return try DeepRecursion.run { () throws(ScenarioError) -> Scenario in
            var mapper = ScenarioDocumentMapper(reader: ScenarioJSONReader(file: fileName),
                                                limits: limits, defaultName: ScenarioLoader.defaultScenarioName(fileName))
            return try mapper.scenario(from: document)
        }
    }

    // MARK: Names

    /// The file's last path component (`Traces/a.scenario.json` -> `a.scenario.json`).
    static func lastComponent(_ fileName: String) -> String {
        guard fileName != standardInputName, let slash = fileName.lastIndex(of: "/") else { return fileName }
        let last = fileName[fileName.index(after: slash)...]
        return last.isEmpty ? fileName : String(last)
    }

    /// `Traces/countries.scenario.json` -> `countries`.
    static func defaultScenarioName(_ fileName: String) -> String {
        if fileName == standardInputName { return "scenario" }
        var name = lastComponent(fileName)
        for suffix in [".scenario.json", ".json"] where name.hasSuffix(suffix) && name.count > suffix.count {
            name.removeLast(suffix.count)
            break
        }
        return name
    }

    private static func explain(_ error: JSONParseError, limits: Limits) -> String {
        switch error.reason {
        case .nestingTooDeep:
            return error.message + "; view controllers and views may nest at most \(limits.maxHierarchyDepth) levels"
        case .invalidUTF8:
            return error.message + "; save the file as UTF-8"
        case .unexpectedEnd, .unterminatedString:
            return error.message + " (is the file cut off?)"
        case .unexpectedByte(let byte, _) where byte >= 0x80:
            return error.message + "; the file is not UTF-8 JSON"
        default:
            return error.message
        }
    }

    // MARK: Reading

    private func readFile(_ path: String) throws(ScenarioError) -> [UInt8] {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let reason = errno == ENOENT || errno == ENOTDIR ? "no such file; check the path" : String(cString: strerror(errno))
            throw ScenarioError(file: path, problem: .unreadable(reason: reason))
        }
        guard status.st_mode & S_IFMT != S_IFDIR else {
            throw ScenarioError(file: path, problem: .unreadable(reason: "it is a directory; give a .scenario.json file"))
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = errno == EACCES ? "permission denied" : String(cString: strerror(errno))
            throw ScenarioError(file: path, problem: .unreadable(reason: reason))
        }
        defer { close(descriptor) }
        return try read(descriptor, name: path)
    }

    /// The bytes of standard input, refused when larger than ``Limits/maxFileBytes``.
    public func readStandardInput() throws(ScenarioError) -> [UInt8] {
        try read(STDIN_FILENO, name: ScenarioLoader.standardInputName)
    }

    /// Reads at most `maxFileBytes + 1` bytes, so a huge (or endless) input is refused, not swallowed.
    private func read(_ descriptor: Int32, name: String) throws(ScenarioError) -> [UInt8] {
        let cap = limits.maxFileBytes
        let bytes: [UInt8]
        do {
            bytes = try FileDescriptorReading.readAll(descriptor, limit: cap + 1)
        } catch {
            throw ScenarioError(file: name, problem: .unreadable(reason: error.reason))
        }
        if bytes.count > cap {
            // A file's whole size, where it has one (a pipe's is what was read).
            let end = lseek(descriptor, 0, SEEK_END)
            throw ScenarioError(file: name, problem: .tooLarge(bytes: max(Int(end), bytes.count), limit: cap))
        }
        return bytes
    }
}
