#!/usr/bin/env bash
# Benchmarks `render` on traces of every shape that strains the node budget (issue 22): at
# 100,000 objects, and the mixed shape at about 1,000,000 records; every view with the default
# options, then --only problems and --focus. Prints wall time, peak RSS and the trace's size.
#
#   bash Benchmarks/budget.sh            every shape (about 3 minutes)
#   SHAPES="wide mixed" bash Benchmarks/budget.sh
#
# Target: under 2 s end to end each; peak RSS about 2x the trace's size at most.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build -c release --static-swift-stdlib --disable-local-rpath --product restoretrace >/dev/null
swift build -c release --static-swift-stdlib --disable-local-rpath --product restoretrace-bench >/dev/null
release="$(swift build -c release --static-swift-stdlib --disable-local-rpath --show-bin-path)"
bin="${RESTORETRACE_BIN:-$release/restoretrace}"
out="${BENCH_DIR:-Benchmarks/out/budget}"
mkdir -p "$out"
shapes=(${SHAPES:-wide deep stack exclusions registered failures discards unfinished mixed})

# run LABEL ARGS...: one render, its wall time and peak RSS.
run() {
    local label=$1; shift
    local stats
    /usr/bin/time -o "$out/time" -f '%e %M' "$bin" render "$@" -o "$out/out.svg" >/dev/null 2>"$out/err" \
        || { cat "$out/err" >&2; exit 1; }
    stats=$(tail -n 1 "$out/time")
    printf '%-34s %6s s %8s MB\n' "$label" "${stats% *}" "$(( ${stats#* } / 1024 ))"
}

measure() {
    local name=$1 trace=$2 focus=$3
    local size
    size=$(( $(stat -L -c %s "$trace") / 1048576 ))
    echo "== $name ($size MB)"
    for view in flow hierarchy locate; do run "$view" "$trace" --view "$view"; done
    for view in flow hierarchy locate; do run "$view --only problems" "$trace" --view "$view" --only problems; done
    for view in flow hierarchy locate; do run "$view --focus $focus" "$trace" --view "$view" --focus "$focus"; done
}

for shape in "${shapes[@]}"; do
    trace="$out/$shape-100000.jsonl"
    [ -f "$trace" ] || "$release/restoretrace-bench" generate --shape "$shape" --objects 100000 -o "$trace" 2>/dev/null
    case "$shape" in
        wide | discards | exclusions) focus="Window 7" ;;
        deep) focus="Level 0/Level 1" ;;
        stack | unfinished) focus="Navigation" ;;
        registered) focus="Model 7" ;;
        failures) focus="Tabs/Nav 1" ;;
        mixed) focus="Window 7" ;;
    esac
    measure "$shape, 100,000 objects" "$trace" "$focus"
done
if [ -z "${SHAPES:-}" ]; then
    trace="$out/mixed-1M-records.jsonl"
    [ -f "$trace" ] || "$release/restoretrace-bench" generate --shape mixed --objects 128500 -o "$trace" 2>/dev/null
    measure "mixed, $(( $(wc -l < "$trace") - 1 )) records" "$trace" "Window 7"
fi
