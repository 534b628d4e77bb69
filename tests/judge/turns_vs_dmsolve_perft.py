#!/usr/bin/env python3
# A diagnostic of the judge's own turn generator (variants.py), not part of its judging: the
# number of whole-turn sequences of depth D from random small positions, against
# `dmsolve perft --turns D`. Counting convention: a turn that ends with the mover stuck (M6/L4
# stalemate, P3) ends the game and is not counted as a sequence, as dmsolve counts.
# Usage: turns_vs_dmsolve_perft.py DMSOLVE VARIANT [--rule K=V] [--count N] [--seed S]
#        [--depth D]; exit 1 on any difference.

import argparse
import os
import random
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from board import board_fen, in_check, other, parse_fen  # noqa: E402
from variants import Pos, Variant  # noqa: E402


def count(v, pos, depth):
    ts = v.turns(pos)
    if depth == 1:
        return sum(1 for t in ts if t[1] != "stuck")
    return sum(count(v, t[2], depth - 1) for t in ts if t[1] == "normal")


def random_board(rng, v):
    while True:
        b = ["."] * 64
        kings = not v.losing or rng.random() < 0.5
        pieces = (["K", "k"] if kings else []) + \
            [rng.choice("QRBNPPPP") for _ in range(rng.randint(2, 4))]
        pieces = [p if kings and i < 2 else (p if rng.random() < 0.5 else p.lower())
                  for i, p in enumerate(pieces)]
        for p in pieces:
            for _ in range(50):
                if p in "Pp" and rng.random() < 0.7:  # near the start rank: two-steps, e.p.
                    ranks = (1, 2, 3) if p == "P" else (6, 5, 4)
                    sq = rng.choice([r * 8 + f for r in ranks for f in range(8)])
                else:
                    sq = rng.randrange(64)
                if b[sq] == "." and not (p in "Pp" and sq // 8 in (0, 7)):
                    b[sq] = p
                    break
        side = rng.choice("wb")
        if not any(c.isupper() for c in b) or not any(c.islower() for c in b):
            continue
        if kings and in_check(tuple(b), other(side)):
            continue
        return tuple(b), side


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dmsolve")
    ap.add_argument("variant")
    ap.add_argument("--rule", action="append", default=[])
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--depth", type=int, default=2)
    args = ap.parse_args()
    opts = dict(r.split("=", 1) for r in args.rule)
    rng = random.Random(args.seed)
    bad = 0
    for _ in range(args.count):
        v = Variant(args.variant, opts.get("no-second-move", "stalemate"))
        board, side = random_board(rng, v)
        series = 2 if v.progressive else 5
        fen = f"{board_fen(board)} {side} - - 0 {series}"
        b, s, ep, n = parse_fen(fen)
        mine = count(v, Pos(b, s, ep, n if v.progressive else 0), args.depth)
        cmd = [args.dmsolve, "perft", "--variant", args.variant, "--fen", fen,
               "--turns", str(args.depth)]
        for r in args.rule:
            cmd += ["--rule", r]
        out = subprocess.run(cmd, capture_output=True, text=True).stdout
        m = re.search(r"^nodes (\d+)", out, re.M)
        theirs = int(m.group(1)) if m else None
        if theirs != mine:
            bad += 1
            print(f"DIFF {args.variant} {fen}: judge {mine}, dmsolve {theirs}")
    print(f"{args.variant} {' '.join(args.rule)}: {args.count} positions, {bad} differences")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
