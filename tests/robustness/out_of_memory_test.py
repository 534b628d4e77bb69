#!/usr/bin/env python3
"""Allocations that fail: a clear error and exit code 2, never a crash or a hang.

Each command runs under address-space limits (ulimit -v) from too small to start up to enough
to finish, so that an allocation fails at a different place each time: the transposition table,
the threads' stacks, the endgame tables, the search, the tree, the proof's memo, the report.
Every run must end by itself with exit code 0 (it had room), 1 (a file could not be written)
or 2 with a message on standard error naming the command; never a signal (abort, segfault)
or a timeout. Sanitizer builds reserve terabytes of address space and cannot run under such a
limit: there the test reports itself skipped (exit code 77).

usage: out_of_memory_test.py DMSOLVE [--limits 40,60,...]   (MiB)
"""

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile

from workloads import LEAF_FEN, SHOWCASE

SKIPPED = 77
TIMEOUT = 120  # seconds; a run with room takes under 10


def address_space(mib):
    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (mib << 20, mib << 20))
    return limit


def run_limited(command, mib):
    """The finished run, or None after TIMEOUT seconds, the threads' stacks printed first (gdb)."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=address_space(mib))
    try:
        stdout, stderr = process.communicate(timeout=TIMEOUT)
        return subprocess.CompletedProcess(command, process.returncode, stdout, stderr)
    except subprocess.TimeoutExpired:
        if shutil.which("gdb"):
            stacks = subprocess.run(["gdb", "-p", str(process.pid), "-batch", "-ex", "thread apply all bt 20"],
                                    capture_output=True, text=True)
            print("\n".join(line for line in stacks.stdout.splitlines() if line.startswith(("#", "Thread"))))
        process.kill()
        process.communicate()
        return None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dmsolve")
    parser.add_argument("--limits", default="30,60,100,140,160,180,200,250,400")
    args = parser.parse_args()
    dmsolve = os.path.abspath(args.dmsolve)
    probe = subprocess.run([dmsolve, "perft", "--depth", "1"], capture_output=True, preexec_fn=address_space(1024))
    if probe.returncode != 0:
        print("skipped: this build cannot run under an address-space limit (a sanitizer build)")
        sys.exit(SKIPPED)
    failures, runs, refused = 0, 0, 0
    with tempfile.TemporaryDirectory() as work:
        os.environ["TMPDIR"] = work  # what a refused run leaves in the temporary directory goes with it
        tables = os.path.join(work, "tables")
        commands = {
            "solve --proof": [dmsolve, "solve", "--variant", "antichess", "--fen", LEAF_FEN, "--stip", "lose",
                              "--hash", "128", "--threads", "2", "--tablebase-dir", tables,
                              "--proof", os.path.join(work, "leaf.proof")],
            "verify --report": [dmsolve, "verify", SHOWCASE, "--hash", "32", "--threads", "2", "-q",
                                "--report", os.path.join(work, "report")],
            "explore": [dmsolve, "explore", "--variant", "losing-marseillais", "--hash", "16", "--threads", "2",
                        "--job-nodes", "2000", "--jobs", "40", "--store", os.path.join(work, "store.sqlite")],
            "check-proof": [dmsolve, "check-proof", os.path.join(work, "leaf.proof")],
        }
        # Once with room: the tables and the proof that the limited runs read.
        for name in ("solve --proof",):
            subprocess.run(commands[name], capture_output=True, check=True)
        for name, command in commands.items():
            for mib in [int(x) for x in args.limits.split(",")]:
                runs += 1
                result = run_limited(command, mib)
                if result is None:
                    print(f"FAIL {name} under {mib} MiB: no end within {TIMEOUT} s")
                    failures += 1
                    continue
                lines = [line for line in result.stderr.splitlines() if line.strip()]
                flaw = None
                if result.returncode < 0:
                    flaw = f"killed by signal {-result.returncode}"
                elif result.returncode not in (0, 1, 2):
                    flaw = f"exit code {result.returncode}"
                elif result.returncode != 0 and not lines:
                    flaw = "no message"
                elif any(not (line.startswith("dmsolve ") or line.startswith(work)) for line in lines):
                    flaw = f"unclear message: {lines}"
                refused += result.returncode == 2
                print(f"{'FAIL' if flaw else 'ok  '} {name} under {mib} MiB: exit {result.returncode}"
                      f"{': ' + lines[0] if lines else ''}{' -- ' + flaw if flaw else ''}")
                failures += flaw is not None
    print(f"{runs} runs, {refused} refused for want of memory, {failures} flaws")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
