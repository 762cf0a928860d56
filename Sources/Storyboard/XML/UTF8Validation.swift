// The first pass over an XML file: it must be UTF-8 without the control characters XML 1.0
// forbids. Checked once, up front, so the tokenizer can treat every byte range as valid text.

enum UTF8Validation {
    /// Where the input first breaks the rules, and why; nil when it is valid.
    static func firstProblem(_ bytes: UnsafeBufferPointer<UInt8>) -> (offset: Int, message: String)? {
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            return (0, "the file is UTF-16 (it starts with a UTF-16 byte order mark); restoretrace reads UTF-8, "
                + "which Interface Builder writes: convert the file")
        }
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                // XML 1.0 allows tab, line feed and carriage return among the C0 controls, and no NUL.
                if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
                    let what = byte == 0 ? "a NUL byte" : "the control character U+00\(hex(byte))"
                    return (index, "\(what), which XML does not allow (is this a binary file?)")
                }
                index += 1
                continue
            }
            let length: Int
            var scalar: UInt32
            switch byte {
            case 0xC2...0xDF: length = 2; scalar = UInt32(byte & 0x1F)
            case 0xE0...0xEF: length = 3; scalar = UInt32(byte & 0x0F)
            case 0xF0...0xF4: length = 4; scalar = UInt32(byte & 0x07)
            default: return (index, "a byte (0x\(hex(byte))) that is not UTF-8; save the file as UTF-8")
            }
            guard index + length <= count else { return (index, "a UTF-8 sequence cut off by the end of the file") }
            for next in 1..<length {
                let continuation = bytes[index + next]
                guard continuation & 0xC0 == 0x80 else {
                    return (index, "a byte sequence that is not UTF-8; save the file as UTF-8")
                }
                scalar = scalar << 6 | UInt32(continuation & 0x3F)
            }
            // Overlong forms, surrogates and values past U+10FFFF are not UTF-8; U+FFFE and U+FFFF are not XML.
            let smallest: UInt32 = length == 3 ? 0x800 : (length == 4 ? 0x10000 : 0x80)
            guard scalar >= smallest, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else {
                return (index, "a byte sequence that is not UTF-8; save the file as UTF-8")
            }
            guard scalar != 0xFFFE && scalar != 0xFFFF else {
                return (index, "the character U+\(String(scalar, radix: 16, uppercase: true)), which XML does not allow")
            }
            index += length
        }
        return nil
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }

    /// The line and column (in Unicode scalars, 1-based) of `offset`, counted from the start.
    static func lineAndColumn(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var index = 0
        while index < offset && index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return (line, column)
    }
}
