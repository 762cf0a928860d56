// The report page: one self-contained HTML document (inline CSS, script and SVG; nothing
// fetched) with one section per trace — what was not restored and why, the three views with
// pan, zoom and search, the timing tables and the slowest spans. Deterministic: the same traces
// give the same bytes.

import RestoreTrace

/// One trace, ready to be written into the page.
struct ReportTrace {
    /// The trace's name as the command line gave it.
    var name: String
    var header: TraceHeader
    var verdicts: RestorationVerdicts
    var summary: TraceSummary
    var views: [ReportView]
    /// The app life cycle's facts and the scene sessions (explain's last sections), when the trace has any.
    var lifecycle: LifecycleExplanation? = nil
}

/// One drawn view of a trace.
struct ReportView {
    var drawing: DiagramDrawing
    /// The SVG as Graphviz wrote it.
    var svg: String
}

enum ReportPage {
    /// How many verdicts, unfinished spans and errors a section lists; the rest are counted
    /// (`explain` and `summary` list them all). Keeps the page's size bounded on any trace.
    static let listedRows = 200

    /// The whole document.
    static func html(_ traces: [ReportTrace]) -> String {
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
            <title>\(HTMLText.user(title(traces)))</title>
            <style>
            \(ReportAssets.css)\(darkDiagramCSS())
            </style>
            </head>
            <body>
            <header class="bar">
            <h1>restoretrace report</h1>
            <label class="search">Find an object <input id="search" type="search" placeholder="path or class, e.g. Tabs/Detail" autocomplete="off" spellcheck="false"></label>
            <span id="search-status" role="status" aria-live="polite"></span>
            </header>
            <nav class="toc"><ul>

            """
        for (index, trace) in traces.enumerated() {
            page += "<li><a href=\"#trace-\(index + 1)\">\(HTMLText.user(trace.name))</a> — \(countsText(trace.verdicts.counts))</li>\n"
        }
        page += "</ul></nav>\n<main>\n"
        for (index, trace) in traces.enumerated() { page += section(trace, number: index + 1) }
        page += "</main>\n<script>\n" + ReportAssets.script + "</script>\n</body>\n</html>\n"
        return page
    }

    static func title(_ traces: [ReportTrace]) -> String {
        let names = traces.map { $0.header.scenario ?? PathName.lastComponent($0.name) }
        let shown = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? ", …" : "")
        return "restoretrace report — " + shown
    }

    // MARK: - One trace

    static func section(_ trace: ReportTrace, number: Int) -> String {
        let verdicts = trace.verdicts
        var out = "<section class=\"trace\" id=\"trace-\(number)\" data-trace=\"\(number)\">\n"
        out += "<h2>\(HTMLText.user(trace.name))"
        if let scenario = trace.header.scenario { out += " <span class=\"scenario\">scenario \(HTMLText.user(scenario))</span>" }
        out += "</h2>\n"
        let run = verdicts.run
        out += "<p class=\"outcome outcome-\(HTMLText.escaped(run.outcome.rawValue))\"><strong>Outcome:</strong> "
            + HTMLText.user(run.sentence) + "</p>\n"
        out += "<p class=\"counts\">\(countsText(verdicts.counts))</p>\n"
        out += problems(trace)
        if let lifecycle = trace.lifecycle { out += lifecycleSections(lifecycle) }
        out += "<h3>Views</h3>\n<p class=\"hint\">Drag to pan, wheel or the buttons to zoom; the search box above marks an object in every view.</p>\n"
        for view in trace.views { out += viewFigure(view, trace: number) }
        out += index(trace.views, trace: number)
        out += timing(trace.summary)
        out += "</section>\n"
        return out
    }

    static func countsText(_ counts: VerdictCounts) -> String {
        "\(grouped(counts.notRestored)) not restored · \(grouped(counts.restored)) restored · "
            + "\(grouped(counts.preservedOnly)) preserved only"
    }

    /// What was not restored and why (explain's verdicts), and the spans that never ended: first.
    static func problems(_ trace: ReportTrace) -> String {
        let problems = trace.verdicts.all.filter(\.isProblem)
        var out = "<h3>Not restored (\(grouped(problems.count)))</h3>\n"
        let unfinished = trace.summary.unfinished
        if !unfinished.isEmpty {
            let spans = unfinished.count == 1 ? "1 span never ended" : "\(grouped(unfinished.count)) spans never ended"
            out += "<p class=\"alarm\"><strong>UNFINISHED:</strong> \(spans): the process stopped inside "
                + (unfinished.count == 1 ? "it" : "them") + ".</p>\n"
            out += "<table class=\"data\"><thead><tr><th>kind</th><th>path</th><th>class</th><th>began</th></tr></thead><tbody>\n"
            for span in unfinished.prefix(listedRows) {
                out += "<tr><td>\(HTMLText.user(span.kind.rawValue))</td><td>\(pathCell(span.path))</td>"
                    + "<td>\(HTMLText.user(span.className ?? ""))</td>"
                    + "<td class=\"num\">seq \(span.beginSeq), ts \(HTMLText.user(trace.summary.formatter.string(span.beginTimestamp)))</td></tr>\n"
            }
            out += "</tbody></table>\n" + more(unfinished.count, listed: listedRows, what: "unfinished spans", command: "summary")
        }
        if problems.isEmpty {
            out += "<p class=\"fine\">Every object preserved was restored.</p>\n"
            return out
        }
        out += "<ol class=\"verdicts\">\n"
        for verdict in problems.prefix(listedRows) {
            out += "<li class=\"verdict cause-\(HTMLText.escaped(verdict.cause.rawValue))\">"
            out += "<div class=\"who\">" + findButton(verdict.subject.path, identifier: verdict.subject.identifier,
                                                     className: verdict.subject.className)
            out += " <span class=\"name\">\(HTMLText.user(verdict.subject.displayNameWithClass))</span></div>\n"
            out += "<div class=\"summary\">was \(HTMLText.user(verdict.summary))</div>\n"
            if !verdict.because.isEmpty {
                out += "<ul class=\"because\">" + verdict.because.map { "<li>\(HTMLText.user($0))</li>" }.joined() + "</ul>\n"
            }
            if let fix = verdict.fix { out += "<div class=\"fix\"><strong>Fix:</strong> \(HTMLText.user(fix))</div>\n" }
            if let source = verdict.source { out += "<div class=\"source\">defined at \(HTMLText.user(source.description))</div>\n" }
            let lines = verdict.rows.prefix(5).map { String(trace.verdicts.line(ofRow: $0)) }.joined(separator: ", ")
            if !lines.isEmpty { out += "<div class=\"lines\">trace line\(verdict.rows.count == 1 ? "" : "s") \(lines)\(verdict.rows.count > 5 ? ", …" : "")</div>\n" }
            out += "</li>\n"
        }
        out += "</ol>\n" + more(problems.count, listed: listedRows, what: "objects not restored", command: "explain")
        return out
    }

    /// explain's "App life cycle" and "Scene sessions" sections, in the style of the verdicts.
    static func lifecycleSections(_ lifecycle: LifecycleExplanation) -> String {
        func lines(_ numbers: [Int]) -> String {
            guard !numbers.isEmpty else { return "" }
            let shown = numbers.prefix(5).map(String.init).joined(separator: ", ")
            return "<div class=\"lines\">trace line\(numbers.count == 1 ? "" : "s") \(shown)\(numbers.count > 5 ? ", …" : "")</div>\n"
        }
        var out = ""
        if !lifecycle.facts.isEmpty {
            out += "<h3>App life cycle (\(grouped(lifecycle.facts.count)))</h3>\n<ol class=\"verdicts lifecycle\">\n"
            for fact in lifecycle.facts.prefix(listedRows) {
                out += "<li class=\"verdict topic-\(HTMLText.escaped(fact.topic.rawValue))\">"
                out += "<div class=\"who\"><span class=\"name\">\(HTMLText.user(fact.title))</span></div>\n"
                out += "<div class=\"summary\">\(HTMLText.user(fact.summary))</div>\n" + lines(fact.lines) + "</li>\n"
            }
            out += "</ol>\n" + more(lifecycle.facts.count, listed: listedRows, what: "facts", command: "explain")
        }
        if !lifecycle.sessions.isEmpty {
            out += "<h3>Scene sessions (\(grouped(lifecycle.sessions.count)))</h3>\n<ol class=\"verdicts sessions\">\n"
            for session in lifecycle.sessions.prefix(listedRows) {
                let verdict = session.verdict
                out += "<li class=\"verdict session outcome-\(HTMLText.escaped(verdict.outcome.rawValue))\">"
                out += "<div class=\"who\"><span class=\"name\">Session \(HTMLText.user(session.session))</span></div>\n"
                out += "<div class=\"summary\">was \(HTMLText.user(verdict.summary))</div>\n"
                if !verdict.because.isEmpty {
                    out += "<ul class=\"because\">" + verdict.because.map { "<li>\(HTMLText.user($0))</li>" }.joined() + "</ul>\n"
                }
                if let fix = verdict.fix { out += "<div class=\"fix\"><strong>Fix:</strong> \(HTMLText.user(fix))</div>\n" }
                out += "<div class=\"history\">\(HTMLText.user(session.history))</div>\n" + lines(session.lines) + "</li>\n"
            }
            out += "</ol>\n" + more(lifecycle.sessions.count, listed: listedRows, what: "sessions", command: "explain")
        }
        return out
    }

    /// A button that puts the object's path (or class) into the search box.
    static func findButton(_ path: [String]?, identifier: String?, className: String?) -> String {
        let query = path.map(PathText.display) ?? identifier ?? className ?? ""
        guard !query.isEmpty else { return "" }
        return "<button type=\"button\" class=\"find\" data-query=\"\(HTMLText.user(query))\" title=\"Find it in the views\">find</button>"
    }

    static func more(_ count: Int, listed: Int, what: String, command: String) -> String {
        guard count > listed else { return "" }
        return "<p class=\"more\">… and \(grouped(count - listed)) more \(what): <code>restoretrace \(command)</code> lists them all.</p>\n"
    }

    static func pathCell(_ path: [String]?) -> String {
        guard let path else { return "" }
        return HTMLText.user(PathText.display(path))
    }

    // MARK: - Views

    static func viewFigure(_ view: ReportView, trace: Int) -> String {
        let name = view.drawing.view.rawValue
        var out = "<figure class=\"view\" data-view=\"\(name)\">\n"
        out += "<figcaption><span class=\"view-name\">\(name)</span> <span class=\"view-nodes\">\(view.drawing.graph.totalNodeCount) nodes</span>"
        out += "<span class=\"tools\"><button type=\"button\" data-zoom=\"in\" title=\"Zoom in\">+</button>"
            + "<button type=\"button\" data-zoom=\"out\" title=\"Zoom out\">−</button>"
            + "<button type=\"button\" data-zoom=\"fit\" title=\"Fit the drawing\">fit</button>"
            + "<button type=\"button\" data-zoom=\"actual\" title=\"Actual size\">1:1</button></span></figcaption>\n"
        out += "<div class=\"viewport\" tabindex=\"0\" aria-label=\"\(name) view of trace \(trace)\">\n"
        out += inlineSVG(view.svg)
        out += "\n</div>\n</figure>\n"
        return out
    }

    /// The `<svg>` element of a Graphviz SVG document, without its XML prolog, doctype and
    /// comments (none of which belong inside HTML).
    static func inlineSVG(_ document: String) -> String {
        let bytes = Array(document.utf8)
        guard let start = firstIndex(of: Array("<svg".utf8), in: bytes, from: 0) else { return "" }
        let open = Array("<!--".utf8), close = Array("-->".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count - start)
        var position = start
        while let comment = firstIndex(of: open, in: bytes, from: position) {
            out += bytes[position..<comment]
            guard let end = firstIndex(of: close, in: bytes, from: comment + open.count) else { position = bytes.count; break }
            position = end + close.count
        }
        out += bytes[position...]
        while out.last == UInt8(ascii: "\n") { out.removeLast() }
        return String(decoding: out, as: UTF8.self)
    }

    private static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        var index = start
        while index <= bytes.count - needle.count {
            if bytes[index] == needle[0] && bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// The JSON index of one trace's drawings: for each view, each node's DOT name (its SVG
    /// `<title>`) and the number of the object it stands for; the objects once each.
    static func index(_ views: [ReportView], trace: Int) -> String {
        var subjects: [DrawnSubject] = []
        var numbers: [DrawnSubject: Int] = [:]
        var viewEntries: [String] = []
        for view in views {
            var entries: [String] = []
            for name in view.drawing.subjects.keys.sorted(by: naturalOrder) {
                let subject = view.drawing.subjects[name]!
                let number: Int
                if let known = numbers[subject] {
                    number = known
                } else {
                    number = subjects.count
                    numbers[subject] = number
                    subjects.append(subject)
                }
                entries.append(HTMLText.jsonString(name) + ":" + String(number))
            }
            viewEntries.append(HTMLText.jsonString(view.drawing.view.rawValue) + ":{" + entries.joined(separator: ",") + "}")
        }
        let objects = subjects.map { subject -> String in
            var fields: [String] = []
            if let path = subject.path {
                fields.append("\"path\":" + HTMLText.jsonString(PathText.display(path)))
            }
            if let identifier = subject.identifier { fields.append("\"identifier\":" + HTMLText.jsonString(identifier)) }
            if let className = subject.className { fields.append("\"class\":" + HTMLText.jsonString(className)) }
            if let parent = subject.parent { fields.append("\"parent\":" + HTMLText.jsonString(PathText.display(parent))) }
            return "{" + fields.joined(separator: ",") + "}"
        }
        return "<script type=\"application/json\" class=\"report-index\" data-trace=\"\(trace)\">"
            + "{\"objects\":[" + objects.joined(separator: ",") + "],\"views\":{" + viewEntries.joined(separator: ",") + "}}"
            + "</script>\n"
    }

    /// `s2` before `s10`: names compared by their letters, then by their numbers.
    static func naturalOrder(_ a: String, _ b: String) -> Bool {
        let aDigits = a.drop { !$0.isNumber }, bDigits = b.drop { !$0.isNumber }
        let aHead = a.prefix(a.count - aDigits.count), bHead = b.prefix(b.count - bDigits.count)
        if aHead != bHead { return aHead < bHead }
        if aDigits.count != bDigits.count { return aDigits.count < bDigits.count }
        return aDigits < bDigits
    }

    // MARK: - Timing

    static func timing(_ summary: TraceSummary) -> String {
        let unit = summary.header.clock == "ns" ? "" : " (durations in \(HTMLText.user(summary.formatter.unitName)))"
        var out = "<h3>Timing\(unit)</h3>\n"
        out += "<p class=\"facts\">\(grouped(summary.records)) records · \(grouped(summary.spansBegun)) spans · "
            + "\(HTMLText.user(summary.formatter.string(summary.elapsed))) first to last</p>\n"
        out += statisticsTable("Spans by kind", rows: summary.kinds.map { ($0.kind.rawValue, $0.durations) }, summary: summary)
        for phase in summary.phases {
            let passes = phase.occurrences == 1 ? "1 pass" : "\(grouped(phase.occurrences)) passes"
            out += statisticsTable("Inside \(phase.phase.rawValue) (\(passes))",
                                   rows: phase.kinds.map { ($0.kind.rawValue, $0.durations) }, summary: summary)
        }
        out += "<h3>Slowest spans</h3>\n"
        if summary.slowest.allSatisfy({ $0.spans.isEmpty }) { out += "<p class=\"hint\">No finished object spans.</p>\n" }
        for row in summary.slowest where !row.spans.isEmpty {
            let showsVia = row.kind == .locate
            out += "<h4>Slowest \(HTMLText.user(row.kind.rawValue))</h4>\n<table class=\"data\"><thead><tr><th>#</th><th>duration</th><th>path</th><th>class</th>"
                + (showsVia ? "<th>via</th>" : "") + "<th></th></tr></thead><tbody>\n"
            for (rank, span) in row.spans.enumerated() {
                out += "<tr><td class=\"num\">\(rank + 1)</td><td class=\"num\">\(HTMLText.user(summary.formatter.string(span.duration)))</td>"
                    + "<td>\(pathCell(span.path))</td><td>\(HTMLText.user(span.className ?? ""))</td>"
                    + (showsVia ? "<td>\(HTMLText.user(span.via ?? ""))</td>" : "")
                    + "<td>\(findButton(span.path, identifier: nil, className: span.className))</td></tr>\n"
            }
            out += "</tbody></table>\n"
        }
        let tallies: [(String, [TraceSummary.Tally])] = [
            ("Locate answered by", summary.locateVia), ("Locate results", summary.locateResults),
            ("Exclusions", summary.exclusions), ("Discards", summary.discards), ("Instants", summary.instants),
        ]
        out += "<h3>Counts</h3>\n<table class=\"data counts\"><tbody>\n"
        for (label, list) in tallies {
            let items = list.isEmpty ? "none" : list.map { "\(HTMLText.user($0.name)) \(grouped($0.count))" }.joined(separator: " · ")
            out += "<tr><th>\(label)</th><td>\(items)</td></tr>\n"
        }
        out += "</tbody></table>\n"
        if !summary.errors.isEmpty {
            out += "<h3>Errors (\(grouped(summary.errorCount)))</h3>\n<table class=\"data\"><thead><tr><th>seq</th><th>path</th><th>message</th></tr></thead><tbody>\n"
            for error in summary.errors.prefix(listedRows) {
                out += "<tr><td class=\"num\">\(error.seq)</td><td>\(pathCell(error.path))</td><td>\(HTMLText.user(error.message))</td></tr>\n"
            }
            out += "</tbody></table>\n" + more(Int(summary.errorCount), listed: min(listedRows, summary.errors.count), what: "errors", command: "summary")
        }
        if summary.warningCount > 0 {
            out += "<h3>Reader warnings (\(grouped(summary.warningCount)))</h3>\n<ul class=\"warnings\">\n"
            for warning in summary.warnings.prefix(listedRows) {
                out += "<li>" + (warning.line.map { "line \($0): " } ?? "") + HTMLText.user(warning.message) + "</li>\n"
            }
            out += "</ul>\n"
        }
        return out
    }

    static func statisticsTable(_ title: String, rows: [(String, DurationStatistics)], summary: TraceSummary) -> String {
        var out = "<h4>\(HTMLText.user(title))</h4>\n"
        guard !rows.isEmpty else { return out + "<p class=\"hint\">No finished spans.</p>\n" }
        out += "<table class=\"data\"><thead><tr><th>kind</th><th>count</th><th>total</th><th>mean</th><th>p50</th><th>p90</th><th>p95</th><th>p99</th><th>max</th></tr></thead><tbody>\n"
        for (name, statistics) in rows {
            let values = [statistics.total, statistics.roundedMean, statistics.p50, statistics.p90, statistics.p95,
                          statistics.p99, statistics.maximum]
            out += "<tr><td>\(HTMLText.user(name))</td><td class=\"num\">\(grouped(statistics.count))</td>"
                + values.map { "<td class=\"num\">\(HTMLText.user(summary.formatter.string($0)))</td>" }.joined() + "</tr>\n"
        }
        return out + "</tbody></table>\n"
    }

    // MARK: - Pieces

    /// The dark theme's colours for the light drawings, as CSS that overrides the SVG's own
    /// `fill` and `stroke` attributes when the reader prefers dark.
    static func darkDiagramCSS() -> String {
        let pairs = ThemeCounterparts.pairs()
        var rules = "\n@media (prefers-color-scheme: dark) {\n"
        for pair in pairs.fill { rules += ".viewport svg [fill=\"\(pair.light)\" i] { fill: \(pair.dark); }\n" }
        for pair in pairs.stroke { rules += ".viewport svg [stroke=\"\(pair.light)\" i] { stroke: \(pair.dark); }\n" }
        return rules + "}\n"
    }

    static func grouped(_ value: some BinaryInteger) -> String {
        let digits = String(value.magnitude)
        var out = value < 0 ? "-" : ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return out
    }
}

