#!/usr/bin/env python3
"""Golden files of the text output (CTest test golden_text).

tests/golden/cases.txt names one problem a line: `NAME: ARGUMENTS`, the arguments of
`dmsolve solve` (shell words; paths relative to the repository root). For each, the text
that `dmsolve solve ARGUMENTS --threads 1` prints must equal tests/golden/NAME.txt byte for
byte: the diagram, the header, the keys, threats, variations, tries, set play or solutions, as a
problemist reads them. The text holds no timings, so it is the same on every machine.

After a change that means to alter the output, look at the differences this test prints, then
write the new files with --update and read them before committing.

usage: golden_test.py path/to/dmsolve [--update]
"""
import difflib
import os
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def cases():
    with open(os.path.join(HERE, "cases.txt")) as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            name, _, arguments = line.partition(":")
            yield number, name.strip(), shlex.split(arguments)


def main():
    dmsolve = os.path.abspath(sys.argv[1])
    update = "--update" in sys.argv[2:]
    failures = 0
    count = 0
    for number, name, arguments in cases():
        count += 1
        run = subprocess.run([dmsolve, "solve", *arguments, "--threads", "1"], cwd=ROOT, capture_output=True,
                             text=True, timeout=300)
        path = os.path.join(HERE, name + ".txt")
        if run.returncode != 0:
            failures += 1
            print(f"FAIL {name} (cases.txt:{number}): exit code {run.returncode}: {run.stderr.strip()}")
            continue
        if update:
            with open(path, "w") as f:
                f.write(run.stdout)
            continue
        expected = open(path).read() if os.path.exists(path) else ""
        if run.stdout != expected:
            failures += 1
            print(f"FAIL {name} (cases.txt:{number}): the output differs from {os.path.relpath(path, ROOT)}")
            sys.stdout.writelines(difflib.unified_diff(expected.splitlines(True), run.stdout.splitlines(True),
                                                       "expected", "printed"))
    print(f"{count} golden texts {'written' if update else 'compared'}, {failures} failures")
    sys.exit(1 if failures or count == 0 else 0)


if __name__ == "__main__":
    main()
