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
    private var currentText = ""
    private var parseError: Error?

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
        currentText = ""
    }

    public func parser(_ parser: XMLParser, foundCharacters string: String) { currentText += string }

    public func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if elementName == "text" { texts.append(currentText) }
        currentText = ""
    }

    public func parser(_ parser: XMLParser, parseErrorOccurred error: Error) { parseError = error }
}
