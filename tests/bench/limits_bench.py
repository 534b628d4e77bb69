#!/usr/bin/env python3
"""Limits that hold: peak memory against --hash, and --time's accuracy. Prints markdown tables.

Memory: `solve`, `verify` and `explore` on a losing-chess position too hard to finish (after
1.Nf3, which Nilatac needed days for), each for --time seconds with --hash 16, 256 and 4096
(endgame tables off, so that the table is all that grows), under /usr/bin/time; the peak RSS
less --hash is the fixed overhead (code, libraries, thread stacks, the busy marks, the tree).
Time: `solve` of the same position with --time T on 1 and 2 threads: the whole process's wall
time against T.

usage: tests/bench/limits_bench.py [--dmsolve build/dmsolve] [--hash 16,256,4096]
                                   [--seconds 20] [--times 0.2,1,5,20] [--threads 2]
"""

import argparse
import os
import re
import subprocess
import tempfile
import time

NF3 = "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b - - 1 1"  # antichess, White played 1.Nf3


def peak_rss_mib(command):
    """Runs the command under /usr/bin/time; its peak resident set in MiB and its wall seconds."""
    start = time.monotonic()
    result = subprocess.run(["/usr/bin/time", "-f", "peak %M"] + command, capture_output=True, text=True)
    wall = time.monotonic() - start
    match = re.search(r"peak (\d+)", result.stderr)
    if not match:
        raise SystemExit(f"no peak from {command}: {result.stderr}")
    return int(match.group(1)) / 1024, wall


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dmsolve", default="build/dmsolve")
    parser.add_argument("--hash", default="16,256,4096")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--times", default="0.2,1,5,20")
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    dmsolve = os.path.abspath(args.dmsolve)
    common = ["--threads", str(args.threads), "--tablebase-men", "0", "--time", str(args.seconds)]
    with tempfile.TemporaryDirectory() as work:
        epd = os.path.join(work, "nf3.epd")
        with open(epd, "w") as f:
            f.write(f'{NF3.rsplit(" ", 2)[0]} id "nf3"; variant antichess; stip win;\n')
        commands = {
            "solve": lambda mb: [dmsolve, "solve", "--variant", "antichess", "--fen", NF3, "--stip", "win",
                                 "--hash", str(mb)] + common,
            "verify": lambda mb: [dmsolve, "verify", epd, "-q", "--hash", str(mb)] + common,
            "explore": lambda mb: [dmsolve, "explore", "--variant", "antichess", "--moves", "1.Nf3",
                                   "--store", os.path.join(work, f"explore{mb}.sqlite"), "--job-nodes", "100000000",
                                   "--hash", str(mb)] + common,
        }
        print(f"Peak RSS, MiB ({args.seconds:g} s each, {args.threads} threads, no endgame tables)\n")
        sizes = [int(x) for x in args.hash.split(",")]
        print("| command | " + " | ".join(f"--hash {mb}" for mb in sizes) + " | most over --hash |")
        print("|---|" + "---|" * (len(sizes) + 1))
        for name, command in commands.items():
            cells, over = [], 0.0
            for mb in sizes:
                rss, _ = peak_rss_mib(command(mb))
                over = max(over, rss - mb)
                cells.append(f"{rss:.0f}")
            print(f"| {name} | " + " | ".join(cells) + f" | {over:.0f} |", flush=True)

        print("\n--time T: the whole process's wall seconds (start-up, search, tree and output)\n")
        print("| --time | 1 thread | 2 threads | most over T |")
        print("|---|---|---|---|")
        for seconds in [float(x) for x in args.times.split(",")]:
            cells, over = [], 0.0
            for threads in (1, 2):
                command = [dmsolve, "solve", "--variant", "antichess", "--fen", NF3, "--stip", "win", "--hash", "256",
                           "--tablebase-men", "0", "--threads", str(threads), "--time", str(seconds)]
                start = time.monotonic()
                subprocess.run(command, capture_output=True, check=True)
                wall = time.monotonic() - start
                over = max(over, wall - seconds)
                cells.append(f"{wall:.3f}")
            print(f"| {seconds:g} | " + " | ".join(cells) + f" | {over:+.3f} s ({100 * over / seconds:+.1f} %) |",
                  flush=True)


if __name__ == "__main__":
    main()
