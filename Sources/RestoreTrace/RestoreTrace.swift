// The library product: one import gives an app's tests everything they need.
@_exported import TraceFormat
@_exported import RestorationEngine
@_exported import TraceAnalysis
@_exported import Storyboard
@_exported import Graphviz
@_exported import Diagrams
