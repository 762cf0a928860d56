// The root command: `restoretrace <subcommand>`. Each subcommand lives in its own file.

import ArgumentParser
import RestoreTrace

public struct RestoreTraceCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "restoretrace",
        abstract: "Record, render and analyse UIKit state preservation and restoration.",
        discussion: """
            The main job is `restoretrace render trace.jsonl`. Traces come from `simulate` (a scenario \
            run through the UIKit model) or from your own code using the RestoreTrace library.

            """ + ExitStatus.help(success: "success", no: "the command's \"no\" (validate: an invalid trace; lint: errors; diff: a regression)"),
        version: restoreTraceVersion,
        subcommands: [
            RenderCommand.self,
            ReportCommand.self,
            DiagramsCommand.self,
            SummaryCommand.self,
            ExplainCommand.self,
            ExportCommand.self,
            DiffCommand.self,
            SimulateCommand.self,
            SimulateRelaunchCommand.self,
            ValidateCommand.self,
            LintCommand.self,
            ImportCommand.self,
        ]
    )

    public init() {}
}
