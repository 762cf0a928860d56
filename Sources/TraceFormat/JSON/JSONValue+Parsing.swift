// Parsing a whole JSON document into a `JSONValue` (the scenario loader's entry point).

extension JSONValue {
    /// Parses one complete JSON document from UTF-8 bytes.
    ///
    /// - Integers that fit in `Int64` become ``JSONValue/int(_:)``; every other number
    ///   (fractions, exponents, larger integers) becomes ``JSONValue/double(_:)``.
    /// - Objects keep their members in order, duplicates included (lookups return the first).
    /// - Arrays and objects nested deeper than `maxDepth` are refused, so hostile input cannot
    ///   exhaust the stack.
    /// - A UTF-8 byte order mark is not skipped: JSON texts must not start with one.
    ///
    /// Errors carry a 1-based line and a 1-based **byte** column (see ``JSONParseError``).
    public static func parse(_ bytes: UnsafeRawBufferPointer, maxDepth: Int = 512) throws(JSONParseError) -> JSONValue {
        guard let base = bytes.baseAddress, bytes.count > 0 else {
            throw JSONParseError(reason: .unexpectedEnd(expected: "a value"), line: 1, column: 1, offset: 0)
        }
        var scanner = JSONScanner(base: base.assumingMemoryBound(to: UInt8.self), count: bytes.count, maxDepth: maxDepth)
        return try scanner.parseDocument()
    }

    /// Parses one complete JSON document from a collection of UTF-8 bytes (`[UInt8]`, `Data`, a slice).
    public static func parse<Bytes: Collection>(_ bytes: Bytes, maxDepth: Int = 512) throws(JSONParseError) -> JSONValue
    where Bytes.Element == UInt8 {
        let contiguous: Result<JSONValue, JSONParseError>? = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONParseError) -> JSONValue in
                try parse(UnsafeRawBufferPointer(buffer), maxDepth: maxDepth)
            }
        }
        if let contiguous { return try contiguous.get() }
        let copy = Array(bytes)
        return try copy.withUnsafeBytes { buffer in
            Result { () throws(JSONParseError) -> JSONValue in try parse(buffer, maxDepth: maxDepth) }
        }.get()
    }

    /// Parses one complete JSON document from a string.
    public static func parse(_ text: String, maxDepth: Int = 512) throws(JSONParseError) -> JSONValue {
        var text = text
        let result = text.withUTF8 { buffer in
            Result { () throws(JSONParseError) -> JSONValue in
                try parse(UnsafeRawBufferPointer(buffer), maxDepth: maxDepth)
            }
        }
        return try result.get()
    }
}
