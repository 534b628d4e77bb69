#!/usr/bin/env python3
"""Ctrl-C (SIGINT) during `dmsolve solve`: exit code 130, what was solved printed, and one line
on standard error saying where it stopped (README: exit codes).

A puzzle file of five problems, run with one thread: two small ones, a long helpmate, a small
one, and the long helpmate again. The small ones are built first, alone (solver/app/tree_batch.h),
so Ctrl-C comes while the first long one is being solved: it is printed as `unknown`, the
small ones as solved, and the second long one is skipped. The same long helpmate given on the
command line: printed as `unknown`, exit 130, and a line saying the solution is unfinished.

usage: interrupt_test.py DMSOLVE PUZZLES_DIR
"""

import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

# An h=7 of puzzles/orthodox/popeye.epd that takes about a minute (as in solve_batch_test.py).
LONG = "popeye-82"
SMALL = [
    'k7/8/1K6/8/8/8/8/7R w - - id "small-1"; stip #1;\n',
    '8/Q7/8/8/8/8/8/2k1K2R w K - id "small-2"; stip #2;\n',
    '8/8/8/8/8/8/8/k1K5 w - - id "small-3"; stip #2;\n',
]


def interrupted(command, wait_lines):
    """Runs command, sends SIGINT once wait_lines JSON lines are out and a second and a half
    later (time to start the search); returns (exit code, the JSON lines, standard error's lines)."""
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    printed = [json.loads(proc.stdout.readline()) for _ in range(wait_lines)]
    time.sleep(1.5)
    proc.send_signal(signal.SIGINT)
    printed += [json.loads(line) for line in proc.stdout if line.startswith("{")]
    err = [line for line in proc.stderr.read().splitlines() if line.strip()]
    proc.wait(timeout=60)
    return proc.returncode, printed, err


def main():
    dmsolve, puzzles = sys.argv[1], sys.argv[2]
    failures = []
    with open(os.path.join(puzzles, "orthodox", "popeye.epd")) as f:
        long_line = next(line for line in f if f'id "{LONG}"' in line)
    again = long_line.replace(f'id "{LONG}"', f'id "{LONG}-again"')
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "batch.epd")
        with open(path, "w") as f:
            f.writelines(SMALL[:2] + [long_line] + SMALL[2:] + [again])
        code, printed, err = interrupted([dmsolve, "solve", path, "--json", "--threads", "1", "--time", "120"], 2)
        ids = [(r.get("id"), r.get("status")) for r in printed]
        expected = [("small-1", "solved"), ("small-2", "solved"), (LONG, "unknown"), ("small-3", "no-solution")]
        if ids != expected:
            failures.append(f"file: printed {ids}, expected {expected}")
        if code != 130:
            failures.append(f"file: exit code {code}, expected 130")
        where = f"dmsolve solve: interrupted (Ctrl-C) at problem 3 of 5, {LONG} ({path}:3): 3 solved, 1 cut short, 1 skipped"
        if err != [where]:
            failures.append(f"file: standard error {err}, expected [{where!r}]")

        fen = " ".join(long_line.split()[:4])
        stip = re.search(r"\bstip ([^;]+);", long_line).group(1)
        code, printed, err = interrupted([dmsolve, "solve", "--fen", fen, "--stip", stip, "--json", "--threads", "1",
                                          "--time", "120"], 0)
        if [r.get("status") for r in printed] != ["unknown"]:
            failures.append(f"command line: printed {printed}, expected one unknown result")
        if code != 130:
            failures.append(f"command line: exit code {code}, expected 130")
        if err != ["dmsolve solve: interrupted (Ctrl-C): the solution printed is unfinished (status unknown)"]:
            failures.append(f"command line: standard error {err}")
    for failure in failures:
        print("FAIL:", failure)
    if not failures:
        print("interrupt: solve FILE and solve --fen exit 130 after Ctrl-C and say where they stopped")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
