// What the XML tokenizer hands out: element starts and ends, comments, and the end of the
// document, as byte ranges into the input (decoded only when the reader asks).

/// Where something starts in the input: a byte offset, its line, and where that line starts
/// (the column is counted from there only when a message or a location needs it).
public struct XMLPosition: Sendable, Hashable {
    public var offset: Int
    /// 1-based.
    public var line: Int
    /// The byte offset of the first byte of `line`.
    public var lineStart: Int
}

/// An attribute of the last element start: its name and its raw value, as byte ranges.
public struct XMLAttribute: Sendable, Hashable {
    public var name: Range<Int>
    /// The bytes between the quotes, before references are replaced.
    public var value: Range<Int>
    /// Whether the value holds a reference (`&amp;`) or a tab or line break that XML turns into a space.
    public var needsDecoding: Bool
    /// Where the value starts (after the opening quote), for messages.
    public var position: XMLPosition
}

/// One step of the document.
public enum XMLEvent: Sendable, Hashable {
    /// `<name ...>` or `<name .../>`; the attributes are the tokenizer's ``XMLTokenizer/attributes``
    /// until the next call. An empty element (`/>`) is followed by its ``endElement(name:)``.
    case startElement(name: Range<Int>, position: XMLPosition, isEmpty: Bool)
    case endElement(name: Range<Int>)
    /// `<!-- text -->`: the range of `text`.
    case comment(Range<Int>)
    /// The root element has ended and nothing but comments, processing instructions and
    /// white space followed.
    case endOfDocument
}
