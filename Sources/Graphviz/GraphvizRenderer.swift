// The one door to libgvc: one long-lived context behind one process-wide lock, because libgvc
// is not thread-safe even with a context per thread. Everything that touches libgvc is here.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CGraphviz
import CGraphvizSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A rendered graph and the warnings libgvc gave while making it.
public struct Rendering: Sendable, Hashable {
    public let data: Data
    public let format: OutputFormat
    /// Warnings libgvc reported (errors throw instead).
    public let warnings: [GraphvizDiagnostic]
}

/// Lays out and renders graphs in-process through libgvc (no `dot` process).
///
/// ```swift
/// var graph = Graph()
/// graph.add(Node("a", label: "A"))
/// let svg = try GraphvizRenderer.shared.render(graph, format: .svg).data
/// ```
///
/// Calls from any thread are safe: they queue on one lock, since libgvc keeps global state.
/// A layout cannot be interrupted, so collapse big graphs before rendering them.
public final class GraphvizRenderer: @unchecked Sendable {
    /// The only renderer: a second context would share libgvc's globals anyway.
    public static let shared = GraphvizRenderer()

    /// Bitmaps are kept under this many pixels (a 32,767-pixel square would need 4 GB).
    public static let maximumBitmapPixels: Double = 40_000_000
    /// And under this many pixels a side (cairo's own limit).
    public static let maximumBitmapSide: Double = 32_000

    /// `GVC_t *`, made on first use. Guarded by the libgvc lock, as everything below is.
    private var context: OpaquePointer?

    /// The graph the last render laid out, still laid out: freed when the next render starts.
    ///
    /// Freeing a laid-out graph costs a tenth of the whole render for the diagrams' graphs
    /// (hundreds of clusters), because cgraph deletes every node's and edge's records from every
    /// subgraph in turn. `dot` never frees its last graph; likewise a process that renders once
    /// exits without paying, and a long-lived one holds at most one graph. The order of libgvc
    /// calls is the same as freeing at once (free, then parse the next graph), so output is too.
    private var previousGraph: UnsafeMutablePointer<Agraph_t>?

    /// The graph ``layoutSize(_:)`` laid out last, while ``previousGraph`` still holds its layout:
    /// an SVG render of an equal graph draws that layout instead of laying it out again (a view
    /// that checks its page's shape then renders what it checked pays for one layout, not two).
    private var previousLayoutSource: Graph?
    /// How many renders drew a layout ``layoutSize(_:)`` made (for tests), read under the lock.
    private var reusedLayoutCount = 0
    var layoutsReused: Int {
        restoretrace_libgvc_lock()
        defer { restoretrace_libgvc_unlock() }
        return reusedLayoutCount
    }

    private init() {}

    /// Renders `graph`. `.dot` returns ``Graph/dotSource`` without touching libgvc.
    ///
    /// The graph goes into libgvc through cgraph's API, with the calls its DOT parser would make
    /// for ``Graph/dotSource`` (see `CGraphBuilder`): the same drawing, without the text.
    public func render(_ graph: Graph, format: OutputFormat) throws(GraphvizError) -> Rendering {
        if format == .dot { return Rendering(data: Data(graph.dotSource.utf8), format: .dot, warnings: []) }
        let rendering = try render(format: format, source: graph) { () throws(GraphvizError) in
            guard let built = CGraphBuilder.build(graph) else { throw .invalidDOT(LibgvcMessageLog.shared.diagnostics) }
            return built
        }
        guard format == .svg else { return rendering }
        var svg = SVGAttributeText.plainHyphens(in: [UInt8](rendering.data))
        if let styleSheet = graph.svgStyleSheet, let styled = styleSheet.embedded(in: svg) { svg = styled }
        return Rendering(data: Data(svg), format: format, warnings: rendering.warnings)
    }

    /// The size in points `dot` gives `graph`'s drawing, nil when the layout fails. A layout
    /// costs what a render's does, less the drawing: views that must check a page's shape call
    /// it for their big drawings only.
    public func layoutSize(_ graph: Graph) -> (width: Double, height: Double)? {
        restoretrace_libgvc_lock()
        defer { restoretrace_libgvc_unlock() }
        let gvc = openContext()
        LibgvcMessageLog.shared.reset()
        _ = agreseterrors()
        restoretrace_reset_dot_lexer()
        previousLayoutSource = nil
        guard let built = CGraphBuilder.build(graph) else { return nil }
        freePreviousGraph(gvc)
        restoretrace_set_text_size_memo_format(OutputFormat.svg.libgvcName)
        guard gvLayout(gvc, built, "dot") == 0 else {
            agclose(built)
            return nil
        }
        let size = (restoretrace_layout_width(built), restoretrace_layout_height(built))
        // Kept laid out, as a render's graph is, and freed when the next one starts.
        previousGraph = built
        guard agerrors() == 0 else { return nil }
        previousLayoutSource = graph
        return size
    }

    /// Lays out and renders DOT text. `.dot` returns the text unchanged.
    public func render(dotSource: String, format: OutputFormat) throws(GraphvizError) -> Rendering {
        if format == .dot { return Rendering(data: Data(dotSource.utf8), format: .dot, warnings: []) }
        let rendering = try render(format: format) { () throws(GraphvizError) in
            // A NUL would end the C string early; the DOT writer never emits one, but raw text might hold it.
            // Searched and removed as bytes.
            let source = dotSource.utf8.contains(0) ? String(decoding: dotSource.utf8.filter { $0 != 0 }, as: UTF8.self) : dotSource
            guard let graph = source.withCString({ restoretrace_read_dot($0, strlen($0)) }) else {
                throw .invalidDOT(LibgvcMessageLog.shared.diagnostics)
            }
            return graph
        }
        guard format == .svg else { return rendering }
        return Rendering(data: Data(SVGAttributeText.plainHyphens(in: [UInt8](rendering.data))), format: format,
                         warnings: rendering.warnings)
    }

    /// Makes a graph with `make` and lays it out and renders it, holding the libgvc lock. When
    /// `source` is the graph ``layoutSize(_:)`` just laid out and the format is SVG (the format
    /// it measured text for), that layout is drawn instead, with its messages.
    private func render(format: OutputFormat, source: Graph? = nil,
                        make: () throws(GraphvizError) -> UnsafeMutablePointer<Agraph_t>) throws(GraphvizError) -> Rendering
    {
        restoretrace_libgvc_lock()
        defer { restoretrace_libgvc_unlock() }
        let gvc = openContext()
        let log = LibgvcMessageLog.shared
        let graph: UnsafeMutablePointer<Agraph_t>
        if format == .svg, let source, let laidOut = previousGraph, previousLayoutSource == source {
            graph = laidOut
            previousLayoutSource = nil
            reusedLayoutCount += 1
        } else {
            previousLayoutSource = nil
            log.reset()
            _ = agreseterrors()
            // Start the lexer clean: no input left from the previous parse, line numbers from 1.
            restoretrace_reset_dot_lexer()
            graph = try make()
            freePreviousGraph(gvc)
            // cairo draws each line with the PangoLayout its measuring made, which the memo does not keep.
            restoretrace_set_text_size_memo_format(format.libgvcName)

            let layoutStatus = gvLayout(gvc, graph, "dot")
            if layoutStatus != 0 || agerrors() > 0 {
                let diagnostics = log.diagnostics
                if layoutStatus == 0 { gvFreeLayout(gvc, graph) }
                agclose(graph)
                throw .layoutFailed(diagnostics)
            }
            if format == .png { keepBitmapWithinLimits(graph) }
        }

        var buffer: UnsafeMutablePointer<CChar>?
        var length: UInt32 = 0
        let renderStatus = gvRenderData(gvc, graph, format.libgvcName, &buffer, &length)
        // Freed at the start of the next render (see `previousGraph`), whatever happens below.
        previousGraph = graph
        guard renderStatus == 0, agerrors() == 0, let buffer else {
            if let buffer { gvFreeRenderData(buffer) }
            throw .renderFailed(format: format, log.diagnostics)
        }
        // libgvc's buffer becomes the data, not copied (a drawing is up to megabytes of fresh
        // pages); gvFreeRenderData frees it with the data.
        var data = Data(bytesNoCopy: buffer, count: Int(length), deallocator: .custom { pointer, _ in
            gvFreeRenderData(pointer.assumingMemoryBound(to: CChar.self))
        })
        if format == .pdf { data = PDFDate.fixingCreationDate(in: data) }
        return Rendering(data: data, format: format, warnings: log.diagnostics.filter { $0.severity == .warning })
    }

    /// Frees the graph the last render left laid out (see ``previousGraph``).
    private func freePreviousGraph(_ gvc: OpaquePointer) {
        previousLayoutSource = nil
        guard let graph = previousGraph else { return }
        previousGraph = nil
        gvFreeLayout(gvc, graph)
        agclose(graph)
    }

    /// The context, with libgvc's messages routed to the log from then on. Called with the lock held.
    private func openContext() -> OpaquePointer {
        if let context { return context }
        LibgvcMessageLog.shared.install()
        // gvContext only fails when out of memory; there is nothing sensible to do without it.
        guard let created = restoretrace_libgvc_context() else {
            fatalError("libgvc could not create a context (out of memory)")
        }
        context = created
        return created
    }

    /// Lowers the resolution of a huge drawing so the bitmap stays within memory and cairo's limits,
    /// instead of cairo printing "graph is too large" to stderr and allocating gigabytes.
    private func keepBitmapWithinLimits(_ graph: UnsafeMutablePointer<Agraph_t>) {
        let width = restoretrace_layout_width(graph)
        let height = restoretrace_layout_height(graph)
        guard width > 0, height > 0 else { return }
        let requested = restoretrace_layout_dpi(graph)
        let dpi = requested > 0 ? requested : 96
        let scale = dpi / 72
        let pixels = width * scale * height * scale
        let side = max(width, height) * scale
        let shrink = min(1, (GraphvizRenderer.maximumBitmapPixels / pixels).squareRoot(),
                         GraphvizRenderer.maximumBitmapSide / side)
        if shrink < 1 { restoretrace_set_layout_dpi(graph, (dpi * shrink).rounded(.down)) }
    }
}

/// cairo stamps each PDF with the time it was made; fixing that makes PDFs byte-identical run to run.
enum PDFDate {
    /// `data` with every digit of the `/CreationDate (D:...)` value replaced by 1970-01-01 00:00:00,
    /// same length, so the cross-reference offsets stay right.
    static func fixingCreationDate(in data: Data) -> Data {
        var bytes = [UInt8](data)
        let marker = Array("/CreationDate (D:".utf8)
        let fixed = Array("19700101000000".utf8)
        guard let start = bytes.firstRange(of: marker)?.upperBound else { return data }
        var digitIndex = 0
        var index = start
        while index < bytes.count, bytes[index] != UInt8(ascii: ")") {
            if bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9") {
                bytes[index] = digitIndex < fixed.count ? fixed[digitIndex] : UInt8(ascii: "0")
                digitIndex += 1
            }
            index += 1
        }
        return Data(bytes)
    }
}
