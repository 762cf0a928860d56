#!/usr/bin/env bash
# Rendering benchmark: `restoretrace render` end to end against `dot -Tsvg` on the DOT that
# `render --format dot` emits, for generated traces of 100, 1,000 and 5,000 objects; what the
# work before the layout costs, step by step; and how layout time grows when nothing is
# collapsed, to choose the --max-nodes default (layout < 2 s).
#
# The three commands of a row run in turn, round after round, in a new random order each round;
# each time is the median of its rounds, and each ratio the median of the rounds' own ratios
# (render / dot in the same round): a shared machine drifts by tens of percent within a minute,
# and pairing the runs of one round makes the drift hit both sides of a ratio alike.
#   Benchmarks/render.sh            11 rounds a row
#   Benchmarks/render.sh --quick    5 rounds, a smaller growth series
#   Benchmarks/render.sh --rounds 31
#                                   more rounds: steadier medians when the machine is noisy
#   Benchmarks/render.sh --cpu      user + system CPU time of each process instead of wall time
#   Benchmarks/render.sh --instructions
#                                   instructions executed (valgrind's callgrind, all threads): the
#                                   same count on any machine at any load, for the render table only
#   RESTORETRACE_BIN=/path/to/restoretrace Benchmarks/render.sh --quick
#                                   measure that binary instead of building (before/after runs)
#   Benchmarks/render.sh --against /path/to/other/restoretrace
#                                   that binary's render too, in the same rounds (a before/after
#                                   comparison that the machine's drift cannot tilt)
set -euo pipefail
# Paths given relative to where the script was started from, made absolute before the cd.
absolute() { case "$1" in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
against=
if [ -n "${RESTORETRACE_BIN:-}" ]; then RESTORETRACE_BIN=$(absolute "$RESTORETRACE_BIN"); fi
started_in=$PWD
cd "$(dirname "$0")/.."

rounds=11
growth=(100 200 400 800 1600)
clock=wall
usage() { echo "usage: Benchmarks/render.sh [--quick] [--rounds N] [--against BINARY] [--cpu | --instructions]" >&2; exit 2; }
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) rounds=5; growth=(100 400 1600) ;;
        --rounds)
            [ $# -ge 2 ] && [[ "$2" =~ ^[1-9][0-9]*$ ]] || usage
            rounds=$2
            shift ;;
        --against)
            [ $# -ge 2 ] || usage
            against=$(cd "$started_in" && absolute "$2")
            [ -x "$against" ] || usage
            shift ;;
        --cpu) clock=cpu ;;
        --instructions) clock=instructions ;;
        *) usage ;;
    esac
    shift
done

# restoretrace-bench generates the traces and times the work before the layout.
swift build -c release --static-swift-stdlib --disable-local-rpath --product restoretrace-bench >/dev/null
bench=.build/release/restoretrace-bench
bin=${RESTORETRACE_BIN:-}
if [ -z "$bin" ]; then
    swift build -c release --static-swift-stdlib --disable-local-rpath --product restoretrace >/dev/null
    bin=.build/release/restoretrace
fi
command -v dot >/dev/null || { echo "render.sh: the dot CLI is needed for the comparison (apt install graphviz)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "render.sh: python3 is needed to time the runs" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ "$clock" = instructions ] && [ -n "$against" ]; then
    echo "render.sh: --against compares wall or CPU time; run --instructions once per binary instead" >&2
    exit 2
fi
if [ "$clock" = instructions ]; then
    command -v valgrind >/dev/null || { echo "render.sh: --instructions needs valgrind (apt install valgrind)" >&2; exit 1; }
    # valgrind 3.19 cannot read the DWARF 5 of Swift 6 binaries: count a stripped copy.
    strip -o "$work/restoretrace" "$bin"
    count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'; }
    echo "restoretrace render benchmark — $(date -u +%Y-%m-%dT%H:%MZ), instructions (callgrind, all threads)"
    printf "%-8s %-10s %14s %14s %14s %7s\n" objects view render "render --format dot" "dot -Tsvg" ratio
    for objects in 100 1000 5000; do
        trace="$work/g$objects.jsonl"
        "$bench" generate --objects "$objects" --seed 1 -o "$trace" >/dev/null 2>&1
        for view in flow hierarchy locate; do
            "$bin" render "$trace" --view "$view" -o "$work/g.dot" >/dev/null 2>&1
            ours=$(count "$work/restoretrace" render "$trace" --view "$view" -o "$work/ours.svg")
            prep=$(count "$work/restoretrace" render "$trace" --view "$view" -o "$work/prep.dot")
            theirs=$(count dot -Tsvg "$work/g.dot" -o "$work/theirs.svg")
            printf "%-8s %-10s %14s %14s %14s %7s\n" "$objects" "$view" "$ours" "$prep" "$theirs" \
                "$(awk -v a="$ours" -v b="$theirs" 'BEGIN { printf "%.2f", a / b }')"
        done
    done
    exit 0
fi

# rounds.py CLOCK ROUNDS REF -- CMD1 -- CMD2 ...: the median time of each command in seconds, one
# per line, then the median over the rounds of each command's time over command REF's (counted
# from 0) in the same round, one per line; the commands take turns in a shuffled order each
# round; wall clock, or the child's user + system CPU time.
cat >"$work/rounds.py" <<'PY'
import os, random, statistics, subprocess, sys, time
clock, rounds, reference = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
commands, current = [], None
for word in sys.argv[4:]:
    if word == "--":
        current = []
        commands.append(current)
    else:
        current.append(word)
times = [[] for _ in commands]
order = list(range(len(commands)))
shuffle = random.Random(1).shuffle
for round_ in range(rounds + 1):  # the first round warms the page cache and is not counted
    shuffle(order)
    for index in order:
        command = commands[index]
        start = time.monotonic()
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.monotonic() - start
        if status != 0:
            sys.exit("failed: " + " ".join(command))
        if round_ > 0:
            times[index].append(wall if clock == "wall" else usage.ru_utime + usage.ru_stime)
for column in times:
    print("%.4f" % statistics.median(column))
for column in times:
    print("%.2f" % statistics.median(a / b if b > 0 else 0 for a, b in zip(column, times[reference])))
PY

echo "restoretrace render benchmark — $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
echo "libgvc $(pkg-config --modversion libgvc), median of $rounds rounds taking turns in a shuffled order, $clock time"
echo
echo "## render (end to end: read trace, build diagram, layout, SVG) vs dot -Tsvg on the same DOT"
echo "## prep s = render --format dot (everything but libgvc); ratio = median over the rounds of render / dot"
[ -n "$against" ] && echo "## other s = $against render, in the same rounds; other ratio = median of other / dot"
printf "%-8s %-10s %7s %6s %9s %8s %8s %7s" objects view records nodes "render s" "prep s" "dot s" ratio
if [ -n "$against" ]; then printf " %9s %11s\n" "other s" "other ratio"; else printf "\n"; fi
for objects in 100 1000 5000; do
    trace="$work/g$objects.jsonl"
    "$bench" generate --objects "$objects" --seed 1 -o "$trace" >/dev/null 2>&1
    records=$(($(wc -l <"$trace") - 1))
    for view in flow hierarchy locate; do
        "$bin" render "$trace" --view "$view" -o "$work/g$objects.$view.dot" >"$work/out.txt" 2>/dev/null
        nodes=$(sed -n 's/.*, \([0-9]*\) nodes).*/\1/p' "$work/out.txt")
        other=()
        [ -n "$against" ] && other=(-- "$against" render "$trace" --view "$view" -o "$work/other.svg")
        mapfile -t medians < <(python3 "$work/rounds.py" "$clock" "$rounds" 2 \
            -- "$bin" render "$trace" --view "$view" -o "$work/ours.svg" \
            -- "$bin" render "$trace" --view "$view" -o "$work/prep.dot" \
            -- dot -Tsvg "$work/g$objects.$view.dot" -o "$work/theirs.svg" "${other[@]}")
        # The times, then the ratios to dot's (see rounds.py).
        count=$((${#medians[@]} / 2))
        ratio=${medians[$count]}
        # The drawings are not compared here: render's SVG adds its stylesheet and writes plain
        # hyphens in attributes by design. (The tests check that the graph built through cgraph's
        # API draws the same SVG as its DOT text read by libgvc.)
        printf "%-8s %-10s %7s %6s %9s %8s %8s %7s" "$objects" "$view" "$records" "$nodes" "${medians[0]}" \
            "${medians[1]}" "${medians[2]}" "$ratio"
        if [ -n "$against" ]; then
            printf " %9s %11s" "${medians[3]}" "${medians[$((count + 3))]}"
        fi
        printf "\n"
    done
done

echo
echo "## the work before the layout, 5,000 objects (restoretrace-bench render, CPU, best of 20 in one process)"
"$bench" render "$work/g5000.jsonl" --runs 20

echo
echo "## layout growth with nothing collapsed (--max-nodes 10000), flow view"
printf "%-8s %7s %10s %9s\n" objects nodes "render s" "dot s"
for objects in "${growth[@]}"; do
    trace="$work/grow$objects.jsonl"
    "$bench" generate --objects "$objects" --seed 1 -o "$trace" >/dev/null 2>&1
    "$bin" render "$trace" --max-nodes 10000 -o "$work/grow.dot" >"$work/out.txt" 2>/dev/null
    nodes=$(sed -n 's/.*, \([0-9]*\) nodes).*/\1/p' "$work/out.txt")
    mapfile -t medians < <(python3 "$work/rounds.py" "$clock" 3 1 \
        -- "$bin" render "$trace" --max-nodes 10000 -o "$work/grow.svg" \
        -- dot -Tsvg "$work/grow.dot" -o "$work/theirs.svg")
    printf "%-8s %7s %10s %9s\n" "$objects" "$nodes" "${medians[0]}" "${medians[1]}"
done
echo
echo "The --max-nodes default ($(grep -o 'defaultMaximumNodes = [0-9]*' Sources/Diagrams/Style/DiagramOptions.swift | grep -o '[0-9]*$'))"
echo "should keep every view's render under 2 s on this machine: compare with the rows above."
