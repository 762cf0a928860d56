#!/usr/bin/env bash
# Fuzzes the storyboard reader (XML tokenizer, reader, references, restoration map) with libFuzzer.
#   bash scripts/fuzz-storyboard.sh            # 60 seconds
#   FUZZ_SECONDS=30 bash scripts/fuzz-storyboard.sh
# Seeds: the real storyboards of the tests and a minimal one; Fuzz/storyboard.dict guides the
# mutations. Findings (crash-*, timeout-*) are left in .build/fuzz-storyboard/ and the script
# exits non-zero. Linux only (swiftc -sanitize=fuzzer).
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_TO_RUN=${FUZZ_SECONDS:-60}
WORK=.build/fuzz-storyboard
mkdir -p "$WORK/corpus"

if [ "$(uname)" != "Linux" ]; then
    echo "fuzz-storyboard: libFuzzer needs Linux; skipped" >&2
    exit 0
fi

echo "== build fuzz target"
# One module: the Storyboard folders that read and judge storyboards import only TraceFormat,
# whose sources are compiled in with them (swiftc ignores an import of the module it compiles).
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -suppress-warnings \
    -package-name restoretrace \
    $(find Sources/TraceFormat Sources/Storyboard/XML Sources/Storyboard/Reading Sources/Storyboard/Model \
        Sources/Storyboard/Analysis -name '*.swift') \
    Fuzz/StoryboardFuzzTarget.swift -module-name TraceFormat -o "$WORK/fuzz-storyboard"

cp Tests/StoryboardTests/Fixtures/*.storyboard "$WORK/corpus/"
cat > "$WORK/corpus/minimal.storyboard" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="n">
<scenes>
<scene sceneID="1"><objects><navigationController id="n" restorationIdentifier="Nav" sceneMemberID="viewController"><connections><segue destination="v" kind="relationship" relationship="rootViewController" id="r"/></connections></navigationController></objects></scene>
<scene sceneID="2"><objects><viewController id="v" storyboardIdentifier="V" useStoryboardIdentifierAsRestorationIdentifier="YES" sceneMemberID="viewController"><view key="view" id="w"><subviews><containerView id="c"><connections><segue destination="v" kind="embed" id="e"/></connections></containerView></subviews></view><connections><segue destination="n" kind="show" id="s"/></connections></viewController><exit id="x" sceneMemberID="exit"/></objects></scene>
</scenes>
</document>
XML

echo "== fuzz for ${SECONDS_TO_RUN}s"
cd "$WORK"
./fuzz-storyboard -max_total_time="$SECONDS_TO_RUN" -max_len=32768 -timeout=10 -rss_limit_mb=2048 \
    -dict=../../Fuzz/storyboard.dict -print_final_stats=1 corpus
