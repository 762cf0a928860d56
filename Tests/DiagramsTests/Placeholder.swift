// DiagramsTests
