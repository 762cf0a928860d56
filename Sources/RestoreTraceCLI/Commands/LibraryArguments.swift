// The library's own enums as option values: `--view`, `--format`, `--theme` and `--legend` of `render`,
// `--by` of `summary`, `--to` of `export` take exactly the cases the library defines.

import ArgumentParser
import RestoreTrace

extension DiagramView: ExpressibleByArgument {}
extension DiagramTheme: ExpressibleByArgument {}
extension LegendMode: ExpressibleByArgument {}
extension OutputFormat: ExpressibleByArgument {}
extension SummaryGrouping: ExpressibleByArgument {}
extension ExportFormat: ExpressibleByArgument {}
