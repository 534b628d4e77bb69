#!/usr/bin/env python3
# Checks the judge's own move generator (board.py, variants.py) against published perft
# numbers: the orthodox positions without castling rights of /work/shared/testdata/perft
# (perftsuite.epd, cpw_perft_results.tsv, the *.perft files) and shakmaty's antichess perft.
# Usage: perft_check.py [--data DIR] [--max-nodes N]; exit 1 on any difference.

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from variants import Pos, Variant  # noqa: E402
from board import parse_fen  # noqa: E402


def perft(variant, pos, depth):
    if depth == 0:
        return 1
    ts = variant.turns(pos)
    if depth == 1:
        return len(ts)
    return sum(perft(variant, t[2], depth - 1) for t in ts if t[1] == "normal")


def cases(data):
    """(variant, fen, depth, nodes) for every case without castling rights."""
    out = []
    path = os.path.join(data, "perftsuite.epd")
    if os.path.exists(path):
        for line in open(path):
            parts = line.strip().split(";")
            if len(parts) < 2:
                continue
            fen = parts[0].strip()
            for p in parts[1:]:
                d, n = p.strip().split()
                out.append(("chess", fen, int(d[1:]), int(n)))
    for name, variant in (("pythonchess_tricky.perft", "chess"), ("shakmaty_tricky.perft", "chess"),
                          ("shakmaty_antichess.perft", "antichess")):
        path = os.path.join(data, name)
        if not os.path.exists(path):
            continue
        fen = None
        for line in open(path):
            w = line.split()
            if not w:
                continue
            if w[0] == "epd":
                fen = " ".join(w[1:])
            elif w[0] == "perft" and fen:
                out.append((variant, fen, int(w[1]), int(w[2])))
    return [c for c in out if c[1].split()[2] == "-"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default="/work/shared/testdata/perft")
    ap.add_argument("--max-nodes", type=int, default=20000)
    args = ap.parse_args()
    variants = {"chess": Variant("chess"), "antichess": Variant("antichess")}
    checked = bad = 0
    per_variant = {}
    for name, fen, depth, nodes in cases(args.data):
        if nodes > args.max_nodes:
            continue
        fields = fen.split()
        board, side, ep, _ = parse_fen(" ".join(fields[:4]))
        got = perft(variants[name], Pos(board, side, ep, 0), depth)
        checked += 1
        per_variant[name] = per_variant.get(name, 0) + 1
        if got != nodes:
            bad += 1
            print(f"DIFF {name} {fen} depth {depth}: judge {got}, expected {nodes}")
    print(f"perft: {checked} cases checked ({per_variant}), {bad} differences")
    return 1 if bad or len(per_variant) < 2 else 0


if __name__ == "__main__":
    sys.exit(main())
