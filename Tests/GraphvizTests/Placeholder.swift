// GraphvizTests
