#!/usr/bin/env python3
"""Re-runs every `$ command` in the ```console blocks of the given Markdown files, from the
repository root with the built `restoretrace` first on PATH, and replaces each command's output
with what it prints now (standard output and standard error), so docs show real output.

    python3 scripts/refresh-doc-outputs.py docs/profiling.md docs/rendering.md README.md

Commands in one block share a shell (`$ echo $?` sees the previous command). Review the diff:
timings under the ns clock change from run to run.
"""
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BLOCK = re.compile(r"```console\n(.*?)```", re.S)


def run_block(body: str, env: dict) -> str:
    lines = body.splitlines()
    commands = [line[2:] for line in lines if line.startswith("$ ")]
    if not commands:
        return body
    marker = "@@refresh-doc-outputs@@"
    script = "".join(f"echo '{marker}'\n{command} 2>&1\n" for command in commands)
    result = subprocess.run(["bash", "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    outputs = result.stdout.split(marker + "\n")[1:]
    rebuilt = []
    for i, command in enumerate(commands):
        output = outputs[i] if i < len(outputs) else ""
        rebuilt.append(f"$ {command}\n{output}")
    return "".join(rebuilt)


def main() -> int:
    binary = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True,
                            check=True).stdout.strip()
    env = dict(os.environ, PATH=binary + os.pathsep + os.environ["PATH"], NO_COLOR="1")
    for name in sys.argv[1:]:
        path = ROOT / name
        text = path.read_text(encoding="utf-8")
        path.write_text(BLOCK.sub(lambda m: "```console\n" + run_block(m.group(1), env) + "```", text), encoding="utf-8")
        print(f"refreshed {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
