// Why a storyboard could not be read: the file, the line and column when there is one, and what
// is wrong in words that say what to do.

/// A storyboard that could not be read.
public struct StoryboardError: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?
    public var problem: Problem

    public enum Problem: Sendable, Hashable {
        /// The file could not be opened or read.
        case unreadable(reason: String)
        case tooLarge(bytes: Int, limit: Int)
        case empty
        /// Not well-formed XML, or XML the reader refuses (a DTD, an entity, too deep).
        case malformedXML(message: String)
        /// Well-formed XML that is not an iOS storyboard.
        case notAStoryboard(reason: String)
        /// A storyboard the reader cannot make sense of (`reason` says where and why).
        case invalid(reason: String)
    }

    public init(file: String, line: Int? = nil, column: Int? = nil, problem: Problem) {
        self.file = file
        self.line = line
        self.column = column
        self.problem = problem
    }

    /// `file:line:column: what is wrong`.
    public var description: String {
        var location = file
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return location + ": " + explanation
    }

    /// The message without the location.
    public var explanation: String {
        switch problem {
        case .unreadable(let reason): return "cannot read the storyboard: \(reason)"
        case .tooLarge(let bytes, let limit):
            return "the file is \(bytes) bytes; storyboards may be at most \(limit) bytes (\(limit >> 20) MiB)"
        case .empty: return "the file is empty; a storyboard is Interface Builder XML starting with <?xml …?><document …>"
        case .malformedXML(let message): return "malformed XML: \(message)"
        case .notAStoryboard(let reason): return "not an iOS storyboard: \(reason)"
        case .invalid(let reason): return reason
        }
    }
}
