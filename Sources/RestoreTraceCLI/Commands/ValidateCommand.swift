// `restoretrace validate TRACE...`: checks traces against the restoretrace/1 format and
// prints a one-screen report per file.

import ArgumentParser
import RestoreTrace

/// Checks that traces are well-formed `restoretrace/1` and consistent (spans pair and nest,
/// seq and ts go forward), and lists spans that never ended.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check traces against the restoretrace/1 format.",
        discussion: """
            Reads each trace in one streaming pass (constant memory) and prints a report: format, \
            clock, record, span and kind counts, unfinished spans (a B without its E: the process \
            stopped inside it), then the problems with their line numbers (at most 20 per file).

            Errors make a trace invalid: malformed lines, wrong field types, a missing or \
            unsupported header, an E without its B, reused span ids, B/E kind or thread mismatch, \
            improper nesting, seq going backwards, negative or decreasing ts. Warnings do not: \
            unfinished spans, a last line cut off mid-write, seq gaps, unknown kinds, skipped lines.

            Example:
              restoretrace validate Traces/countries.jsonl
              restoretrace simulate scenario.json -o - | restoretrace validate -

            """ + ExitStatus.help(success: "every trace is valid", no: "at least one trace is invalid")
                + " A trace that cannot be read is trouble, whatever the others are."
    )

    @Argument(help: ArgumentHelp("The traces to check; - reads standard input.", valueName: "trace"))
    var traces: [String]

    @Flag(name: .customLong("skip-bad-lines"), help: "Report malformed lines (and a missing header) as warnings instead of errors.")
    var skipBadLines = false

    @Flag(name: [.short, .long], help: "Print nothing for valid traces, and only the verdict line for invalid ones.")
    var quiet = false

    func validate() throws {
        guard !traces.isEmpty else { throw ValidationError("Give at least one trace to validate (- for standard input).") }
        if traces.filter({ $0 == "-" }).count > 1 { throw ValidationError("Standard input (-) can be validated only once.") }
    }

    func run() throws {
        let options = TraceReaderOptions(skipMalformedLines: skipBadLines)
        let text = ValidationReportText()
        var anyInvalid = false
        var anyUnopenable = false
        for (index, path) in traces.enumerated() {
            let report: TraceValidationReport
            do {
                report = try TraceValidator.validate(path: path, options: options)
            } catch {
                StandardError.report("\(error) (nothing was checked)")
                anyUnopenable = true
                continue
            }
            if let reason = report.readFailure {
                // Not invalid: unchecked past the failure.
                StandardError.report("\(path == "-" ? "<stdin>" : path): cannot read the trace: \(reason) "
                    + (report.byteCount == 0 ? "(nothing was checked)" : "(only its first \(report.byteCount) bytes were checked)"))
                anyUnopenable = true
                continue
            }
            anyInvalid = anyInvalid || !report.isValid
            var output = ""
            if quiet {
                if !report.isValid { output = text.verdict(report) + "\n" }
            } else {
                output = (index > 0 ? "\n" : "") + text.render(report) + "\n"
            }
            do {
                try StandardDescriptors.write(output)
            } catch {
                throw CommandFailure.trouble(error.description)
            }
        }
        if anyUnopenable { throw ExitCode(ExitStatus.trouble) }
        if anyInvalid { throw ExitCode(ExitStatus.no) }
    }
}
