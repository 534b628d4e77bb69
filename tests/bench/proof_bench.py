#!/usr/bin/env python3
"""The unbounded proof search (win, lose) on independent losing-chess data, with figures.

Two sets from ../shared/testdata/antichess (origins in its README):
  watkins  Mark Watkins' leaf positions of his proof that 1.e3 wins losing chess, each a win
           for White whoever moves: `win` where White moves, `lose` where Black does. Counts
           how many dmsolve proves within --time seconds each (every proof it claims is also
           checked by `dmsolve check-proof`, which shares no code with the search).
  nilatac  the first moves Nilatac proved losing (first line of nilatac_solved-openings.txt):
           `win` for Black after each, with the nodes, seconds and proof size.
Prints one line per position with --verbose, and the totals: proven, nodes/s per thread.

usage: tests/bench/proof_bench.py [--dmsolve build/dmsolve] [--set watkins|nilatac]
                                  [--count N] [--time S] [--threads T] [--jobs J] [--verbose]
                                  [--tablebase-men N] [--tablebase-dir DIR] [--men LO-HI]
--jobs runs J positions at a time (each with --threads threads). The endgame tables (3 men by
default; 0: none) are made in the first positions that need them, and, with --tablebase-dir,
kept there for the next run: run twice to see the search with the tables made.
"""

import argparse
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TESTDATA = os.path.join(HERE, "..", "..", "..", "shared", "testdata", "antichess")
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"


def men(fen):
    return sum(ch.isalpha() for ch in fen.split()[0])


def watkins_positions(count):
    rows = []
    with open(os.path.join(TESTDATA, "watkins_e3_leaf_positions_sample2000.tsv")) as f:
        for line in f:
            if line.startswith("#") or line.startswith("fen\t"):
                continue
            fen = line.split("\t")[0]
            rows.append((fen, "win" if fen.split()[1] == "w" else "lose"))
    step = max(1, len(rows) // count)  # spread over the sample, which is sorted by men
    return rows[::step][:count]


def nilatac_positions(binary):
    with open(os.path.join(TESTDATA, "nilatac_solved-openings.txt")) as f:
        first = next(line for line in f if line.strip() and not line.startswith("#"))
    moves = first.strip().split("/")  # "Nc3/Nf3/d3/...": each a first move proven losing
    out = []
    for move in moves:
        replay = subprocess.run([binary, "replay", "--variant", "antichess", "--fen", START, "1." + move, "--json"],
                                capture_output=True, text=True)
        if replay.returncode != 0:
            sys.exit(f"cannot play 1.{move}: {replay.stderr.strip()}")
        out.append((json.loads(replay.stdout)["fen"], "win", "1." + move))
    return out


def prove(binary, fen, stip, seconds, threads, proof, tables):
    run = subprocess.run([binary, "solve", "--variant", "antichess", "--fen", fen, "--stip", stip, "--time",
                          str(seconds), "--threads", str(threads), "--json", "--no-check", "--proof", proof] + tables,
                         capture_output=True, text=True)
    return json.loads(run.stdout.splitlines()[0])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dmsolve", default=os.path.join(HERE, "..", "..", "build", "dmsolve"))
    parser.add_argument("--set", choices=["watkins", "nilatac"], default="watkins")
    parser.add_argument("--count", type=int, default=2000, help="watkins: positions, spread over the sample")
    parser.add_argument("--time", type=float, default=10.0, help="seconds per position")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="positions solved at a time")
    parser.add_argument("--tablebase-men", type=int, default=3)
    parser.add_argument("--tablebase-dir", default="")
    parser.add_argument("--men", default="", help="watkins: only the positions of LO-HI men (of those spread)")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    tables = ["--tablebase-men", str(args.tablebase_men)]
    if args.tablebase_dir:
        tables += ["--tablebase-dir", args.tablebase_dir]

    if args.set == "watkins":
        positions = [(fen, stip, fen) for fen, stip in watkins_positions(args.count)]
        if args.men:
            low, _, high = args.men.partition("-")
            positions = [p for p in positions if int(low) <= men(p[0]) <= int(high or low)]
    else:
        positions = nilatac_positions(args.dmsolve)
    proven = nodes = seconds = proof_nodes = 0
    rejected = []
    with tempfile.TemporaryDirectory() as tmp:
        def run(index):
            fen, stip, name = positions[index]
            proof = os.path.join(tmp, f"{index}.proof")
            result = prove(args.dmsolve, fen, stip, args.time, args.threads, proof, tables)
            accepted = None
            if result["status"] == "solved":
                check = subprocess.run([args.dmsolve, "check-proof", proof], capture_output=True, text=True)
                accepted = check.returncode == 0
                os.remove(proof)
            return name, stip, result, accepted

        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            for name, stip, result, accepted in pool.map(run, range(len(positions))):
                nodes += result["nodes"]
                seconds += result["seconds"]
                size = ""
                if accepted is False:
                    rejected.append(name)
                elif accepted:
                    proven += 1
                    proof_nodes += result["proof"]["nodes"]
                    size = f"  proof {result['proof']['nodes']} nodes, depth {result['proof']['depth']}"
                if args.verbose:
                    print(f"{name}  {stip}  {result['status']}  {result['nodes']} nodes  {result['seconds']:.1f} s{size}",
                          flush=True)
    rate = nodes / seconds / args.threads if seconds else 0
    print(f"{args.set}: {proven} of {len(positions)} proven within {args.time:g} s each "
          f"({args.threads} threads, tables of {args.tablebase_men} men); {nodes} nodes in {seconds:.0f} s, {rate / 1e6:.2f} M nodes/s per thread; "
          f"proofs {proof_nodes} nodes in all")
    if rejected:
        print(f"PROOFS REJECTED by check-proof: {', '.join(rejected)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
