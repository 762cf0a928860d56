#!/usr/bin/env bash
# Benchmarks `restoretrace summary` and `export --to chrome` on generated traces, side by side
# with a plain Python script computing the same per-kind numbers (summary_reference.py).
#
#   bash Benchmarks/summary.sh            100 MB and 1 GB traces (the 1 GB one is deleted after)
#   bash Benchmarks/summary.sh --quick    100 MB only
#
# Targets: summary >= 10x the Python script and >= 200 MB/s; peak RSS under 64 MB at both
# sizes (flat: it must not grow with the trace); export --to chrome >= 100 MB/s.
# Times are the best wall-clock seconds of RUNS runs each (RUNS=3 by default; RUNS=1 for a
# quick look); peak RSS from getrusage(RUSAGE_CHILDREN) in a Python wrapper. Figures on a busy
# machine are noisy.
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0
[ "${1:-}" = "--quick" ] && quick=1

swift build -c release --static-swift-stdlib --disable-local-rpath --product restoretrace >/dev/null
swift build -c release --static-swift-stdlib --disable-local-rpath --product restoretrace-bench >/dev/null
bin="$(swift build -c release --static-swift-stdlib --disable-local-rpath --show-bin-path)/restoretrace"
out=Benchmarks/out
mkdir -p "$out"

# measure COMMAND...: prints "seconds peak_kb": the best wall time of $RUNS runs (3 by
# default; the machine is shared, and one run can be twice as slow), output discarded, and
# the largest peak RSS of those runs.
measure() {
    RUNS="${RUNS:-3}" python3 - "$@" <<'PY'
import os, resource, subprocess, sys, time
best = None
for _ in range(int(os.environ["RUNS"])):
    start = time.perf_counter()
    with open("/dev/null", "wb") as sink:
        status = subprocess.run(sys.argv[1:], stdout=sink).returncode
    elapsed = time.perf_counter() - start
    if status != 0:
        sys.exit(f"{sys.argv[1:]} exited {status}")
    best = elapsed if best is None else min(best, elapsed)
peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(f"{best:.3f} {peak_kb}")
PY
}

row() {  # row NAME MB SECONDS PEAK_KB
    awk -v name="$1" -v mb="$2" -v s="$3" -v kb="$4" \
        'BEGIN { printf "  %-34s %8.2f s %9.1f MB/s %8.1f MB peak RSS\n", name, s, mb / s, kb / 1024 }'
}

bench() {  # bench SIZE_MB
    local size=$1 trace="$out/trace-${1}mb.jsonl"
    if [ ! -f "$trace" ]; then
        "$bin-bench" generate --objects 2000 --seed 7 --target-mb "$size" -o "$trace" >/dev/null 2>&1
    fi
    local mb
    mb=$(awk -v b="$(stat -c %s "$trace")" 'BEGIN { printf "%.1f", b / 1048576 }')
    echo "trace: $trace ($mb MiB, $(wc -l < "$trace") lines)"
    read -r s_sum kb_sum < <(measure "$bin" summary "$trace" --format json)
    row "restoretrace summary --format json" "$mb" "$s_sum" "$kb_sum"
    read -r s_exp kb_exp < <(measure "$bin" export "$trace" --to chrome -o "$out/export.trace.json")
    row "restoretrace export --to chrome" "$mb" "$s_exp" "$kb_exp"
    rm -f "$out/export.trace.json"
    if [ "$size" -le 100 ]; then
        read -r s_py kb_py < <(measure python3 Benchmarks/summary_reference.py "$trace")
        row "python3 summary_reference.py" "$mb" "$s_py" "$kb_py"
        awk -v a="$s_py" -v b="$s_sum" 'BEGIN { printf "  summary is %.1fx the Python script\n", a / b }'
        # The two must agree on counts, totals and maxima (percentiles: within 0.4%).
        python3 - "$trace" "$bin" <<'PY'
import json, subprocess, sys
trace, binary = sys.argv[1], sys.argv[2]
ours = json.loads(subprocess.run([binary, "summary", trace, "--format", "json"], capture_output=True, check=True).stdout)["kinds"]
ref = json.loads(subprocess.run([sys.executable, "Benchmarks/summary_reference.py", trace], capture_output=True, check=True).stdout)["kinds"]
assert ours.keys() == ref.keys(), (ours.keys(), ref.keys())
for kind in ref:
    for field in ("count", "total", "max"):
        assert ours[kind][field] == ref[kind][field], (kind, field, ours[kind][field], ref[kind][field])
    for field in ("p50", "p90", "p95", "p99"):
        assert abs(ours[kind][field] - ref[kind][field]) <= ref[kind][field] / 256 + 0.5, (kind, field)
print("  summary agrees with the Python script (count/total/max exact, percentiles within 0.4%)")
PY
    fi
}

echo "restoretrace summary benchmark, $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
bench 100
if [ "$quick" = 0 ]; then
    bench 1024
    rm -f "$out/trace-1024mb.jsonl"
fi
