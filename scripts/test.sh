#!/usr/bin/env bash
# Everything CI checks, in order. Run through `make test`, which installs what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== swift build"
swift build
echo "== swift test"
swift test 2>&1 | tee .build/test-output.txt | grep -v -E '^\[[0-9]+/[0-9]+\]'
echo "== diagrams up to date"
bash scripts/build-diagrams.sh --check
echo "== fuzz the trace reader (30 s)"
FUZZ_SECONDS=30 bash scripts/fuzz-reader.sh 2>&1 | tail -n 8
echo "== JSON Schemas, fixtures and format docs"
python3 scripts/check-schemas.py
