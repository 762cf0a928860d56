#!/usr/bin/env bash
# Everything CI checks, in order. Run through `make test`, which installs what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== swift build"
swift build
echo "== the executable links FoundationEssentials only"
# swift-corelibs-foundation (Foundation, its ICU data) costs every process about half a
# millisecond of start-up and a third of the binary; Sources import FoundationEssentials.
if ldd .build/debug/restoretrace | grep -E 'lib(Foundation|FoundationInternationalization|_FoundationICU)\.so'; then
    echo "restoretrace links the libraries above: a Sources file uses Foundation beyond FoundationEssentials" >&2
    exit 1
fi
echo "== swift test"
swift test 2>&1 | tee .build/test-output.txt | grep -v -E '^\[[0-9]+/[0-9]+\]'
echo "== diagrams up to date"
bash scripts/build-diagrams.sh --check
echo "== fuzz the trace reader (30 s)"
FUZZ_SECONDS=30 bash scripts/fuzz-reader.sh 2>&1 | tail -n 8
echo "== JSON Schemas, fixtures and format docs"
python3 scripts/check-schemas.py
