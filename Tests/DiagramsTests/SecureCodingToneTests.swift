// The SECURE CODING tone (SCENE_RULES rules 41, 42): in the hierarchy, objects secure coding
// refused something of; in the flow, the encode or decode step it refused, with the object's
// verdict; the legend names the tone only where it is drawn; every theme colours it.

import Foundation
import Testing
@testable import Diagrams
import Graphviz
import TraceFormat

@Suite("SECURE CODING tone")
struct SecureCodingToneTests {
    static func trace(_ name: String) throws -> TraceDocument {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try TraceDocument.load(path: repository.appendingPathComponent("Traces/\(name).jsonl").path)
    }

    /// The DOT statement of the node whose `id` is `id`.
    static func node(_ id: String, in dot: String) -> String? {
        dot.split(separator: "\n").first { $0.contains(#"id="\#(id)""#) }.map(String.init)
    }

    @Test("hierarchy: an object whose encode or decode secure coding refused is SECURE CODING, with its verdict; the legend says so")
    func hierarchy() throws {
        let document = try Self.trace("secure-coding-violation")
        let dot = HierarchyDiagram.graph(header: try #require(document.header), records: document.records).dotSource
        let gallery = try #require(Self.node("o-Nav/Gallery", in: dot))
        #expect(gallery.contains(#"class="tone-secure-coding""#))
        #expect(gallery.contains(#"label="SECURE CODING\nGallery\nGalleryViewController\nrestored without its own state"#))
        let editor = try #require(Self.node("o-Nav/Editor", in: dot))
        #expect(editor.contains(#"class="tone-secure-coding""#) && editor.contains("restored without part of its state"))
        #expect(!dot.contains("NOT DECODED"))
        #expect(dot.contains(#"label="SECURE CODING refused its encode or a decoded value""#))
        // Elsewhere the legend keeps only what is drawn; the full legend lists it.
        let countries = try Self.trace("countries")
        let header = try #require(countries.header)
        #expect(!HierarchyDiagram.graph(header: header, records: countries.records).dotSource.contains("SECURE CODING"))
        var full = DiagramOptions()
        full.legend = .full
        #expect(HierarchyDiagram.graph(header: header, records: countries.records, options: full).dotSource
            .contains(#"label="SECURE CODING refused its encode or a decoded value""#))
    }

    @Test("flow: the refused encode and decode steps are SECURE CODING with the verdict's first line, not NOT DECODED")
    func flow() throws {
        let document = try Self.trace("secure-coding-violation")
        let dot = FlowDiagram.graph(header: try #require(document.header), records: document.records).dotSource
        let encode = try #require(Self.node("o-Nav/Gallery~encode", in: dot))
        #expect(encode.contains(#"class="tone-secure-coding""#) && encode.contains("refused its encode"))
        let decode = try #require(Self.node("o-Nav/Editor~decode", in: dot))
        #expect(decode.contains(#"label="SECURE CODING\n"#) && decode.contains(#"restored without part of its state: a value was\nrefused by secure coding"#))
        #expect(!dot.contains("NOT DECODED\\n"))
        #expect(dot.contains("SECURE CODING refused a value it encoded or decoded"))
        let countries = try Self.trace("countries")
        let header = try #require(countries.header)
        #expect(!FlowDiagram.graph(header: header, records: countries.records).dotSource.contains("SECURE CODING"))
        var full = DiagramOptions()
        full.legend = .full
        #expect(FlowDiagram.graph(header: header, records: countries.records, options: full).dotSource
            .contains("SECURE CODING refused a value it encoded or decoded"))
    }

    @Test("the tone is the last, has its word, its class and a colour in every theme")
    func palette() {
        #expect(Tone.allCases.last == .secureCoding)
        #expect(Tone.secureCoding.tag == "SECURE CODING")
        #expect(Tone.secureCoding.styleClass == "tone-secure-coding")
        for theme in [DiagramTheme.light, .dark] {
            let colors = ThemeColors(theme)
            #expect(colors.fill(.secureCoding) != colors.background)
            // Told apart from every other tone by colour or border.
            for other in Tone.allCases where other != .secureCoding {
                #expect(colors.fill(other) != colors.fill(.secureCoding) || other.styles != Tone.secureCoding.styles, "\(other)")
            }
        }
    }
}
