// TraceAnalysis: to be written.
