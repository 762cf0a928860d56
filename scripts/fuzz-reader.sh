#!/usr/bin/env bash
# Fuzzes the trace reader, validator, JSON parser, record-line scanner and table scan with
# libFuzzer for a while.
#   bash scripts/fuzz-reader.sh            # 60 seconds
#   FUZZ_SECONDS=30 bash scripts/fuzz-reader.sh
# Seeds: the bad-input corpus and a synthetic trace. Findings (crash-*, timeout-*) are left in
# .build/fuzz-reader/ and the script exits non-zero. Linux only (swiftc -sanitize=fuzzer).
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_TO_RUN=${FUZZ_SECONDS:-60}
WORK=.build/fuzz-reader
mkdir -p "$WORK/corpus"

if [ "$(uname)" != "Linux" ]; then
    echo "fuzz-reader: libFuzzer needs Linux; skipped" >&2
    exit 0
fi

echo "== build fuzz target"
# TraceAnalysis's table is built into the same module: its `import TraceFormat` is blanked (a
# blank line, so that a finding's line numbers are the source's).
rm -rf "$WORK/table" && mkdir -p "$WORK/table"
for file in Sources/TraceAnalysis/Table/*.swift; do
    sed 's/^import TraceFormat$//' "$file" > "$WORK/table/$(basename "$file")"
done
swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
    -package-name restoretrace \
    $(find Sources/TraceFormat -name '*.swift') "$WORK"/table/*.swift Fuzz/ReaderFuzzTarget.swift \
    -module-name TraceFormat -o "$WORK/fuzz-reader"

cp Tests/TraceFormatTests/Corpus/*.jsonl "$WORK/corpus/" 2>/dev/null || true
if [ ! -f "$WORK/corpus/synthetic.jsonl" ]; then
    swift build --product restoretrace-bench >/dev/null 2>&1 && \
        "$(swift build --show-bin-path)/restoretrace-bench" generate --objects 12 --seed 3 --clock tick -o "$WORK/corpus/synthetic.jsonl" || true
fi

echo "== fuzz for ${SECONDS_TO_RUN}s"
cd "$WORK"
./fuzz-reader -max_total_time="$SECONDS_TO_RUN" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 corpus
