// TraceFormatTests
