#!/usr/bin/env bash
# Regenerates docs/diagrams/ from Traces/: every trace in every view (flow, hierarchy, locate)
# and every scenario as its hierarchy, as SVG, through `restoretrace diagrams` (libgvc in-process);
# and the real storyboards of Tests/StoryboardTests/Fixtures/ (docs/storyboards.md).
#   scripts/build-diagrams.sh            rewrite docs/diagrams/
#   scripts/build-diagrams.sh --check    fail (exit 1) when docs/diagrams/ is stale, listing each file; changes nothing
#   scripts/build-diagrams.sh --goldens  rewrite the golden DOT files of Tests/DiagramsTests/Golden/
# Output is deterministic for a given font set (setup installs fonts-dejavu-core).
set -euo pipefail
cd "$(dirname "$0")/.."

mode="${1:-build}"
case "$mode" in
    build|--check|--goldens) ;;
    *) echo "usage: scripts/build-diagrams.sh [--check | --goldens]" >&2; exit 2 ;;
esac

if [ "$mode" = "--goldens" ]; then
    RESTORETRACE_UPDATE_GOLDENS=1 swift test --filter GoldenDOTTests 2>&1 | grep -v -E '^\[[0-9]+/[0-9]+\]'
    echo "build-diagrams: goldens rewritten in Tests/DiagramsTests/Golden/; review them with git diff" >&2
    exit 0
fi

# What docs/diagrams/ is made of, and how: the one place to change them. `restoretrace diagrams`
# (the entry point the SwiftPM plugin `restoretrace-diagrams` runs too) draws every trace in each
# view, every scenario as its hierarchy and every storyboard as its scenes (storyboards read
# together), writes only what changed, and with --prune removes diagrams no input draws.
diagram_inputs=(Traces Tests/StoryboardTests/Fixtures)
diagram_options=(--prune)

swift build --product restoretrace >/dev/null
bin="$(swift build --show-bin-path)/restoretrace"

if [ "$mode" = "--check" ]; then
    if ! "$bin" diagrams "${diagram_inputs[@]}" -o docs/diagrams "${diagram_options[@]}" --check; then
        echo "build-diagrams: docs/diagrams/ is stale; run scripts/build-diagrams.sh and commit docs/diagrams/" >&2
        exit 1
    fi
    exit 0
fi
"$bin" diagrams "${diagram_inputs[@]}" -o docs/diagrams "${diagram_options[@]}"
