// TraceAnalysisTests
