#!/usr/bin/env bash
# The main job on the bundled sample: simulate the countries app of the seed article, then render
# the trace and print its timing summary. Writes into out/ (ignored by git).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(swift build --show-bin-path)/restoretrace
mkdir -p out

echo "\$ restoretrace simulate Traces/countries.scenario.json -o out/countries.jsonl"
"$bin" simulate Traces/countries.scenario.json -o out/countries.jsonl
echo "\$ restoretrace render out/countries.jsonl"
"$bin" render out/countries.jsonl
echo "\$ restoretrace render out/countries.jsonl --view hierarchy -o out/countries.hierarchy.svg"
"$bin" render out/countries.jsonl --view hierarchy -o out/countries.hierarchy.svg
echo "\$ restoretrace render Traces/crash-during-decode.jsonl -o out/crash-during-decode.svg"
"$bin" render Traces/crash-during-decode.jsonl -o out/crash-during-decode.svg
echo "\$ restoretrace summary out/countries.jsonl --top 3"
"$bin" summary out/countries.jsonl --top 3
echo
echo "Open out/countries.svg, out/countries.hierarchy.svg and out/crash-during-decode.svg."
