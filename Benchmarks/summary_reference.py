#!/usr/bin/env python3
"""The baseline for Benchmarks/summary.sh: the same per-kind numbers as
`restoretrace summary --format json` (count, total, mean, p50, p90, p95, p99, max per span
kind), computed the plain way: json.loads per line, every duration kept, sorted at the end.

Usage: python3 Benchmarks/summary_reference.py TRACE.jsonl > kinds.json
"""
import json
import sys


def nearest_rank(sorted_values, percentile):
    rank = max((percentile * len(sorted_values) + 99) // 100, 1)
    return sorted_values[rank - 1]


def main(path):
    open_spans = {}
    durations = {}
    with open(path, "rb") as trace:
        header = json.loads(trace.readline())
        for line in trace:
            record = json.loads(line)
            phase = record.get("ph")
            if phase == "B":
                open_spans[record.get("span")] = (record.get("kind"), record["ts"])
            elif phase == "E":
                begun = open_spans.pop(record.get("span"), None)
                if begun is not None:
                    durations.setdefault(begun[0], []).append(record["ts"] - begun[1])
    kinds = {}
    for kind, values in durations.items():
        values.sort()
        total = sum(values)
        kinds[kind] = {
            "count": len(values), "total": total, "mean": round(total / len(values), 3),
            "p50": nearest_rank(values, 50), "p90": nearest_rank(values, 90),
            "p95": nearest_rank(values, 95), "p99": nearest_rank(values, 99), "max": values[-1],
        }
    json.dump({"clock": header.get("clock"), "kinds": kinds}, sys.stdout, indent=2, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: summary_reference.py TRACE.jsonl")
    main(sys.argv[1])
