#!/usr/bin/env bash
# The main job on the bundled sample.
set -euo pipefail
bin=$(swift build --show-bin-path)/restoretrace
"$bin" validate Traces/countries.jsonl
