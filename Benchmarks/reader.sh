#!/usr/bin/env bash
# Reader and writer benchmarks, side by side in one run:
#   restoretrace validate  vs  Python json.loads per line  vs  jq -c 'select(.ph=="E")'
# over the same ~100 MB synthetic trace (wall time, best of 3, page cache warm), then the
# reader alone / with span pairing / with validation in CPU time, then the writer's CPU
# ns/record (buffered to a file and to /dev/null, and every-record). See Benchmarks/README.md.
#
#   bash Benchmarks/reader.sh            # 100 MB
#   SIZE_MB=20 bash Benchmarks/reader.sh # smaller, quicker
# Figures depend on the machine and its load: run on a quiet machine and compare ratios.
set -euo pipefail
cd "$(dirname "$0")/.."

SIZE_MB=${SIZE_MB:-100}
RECORDS=${WRITER_RECORDS:-2000000}
WORK=${BENCH_DIR:-$(mktemp -d)}
mkdir -p "$WORK"
TRACE="$WORK/bench-${SIZE_MB}mb.jsonl"
trap '[ -z "${BENCH_DIR:-}" ] && rm -rf "$WORK"' EXIT

echo "== build (release)"
for product in restoretrace restoretrace-bench; do
    swift build -c release --static-swift-stdlib --disable-local-rpath --product "$product" 2>&1 | grep -v -E '^\[[0-9]+/[0-9]+\]' || true
done
BIN="$(swift build -c release --static-swift-stdlib --disable-local-rpath --show-bin-path)/restoretrace"
BENCH="$BIN-bench"

echo "== generate ${SIZE_MB} MB"
"$BENCH" generate --objects 300 --seed 1 --target-mb "$SIZE_MB" -o "$TRACE"
BYTES=$(stat -c %s "$TRACE" 2>/dev/null || stat -f %z "$TRACE")
MB=$(python3 -c "print(f'{$BYTES/1048576:.1f}')")
echo "trace: $TRACE ($MB MiB, $(wc -l < "$TRACE") lines)"
cat "$TRACE" > /dev/null  # warm the page cache so every tool reads from memory

# seconds SECONDS_FLOAT for a command, best of 3 runs
best_of_3() {
    python3 - "$@" <<'PY'
import subprocess, sys, time
best = None
for _ in range(3):
    start = time.perf_counter()
    result = subprocess.run(sys.argv[1], shell=True, stdout=subprocess.DEVNULL)
    elapsed = time.perf_counter() - start
    if result.returncode not in (0, 1):
        sys.exit(f"command failed ({result.returncode}): {sys.argv[1]}")
    best = elapsed if best is None else min(best, elapsed)
print(f"{best:.3f}")
PY
}

echo "== reader (best of 3, page cache warm)"
T_SWIFT=$(best_of_3 "'$BIN' validate --quiet '$TRACE'")
T_PY=$(best_of_3 "python3 -c 'import json,sys
for line in open(sys.argv[1], \"rb\"): json.loads(line)' '$TRACE'")
if command -v jq >/dev/null 2>&1; then
    T_JQ=$(best_of_3 "jq -c 'select(.ph==\"E\")' '$TRACE' > /dev/null")
else
    T_JQ=""
fi
python3 - "$BYTES" "$T_SWIFT" "$T_PY" "$T_JQ" <<'PY'
import sys
size = int(sys.argv[1]) / 1048576
rows = [("restoretrace validate", float(sys.argv[2])), ("python3 json.loads per line", float(sys.argv[3]))]
if sys.argv[4]:
    rows.append(("jq -c 'select(.ph==\"E\")'", float(sys.argv[4])))
swift = rows[0][1]
print(f"{'tool':32} {'seconds':>8} {'MB/s':>8} {'time / validate':>16}")
for name, seconds in rows:
    print(f"{name:32} {seconds:8.3f} {size / seconds:8.1f} {seconds / swift:15.1f}x")
PY

echo "== reader passes (CPU time of one thread, best of 3)"
"$BENCH" reader "$TRACE" --runs 3

echo "== writer (CPU ns/record, $RECORDS records)"
"$BENCH" writer --records "$RECORDS" --durability buffered
"$BENCH" writer --records "$RECORDS" --durability buffered -o /dev/null  # encoding alone, no file
"$BENCH" writer --records "$(( RECORDS / 20 ))" --durability every-record
