#!/usr/bin/env python3
"""Hostile-user probes of restoretrace (issue 19): kills, signals, shared archive directories and
mutated traces, counted. Not run in CI (minutes); the tests cover each failure once.

    python3 Benchmarks/reliability-probes.py                      # all four, the issue's counts
    python3 Benchmarks/reliability-probes.py --kills 50 --signals 30 --sharing 5 --mutations 300
    RESTORETRACE_BIN=.build/debug/restoretrace python3 Benchmarks/reliability-probes.py ...

By default it builds and uses the release binary (as `make release` does). Prints one line per
probe with its counts; exits 1 when any count that should be 0 is not.

- kills: `simulate` of a scenario whose relaunch takes a while, sharing one --archive directory
  and one output, killed with SIGKILL at a random moment of its run. After each kill: relaunch
  processes that outlive their parent (2 s allowed); then a clean `simulate --clock tick` of
  countries into the same directory must give the committed trace byte for byte (anything else
  is a corrupt or foreign archive loaded). At the end: temporary files left beside the output,
  in the archive directory and under $TMPDIR/restoretrace-UID.
- signals: `export` and `render` of a big trace, SIGINT/SIGTERM/SIGHUP at a random moment: the
  process must end with that signal or finish; temporary files left; outputs that exist but are
  not the complete one (partial outputs).
- sharing: two different scenarios started together on one --archive directory, without and with
  --wait. Every run that succeeds must print its own committed trace (else: a foreign archive
  was read); without --wait the other must be refused naming the holder.
- mutations: the traces of Traces/ mutated (bytes flipped, lines dropped, doubled, swapped or
  cut, fields changed, numbers made huge) and run through every command that reads a trace.
  Counted: crashes (a signal, an exit status outside 0-2, a Swift fatal error), hangs (30 s),
  temporary files left, and each command's verdict against `validate`'s: accepted (exit 0; `diff`
  0 or 1) where validate says invalid, or refused where validate says valid.
"""

import argparse
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def binary():
    given = os.environ.get("RESTORETRACE_BIN")
    if given:
        return os.path.abspath(given)
    subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--disable-local-rpath",
                    "--product", "restoretrace"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()
    return os.path.join(path, "restoretrace")


def children_of(pid):
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(entry))
    return found


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def leftovers(*directories):
    """Temporary files (.NAME.PID.tmp) in the directories."""
    found = []
    for directory in directories:
        if os.path.isdir(directory):
            found += [os.path.join(directory, name) for name in os.listdir(directory)
                      if name.startswith(".") and name.endswith(".tmp")]
    return found


def workspaces(tmpdir):
    root = os.path.join(tmpdir, f"restoretrace-{os.getuid()}")
    return os.listdir(root) if os.path.isdir(root) else []


def long_scenario(path, children):
    items = ",".join('{"class":"VC","restorationIdentifier":"c%d"}' % i for i in range(children))
    with open(path, "w") as out:
        out.write('{"format":"restoretrace-scenario/1","name":"long","windows":[{"root":{"class":"Nav",'
                  '"kind":"navigation","restorationIdentifier":"Nav","children":[%s]}}]}' % items)


def timed_run(arguments, **options):
    started = time.monotonic()
    subprocess.run(arguments, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **options)
    return time.monotonic() - started


# MARK: kills

def probe_kills(tool, work, rounds, rng):
    tmpdir = os.path.join(work, "kills-tmp")
    os.makedirs(tmpdir)
    env = dict(os.environ, TMPDIR=tmpdir)
    scenario = os.path.join(work, "long.scenario.json")
    long_scenario(scenario, 3000)
    out = os.path.join(work, "kills-out")
    os.makedirs(out)
    archive = os.path.join(work, "kills-archive")
    output = os.path.join(out, "run.jsonl")
    command = [tool, "simulate", scenario, "-o", output, "--archive", archive, "--clock", "tick"]
    duration = timed_run(command, env=env)
    reference = open(os.path.join(ROOT, "Traces/countries.jsonl"), "rb").read()
    check = [tool, "simulate", "Traces/countries.scenario.json", "-o", "-", "--clock", "tick", "--archive", archive]
    outliving = foreign = finished = noted = 0
    for _ in range(rounds):
        process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0, duration * 1.1))
        relaunch = children_of(process.pid)
        process.send_signal(signal.SIGKILL)
        if process.wait() == 0:
            finished += 1
        deadline = time.monotonic() + 2
        while any(alive(child) for child in relaunch) and time.monotonic() < deadline:
            time.sleep(0.01)
        outliving += sum(1 for child in relaunch if alive(child))
        result = subprocess.run(check, cwd=ROOT, env=env, capture_output=True)
        if result.returncode != 0 or result.stdout != reference:
            foreign += 1
        if b"stopped in the middle of its cycle" in result.stderr:
            noted += 1
    # What the last kill left is removed by the next run that meets it: one more run on the same output.
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    left = leftovers(out, archive) + workspaces(tmpdir)
    print(f"kills: {rounds} SIGKILLs of simulate (run {duration:.2f} s; {finished} had finished): "
          f"relaunch processes outliving their parent {outliving}, corrupt or foreign archives loaded {foreign}, "
          f"temporary files left {len(left)} {left[:5]}; the next run said 'left mid-cycle' {noted} times")
    return outliving + foreign + len(left)


# MARK: signals

def probe_signals(tool, work, rounds, rng):
    directory = os.path.join(work, "signals")
    os.makedirs(directory)
    big = os.path.join(directory, "big.jsonl")
    bench = os.path.join(os.path.dirname(tool), "restoretrace-bench")
    if os.path.exists(bench):
        subprocess.run([bench, "generate", "--objects", "300", "--target-mb", "40", "-o", big], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    else:
        # Without the benchmarks' generator: the long scenario's trace, repeated cycles are not needed.
        scenario = os.path.join(directory, "long.scenario.json")
        long_scenario(scenario, 20000)
        subprocess.run([tool, "simulate", scenario, "-o", big], check=True, stderr=subprocess.DEVNULL)
    medium = os.path.join(directory, "medium.jsonl")
    scenario = os.path.join(directory, "medium.scenario.json")
    long_scenario(scenario, 1500)
    subprocess.run([tool, "simulate", scenario, "-o", medium, "--clock", "tick"], check=True, stderr=subprocess.DEVNULL)
    out = os.path.join(directory, "out")
    os.makedirs(out)
    jobs = {
        "export": [tool, "export", big, "--to", "otlp", "-o", os.path.join(out, "big.otlp.jsonl")],
        "render": [tool, "render", medium, "--max-nodes", "3000", "-o", os.path.join(out, "medium.svg")],
    }
    references, durations = {}, {}
    for name, command in jobs.items():
        durations[name] = timed_run(command)
        target = command[-1]
        references[name] = os.path.getsize(target), open(target, "rb").read(1 << 16)
        os.remove(target)
    wrong_status = left = partial = completed = 0
    for index in range(rounds):
        name = "export" if index % 2 == 0 else "render"
        number = rng.choice([signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
        process = subprocess.Popen(jobs[name], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                   restore_signals=True)
        time.sleep(rng.uniform(0, durations[name] * 1.2))
        process.send_signal(number)
        status = process.wait()
        if status == 0:
            completed += 1
        elif status != -number:
            wrong_status += 1
        left += len(leftovers(out))
        target = jobs[name][-1]
        if os.path.exists(target):
            size, head = references[name]
            if os.path.getsize(target) != size or open(target, "rb").read(1 << 16) != head:
                partial += 1
            os.remove(target)
        for stale in leftovers(out):
            os.remove(stale)
    print(f"signals: {rounds} of SIGINT/SIGTERM/SIGHUP to export ({durations['export']:.2f} s) and render "
          f"({durations['render']:.2f} s), {completed} finished first: ended otherwise than by the signal "
          f"{wrong_status}, temporary files left {left}, partial outputs {partial}")
    return wrong_status + left + partial


# MARK: sharing

def probe_sharing(tool, work, rounds):
    directory = os.path.join(work, "sharing")
    os.makedirs(directory)
    scenario = os.path.join(directory, "long.scenario.json")
    long_scenario(scenario, 2000)
    long_reference = subprocess.run([tool, "simulate", scenario, "-o", "-", "--clock", "tick"],
                                    check=True, capture_output=True).stdout
    runs = [
        ([tool, "simulate", scenario, "-o", "-", "--clock", "tick"], long_reference),
        ([tool, "simulate", "Traces/countries.scenario.json", "-o", "-", "--clock", "tick"],
         open(os.path.join(ROOT, "Traces/countries.jsonl"), "rb").read()),
    ]
    foreign = refused = unexplained = waited = 0
    for wait in (False, True):
        for round_number in range(rounds):
            archive = os.path.join(directory, f"archive-{wait}-{round_number % 3}")
            extra = ["--archive", archive] + (["--wait"] if wait else [])
            processes = [subprocess.Popen(command + extra, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                         for command, _ in runs]
            for process, (_, reference) in zip(processes, runs):
                output, errors = process.communicate()
                if process.returncode == 0:
                    if output != reference:
                        foreign += 1
                    elif wait:
                        waited += 1
                elif not wait and b"in use by process" in errors:
                    refused += 1
                else:
                    unexplained += 1
    print(f"sharing: {rounds} rounds of two scenarios on one --archive without --wait, {rounds} with: "
          f"foreign archives read {foreign}, refused naming the holder {refused}, "
          f"runs with --wait that succeeded {waited} of {2 * rounds}, other failures {unexplained}")
    return foreign + unexplained + (2 * rounds - waited)


# MARK: mutations

def mutate(data, rng):
    lines = data.split(b"\n")
    choice = rng.randrange(12)
    if choice == 0 and data:
        position = rng.randrange(len(data))
        return data[:position] + bytes([data[position] ^ (1 << rng.randrange(8))]) + data[position + 1:]
    if choice == 1 and len(lines) > 1:
        del lines[rng.randrange(len(lines))]
    elif choice == 2:
        index = rng.randrange(len(lines))
        lines.insert(index, lines[index])
    elif choice == 3 and len(lines) > 2:
        a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[a], lines[b] = lines[b], lines[a]
    elif choice == 4:
        return data[:rng.randrange(len(data) + 1)]
    elif choice == 5:
        position = rng.randrange(len(data) + 1)
        return data[:position] + bytes(rng.randrange(256) for _ in range(rng.randrange(1, 16))) + data[position:]
    elif choice == 6:
        index = rng.randrange(len(lines))
        for old, new in ((b'"ph":"B"', b'"ph":"E"'), (b'"ph":"E"', b'"ph":"B"'), (b'"ph":"i"', b'"ph":"X"')):
            if old in lines[index]:
                lines[index] = lines[index].replace(old, new, 1)
                break
    elif choice == 7:
        index = rng.randrange(len(lines))
        for field in (b'"seq":', b'"ts":', b'"span":'):
            position = lines[index].find(field)
            if position >= 0:
                end = position + len(field)
                digits = end
                while digits < len(lines[index]) and lines[index][digits:digits + 1].isdigit():
                    digits += 1
                value = rng.choice([b"-1", b"1e400", b"99999999999999999999", b"0.5", b'"7"', b"null"])
                lines[index] = lines[index][:end] + value + lines[index][digits:]
                break
    elif choice == 8:
        index = rng.randrange(len(lines))
        for field in (b'"kind":', b'"path":', b'"span":', b'"seq":'):
            position = lines[index].find(field)
            if position >= 0:
                lines[index] = lines[index][:position] + b'"x' + lines[index][position + 1:]
                break
    elif choice == 9:
        return b""
    elif choice == 10:
        index = rng.randrange(len(lines))
        lines[index] = lines[index] + b"\xff\xfe"
    else:
        index = rng.randrange(len(lines))
        lines[index] = lines[index].replace(b"}", b"", 1)
    return b"\n".join(lines)


def probe_mutations(tool, work, count, rng):
    directory = os.path.join(work, "mutations")
    out = os.path.join(directory, "out")
    os.makedirs(out)
    seeds = [os.path.join(ROOT, "Traces", name) for name in sorted(os.listdir(os.path.join(ROOT, "Traces")))
             if name.endswith(".jsonl")]
    available = subprocess.run([tool, "--help"], capture_output=True, text=True).stdout
    commands = {
        "summary": lambda trace, seed: ["summary", trace],
        "render": lambda trace, seed: ["render", trace, "-o", os.path.join(out, "drawing.svg")],
        "export": lambda trace, seed: ["export", trace, "--to", rng.choice(["chrome", "speedscope", "otlp"]),
                                       "-o", os.path.join(out, "export.json")],
        "diff": lambda trace, seed: ["diff", seed, trace],
    }
    for name in ("explain", "report"):
        if f"\n  {name} " in available:
            commands[name] = lambda trace, seed, name=name: [name, trace]
    crashes, hangs, left = [], 0, 0
    accepted_invalid = {name: 0 for name in commands}
    refused_valid = {name: 0 for name in commands}
    invalid = 0
    trace = os.path.join(directory, "mutated.jsonl")
    for index in range(count):
        seed = rng.choice(seeds)
        data = open(seed, "rb").read()
        for _ in range(rng.randrange(1, 4)):
            data = mutate(data, rng)
        with open(trace, "wb") as handle:
            handle.write(data)

        def run(arguments):
            try:
                result = subprocess.run([tool] + arguments, capture_output=True, timeout=30)
            except subprocess.TimeoutExpired:
                return None
            crashed = result.returncode < 0 or result.returncode > 2 or b"Fatal error" in result.stderr
            if crashed:
                kept = os.path.join(directory, f"crash-{len(crashes)}.jsonl")
                shutil.copy(trace, kept)
                crashes.append((arguments[0], result.returncode, kept))
            return result.returncode

        verdict = run(["validate", trace])
        if verdict is None:
            hangs += 1
            continue
        valid = verdict == 0
        invalid += not valid
        for name, arguments in commands.items():
            status = run(arguments(trace, seed))
            if status is None:
                hangs += 1
                continue
            accepted = status == 0 or (name == "diff" and status == 1)
            if accepted and not valid:
                accepted_invalid[name] += 1
            if valid and not accepted:
                refused_valid[name] += 1
            left += len(leftovers(out))
            for stale in leftovers(out):
                os.remove(stale)
    disagreements = sum(accepted_invalid.values()) + sum(refused_valid.values())
    print(f"mutations: {count} mutated traces ({invalid} invalid to validate) through validate and "
          f"{', '.join(commands)}: crashes {len(crashes)} {crashes[:3]}, hangs {hangs}, temporary files left {left}, "
          f"disagreeing with validate {disagreements} (accepted what validate calls invalid: {accepted_invalid}; "
          f"refused what it calls valid: {refused_valid})")
    return len(crashes) + hangs + left, disagreements


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kills", type=int, default=500)
    parser.add_argument("--signals", type=int, default=300)
    parser.add_argument("--sharing", type=int, default=30)
    parser.add_argument("--mutations", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument("--keep", action="store_true", help="keep the work directory (crashing inputs are in it)")
    options = parser.parse_args()
    tool = binary()
    rng = random.Random(options.seed)
    work = tempfile.mkdtemp(prefix="restoretrace-probes-")
    os.chdir(ROOT)
    failures = 0
    try:
        if options.kills:
            failures += probe_kills(tool, work, options.kills, rng)
        if options.signals:
            failures += probe_signals(tool, work, options.signals, rng)
        if options.sharing:
            failures += probe_sharing(tool, work, options.sharing)
        if options.mutations:
            broken, disagreements = probe_mutations(tool, work, options.mutations, rng)
            failures += broken
    finally:
        if options.keep:
            print(f"work directory: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
