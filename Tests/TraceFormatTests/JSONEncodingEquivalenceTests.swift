// The writer's byte-level encoders (strings read in place or word by word, integers two digits
// at a time, the writer's cursor) against independent encodings: a scalar-by-scalar escaper
// written from the documented rules, `String(Int64)`, and Foundation's JSONSerialization.

import Foundation
import Testing
import TraceGeneration
@testable import TraceFormat

@Suite("JSON encoding against independent encoders")
struct JSONEncodingEquivalenceTests {
    /// The documented string rules, one scalar at a time: `"` and `\` escaped, `\b \f \n \r \t`
    /// short forms, other controls as `\u00XX`, everything else as its UTF-8.
    static func referenceQuoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Strings of every length from 0 to 40 (around the 8-byte words, the 15-byte small-string
    /// limit and the 16-byte copies), plain, with one character to escape at each position, with
    /// non-ASCII at each position, and with bytes 0x80 and above next to escapes.
    static let strings: [String] = {
        var strings: [String] = []
        let specials: [Character] = ["\"", "\\", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "😀", "\u{2028}"]
        for length in 0...40 {
            let plain = String((0..<length).map { Character(UnicodeScalar(UInt8(ascii: "a") + UInt8($0 % 26))) })
            strings.append(plain)
            strings.append(String(repeating: " ", count: length))
            strings.append(String(repeating: "~", count: length))
            for position in 0..<max(length, 1) {
                for special in specials {
                    var characters = Array(plain)
                    if position < characters.count { characters[position] = special } else { characters.append(special) }
                    strings.append(String(characters))
                }
            }
        }
        strings.append(String(repeating: "0123456789abcdef", count: 65_536))
        strings.append(String(repeating: "ab\"\\\n\u{1}é😀", count: 100_000))
        return strings
    }()

    @Test("strings of length 0 to 40, escapes, controls and non-ASCII encode as the reference escaper does")
    func stringsMatchReference() throws {
        for text in Self.strings {
            let encoded = JSONValue.string(text).jsonText
            #expect(encoded == Self.referenceQuoted(text), "\(text.debugDescription.prefix(80))")
            // And Foundation reads back the same text.
            let parsed = try JSONSerialization.jsonObject(with: Data("[\(encoded)]".utf8)) as? [String]
            #expect(parsed == [text])
        }
    }

    @Test("strings that are not native Swift strings (bridged from NSString, substrings made strings) encode the same")
    func nonNativeStrings() {
        for text in ["", "Tabs", "CountryNavigationController", "a\"b", "é", String(repeating: "x", count: 100)] {
            let bridged = NSString(string: text) as String
            #expect(JSONValue.string(bridged).jsonText == Self.referenceQuoted(text))
            let substring = String(("<" + text + ">").dropFirst().dropLast())
            #expect(JSONValue.string(substring).jsonText == Self.referenceQuoted(text))
        }
    }

    @Test("integers match String(Int64): extremes, every power of ten and its neighbours, one-digit values")
    func integersMatchDescription() {
        var values: [Int64] = [.min, .max, .min + 1, .max - 1, 0, -1, 1, 9, 10, -9, -10, 99, 100]
        var power: Int64 = 1
        for _ in 0...18 {
            values += [power - 1, power, power + 1, -power + 1, -power, -power - 1]
            if power <= Int64.max / 10 { power *= 10 }
        }
        var random = SplitMix64(seed: 7)
        for _ in 0..<10_000 {
            let bits = Int64(bitPattern: random.next())
            values += [bits, bits >> Int64(random.next() % 63)]
        }
        for value in values {
            #expect(JSONValue.int(value).jsonText == String(value))
        }
    }

    @Test("record lines, the writer's file and a Foundation round trip agree for every test string")
    func recordLinesMatchReference() throws {
        let directory = try TemporaryDirectory()
        let writer = try TraceWriter(path: directory.path("strings.jsonl"), clock: .tick)
        var expected: [String] = []
        // The huge strings are covered above; here the many short ones, as paths, classes and attributes.
        for (seq, text) in Self.strings.filter({ $0.utf8.count < 1_000 }).enumerated() {
            let path = [text, "Tabs", text + text]
            let attributes = [TraceAttribute(text, .string(text)), TraceAttribute("keys", .strings([text, ""])),
                              TraceAttribute("bytes", .int(Int64(seq) * 1_000_003))]
            writer.instant(RecordKind(text), path: path, className: text, attributes: attributes)
            let quoted = Self.referenceQuoted(text)
            let line = "{\"seq\":\(seq),\"ts\":\(seq),\"ph\":\"i\",\"kind\":\(quoted),"
                + "\"path\":[\(quoted),\"Tabs\",\(Self.referenceQuoted(text + text))],\"class\":\(quoted),"
                + "\(quoted):\(quoted),\"keys\":[\(quoted),\"\"],\"bytes\":\(Int64(seq) * 1_000_003)}"
            expected.append(line)
            let record = TraceRecord(seq: Int64(seq), ts: Int64(seq), phase: .instant, kind: RecordKind(text), path: path,
                                     className: text, attributes: attributes)
            #expect(record.jsonLine == line)
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["class"] as? String == text)
            #expect(object?["path"] as? [String] == path)
        }
        try writer.close()
        let lines = try directory.read("strings.jsonl").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == expected.count + 2)
        for (line, want) in zip(lines.dropFirst(), expected) where line != want {
            Issue.record("writer line differs: \(line.prefix(120))")
            break
        }
    }

    @Test("a record longer than the writer's buffer grows it, whole and in order")
    func recordLargerThanBuffer() throws {
        let directory = try TemporaryDirectory()
        let writer = try TraceWriter(path: directory.path("big.jsonl"), clock: .tick)
        let big = String(repeating: "\u{1}", count: TraceWriter.bufferThreshold)
        writer.instant(.error, path: ["Root"], className: nil, attributes: [TraceAttribute("message", .string(big))])
        writer.instant(.error, path: ["Root"], className: nil, attributes: [])
        try writer.close()
        let lines = try directory.read("big.jsonl").split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[1] == "{\"seq\":0,\"ts\":0,\"ph\":\"i\",\"kind\":\"error\",\"path\":[\"Root\"],\"message\":\(Self.referenceQuoted(big))}")
        #expect(lines[2] == #"{"seq":1,"ts":1,"ph":"i","kind":"error","path":["Root"]}"#)
    }
}
