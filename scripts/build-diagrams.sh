#!/usr/bin/env bash
# Regenerates docs/diagrams/ from Traces/: every trace in every view (flow, hierarchy, locate)
# and every scenario as its hierarchy, as SVG, through `restoretrace render` (libgvc in-process);
# and the real storyboards of Tests/StoryboardTests/Fixtures/ (docs/storyboards.md), each alone.
#   scripts/build-diagrams.sh            rewrite docs/diagrams/
#   scripts/build-diagrams.sh --check    fail (exit 1) when docs/diagrams/ is stale; changes nothing
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

swift build --product restoretrace >/dev/null
bin="$(swift build --show-bin-path)/restoretrace"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/out"

shopt -s nullglob
traces=(Traces/*.jsonl)
scenarios=(Traces/*.json)
for view in flow hierarchy locate; do
    [ "${#traces[@]}" -gt 0 ] || break
    mkdir -p "$work/$view"
    "$bin" render "${traces[@]}" --view "$view" --format svg -o "$work/$view/" >/dev/null 2>"$work/$view.log" \
        || { cat "$work/$view.log" >&2; exit 1; }
    for file in "$work/$view"/*.svg; do
        name=$(basename "$file" .svg)
        mv "$file" "$work/out/$name.$view.svg"
    done
done
# Scene traces (header "lifecycle":"scene") also get the scene view: one lane per session.
scene_traces=()
for trace in "${traces[@]}"; do
    head -n 1 "$trace" | grep -q '"lifecycle":"scene"' && scene_traces+=("$trace")
done
if [ "${#scene_traces[@]}" -gt 0 ]; then
    mkdir -p "$work/scene"
    "$bin" render "${scene_traces[@]}" --view scene --format svg -o "$work/scene/" >/dev/null 2>"$work/scene.log" \
        || { cat "$work/scene.log" >&2; exit 1; }
    for file in "$work/scene"/*.svg; do
        name=$(basename "$file" .svg)
        mv "$file" "$work/out/$name.scene.svg"
    done
fi
if [ "${#scenarios[@]}" -gt 0 ]; then
    mkdir -p "$work/scenario"
    "$bin" render "${scenarios[@]}" --view hierarchy --format svg -o "$work/scenario/" >/dev/null 2>"$work/scenario.log" \
        || { cat "$work/scenario.log" >&2; exit 1; }
    for file in "$work/scenario"/*.svg; do
        name=$(basename "$file" .svg)
        mv "$file" "$work/out/$name.hierarchy.svg"
    done
fi

for storyboard in Tests/StoryboardTests/Fixtures/*.storyboard; do
    name=$(basename "$storyboard" .storyboard)
    "$bin" render "$storyboard" --format svg -o "$work/out/$name.storyboard.svg" >/dev/null 2>"$work/storyboard.log" \
        || { cat "$work/storyboard.log" >&2; exit 1; }
done

count=$(ls "$work/out" | wc -l)
if [ "$mode" = "--check" ]; then
    if ! diff -r -q docs/diagrams "$work/out" >"$work/diff" 2>&1; then
        echo "build-diagrams: docs/diagrams/ is stale ($count diagrams expected):" >&2
        sed 's/^/  /' "$work/diff" | head -20 >&2
        echo "run scripts/build-diagrams.sh and commit docs/diagrams/" >&2
        exit 1
    fi
    echo "build-diagrams: docs/diagrams/ is up to date ($count diagrams)" >&2
    exit 0
fi

rm -rf docs/diagrams
mkdir -p docs/diagrams
cp "$work/out"/*.svg docs/diagrams/
echo "build-diagrams: wrote $count diagrams to docs/diagrams/" >&2
