#!/usr/bin/env python3
"""Checks the published JSON Schemas against everything that claims to follow them.

- docs/trace-schema.json and docs/scenario-schema.json are valid draft 2020-12 schemas;
- every line of every Traces/*.jsonl is a valid trace line (line 1 the header, the others
  records; a final line cut off mid-write is a warning, as readers treat it), and every
  Traces/*.scenario.json a valid scenario;
- Tests/Schema/valid/* pass (`*.trace.jsonl` as whole traces, other `*.jsonl` line by line) and
  every line of Tests/Schema/invalid/*.jsonl, and every invalid/*.scenario.json, fails;
- the examples in docs/trace-format.md and docs/scenario-format.md are valid, and the Python
  producer and consumer shown there run and print what the page says they print;
- `restoretrace explain --format json` on every Traces/*.jsonl follows docs/explain-schema.json
  (with the built binary: run after `swift build`);
- `restoretrace summary --format json` (and `--by class`) on every Traces/*.jsonl, and the stored
  summaries in Tests/Fixtures/OlderOutputs, follow docs/summary-schema.json.

Usage: python3 scripts/check-schemas.py [--verbose]
The last line is `N passed, N failed`; the exit status is 1 when anything failed.
"""

import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError, best_match
from referencing import Registry, Resource

ROOT = Path(__file__).resolve().parent.parent
TRACE_SCHEMA = ROOT / "docs" / "trace-schema.json"
SCENARIO_SCHEMA = ROOT / "docs" / "scenario-schema.json"
EXPLAIN_SCHEMA = ROOT / "docs" / "explain-schema.json"
SUMMARY_SCHEMA = ROOT / "docs" / "summary-schema.json"
OLDER_OUTPUTS = ROOT / "Tests" / "Fixtures" / "OlderOutputs"
TRACE_DOC = ROOT / "docs" / "trace-format.md"
SCENARIO_DOC = ROOT / "docs" / "scenario-format.md"
FIXTURES = ROOT / "Tests" / "Schema"
TRACES = ROOT / "Traces"


class Tally:
    """Counts results and prints failures as `FAIL where: why`."""

    def __init__(self, verbose):
        self.passed = 0
        self.failed = 0
        self.verbose = verbose

    def ok(self, where, note=""):
        self.passed += 1
        if self.verbose and note:
            print(f"ok   {where}: {note}")

    def fail(self, where, why):
        self.failed += 1
        print(f"FAIL {where}: {why}")

    def warn(self, where, why):
        print(f"warning: {where}: {why}")


def relative(path):
    try:
        return path.relative_to(ROOT)
    except ValueError:
        return path


def describe(error):
    location = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path).lstrip(".")
    return f"{location or '(top level)'}: {error.message}"


class LineValidator:
    """Validates against a whole schema and, for messages, against the one branch of its
    top-level `oneOf` that the value means to be (header or record), which names the real
    problem ("'via' is a required property") instead of "not valid under any of the given schemas"."""

    def __init__(self, schema):
        self.whole = Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)
        self.registry = Registry().with_resource(schema["$id"], Resource.from_contents(schema))
        self.schema_id = schema["$id"]
        self.definitions = set(schema.get("$defs", {}))
        self.branches = {name: self.definition(name) for name in ("header", "record") if name in self.definitions}

    def definition(self, name):
        """A validator for one `$defs` entry, e.g. `viewController` for a fragment in the docs."""
        return Draft202012Validator({"$ref": f"{self.schema_id}#/$defs/{name}"}, registry=self.registry,
                                    format_checker=Draft202012Validator.FORMAT_CHECKER)

    def iter_errors(self, value):
        errors = list(self.whole.iter_errors(value))
        if not errors or not isinstance(value, dict) or not self.branches:
            return errors
        branch = self.branches["header" if value.get("type") == "header" else "record"]
        return list(branch.iter_errors(value)) or errors


def load_schema(path, tally):
    """Loads and checks one schema; returns a validator with format checking, or None."""
    where = relative(path)
    try:
        schema = json.loads(path.read_text(encoding="utf-8"))
        Draft202012Validator.check_schema(schema)
    except (OSError, json.JSONDecodeError) as error:
        tally.fail(where, f"cannot read the schema: {error}")
        return None
    except SchemaError as error:
        tally.fail(where, f"not a valid draft 2020-12 schema: {error.message}")
        return None
    tally.ok(where, "valid draft 2020-12 schema")
    return LineValidator(schema)


def first_error(validator, value):
    error = best_match(validator.iter_errors(value))
    if error is not None and not isinstance(value, dict):
        json_type = {list: "an array", str: "a string", bool: "a boolean", int: "a number", float: "a number"}
        return f"{json_type.get(type(value), 'null')} where a JSON object was expected"
    return describe(error) if error else None


def check_trace_lines(validator, text, where, tally, *, whole_trace):
    """Checks each line of a trace (or of a set of independent lines when not `whole_trace`)."""
    lines = text.split("\n")
    ends_with_newline = lines[-1] == ""
    if ends_with_newline:
        lines.pop()
    for index, line in enumerate(lines):
        number = index + 1
        here = f"{where}:{number}"
        try:
            value = json.loads(line)
        except json.JSONDecodeError as error:
            if whole_trace and number == len(lines) and not ends_with_newline:
                tally.warn(here, "final line cut off mid-write; readers ignore it with a warning")
            else:
                tally.fail(here, f"not JSON: {error.msg} at column {error.colno}")
            continue
        problem = first_error(validator, value)
        if problem is None and whole_trace:
            is_header = isinstance(value, dict) and value.get("type") == "header"
            if number == 1 and not is_header:
                problem = 'line 1 must be the header ({"type":"header","format":"restoretrace/1",...})'
            elif number > 1 and is_header:
                problem = "only line 1 may be a header"
        if problem:
            tally.fail(here, problem)
        else:
            tally.ok(here)


def check_invalid_lines(validator, path, tally):
    """Every line of an invalid fixture must be JSON that the schema rejects."""
    where = relative(path)
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        here = f"{where}:{number}"
        try:
            value = json.loads(line)
        except json.JSONDecodeError as error:
            tally.fail(here, f"fixture is not JSON ({error.msg}); invalid fixtures must be JSON the schema rejects")
            continue
        problem = first_error(validator, value)
        why = value.get("x-why", "(no x-why)") if isinstance(value, dict) else "(not an object)"
        if problem:
            tally.ok(here, f"rejected as expected ({why}): {problem}")
        else:
            tally.fail(here, f"accepted, but it is in invalid/: {why}")


def check_scenario_file(validator, path, tally, *, expect_valid):
    where = relative(path)
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        tally.fail(where, f"cannot read as JSON: {error}")
        return
    problem = first_error(validator, value)
    if expect_valid:
        tally.fail(where, problem) if problem else tally.ok(where)
    elif problem:
        tally.ok(where, f"rejected as expected ({value.get('x-why', 'no x-why')}): {problem}")
    else:
        tally.fail(where, f"accepted, but it is in invalid/: {value.get('x-why', 'no x-why')}")


def fenced_blocks(path):
    """The fenced code blocks of a Markdown file: (language, text, check name or None, line number).

    A block's check name comes from a `<!-- check: NAME -->` comment on the line before it
    (blank lines between are allowed)."""
    blocks, pending_check, open_block = [], None, None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if open_block is not None:
            if line.startswith("```"):
                language, body, check, start = open_block
                blocks.append((language, "".join(body), check, start))
                open_block = None
            else:
                open_block[1].append(line + "\n")
            continue
        marker = re.fullmatch(r"\s*<!-- check: ([\w.-]+) -->\s*", line)
        if marker:
            pending_check = marker.group(1)
        elif line.startswith("```"):
            open_block = (line[3:].strip(), [], pending_check, number + 1)
            pending_check = None
        elif line.strip():
            pending_check = None
    return blocks


def run_python(source, arguments, where, tally):
    """Runs a Python example from the docs; returns its stdout, or None after recording a failure."""
    with tempfile.TemporaryDirectory() as directory:
        script = Path(directory) / "example.py"
        script.write_text(source, encoding="utf-8")
        result = subprocess.run([sys.executable, str(script), *arguments], capture_output=True,
                                text=True, timeout=60, cwd=directory)
    if result.returncode != 0:
        tally.fail(where, f"exited {result.returncode}: {result.stderr.strip()[-400:]}")
        return None
    tally.ok(where, "runs")
    return result.stdout


def expect_same(actual, expected, where, tally):
    if actual == expected:
        tally.ok(where, "prints what the page shows")
    else:
        tally.fail(where, f"prints something else than the page shows:\n--- page\n{expected}--- actual\n{actual}---")


def check_trace_doc(validator, tally):
    if not TRACE_DOC.exists():
        tally.fail(relative(TRACE_DOC), "missing")
        return
    where = relative(TRACE_DOC)
    blocks = fenced_blocks(TRACE_DOC)
    named = {check: (text, start) for language, text, check, start in blocks if check}
    for language, text, check, start in blocks:
        if language == "jsonl":
            # Each line on its own: blocks show excerpts, not always whole traces.
            for offset, line in enumerate(text.splitlines()):
                here = f"{where}:{start + offset}"
                try:
                    problem = first_error(validator, json.loads(line))
                except json.JSONDecodeError as error:
                    problem = f"not JSON: {error.msg}"
                tally.fail(here, problem) if problem else tally.ok(here)

    required = ["tabbar-trace", "producer", "consumer", "tabbar-consumer-output", "crash-trace-tail",
                "crash-consumer-output"]
    missing = [name for name in required if name not in named]
    if missing:
        tally.fail(where, f"missing checked examples: {', '.join(missing)} (mark them with <!-- check: NAME -->)")
        return

    tabbar_text, tabbar_line = named["tabbar-trace"]
    check_trace_lines(validator, tabbar_text, f"{where}:{tabbar_line}+", tally, whole_trace=True)
    tabbar_fixture = ROOT / "Traces" / "feed-tabs.jsonl"
    if tabbar_fixture.exists() and tabbar_fixture.read_text(encoding="utf-8") == tabbar_text:
        tally.ok(f"{where}:{tabbar_line}", f"the tab bar example equals {relative(tabbar_fixture)}")
    else:
        tally.fail(f"{where}:{tabbar_line}", f"the tab bar example must equal {relative(tabbar_fixture)}")

    crash_fixture = ROOT / "Traces" / "feed-tabs-crash.jsonl"
    crash_text = crash_fixture.read_text(encoding="utf-8") if crash_fixture.exists() else ""
    tail_text, tail_line = named["crash-trace-tail"]
    if crash_text.endswith(tail_text):
        tally.ok(f"{where}:{tail_line}", f"the crash example is the tail of {relative(crash_fixture)}")
    else:
        tally.fail(f"{where}:{tail_line}", f"the crash example must be the last lines of {relative(crash_fixture)}")

    with tempfile.TemporaryDirectory() as directory:
        produced = run_python(named["producer"][0], [], f"{where}:{named['producer'][1]} (producer)", tally)
        if produced is not None:
            check_trace_lines(validator, produced, f"{where}:{named['producer'][1]} (producer output)", tally,
                              whole_trace=True)
            produced_file = Path(directory) / "produced.jsonl"
            produced_file.write_text(produced, encoding="utf-8")
            run_python(named["consumer"][0], [str(produced_file)],
                       f"{where}:{named['consumer'][1]} (consumer on the producer's output)", tally)
        tabbar_file = Path(directory) / "tabbar.jsonl"
        tabbar_file.write_text(tabbar_text, encoding="utf-8")
        for trace_file, output_name in [(tabbar_file, "tabbar-consumer-output"),
                                        (crash_fixture, "crash-consumer-output")]:
            here = f"{where}:{named['consumer'][1]} (consumer on {trace_file.name})"
            output = run_python(named["consumer"][0], [str(trace_file)], here, tally)
            if output is not None:
                expected, expected_line = named[output_name]
                output = output.replace(str(trace_file), trace_file.name)
                if output_name == "crash-consumer-output" and output.endswith(expected):
                    output = expected  # the page shows how the output ends
                expect_same(output, expected, f"{where}:{expected_line}", tally)


def check_scenario_doc(validator, tally):
    if not SCENARIO_DOC.exists():
        tally.fail(relative(SCENARIO_DOC), "missing")
        return
    where = relative(SCENARIO_DOC)
    for language, text, check, start in fenced_blocks(SCENARIO_DOC):
        # ```json is a whole scenario; ```json NAME is a fragment checked against $defs/NAME.
        words = language.split()
        if not words or words[0] != "json":
            continue
        here = f"{where}:{start}"
        if len(words) > 1 and words[1] not in validator.definitions:
            tally.fail(here, f"no $defs/{words[1]} in {relative(SCENARIO_SCHEMA)} to check this fragment against")
            continue
        fragment_validator = validator.definition(words[1]) if len(words) > 1 else validator
        try:
            problem = first_error(fragment_validator, json.loads(text))
        except json.JSONDecodeError as error:
            problem = f"not JSON: {error.msg} at line {start + error.lineno - 1}"
        what = f"valid {words[1]}" if len(words) > 1 else "valid scenario"
        tally.fail(here, problem) if problem else tally.ok(here, what)
        if len(words) == 1 and not problem:
            check_matches_fixture(json.loads(text), here, tally)


def check_matches_fixture(scenario, where, tally):
    """A scenario on the page that has a fixture of its name must say the same as the fixture."""
    fixture = FIXTURES / "valid" / f"{scenario.get('name')}.scenario.json"
    if not fixture.exists():
        return
    if json.loads(fixture.read_text(encoding="utf-8")) == scenario:
        tally.ok(where, f"same as {relative(fixture)}")
    else:
        tally.fail(where, f"differs from {relative(fixture)}; change both together")


def built_restoretrace(schema, tally):
    """The debug restoretrace `swift build` made, or None (a failure counted against `schema`)."""
    try:
        bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True,
                                  check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError) as error:
        tally.fail(relative(schema), f"cannot find the built restoretrace: {error}")
        return None
    binary = Path(bin_path) / "restoretrace"
    if not binary.exists():
        tally.fail(relative(schema), f"{binary} is not built; run swift build first")
        return None
    return binary


def check_json_run(validator, binary, arguments, where, tally):
    """Runs restoretrace with `arguments`; its output must be JSON that follows `validator`'s schema."""
    run = subprocess.run([str(binary)] + arguments, cwd=ROOT, capture_output=True, text=True, timeout=120)
    if run.returncode != 0:
        tally.fail(where, f"exit {run.returncode}: {run.stderr.strip()}")
        return
    try:
        problem = first_error(validator, json.loads(run.stdout))
    except json.JSONDecodeError as error:
        problem = f"not JSON: {error.msg}"
    tally.fail(where, problem) if problem else tally.ok(where)


def check_explain_output(validator, traces, tally):
    """`restoretrace explain --format json` on each trace must follow the explain schema."""
    binary = built_restoretrace(EXPLAIN_SCHEMA, tally)
    if binary is None:
        return
    for path in traces:
        check_json_run(validator, binary, ["explain", str(path), "--format", "json"],
                       f"explain --format json {relative(path)}", tally)


def check_summary_output(validator, traces, tally):
    """`restoretrace summary --format json` on each trace, and the stored older summaries,
    must follow the summary schema."""
    for path in sorted(OLDER_OUTPUTS.glob("*.summary*.json")):
        try:
            problem = first_error(validator, json.loads(path.read_text(encoding="utf-8")))
        except json.JSONDecodeError as error:
            problem = f"not JSON: {error.msg}"
        tally.fail(relative(path), problem) if problem else tally.ok(relative(path))
    binary = built_restoretrace(SUMMARY_SCHEMA, tally)
    if binary is None:
        return
    for path in traces:
        for extra in ([], ["--by", "class"]):
            check_json_run(validator, binary, ["summary", str(path), "--format", "json"] + extra,
                           f"summary --format json {' '.join(extra + [str(relative(path))])}", tally)


def main():
    tally = Tally(verbose="--verbose" in sys.argv[1:])
    trace_validator = load_schema(TRACE_SCHEMA, tally)
    scenario_validator = load_schema(SCENARIO_SCHEMA, tally)

    traces = sorted(TRACES.glob("*.jsonl"))
    scenarios = sorted(TRACES.glob("*.scenario.json"))
    if not traces and not scenarios:
        print(f"note: {relative(TRACES)}/ holds no *.jsonl or *.scenario.json yet; checking fixtures and docs only")

    if trace_validator:
        for path in traces:
            check_trace_lines(trace_validator, path.read_text(encoding="utf-8"), relative(path), tally,
                              whole_trace=True)
        for path in sorted((FIXTURES / "valid").glob("*.jsonl")):
            check_trace_lines(trace_validator, path.read_text(encoding="utf-8"), relative(path), tally,
                              whole_trace=path.name.endswith(".trace.jsonl"))
        for path in sorted((FIXTURES / "invalid").glob("*.jsonl")):
            check_invalid_lines(trace_validator, path, tally)
        check_trace_doc(trace_validator, tally)

    if scenario_validator:
        for path in scenarios:
            check_scenario_file(scenario_validator, path, tally, expect_valid=True)
        for path in sorted((FIXTURES / "valid").glob("*.scenario.json")):
            check_scenario_file(scenario_validator, path, tally, expect_valid=True)
        for path in sorted((FIXTURES / "invalid").glob("*.scenario.json")):
            check_scenario_file(scenario_validator, path, tally, expect_valid=False)
        check_scenario_doc(scenario_validator, tally)

    explain_validator = load_schema(EXPLAIN_SCHEMA, tally)
    if explain_validator:
        check_explain_output(explain_validator, traces, tally)

    summary_validator = load_schema(SUMMARY_SCHEMA, tally)
    if summary_validator:
        check_summary_output(summary_validator, traces, tally)

    print(f"{tally.passed} passed, {tally.failed} failed")
    return 1 if tally.failed else 0


if __name__ == "__main__":
    sys.exit(main())
