// StoryboardReader: a storyboard file or its bytes -> StoryboardFile. It checks the bytes are
// UTF-8, streams the XML through XMLTokenizer once, and keeps only what restoration cares about:
// the scenes' view controllers, their segues and the views that carry restoration identifiers,
// each with its file, line, column and Interface Builder object ID.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TraceFormat

/// Reads Interface Builder storyboards of both generations (version 3.0 and 2.0).
///
/// ```swift
/// let storyboard = try StoryboardReader().read(contentsOf: "Base.lproj/Main.storyboard")
/// ```
public struct StoryboardReader: Sendable {
    /// What the reader accepts before refusing the input.
    public struct Limits: Sendable, Hashable {
        /// Largest file, in bytes (256 MiB; Xcode's biggest storyboards are a few megabytes).
        public var maximumFileBytes: Int
        public var xml: XMLLimits
        public init(maximumFileBytes: Int = 256 << 20, xml: XMLLimits = XMLLimits()) {
            self.maximumFileBytes = maximumFileBytes
            self.xml = xml
        }
    }

    public var limits: Limits

    public init(limits: Limits = Limits()) { self.limits = limits }

    /// The `type` of an iOS storyboard's `<document>`.
    public static let documentType = "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB"

    /// Reads the storyboard at `path`; locations name the file as `path` gives it.
    public func read(contentsOf path: String) throws(StoryboardError) -> StoryboardFile {
        let bytes = try readFile(path)
        return try read(bytes: bytes, path: path)
    }

    /// Reads a storyboard from its bytes; `path` names it in locations and messages.
    public func read(bytes: [UInt8], path: String) throws(StoryboardError) -> StoryboardFile {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(StoryboardError) in try read(buffer: buffer, path: path) }
        }
        return try result.get()
    }

    /// Reads a storyboard from bytes valid during the call.
    public func read(buffer: UnsafeRawBufferPointer, path: String) throws(StoryboardError) -> StoryboardFile {
        guard buffer.count <= limits.maximumFileBytes else {
            throw StoryboardError(file: path, problem: .tooLarge(bytes: buffer.count, limit: limits.maximumFileBytes))
        }
        let bytes = buffer.bindMemory(to: UInt8.self)
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw StoryboardError(file: path, problem: .empty)
        }
        if let (offset, message) = UTF8Validation.firstProblem(bytes) {
            let (line, column) = UTF8Validation.lineAndColumn(of: offset, in: bytes)
            throw StoryboardError(file: path, line: line, column: column, problem: .malformedXML(message: message))
        }
        var builder = StoryboardBuilder(tokenizer: XMLTokenizer(bytes: bytes, limits: limits.xml), path: path)
        do {
            return try builder.build()
        } catch let error as XMLError {
            throw StoryboardError(file: path, line: error.line, column: error.column, problem: .malformedXML(message: error.message))
        } catch let error as StoryboardError {
            throw error
        } catch {
            throw StoryboardError(file: path, problem: .invalid(reason: "\(error)"))
        }
    }

    // MARK: Files

    private func readFile(_ path: String) throws(StoryboardError) -> [UInt8] {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let reason = errno == ENOENT || errno == ENOTDIR ? "no such file; check the path" : String(cString: strerror(errno))
            throw StoryboardError(file: path, problem: .unreadable(reason: reason))
        }
        guard status.st_mode & S_IFMT != S_IFDIR else {
            throw StoryboardError(file: path, problem: .unreadable(reason: "it is a directory; give a .storyboard file"))
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = errno == EACCES ? "permission denied" : String(cString: strerror(errno))
            throw StoryboardError(file: path, problem: .unreadable(reason: reason))
        }
        defer { close(descriptor) }
        let cap = limits.maximumFileBytes
        let bytes: [UInt8]
        do {
            bytes = try FileDescriptorReading.readAll(descriptor, limit: cap + 1)
        } catch {
            throw StoryboardError(file: path, problem: .unreadable(reason: error.reason))
        }
        if bytes.count > cap {
            let end = lseek(descriptor, 0, SEEK_END)
            throw StoryboardError(file: path, problem: .tooLarge(bytes: max(Int(end), bytes.count), limit: cap))
        }
        return bytes
    }
}

/// Walks the events of one document and keeps what restoration needs.
struct StoryboardBuilder {
    private var tokenizer: XMLTokenizer
    private let path: String

    /// What an open element is, for deciding what its children are.
    private enum Role {
        case document, scenes, scene, objects, controller, insideController, insideCell, other
    }

    private var roles: [Role] = []
    private var file: StoryboardFile?
    private var controller: StoryboardController?
    private var sceneID: String?
    private var sceneName: String?
    /// The last comment directly inside `<scenes>`: Interface Builder's name of the next scene.
    private var pendingComment: String?

    init(tokenizer: XMLTokenizer, path: String) {
        self.tokenizer = tokenizer
        self.path = path
        roles.reserveCapacity(64)
    }

    mutating func build() throws -> StoryboardFile {
        while true {
            switch try tokenizer.next() {
            case .startElement(let name, let position, _):
                try start(name, at: position)
            case .endElement:
                end()
            case .comment(let text):
                if roles.last == .scenes {
                    let trimmed = tokenizer.string(text).trimmingWhitespace
                    pendingComment = trimmed.isEmpty ? nil : trimmed
                }
            case .endOfDocument:
                guard let file else { preconditionFailure("a document ended without its root element") }
                return file
            }
        }
    }

    // MARK: Elements

    private mutating func start(_ name: Range<Int>, at position: XMLPosition) throws {
        let role: Role
        switch roles.last {
        case nil:
            try document(name, at: position)
            role = .document
        case .document:
            role = tokenizer.bytes(name, equal: "scenes") ? .scenes : .other
        case .scenes:
            if tokenizer.bytes(name, equal: "scene") {
                role = .scene
                sceneID = tokenizer.value(of: "sceneID")
                sceneName = pendingComment
            } else {
                role = .other
            }
            pendingComment = nil
        case .scene:
            role = tokenizer.bytes(name, equal: "objects") ? .objects : .other
        case .objects:
            role = try sceneMember(name, at: position)
        case .controller, .insideController, .insideCell:
            role = try insideController(name, at: position, parent: roles.last!)
        case .other:
            role = .other
        }
        roles.append(role)
    }

    private mutating func end() {
        guard let role = roles.popLast() else { return }
        if role == .controller, let finished = controller {
            file?.controllers.append(finished)
            controller = nil
        }
    }

    /// The root: `<document type="…Storyboard.XIB" version="3.0" …>`.
    private mutating func document(_ name: Range<Int>, at position: XMLPosition) throws {
        let (line, column) = tokenizer.lineAndColumn(position)
        func refuse(_ reason: String) -> StoryboardError {
            StoryboardError(file: path, line: line, column: column, problem: .notAStoryboard(reason: reason))
        }
        guard tokenizer.bytes(name, equal: "document") else {
            throw refuse("the root element is <\(tokenizer.string(name))>; a storyboard's is <document type=\"\(StoryboardReader.documentType)\">")
        }
        let type = tokenizer.value(of: "type") ?? ""
        guard type == StoryboardReader.documentType else {
            if type.hasPrefix("com.apple.InterfaceBuilder3.Cocoa.") {
                throw refuse("type=\"\(type)\" is a macOS (AppKit) document; restoretrace models UIKit state restoration")
            }
            if type.hasSuffix(".XIB") && !type.contains("Storyboard") {
                throw refuse("type=\"\(type)\" is a XIB (a nib), not a storyboard; restoretrace reads .storyboard files")
            }
            throw refuse(type.isEmpty ? "the <document> has no type; an iOS storyboard's is \"\(StoryboardReader.documentType)\""
                                      : "type=\"\(type)\"; an iOS storyboard's is \"\(StoryboardReader.documentType)\"")
        }
        let version = tokenizer.value(of: "version") ?? ""
        guard let format = StoryboardFormat(rawValue: version) else {
            throw refuse("version=\"\(version)\"; restoretrace reads storyboard XML version 3.0 (Xcode 8 and later) "
                + "and 2.0 (Xcode 4 to 7): open and save the file in Xcode")
        }
        file = StoryboardFile(path: path, name: StoryboardFile.name(ofPath: path), format: format,
                              targetRuntime: tokenizer.value(of: "targetRuntime"),
                              initialViewControllerID: tokenizer.value(of: "initialViewController").flatMap { $0.isEmpty ? nil : $0 },
                              source: ObjectSource(file: path, line: line, column: column))
    }

    /// A direct child of a scene's `<objects>`: its view controller (or storyboard reference), its
    /// Exit placeholder, or something else (the first responder, gesture recognizers, ...).
    private mutating func sceneMember(_ name: Range<Int>, at position: XMLPosition) throws -> Role {
        let member = tokenizer.value(of: "sceneMemberID")
        if member == "exit", let id = tokenizer.value(of: "id") {
            file?.exitIDs.insert(id)
            return .other
        }
        // Very old files omit sceneMemberID on view controllers; their element names still say it.
        let isController = member == "viewController" || (member == nil && tokenizer.bytes(name, endWith: "Controller"))
        guard isController, controller == nil else { return .other }
        let element = tokenizer.string(name)
        let source = location(position, objectID: tokenizer.value(of: "id"))
        guard let id = source.objectID, !id.isEmpty else {
            throw StoryboardError(file: path, line: source.line, column: source.column, problem: .invalid(
                reason: "the <\(element)> has no id; Interface Builder gives every object one (was the file edited by hand?)"))
        }
        let kind = StoryboardBuilder.kind(of: element)
        var reference: StoryboardReference?
        if kind == .reference {
            reference = StoryboardReference(storyboardName: tokenizer.value(of: "storyboardName").flatMap { $0.isEmpty ? nil : $0 },
                                            referencedIdentifier: tokenizer.value(of: "referencedIdentifier").flatMap { $0.isEmpty ? nil : $0 })
        }
        controller = StoryboardController(
            objectID: id, sceneID: sceneID, element: element, kind: kind,
            customClass: tokenizer.value(of: "customClass"), customModule: tokenizer.value(of: "customModule"),
            storyboardIdentifier: tokenizer.value(of: "storyboardIdentifier"),
            restorationIdentifierAttribute: tokenizer.value(of: "restorationIdentifier"),
            usesStoryboardIdentifierAsRestorationIdentifier: tokenizer.value(of: "useStoryboardIdentifierAsRestorationIdentifier") == "YES",
            title: tokenizer.value(of: "title").flatMap { $0.isEmpty ? nil : $0 }, sceneName: sceneName,
            reference: reference, source: source)
        return .controller
    }

    /// Anything inside a view controller's element: segues, views with identifiers, the items
    /// that give it a title.
    private mutating func insideController(_ name: Range<Int>, at position: XMLPosition, parent: Role) throws -> Role {
        if tokenizer.bytes(name, equal: "segue") {
            let source = location(position, objectID: tokenizer.value(of: "id"))
            let destination = tokenizer.value(of: "destination").flatMap { $0.isEmpty ? nil : $0 }
            let segue = StoryboardSegue(
                objectID: source.objectID, kind: SegueKind(tokenizer.value(of: "kind") ?? ""),
                relationship: tokenizer.value(of: "relationship"), destinationID: destination,
                identifier: tokenizer.value(of: "identifier"), source: source)
            controller?.segues.append(segue)
            return parent == .insideCell ? .insideCell : .insideController
        }
        let isCell = tokenizer.bytes(name, equal: "tableViewCell") || tokenizer.bytes(name, equal: "collectionViewCell")
            || tokenizer.bytes(name, equal: "collectionReusableView")
        if let identifier = tokenizer.value(of: "restorationIdentifier") {
            let view = StoryboardView(
                objectID: tokenizer.value(of: "id"), element: tokenizer.string(name), customClass: tokenizer.value(of: "customClass"),
                restorationIdentifier: identifier, isCell: isCell, isInsideCell: parent == .insideCell,
                source: location(position, objectID: tokenizer.value(of: "id")))
            controller?.views.append(view)
        }
        if parent == .controller, controller?.title == nil,
           tokenizer.bytes(name, equal: "navigationItem") || tokenizer.bytes(name, equal: "tabBarItem"),
           let title = tokenizer.value(of: "title"), !title.isEmpty
        {
            controller?.title = title
        }
        return isCell || parent == .insideCell ? .insideCell : .insideController
    }

    private static func kind(of element: String) -> StoryboardControllerKind {
        switch element {
        case "viewController": return .viewController
        case "navigationController": return .navigation
        case "tabBarController": return .tabBar
        case "tableViewController": return .table
        case "collectionViewController": return .collection
        case "splitViewController": return .split
        case "pageViewController": return .page
        case "viewControllerPlaceholder": return .reference
        default: return .other
        }
    }

    private func location(_ position: XMLPosition, objectID: String?) -> ObjectSource {
        let (line, column) = tokenizer.lineAndColumn(position)
        return ObjectSource(file: path, line: line, column: column, objectID: objectID)
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line breaks.
    var trimmingWhitespace: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
