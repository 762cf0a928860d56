#!/usr/bin/env bash
# Engine benchmark: preserve + restore of generated hierarchies of 1k, 10k and 100k objects,
# release build, one core, with the no-op and the JSONL recorder. Prints time per object and
# peak RSS, then checks the targets:
#   - per-object time at 100k within 1.5x of 1k;
#   - 100k objects (preserve + restore) in under 2 s;
#   - JSONL recorder at most 1.3x the no-op recorder.
# Usage: Benchmarks/engine.sh [shape]   (shape: mixed (default), wide, deep)
# Figures on a shared machine are noisy: each point is the best of 3 runs, and the checks use
# the process CPU time of the engine's work (user + system, `cpu=`), which waiting for a busy
# core does not inflate; wall time (`total=`) is printed beside it.
set -euo pipefail
cd "$(dirname "$0")/.."

shape="${1:-mixed}"
swift build -c release --static-swift-stdlib --disable-local-rpath --product restoretrace-bench >/dev/null
binary=".build/release/restoretrace-bench"
pin=()
command -v taskset >/dev/null && pin=(taskset -c 0)

# Best CPU milliseconds of 3 runs; the full line of the best run goes to stderr.
best() {
    local objects="$1" recorder="$2" best_ms="" best_line=""
    for _ in 1 2 3; do
        local line
        line="$("${pin[@]}" "$binary" engine --objects "$objects" --recorder "$recorder" --shape "$shape")"
        local ms
        ms="$(sed -E 's/.* cpu=([0-9.]+) ms.*/\1/' <<<"$line")"
        if [[ -z "$best_ms" ]] || awk -v a="$ms" -v b="$best_ms" 'BEGIN { exit !(a < b) }'; then
            best_ms="$ms"
            best_line="$line"
        fi
    done
    echo "$best_line" >&2
    echo "$best_ms"
}

declare -A total
for objects in 1000 10000 100000; do
    for recorder in null jsonl; do
        total["$objects-$recorder"]="$(best "$objects" "$recorder")"
    done
done

failed=0
check() {
    local description="$1" ok="$2"
    if [[ "$ok" == 1 ]]; then echo "ok    $description"; else echo "MISS  $description"; failed=1; fi
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

per1k=$(awk -v t="${total[1000-null]}" 'BEGIN { print t / 1000 }')
per100k=$(awk -v t="${total[100000-null]}" 'BEGIN { print t / 100000 }')
scaling=$(ratio "$per100k" "$per1k")
check "per-object time at 100k is ${scaling}x that at 1k (target <= 1.5x)" "$(awk -v r="$scaling" 'BEGIN { print (r <= 1.5) }')"
check "100k objects take ${total[100000-null]} ms with the no-op recorder (target < 2000 ms)" \
    "$(awk -v t="${total[100000-null]}" 'BEGIN { print (t < 2000) }')"
jsonl=$(ratio "${total[100000-jsonl]}" "${total[100000-null]}")
check "JSONL recorder costs ${jsonl}x the no-op recorder at 100k (target <= 1.3x)" "$(awk -v r="$jsonl" 'BEGIN { print (r <= 1.3) }')"
exit "$failed"
