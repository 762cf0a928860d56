#!/usr/bin/env bash
# Everything CI checks, in order. Run through `make test`, which installs what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== swift build"
swift build
echo "== Sources import FoundationEssentials, never all of Foundation"
# swift-corelibs-foundation (Foundation and its ICU data) would cost every restoretrace process
# about half a millisecond of start-up and a third of the binary. Foundation is imported only
# where FoundationEssentials cannot be (Darwin): in the #else of #if canImport(FoundationEssentials).
if awk 'FNR == 1 { depth = 0 }
        /^[[:space:]]*#if[[:space:]]/ { depth++; condition[depth] = $0; otherwise[depth] = 0; next }
        /^[[:space:]]*#elseif[[:space:]]/ { condition[depth] = $0; otherwise[depth] = 0; next }
        /^[[:space:]]*#else([[:space:]]|$)/ { otherwise[depth] = 1; next }
        /^[[:space:]]*#endif/ { depth--; next }
        /^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*((public|package|internal|fileprivate|private)[[:space:]]+)?import[[:space:]]+([a-z]+[[:space:]]+)?Foundation([.[:space:]]|$)/ {
            allowed = depth > 0 && otherwise[depth] &&
                condition[depth] ~ /^[[:space:]]*#if[[:space:]]+canImport\(FoundationEssentials\)[[:space:]]*$/
            if (!allowed) { print FILENAME ":" FNR ": " $0; found = 1 }
        }
        END { exit !found }' $(find Sources -name '*.swift'); then
    echo "the lines above import Foundation outside the #else of #if canImport(FoundationEssentials)" >&2
    exit 1
fi
echo "== swift test"
swift test 2>&1 | tee .build/test-output.txt | grep -v -E '^\[[0-9]+/[0-9]+\]'
echo "== the report page in headless Chromium"
/usr/bin/python3 scripts/test-report-browser.py
echo "== diagrams up to date"
bash scripts/build-diagrams.sh --check
echo "== fuzz the trace reader (30 s)"
FUZZ_SECONDS=30 bash scripts/fuzz-reader.sh 2>&1 | tail -n 8
echo "== fuzz the scenario loader (15 s)"
FUZZ_SECONDS=15 bash scripts/fuzz-scenario.sh 2>&1 | tail -n 8
echo "== fuzz the storyboard reader (20 s)"
FUZZ_SECONDS=20 bash scripts/fuzz-storyboard.sh 2>&1 | tail -n 6
echo "== JSON Schemas, fixtures and format docs"
python3 scripts/check-schemas.py
echo "== the restoretrace-diagrams plugin in a package that depends on this one"
# A first run compiles restoretrace again for the fixture package (1 to 3 minutes).
bash scripts/test-plugin.sh
echo "== make install and make uninstall into a staging folder"
# A release build, and the generate-manual plugin's own release build of the package for the man page.
bash scripts/test-install.sh
