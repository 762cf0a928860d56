#!/usr/bin/env bash
# Fuzzes the scenario loader with libFuzzer for a while.
#   bash scripts/fuzz-scenario.sh            # 60 seconds
#   FUZZ_SECONDS=15 bash scripts/fuzz-scenario.sh
# Seeds: the scenarios of Traces/ and the schema fixtures. Findings (crash-*, timeout-*) are left
# in .build/fuzz-scenario/ and the script exits non-zero. Linux only (swiftc -sanitize=fuzzer).
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_TO_RUN=${FUZZ_SECONDS:-60}
WORK=.build/fuzz-scenario
mkdir -p "$WORK/corpus"

if [ "$(uname)" != "Linux" ]; then
    echo "fuzz-scenario: libFuzzer needs Linux; skipped" >&2
    exit 0
fi

echo "== build fuzz target"
# The loader and what it reads with (TraceFormat's JSON), as one module: the engine without the
# relaunch child (and its C target); a scene scenario's types live beside the scene model.
LOADER=Sources/RestorationEngine/Scenario
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -suppress-warnings \
    -package-name restoretrace \
    $(find Sources/TraceFormat -name '*.swift') \
    $(find Sources/RestorationEngine -name '*.swift' ! -path '*/Simulation/*') \
    Fuzz/ScenarioFuzzTarget.swift -module-name TraceFormat -o "$WORK/fuzz-scenario"

cp Traces/*.scenario.json "$WORK/corpus/" 2>/dev/null || true
cp Tests/Schema/valid/*.scenario.json Tests/Schema/invalid/*.scenario.json "$WORK/corpus/" 2>/dev/null || true

echo "== fuzz for ${SECONDS_TO_RUN}s"
cd "$WORK"
./fuzz-scenario -max_total_time="$SECONDS_TO_RUN" -max_len=16384 -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 corpus
