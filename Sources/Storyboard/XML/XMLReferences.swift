// Character references: the five predefined entities (&lt; &gt; &amp; &quot; &apos;) and numeric
// references (&#38; &#x26;). Nothing else: with no DTD read, any other entity is undefined, and
// refusing it is what keeps entity expansion (billion laughs) and external entities out.

/// Why a reference was refused.
struct XMLReferenceProblem: Error {
    var message: String
}

enum XMLReferences {
    /// The longest reference accepted, `&` and `;` included (`&#x10FFFF;` is 10).
    static let maximumLength = 32

    /// Checks the reference starting at `offset` (an `&`); the offset after its `;`.
    static func check(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Result<Int, XMLReferenceProblem> {
        var end = offset + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: ";"), end - offset < maximumLength {
            let byte = bytes[end]
            // A reference is a name or #digits: anything else means a bare & (write it &amp;).
            let allowed = (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":") || byte >= 0x80
            guard allowed else { break }
            end += 1
        }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";"), end > offset + 1 else {
            return .failure(XMLReferenceProblem(message: "a bare & that starts no reference; write it as &amp;"))
        }
        let body = UnsafeBufferPointer(rebasing: bytes[(offset + 1)..<end])
        if body[0] == UInt8(ascii: "#") {
            guard let scalar = numericValue(body), isXMLCharacter(scalar) else {
                return .failure(XMLReferenceProblem(message: "&\(String(decoding: body, as: UTF8.self)); is not the number of a character XML allows"))
            }
            return .success(end + 1)
        }
        guard predefined(body) != nil else {
            let name = String(decoding: body, as: UTF8.self)
            return .failure(XMLReferenceProblem(message: "the entity &\(name); is not defined: restoretrace reads no DTD, so only "
                + "&lt; &gt; &amp; &quot; &apos; and numeric references such as &#38; are allowed"))
        }
        return .success(end + 1)
    }

    /// The byte a predefined entity stands for.
    private static func predefined(_ name: UnsafeBufferPointer<UInt8>) -> UInt8? {
        switch String(decoding: name, as: UTF8.self) {
        case "lt": return UInt8(ascii: "<")
        case "gt": return UInt8(ascii: ">")
        case "amp": return UInt8(ascii: "&")
        case "quot": return UInt8(ascii: "\"")
        case "apos": return UInt8(ascii: "'")
        default: return nil
        }
    }

    /// `#123` or `#x7B` as a scalar value; nil when it is not a number (or too long to be one).
    private static func numericValue(_ body: UnsafeBufferPointer<UInt8>) -> UInt32? {
        var index = 1
        var radix: UInt32 = 10
        if index < body.count, body[index] == UInt8(ascii: "x") {
            radix = 16
            index += 1
        }
        guard index < body.count, body.count - index <= 8 else { return nil }
        var value: UInt32 = 0
        while index < body.count {
            let byte = body[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt32(byte - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: digit = UInt32(byte - UInt8(ascii: "A")) + 10
            default: return nil
            }
            value = value * radix + digit
            index += 1
        }
        return value
    }

    /// XML 1.0's Char production: tab, line feed, carriage return, and the rest from U+0020 up,
    /// without surrogates and U+FFFE, U+FFFF.
    static func isXMLCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    /// An attribute value (already checked) with its references replaced and tabs, line feeds and
    /// carriage returns (a CR LF pair counting as one) turned into spaces.
    static func decode(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            switch byte {
            case UInt8(ascii: "&"):
                var end = index + 1
                while raw[end] != UInt8(ascii: ";") { end += 1 }
                let body = UnsafeBufferPointer(rebasing: raw[(index + 1)..<end])
                if body[0] == UInt8(ascii: "#") {
                    if let value = numericValue(body), let scalar = Unicode.Scalar(value) {
                        out.append(contentsOf: String(Character(scalar)).utf8)
                    }
                } else if let replacement = predefined(body) {
                    out.append(replacement)
                }
                index = end + 1
            case 0x0D:
                out.append(0x20)
                index += index + 1 < raw.count && raw[index + 1] == 0x0A ? 2 : 1
            case 0x09, 0x0A:
                out.append(0x20)
                index += 1
            default:
                out.append(byte)
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
