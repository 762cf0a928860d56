#!/usr/bin/env bash
# Docs-build benchmark: every trace of Traces/ in every view and every scenario as its hierarchy,
# drawn as scripts/build-diagrams.sh draws them (one `restoretrace diagrams` process, into an
# empty folder each round), against one `dot -Tsvg` process per diagram on the DOT that
# `render --format dot` emits.
# Rounds alternate the two ways; each time is the median of the rounds.
#   Benchmarks/docs-build.sh              5 rounds
#   Benchmarks/docs-build.sh --rounds 11
#   RESTORETRACE_BIN=/path/to/restoretrace Benchmarks/docs-build.sh   measure that binary
# Target: the render way at least 4x faster than dot per diagram.
set -euo pipefail
absolute() { case "$1" in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
if [ -n "${RESTORETRACE_BIN:-}" ]; then RESTORETRACE_BIN=$(absolute "$RESTORETRACE_BIN"); fi
cd "$(dirname "$0")/.."

rounds=5
case "${1:-}" in
    --rounds) [[ "${2:-}" =~ ^[1-9][0-9]*$ ]] || { echo "usage: Benchmarks/docs-build.sh [--rounds N]" >&2; exit 2; }; rounds=$2 ;;
    "") ;;
    *) echo "usage: Benchmarks/docs-build.sh [--rounds N]" >&2; exit 2 ;;
esac
command -v dot >/dev/null || { echo "docs-build.sh: the dot CLI is needed for the comparison (apt install graphviz)" >&2; exit 1; }

bin=${RESTORETRACE_BIN:-}
if [ -z "$bin" ]; then
    swift build -c release --static-swift-stdlib --disable-local-rpath --product restoretrace >/dev/null
    bin=.build/release/restoretrace
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
shopt -s nullglob
traces=(Traces/*.jsonl)
scenarios=(Traces/*.scenario.json)

# The DOT of every diagram, for dot (not timed).
mkdir -p "$work/dot"
for view in flow hierarchy locate; do
    mkdir -p "$work/dot/$view"
    "$bin" render "${traces[@]}" --view "$view" --format dot -o "$work/dot/$view/" >/dev/null 2>&1
done
mkdir -p "$work/dot/scenario"
"$bin" render "${scenarios[@]}" --format dot -o "$work/dot/scenario/" >/dev/null 2>&1
dots=("$work"/dot/*/*.dot)

ours() {
    rm -rf "$work/ours"
    "$bin" diagrams "${traces[@]}" "${scenarios[@]}" -o "$work/ours" >/dev/null 2>&1
}
theirs() {
    for file in "${dots[@]}"; do dot -Tsvg "$file" -o "$work/theirs.svg"; done
}
now() { date +%s.%N; }

ours_times=()
theirs_times=()
for round in $(seq 0 "$rounds"); do
    start=$(now); ours; middle=$(now); theirs; end=$(now)
    # Round 0 warms the page cache and is not counted.
    [ "$round" -gt 0 ] || continue
    ours_times+=("$(awk -v a="$start" -v b="$middle" 'BEGIN { print b - a }')")
    theirs_times+=("$(awk -v a="$middle" -v b="$end" 'BEGIN { print b - a }')")
done
median() { printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
ours_median=$(median "${ours_times[@]}")
theirs_median=$(median "${theirs_times[@]}")
echo "restoretrace docs-build benchmark — $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg), $rounds rounds"
printf "%-60s %8s\n" "way" seconds
printf "%-60s %8.3f\n" "restoretrace diagrams, one process (${#dots[@]} diagrams)" "$ours_median"
printf "%-60s %8.3f\n" "dot -Tsvg, one process per diagram" "$theirs_median"
awk -v a="$theirs_median" -v b="$ours_median" 'BEGIN { printf "diagrams is %.1fx faster (target: at least 4x)\n", a / b }'
