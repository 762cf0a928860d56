// Test support shared by GraphvizTests and DiagramsTests: parses SVG text as XML and keeps what
// tests look at (element names, text, attribute values).

import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An SVG parsed with Foundation's XMLParser: its element names in document order and all text.
public final class SVGDocument: NSObject, XMLParserDelegate {
    public private(set) var elementNames: [String] = []
    public private(set) var texts: [String] = []
    public private(set) var attributeValues: [String] = []
    /// Every element in document order, with its attributes, its parent's index, and its text.
    public private(set) var elements: [Element] = []
    private var open: [Int] = []
    private var currentText = ""
    private var parseError: Error?

    public struct Element: Sendable {
        public var name: String
        public var attributes: [String: String]
        public var parent: Int?
        public var text = ""
        /// The names in its `class` attribute.
        public var classes: [String] { (attributes["class"] ?? "").split(separator: " ").map(String.init) }
    }

    /// The elements below element `index`, at any depth.
    public func descendants(of index: Int) -> [Element] {
        var inside: Set<Int> = [index]
        var found: [Element] = []
        for position in (index + 1)..<elements.count {
            guard let parent = elements[position].parent, inside.contains(parent) else { continue }
            inside.insert(position)
            found.append(elements[position])
        }
        return found
    }

    /// Parses `data`; nil when it is not well-formed XML.
    public static func parse(_ data: Data) -> SVGDocument? {
        let document = SVGDocument()
        let parser = XMLParser(data: data)
        parser.delegate = document
        parser.shouldResolveExternalEntities = false
        guard parser.parse(), document.parseError == nil else { return nil }
        return document
    }

    public func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        elementNames.append(elementName)
        attributeValues.append(contentsOf: attributes.keys.sorted().compactMap { attributes[$0] })
        elements.append(Element(name: elementName, attributes: attributes, parent: open.last))
        open.append(elements.count - 1)
        currentText = ""
    }

    public func parser(_ parser: XMLParser, foundCharacters string: String) { currentText += string }

    public func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if elementName == "text" { texts.append(currentText) }
        if let index = open.popLast() { elements[index].text = currentText }
        currentText = ""
    }

    public func parser(_ parser: XMLParser, parseErrorOccurred error: Error) { parseError = error }
}
