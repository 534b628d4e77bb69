#!/usr/bin/env python3
"""Perft speed of dmsolve against Debian's stockfish and fairy-stockfish, in the same run.

Each engine's perft is timed alone, without its start-up: dmsolve reports the seconds of its
own perft in its JSON; the UCI engines are started, set up and made ready first, and timed
from "go perft" to their "Nodes searched" line. Every measurement is the best of --runs runs,
since these machines are shared and noisy. Prints the times, the nodes per second and the
ratios the project's goals are stated in:

  orthodox start depth 6:  dmsolve vs stockfish (goal: within 2x) and vs fairy-stockfish (goal: faster)
  Mainzer start depth 5:   dmsolve vs fairy-stockfish (goal: faster)
  Marseillais by moves:    dmsolve nodes/s as a fraction of its orthodox nodes/s (goal: >= 0.8)

usage: tests/bench/perft_bench.py [--dmsolve build/dmsolve] [--runs 3] [--quick]
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
MAINZER_INI = os.path.join(HERE, "..", "reference", "mainzer", "variants.ini")


def dmsolve_perft(binary, variant, depth):
    out = subprocess.run([binary, "perft", "--variant", variant, "--depth", str(depth), "--json"],
                         check=True, capture_output=True, text=True).stdout
    result = json.loads(out)
    return result["nodes"], result["seconds"]


def uci_perft(binary, depth, setup):
    """Times `go perft depth` in a UCI engine after `setup` commands, start-up excluded."""
    engine = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(line):
        engine.stdin.write(line + "\n")
        engine.stdin.flush()

    def wait_for(prefix):
        for line in engine.stdout:
            if line.startswith(prefix):
                return line
        raise RuntimeError(f"{binary} ended before printing {prefix!r}")

    send("uci")
    wait_for("uciok")
    for command in setup:
        send(command)
    send("isready")
    wait_for("readyok")
    start = time.perf_counter()
    send(f"go perft {depth}")
    nodes = int(wait_for("Nodes searched").split(":")[1])
    seconds = time.perf_counter() - start
    send("quit")
    engine.wait()
    return nodes, seconds


def best_of(runs, measure):
    results = [measure() for _ in range(runs)]
    nodes = {n for n, _ in results}
    if len(nodes) != 1:
        raise RuntimeError(f"node counts differ between runs: {nodes}")
    return nodes.pop(), min(s for _, s in results)


def find_engine(name):
    return shutil.which(name) or shutil.which(name, path="/usr/games")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dmsolve", default=os.path.join(HERE, "..", "..", "build", "dmsolve"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="one depth less everywhere (a smoke run)")
    args = parser.parse_args()
    stockfish = find_engine("stockfish")
    fairy = find_engine("fairy-stockfish")
    if not stockfish or not fairy:
        sys.exit("perft_bench: needs Debian's stockfish and fairy-stockfish (apt-get install stockfish fairy-stockfish)")
    orthodox_depth = 5 if args.quick else 6
    mainzer_depth = 4 if args.quick else 5

    rows = []

    def measure(label, engine, measure_fn):
        nodes, seconds = best_of(args.runs, measure_fn)
        rows.append((label, engine, nodes, seconds))
        print(f"{label:<28} {engine:<16} {nodes:>12} nodes {seconds:8.3f} s {nodes / seconds / 1e6:8.1f} Mnodes/s",
              flush=True)
        return nodes, seconds

    chess_nodes, ours = measure(f"orthodox start, depth {orthodox_depth}", "dmsolve",
                                lambda: dmsolve_perft(args.dmsolve, "chess", orthodox_depth))
    sf_nodes, sf = measure(f"orthodox start, depth {orthodox_depth}", "stockfish",
                           lambda: uci_perft(stockfish, orthodox_depth, ["position startpos"]))
    fsf_nodes, fsf = measure(f"orthodox start, depth {orthodox_depth}", "fairy-stockfish",
                             lambda: uci_perft(fairy, orthodox_depth, ["position startpos"]))
    mainzer_setup = [f"setoption name VariantPath value {MAINZER_INI}", "setoption name UCI_Variant value mainzer",
                     "position startpos"]
    mz_nodes, mz_ours = measure(f"Mainzer start, depth {mainzer_depth}", "dmsolve",
                                lambda: dmsolve_perft(args.dmsolve, "mainzer", mainzer_depth))
    mz_fsf_nodes, mz_fsf = measure(f"Mainzer start, depth {mainzer_depth}", "fairy-stockfish",
                                   lambda: uci_perft(fairy, mainzer_depth, mainzer_setup))
    ms_nodes, ms = measure(f"Marseillais start, depth {orthodox_depth}", "dmsolve",
                           lambda: dmsolve_perft(args.dmsolve, "marseillais", orthodox_depth))
    dm_nodes, dm = measure(f"Double Move start, depth {orthodox_depth}", "dmsolve",
                           lambda: dmsolve_perft(args.dmsolve, "doublemove", orthodox_depth))

    if chess_nodes != sf_nodes or chess_nodes != fsf_nodes or mz_nodes != mz_fsf_nodes:
        sys.exit("perft_bench: the engines disagree on a node count")
    print()
    print(f"orthodox: dmsolve time / stockfish time       = {ours / sf:5.2f}   (goal <= 2)")
    print(f"orthodox: dmsolve time / fairy-stockfish time = {ours / fsf:5.2f}   (goal < 1)")
    print(f"Mainzer:  dmsolve time / fairy-stockfish time = {mz_ours / mz_fsf:5.2f}   (goal < 1)")
    print(f"Marseillais nodes/s / orthodox nodes/s        = {(ms_nodes / ms) / (chess_nodes / ours):5.2f}   (goal >= 0.8)")
    print(f"Double Move nodes/s / orthodox nodes/s        = {(dm_nodes / dm) / (chess_nodes / ours):5.2f}")


if __name__ == "__main__":
    main()
