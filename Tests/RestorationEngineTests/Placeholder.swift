// RestorationEngineTests
