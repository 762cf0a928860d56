#!/usr/bin/env bash
# Benchmarks `restoretrace lint` and `restoretrace import` end to end on generated storyboards of
# about 250 KB and 10 MB (an app's shape: a tab bar of navigation stacks, each a table view
# controller with a prototype cell of six labels, showing a detail scene with a scroll view).
#
#   bash Benchmarks/storyboard.sh          RUNS=5 by default: the best wall time of 5 runs each
#
# Targets: lint and import of 250 KB under 50 ms; of 10 MB under 1 s (release build).
set -euo pipefail
cd "$(dirname "$0")/.."

swift build -c release --static-swift-stdlib --disable-local-rpath --product restoretrace >/dev/null
bin="${RESTORETRACE_BIN:-$(swift build -c release --static-swift-stdlib --disable-local-rpath --show-bin-path)/restoretrace}"
out=Benchmarks/out
mkdir -p "$out"

# generate BYTES FILE: a storyboard of at least BYTES bytes.
generate() {
    python3 - "$1" "$2" <<'PY'
import sys
target, path = int(sys.argv[1]), sys.argv[2]
def scene(oid, body):
    return f'<scene sceneID="s-{oid}"><objects>{body}<placeholder placeholderIdentifier="IBFirstResponder" id="fr-{oid}" sceneMemberID="firstResponder"/></objects></scene>\n'
scenes, tabs, size, i = [], [], 0, 0
while size < target:
    labels = "".join(
        f'<label opaque="NO" contentMode="left" text="Label {k}" textAlignment="natural" lineBreakMode="tailTruncation" id="lbl{i}-{k}">'
        f'<rect key="frame" x="20" y="{k * 11}" width="335" height="20.5"/><fontDescription key="fontDescription" type="system" pointSize="17"/>'
        f'<color key="textColor" red="0.0" green="0.0" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/></label>\n'
        for k in range(6))
    tabs.append(f'<segue destination="nav{i}" kind="relationship" relationship="viewControllers" id="tab{i}"/>')
    text = scene(f"nav{i}", f'<navigationController id="nav{i}" restorationIdentifier="Nav{i}" sceneMemberID="viewController"><connections>'
                 f'<segue destination="list{i}" kind="relationship" relationship="rootViewController" id="root{i}"/></connections></navigationController>')
    text += scene(f"list{i}", f'<tableViewController id="list{i}" restorationIdentifier="List{i}" customClass="ListViewController" sceneMemberID="viewController">'
                  f'<tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" restorationIdentifier="Table{i}" dataMode="prototypes" style="plain" id="table{i}">'
                  f'<rect key="frame" x="0.0" y="0.0" width="375" height="667"/><prototypes><tableViewCell contentMode="scaleToFill" reuseIdentifier="Cell" id="cell{i}">'
                  f'<tableViewCellContentView key="contentView" opaque="NO" id="content{i}"><subviews>\n{labels}</subviews></tableViewCellContentView>'
                  f'<connections><segue destination="detail{i}" kind="show" identifier="showDetail" id="show{i}"/></connections></tableViewCell></prototypes>'
                  f'</tableView></tableViewController>')
    text += scene(f"detail{i}", f'<viewController id="detail{i}" restorationIdentifier="Detail{i}" storyboardIdentifier="Detail{i}" sceneMemberID="viewController">'
                  f'<view key="view" id="view{i}"><subviews><scrollView restorationIdentifier="Scroll{i}" id="scroll{i}"/></subviews></view></viewController>')
    scenes.append(text)
    size += len(text)
    i += 1
root = scene("tabs", '<tabBarController id="tabs" restorationIdentifier="Tabs" sceneMemberID="viewController"><connections>' + "".join(tabs) + '</connections></tabBarController>')
with open(path, "w") as f:
    f.write('<?xml version="1.0" encoding="UTF-8"?>\n<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" '
            'toolsVersion="14490.70" targetRuntime="iOS.CocoaTouch" initialViewController="tabs">\n<scenes>\n' + root + "".join(scenes) + "</scenes>\n</document>\n")
PY
}

# best COMMAND...: "WALL CPU", the best wall-clock and the best CPU (user + system) milliseconds
# of $RUNS runs, output discarded. On a shared machine the wall time includes waiting for a core.
best() {
    RUNS="${RUNS:-5}" python3 - "$@" <<'PY'
import os, resource, subprocess, sys, time
wall = cpu = None
for _ in range(int(os.environ["RUNS"])):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    status = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if status not in (0, 1):
        sys.exit(f"{sys.argv[1:]} exited {status}")
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    wall = elapsed if wall is None else min(wall, elapsed)
    cpu = used if cpu is None else min(cpu, used)
print(f"{wall * 1000:.1f} {cpu * 1000:.1f}")
PY
}

failed=0
printf "%-6s %9s %22s %22s %8s\n" size bytes "lint wall / CPU" "import wall / CPU" target
for spec in "250KB 256000 50" "10MB 10485760 1000"; do
    set -- $spec
    file="$out/storyboard-$1.storyboard"
    [ -f "$file" ] || generate "$2" "$file"
    bytes=$(wc -c < "$file")
    read -r lint lint_cpu < <(best "$bin" lint "$file")
    read -r import import_cpu < <(best "$bin" import "$file" -o "$out/storyboard-$1.scenario.json")
    printf "%-6s %9s %10s / %6s ms %10s / %6s ms %5s ms\n" "$1" "$bytes" "$lint" "$lint_cpu" "$import" "$import_cpu" "$3"
    awk -v a="$lint" -v b="$import" -v t="$3" 'BEGIN { exit !(a < t && b < t) }' || failed=1
done
[ "$failed" = 0 ] && echo "targets met" || { echo "a target was missed" >&2; exit 1; }
