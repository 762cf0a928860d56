#!/usr/bin/env bash
# Runs the SwiftPM command plugin `restoretrace-diagrams` as a user's package would: the fixture
# Tests/Fixtures/PluginConsumer (which depends on this checkout by path) is copied to
# .build/plugin-consumer/ (its own .build kept there, so a second run does not compile restoretrace
# again), then:
#   1. the plugin draws Traces/ into the fixture's DocC catalog, Sources/Settings/Settings.docc/Resources;
#   2. a second run rewrites nothing and --check passes (byte-stable);
#   3. after the trace changes, --check fails (non-zero) and names the stale diagrams;
#   4. --output, --views and --prune with --check report a diagram no input draws.
# A first run compiles restoretrace for the fixture: 1 to 3 minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
fixture=Tests/Fixtures/PluginConsumer
work=.build/plugin-consumer
resources=Sources/Settings/Settings.docc/Resources
plugin=(swift package --allow-writing-to-package-directory restoretrace-diagrams)

fail() { echo "test-plugin: $*" >&2; exit 1; }

mkdir -p "$work"
find "$work" -mindepth 1 -maxdepth 1 ! -name .build -exec rm -rf {} +
tar -C "$fixture" --exclude=.build --exclude=.swiftpm -cf - . | tar -C "$work" -xf -
sed -i "s|path: \"../../..\"|path: \"$root\"|" "$work/Package.swift"
grep -q "path: \"$root\"" "$work/Package.swift" || fail "the fixture's Package.swift no longer depends on ../../.."
cd "$work"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT

started=$SECONDS
"${plugin[@]}" >"$log" 2>&1 || { cat "$log" >&2; fail "the plugin failed on the fixture"; }
echo "test-plugin: first run (builds restoretrace for the fixture) took $((SECONDS - started)) s" >&2
expected="settings.flow.svg settings.hierarchy.svg settings.locate.svg settings.scenario.hierarchy.svg"
made="$(cd "$resources" && ls | tr '\n' ' ' | sed 's/ $//')"
[ "$made" = "$expected" ] || fail "the plugin made [$made] in $resources, expected [$expected]"
grep -q "<svg" "$resources/settings.flow.svg" || fail "$resources/settings.flow.svg is not an SVG"

"${plugin[@]}" >"$log" 2>&1 || { cat "$log" >&2; fail "a second run failed"; }
grep -q "4 diagrams (0 written, 4 unchanged)" "$log" || { cat "$log" >&2; fail "a second run rewrote diagrams"; }
"${plugin[@]}" --check >"$log" 2>&1 || { cat "$log" >&2; fail "--check failed right after the diagrams were drawn"; }
grep -q "4 diagrams up to date" "$log" || { cat "$log" >&2; fail "--check did not say the diagrams are up to date"; }

# The trace changes (an object of another class): its three views are stale, the scenario's is not.
sed -i 's/AccountViewController/ProfileViewController/g' Traces/settings.jsonl
if "${plugin[@]}" --check >"$log" 2>&1; then cat "$log" >&2; fail "--check passed on a changed trace"; fi
for view in flow hierarchy locate; do
    grep -q "^$resources/settings.$view.svg: stale: Traces/settings.jsonl draws it differently" "$log" \
        || { cat "$log" >&2; fail "--check did not name settings.$view.svg as stale"; }
done
grep -q "settings.scenario.hierarchy.svg" "$log" && { cat "$log" >&2; fail "--check named the unchanged scenario's diagram"; }
grep -q "out of date" "$log" || { cat "$log" >&2; fail "--check did not say how to regenerate"; }

# Options pass through: another folder, a subset of views, and a stray diagram --prune reports.
mkdir -p docs/diagrams
touch docs/diagrams/gone.flow.svg docs/diagrams/notes.txt
"${plugin[@]}" Traces --output docs/diagrams --views flow >"$log" 2>&1 || { cat "$log" >&2; fail "--output docs/diagrams --views flow failed"; }
[ -f docs/diagrams/settings.flow.svg ] && [ ! -f docs/diagrams/settings.locate.svg ] || fail "--views flow did not draw only the flow"
if "${plugin[@]}" Traces --output docs/diagrams --views flow --prune --check >"$log" 2>&1; then
    cat "$log" >&2; fail "--prune --check passed with a stray diagram"
fi
grep -q "^docs/diagrams/gone.flow.svg: no input draws it" "$log" || { cat "$log" >&2; fail "--prune --check did not name the stray diagram"; }
"${plugin[@]}" Traces --output docs/diagrams --views flow --prune >"$log" 2>&1 || { cat "$log" >&2; fail "--prune failed"; }
[ ! -e docs/diagrams/gone.flow.svg ] && [ -f docs/diagrams/notes.txt ] || fail "--prune removed the wrong files"
echo "test-plugin: restoretrace-diagrams drew, checked and pruned the fixture's diagrams ($((SECONDS - started)) s)" >&2
