#!/usr/bin/env python3
# The independent judge from the command line: the keys (or help lines, or the lose value) of
# one problem, from the judge's own rules (variants.py, stipulations.py), never dmsolve.
# Usage: rules_judge.py --variant V [--rule no-second-move=pass] --fen FEN --stip S

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from board import parse_fen  # noqa: E402
from stipulations import Judge  # noqa: E402
from variants import Pos, Variant  # noqa: E402


def position(variant, fen):
    board, side, ep, move_number = parse_fen(fen)
    return Pos(board, side, ep, move_number if variant.progressive else 0)


def judge(variant_name, fen, stip, rules=(), max_lines=20000, budget=None):
    """The judge's answer; OverflowError past max_lines help lines or `budget` positions."""
    opts = dict(r.split("=", 1) for r in rules)
    variant = Variant(variant_name, opts.get("no-second-move", "stalemate"), budget)
    return Judge(variant, max_lines).solve(position(variant, fen), stip)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--variant", required=True)
    ap.add_argument("--rule", action="append", default=[])
    ap.add_argument("--fen", required=True)
    ap.add_argument("--stip", required=True)
    args = ap.parse_args()
    answer = judge(args.variant, args.fen, args.stip, args.rule)
    for name, value in answer.items():
        if isinstance(value, set):
            print(f"{name} ({len(value)}):")
            for item in sorted(value):
                print("  " + item)
        else:
            print(f"{name}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
