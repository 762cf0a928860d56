#!/usr/bin/env bash
# Regenerates every trace in Traces/ from its scenario: Traces/NAME.scenario.json -> Traces/NAME.jsonl,
# with `restoretrace simulate --clock tick`, so the traces are byte-for-byte reproducible.
#   scripts/regenerate-traces.sh          rewrite the traces
#   scripts/regenerate-traces.sh --check  rewrite nothing; exit 1 and name the traces that differ
#                                         from a fresh run (or have no scenario any more)
set -euo pipefail
cd "$(dirname "$0")/.."

check=0
case "${1:-}" in
    --check) check=1 ;;
    "") ;;
    *) echo "usage: scripts/regenerate-traces.sh [--check]" >&2; exit 2 ;;
esac

# Scenarios whose trace also shows the launch after a crash during decode (UIKit then discards the archive).
relaunch_after_crash=" discard-restoration-failed deferred-restoration-crash "

swift build --product restoretrace >&2
bin="$(swift build --show-bin-path)/restoretrace"

fresh=$(mktemp -d "${TMPDIR:-/tmp}/restoretrace-traces.XXXXXX")
trap 'rm -rf "$fresh"' EXIT

for scenario in Traces/*.scenario.json; do
    name=$(basename "$scenario" .scenario.json)
    flags=()
    [[ "$relaunch_after_crash" == *" $name "* ]] && flags+=(--relaunch-after-crash)
    # A scenario that crashes during decode reports it on stderr by design; keep stderr for real failures only.
    if ! "$bin" simulate "$scenario" -o "$fresh/$name.jsonl" --clock tick "${flags[@]}" 2>"$fresh/$name.stderr"; then
        cat "$fresh/$name.stderr" >&2
        echo "regenerate-traces: simulate failed for $scenario" >&2
        exit 1
    fi
done

status=0
if [ "$check" = 1 ]; then
    for trace in "$fresh"/*.jsonl; do
        name=$(basename "$trace")
        if ! cmp -s "$trace" "Traces/$name"; then
            echo "regenerate-traces: Traces/$name differs from a fresh run (run scripts/regenerate-traces.sh)" >&2
            diff -u "Traces/$name" "$trace" 2>/dev/null | head -n 20 >&2 || true
            status=1
        fi
    done
    for trace in Traces/*.jsonl; do
        [ -e "$trace" ] || continue
        name=$(basename "$trace" .jsonl)
        if [ ! -e "Traces/$name.scenario.json" ]; then
            echo "regenerate-traces: $trace has no scenario Traces/$name.scenario.json (delete it)" >&2
            status=1
        fi
    done
    [ "$status" = 0 ] && echo "regenerate-traces: all $(ls "$fresh"/*.jsonl | wc -l) traces match their scenarios" >&2
else
    for trace in "$fresh"/*.jsonl; do cp "$trace" "Traces/$(basename "$trace")"; done
    echo "regenerate-traces: wrote $(ls "$fresh"/*.jsonl | wc -l) traces to Traces/" >&2
fi
exit "$status"
