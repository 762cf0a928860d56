// XMLTokenizer: a small streaming reader of well-formed XML 1.0 in UTF-8, enough for Interface
// Builder's files — elements, attributes, comments, CDATA, processing instructions and the
// predefined and numeric character references — with line and column tracking.
//
// It refuses what makes XML readers dangerous: any DOCTYPE (so no DTD, no entity definitions,
// no "billion laughs", no external entities) and any reference that is not predefined or numeric.
// It never recurses: open elements are a stack of byte ranges, capped by XMLLimits.maximumDepth.
// Each byte is looked at a bounded number of times, so time is linear in the input.

/// Reads XML from bytes that stay valid while it is used (see ``XMLDocumentReading``).
public struct XMLTokenizer {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let limits: XMLLimits
    private var offset: Int
    private var line = 1
    private var lineStart: Int
    /// Names of the open elements, outermost first.
    private var open: [(name: Range<Int>, position: XMLPosition)] = []
    /// The name an empty element (`<a/>`) still has to report as ended.
    private var pendingEnd: Range<Int>?
    private var sawRoot = false
    private var finished = false
    /// The attributes of the last element start, valid until the next call to ``next()``.
    public private(set) var attributes: [XMLAttribute] = []

    /// `bytes` must have been checked by ``UTF8Validation`` (the reader does that first).
    init(bytes: UnsafeBufferPointer<UInt8>, limits: XMLLimits) {
        self.bytes = bytes
        self.limits = limits
        // A UTF-8 byte order mark is allowed before the declaration.
        let start = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        self.offset = start
        self.lineStart = start
        attributes.reserveCapacity(32)
        open.reserveCapacity(64)
    }

    /// How deep the element just started (or ended) is: 1 for the root.
    public var depth: Int { open.count }

    // MARK: Events

    /// The next event; ``XMLEvent/endOfDocument`` once the root element is closed and nothing but
    /// comments, processing instructions and white space follow.
    public mutating func next() throws(XMLError) -> XMLEvent {
        if let name = pendingEnd {
            pendingEnd = nil
            return .endElement(name: name)
        }
        if finished { return .endOfDocument }
        while true {
            if open.isEmpty {
                skipWhitespace()
                guard offset < bytes.count else { return try endOfInput() }
                guard bytes[offset] == UInt8(ascii: "<") else {
                    throw error(at: here, sawRoot
                        ? "text after the root element has ended; a document has one root element"
                        : "text before the root element; an XML document starts with < (is this an XML file?)")
                }
            } else {
                try skipText()
                guard offset < bytes.count else { return try endOfInput() }
            }
            // At '<'.
            let start = here
            guard offset + 1 < bytes.count else { throw error(at: start, "the file ends inside a tag (is it cut off?)") }
            switch bytes[offset + 1] {
            case UInt8(ascii: "/"):
                return try endTag(start)
            case UInt8(ascii: "?"):
                try processingInstruction(start)
            case UInt8(ascii: "!"):
                if has("<!--") {
                    return try comment(start)
                } else if has("<![CDATA[") {
                    guard !open.isEmpty else { throw error(at: start, "CDATA outside the root element") }
                    offset += 9
                    try skip(until: "]]>", what: "CDATA section", from: start)
                } else if has("<!DOCTYPE") {
                    throw error(at: start, "document type declarations (<!DOCTYPE …>) are refused: a DTD can define entities "
                        + "that expand without bound or read other files; Interface Builder never writes one, so remove it")
                } else {
                    throw error(at: start, "markup declarations (<!…>) are refused; only comments and CDATA may start with <!")
                }
            default:
                return try startTag(start)
            }
        }
    }

    private mutating func endOfInput() throws(XMLError) -> XMLEvent {
        if let last = open.last {
            throw error(at: here, "the file ends inside <\(string(last.name))>, opened at line \(last.position.line) "
                + "(is the file cut off?)")
        }
        guard sawRoot else {
            throw error(at: here, "no root element: the file holds no XML elements")
        }
        finished = true
        return .endOfDocument
    }

    // MARK: Tags

    private mutating func startTag(_ start: XMLPosition) throws(XMLError) -> XMLEvent {
        if open.isEmpty && sawRoot {
            throw error(at: start, "a second root element; a document has exactly one")
        }
        guard open.count < limits.maximumDepth else {
            throw error(at: start, "elements nest deeper than \(limits.maximumDepth) levels; "
                + "no Interface Builder file comes near that (is the file generated or hostile?)")
        }
        offset += 1
        let name = try self.name(what: "an element name after <")
        attributes.removeAll(keepingCapacity: true)
        var isEmpty = false
        while true {
            let hadSpace = skipWhitespace()
            guard offset < bytes.count else {
                throw error(at: start, "the file ends inside the tag <\(string(name))> (is it cut off?)")
            }
            let byte = bytes[offset]
            if byte == UInt8(ascii: ">") {
                offset += 1
                break
            }
            if byte == UInt8(ascii: "/") {
                guard offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: ">") else {
                    throw error(at: here, "expected /> to end the empty element <\(string(name))>")
                }
                offset += 2
                isEmpty = true
                break
            }
            guard hadSpace else {
                throw error(at: here, "expected white space, > or /> after \(attributes.isEmpty ? "the element name" : "an attribute value")")
            }
            try attribute(of: name)
        }
        sawRoot = true
        if isEmpty {
            pendingEnd = name
        } else {
            open.append((name, start))
        }
        return .startElement(name: name, position: start, isEmpty: isEmpty)
    }

    private mutating func attribute(of element: Range<Int>) throws(XMLError) {
        let namePosition = here
        let name = try self.name(what: "an attribute name")
        guard attributes.count < limits.maximumAttributes else {
            throw error(at: namePosition, "<\(string(element))> has more than \(limits.maximumAttributes) attributes")
        }
        for other in attributes where other.name.count == name.count && equal(other.name, name) {
            throw error(at: namePosition, "the attribute \(string(name)) appears twice in <\(string(element))>")
        }
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "=") else {
            throw error(at: here, "expected = after the attribute name \(string(name))")
        }
        offset += 1
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") || bytes[offset] == UInt8(ascii: "'") else {
            throw error(at: here, "expected a quoted value for the attribute \(string(name))")
        }
        let quote = bytes[offset]
        offset += 1
        let valuePosition = here
        let valueStart = offset
        var needsDecoding = false
        while true {
            guard offset < bytes.count else {
                throw error(at: valuePosition, "the value of \(string(name)) is never closed (is the file cut off?)")
            }
            let byte = bytes[offset]
            if byte == quote { break }
            switch byte {
            case UInt8(ascii: "<"):
                throw error(at: here, "< inside the value of \(string(name)); write it as &lt;")
            case UInt8(ascii: "&"):
                needsDecoding = true
                offset = try reference()
                continue
            case 0x0A:
                needsDecoding = true
                offset += 1
                line += 1
                lineStart = offset
                continue
            case 0x09, 0x0D:
                needsDecoding = true
            default:
                break
            }
            offset += 1
        }
        guard offset - valueStart <= limits.maximumAttributeValueBytes else {
            throw error(at: valuePosition, "the value of \(string(name)) is longer than \(limits.maximumAttributeValueBytes) bytes")
        }
        attributes.append(XMLAttribute(name: name, value: valueStart..<offset, needsDecoding: needsDecoding, position: valuePosition))
        offset += 1
    }

    private mutating func endTag(_ start: XMLPosition) throws(XMLError) -> XMLEvent {
        offset += 2
        let name = try self.name(what: "an element name after </")
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ">") else {
            throw error(at: here, "expected > to end </\(string(name))")
        }
        offset += 1
        guard let last = open.last else {
            throw error(at: start, "</\(string(name))> closes nothing: no element is open")
        }
        guard last.name.count == name.count, equal(last.name, name) else {
            throw error(at: start, "</\(string(name))> does not close <\(string(last.name))>, opened at line \(last.position.line)")
        }
        open.removeLast()
        return .endElement(name: name)
    }

    /// An XML name: a letter, `_`, `:` or non-ASCII first, then those, digits, `-` and `.`.
    private mutating func name(what: String) throws(XMLError) -> Range<Int> {
        let start = offset
        guard offset < bytes.count, XMLTokenizer.startsName(bytes[offset]) else {
            throw error(at: here, "expected \(what)")
        }
        offset += 1
        while offset < bytes.count, XMLTokenizer.continuesName(bytes[offset]) { offset += 1 }
        guard offset - start <= limits.maximumNameBytes else {
            throw error(at: position(of: start), "a name longer than \(limits.maximumNameBytes) bytes")
        }
        return start..<offset
    }

    private static func startsName(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"), UInt8(ascii: ":"):
            return true
        default:
            return byte >= 0x80
        }
    }

    private static func continuesName(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."): return true
        default: return startsName(byte)
        }
    }

    /// Checks the reference at `&` and returns the offset after its `;`.
    private func reference() throws(XMLError) -> Int {
        switch XMLReferences.check(bytes, at: offset) {
        case .success(let end): return end
        case .failure(let problem): throw error(at: here, problem.message)
        }
    }

    // MARK: Text, comments, processing instructions

    /// Skips character data up to the next `<`, checking its references.
    private mutating func skipText() throws(XMLError) {
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: "<"):
                return
            case UInt8(ascii: "&"):
                offset = try reference()
            case 0x0A:
                offset += 1
                line += 1
                lineStart = offset
            default:
                offset += 1
            }
        }
    }

    private mutating func comment(_ start: XMLPosition) throws(XMLError) -> XMLEvent {
        offset += 4
        let textStart = offset
        try skip(until: "-->", what: "comment", from: start)
        return .comment(textStart..<(offset - 3))
    }

    /// `<?target ...?>`: the XML declaration at the very start (checked for its encoding), anything
    /// else skipped.
    private mutating func processingInstruction(_ start: XMLPosition) throws(XMLError) {
        offset += 2
        let target = try name(what: "a processing instruction target after <?")
        let isDeclaration = target.count == 3 && (bytes[target.lowerBound] | 0x20) == UInt8(ascii: "x")
            && (bytes[target.lowerBound + 1] | 0x20) == UInt8(ascii: "m") && (bytes[target.lowerBound + 2] | 0x20) == UInt8(ascii: "l")
        let bodyStart = offset
        try skip(until: "?>", what: "processing instruction", from: start)
        guard isDeclaration else { return }
        let atStart = start.offset == 0 || (start.offset == 3 && bytes[0] == 0xEF)
        guard atStart else {
            throw error(at: start, "the XML declaration <?xml …?> may only be at the very start of the file")
        }
        let body = String(decoding: UnsafeBufferPointer(rebasing: bytes[bodyStart..<(offset - 2)]), as: UTF8.self)
        if let encoding = XMLTokenizer.pseudoAttribute("encoding", in: body) {
            let lowered = encoding.lowercased()
            guard lowered == "utf-8" || lowered == "utf8" else {
                throw error(at: start, "the file declares encoding=\"\(encoding)\"; restoretrace reads UTF-8 only "
                    + "(Interface Builder writes UTF-8): convert the file")
            }
        }
    }

    /// The value of `name="…"` in an XML declaration's text.
    static func pseudoAttribute(_ name: String, in body: String) -> String? {
        let text = Array(body.utf8)
        let key = Array(name.utf8)
        guard text.count >= key.count else { return nil }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        for start in 0...(text.count - key.count) where Array(text[start..<(start + key.count)]) == key {
            var index = start + key.count
            while index < text.count, isSpace(text[index]) { index += 1 }
            guard index < text.count, text[index] == UInt8(ascii: "=") else { continue }
            index += 1
            while index < text.count, isSpace(text[index]) { index += 1 }
            guard index < text.count, text[index] == UInt8(ascii: "\"") || text[index] == UInt8(ascii: "'") else { continue }
            let quote = text[index]
            guard let end = text[(index + 1)...].firstIndex(of: quote) else { return nil }
            return String(decoding: text[(index + 1)..<end], as: UTF8.self)
        }
        return nil
    }

    /// Moves past the first `terminator`, counting lines; an error if the file ends first.
    private mutating func skip(until terminator: StaticString, what: String, from start: XMLPosition) throws(XMLError) {
        let first = terminator.utf8Start[0]
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == first && has(terminator) {
                offset += terminator.utf8CodeUnitCount
                return
            }
            offset += 1
            if byte == 0x0A {
                line += 1
                lineStart = offset
            }
        }
        throw error(at: start, "the \(what) is never closed with \(terminator) (is the file cut off?)")
    }

    /// Skips white space; whether there was any.
    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = offset
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0D:
                offset += 1
            case 0x0A:
                offset += 1
                line += 1
                lineStart = offset
            default:
                return offset > start
            }
        }
        return offset > start
    }

    /// Whether the input at the current offset starts with `literal`.
    private func has(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        let text = literal.utf8Start
        for index in 0..<count where bytes[offset + index] != text[index] { return false }
        return true
    }

    // MARK: What the reader asks

    /// Whether the bytes of `range` spell `literal`.
    public func bytes(_ range: Range<Int>, equal literal: StaticString) -> Bool {
        guard range.count == literal.utf8CodeUnitCount else { return false }
        let text = literal.utf8Start
        var index = 0
        for offset in range {
            if bytes[offset] != text[index] { return false }
            index += 1
        }
        return true
    }

    /// Whether the bytes of `range` end with `literal`.
    public func bytes(_ range: Range<Int>, endWith literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard range.count >= count else { return false }
        return bytes((range.upperBound - count)..<range.upperBound, equal: literal)
    }

    private func equal(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        for index in 0..<a.count where bytes[a.lowerBound + index] != bytes[b.lowerBound + index] { return false }
        return true
    }

    /// The text of `range`, as it is (names, comments).
    public func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The attribute of the last element start named `name`, if it has one.
    public func attribute(_ name: StaticString) -> XMLAttribute? {
        for attribute in attributes where bytes(attribute.name, equal: name) { return attribute }
        return nil
    }

    /// An attribute's value with references replaced and line breaks and tabs turned into spaces,
    /// as XML's attribute-value normalization says.
    public func value(_ attribute: XMLAttribute) -> String {
        guard attribute.needsDecoding else { return string(attribute.value) }
        return XMLReferences.decode(UnsafeBufferPointer(rebasing: bytes[attribute.value]))
    }

    /// The value of the attribute `name` of the last element start, decoded; nil when it has none.
    public func value(of name: StaticString) -> String? {
        attribute(name).map(value)
    }

    /// The line and the column (in Unicode scalars, 1-based) of `position`.
    public func lineAndColumn(_ position: XMLPosition) -> (line: Int, column: Int) {
        var column = 1
        var index = position.lineStart
        while index < position.offset {
            // Count scalars: every byte that is not a UTF-8 continuation byte starts one.
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return (position.line, column)
    }

    private var here: XMLPosition { XMLPosition(offset: offset, line: line, lineStart: lineStart) }

    /// The position of an offset on the current line.
    private func position(of offset: Int) -> XMLPosition { XMLPosition(offset: offset, line: line, lineStart: lineStart) }

    private func error(at position: XMLPosition, _ message: String) -> XMLError {
        let (line, column) = lineAndColumn(position)
        // Whatever went wrong at the very end is most likely a file cut short.
        let atEnd = offset >= bytes.count && !message.contains("cut off")
        return XMLError(line: line, column: column, message: atEnd ? message + " (the file ends here: is it cut off?)" : message)
    }
}
