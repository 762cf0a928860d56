#!/usr/bin/env bash
# Rendering benchmark: `restoretrace render` end to end against `dot -Tsvg` on the DOT that
# `render --format dot` emits, for generated traces of 100, 1,000 and 5,000 objects; then how
# layout time grows when nothing is collapsed, to choose the --max-nodes default (layout < 2 s).
# Each time is the best of three runs (wall clock): the machine is shared, so treat figures as
# indicative and re-run on a quiet machine.
#   Benchmarks/render.sh            all sections
#   Benchmarks/render.sh --quick    one run per measurement, smaller growth series
#   Benchmarks/render.sh --cpu      times are user + system CPU seconds instead of wall clock:
#                                   steadier on a loaded machine; render's libgvc warm-up thread
#                                   overlaps its trace reading, so its CPU time exceeds its wall time
#   RESTORETRACE_BIN=/path/to/restoretrace Benchmarks/render.sh --quick
#                                   measure that binary instead of building (before/after runs)
set -euo pipefail
cd "$(dirname "$0")/.."

runs=3
growth=(100 200 400 800 1600)
clock=wall
for argument in "$@"; do
    case "$argument" in
        --quick) runs=1; growth=(100 400 1600) ;;
        --cpu) clock=cpu ;;
        *) echo "usage: Benchmarks/render.sh [--quick] [--cpu]" >&2; exit 2 ;;
    esac
done

bin=${RESTORETRACE_BIN:-}
if [ -z "$bin" ]; then
    swift build -c release --static-swift-stdlib --product restoretrace >/dev/null
    bin=.build/release/restoretrace
fi
command -v dot >/dev/null || { echo "render.sh: the dot CLI is needed for the comparison (apt install graphviz)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# best_of CMD...: the smallest time of $runs runs, in seconds (wall clock, or CPU with --cpu).
best_of() {
    local best="" t
    for _ in $(seq "$runs"); do
        t=$( { TIMEFORMAT='%R %U %S'; time "$@" >/dev/null 2>&1; } 2>&1 )
        if [ "$clock" = cpu ]; then t=$(awk '{ printf "%.3f", $2 + $3 }' <<<"$t"); else t=${t%% *}; fi
        if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$t; fi
    done
    echo "$best"
}

echo "restoretrace render benchmark — $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
echo "libgvc $(pkg-config --modversion libgvc), best of $runs, $clock time"
echo
echo "## render (end to end: read trace, build diagram, layout, SVG) vs dot -Tsvg on the same DOT"
echo "## prep s = render --format dot (everything but layout); layout s = render s - prep s"
printf "%-8s %-10s %7s %7s %10s %8s %9s %9s %7s %8s\n" objects view records nodes "render s" "prep s" "layout s" "dot s" ratio "layout/dot"
for objects in 100 1000 5000; do
    trace="$work/g$objects.jsonl"
    "$bin" generate --objects "$objects" --seed 1 -o "$trace" >/dev/null 2>&1
    records=$(($(wc -l <"$trace") - 1))
    for view in flow hierarchy locate; do
        "$bin" render "$trace" --view "$view" -o "$work/g$objects.$view.dot" >"$work/out.txt" 2>/dev/null
        nodes=$(sed -n 's/.*, \([0-9]*\) nodes).*/\1/p' "$work/out.txt")
        ours=$(best_of "$bin" render "$trace" --view "$view" -o "$work/ours.svg")
        prep=$(best_of "$bin" render "$trace" --view "$view" -o "$work/prep.dot")
        theirs=$(best_of dot -Tsvg "$work/g$objects.$view.dot" -o "$work/theirs.svg")
        layout=$(awk -v a="$ours" -v b="$prep" 'BEGIN { printf "%.3f", a - b }')
        ratio=$(awk -v a="$ours" -v b="$theirs" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
        layoutRatio=$(awk -v a="$layout" -v b="$theirs" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
        same=$(cmp -s "$work/ours.svg" "$work/theirs.svg" && echo "" || echo " (SVG differs from dot's)")
        printf "%-8s %-10s %7s %7s %10s %8s %9s %9s %7s %8s%s\n" "$objects" "$view" "$records" "$nodes" "$ours" "$prep" \
            "$layout" "$theirs" "$ratio" "$layoutRatio" "$same"
    done
done

echo
echo "## layout growth with nothing collapsed (--max-nodes 10000), flow view"
printf "%-8s %7s %10s %9s\n" objects nodes "render s" "dot s"
for objects in "${growth[@]}"; do
    trace="$work/grow$objects.jsonl"
    "$bin" generate --objects "$objects" --seed 1 -o "$trace" >/dev/null 2>&1
    "$bin" render "$trace" --max-nodes 10000 -o "$work/grow.dot" >"$work/out.txt" 2>/dev/null
    nodes=$(sed -n 's/.*, \([0-9]*\) nodes).*/\1/p' "$work/out.txt")
    ours=$(best_of "$bin" render "$trace" --max-nodes 10000 -o "$work/grow.svg")
    theirs=$(best_of dot -Tsvg "$work/grow.dot" -o "$work/theirs.svg")
    printf "%-8s %7s %10s %9s\n" "$objects" "$nodes" "$ours" "$theirs"
done
echo
echo "The --max-nodes default ($(grep -o 'defaultMaximumNodes = [0-9]*' Sources/Diagrams/DiagramOptions.swift | grep -o '[0-9]*$'))"
echo "should keep every view's render under 2 s on this machine: compare with the rows above."
