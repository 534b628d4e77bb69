#!/usr/bin/env python3
"""One problem per endgame-table material, as EPD for `dmsolve solve FILE`: solving the file
with `--tablebase-men N` makes (or reads) the table of every material of N men, since each root
is probed (reports/openings.md, "Losing Marseillais endgame tables").

Usage: table_materials.py MEN [--variant losing-marseillais] > FILE.epd

Every material of MEN men in which each side has a man; for Losing Marseillais only those in
which one side at most has pawns (the others have no tables: solver/tablebase/losing_table.h).
White's men stand on a2, b2, a3 and Black's on h7, h6, h5, so that no root has a capture (a
root with one is decided by its captures, and its own table would not be asked for).
"""
import argparse
import itertools

KINDS = "KQRBNP"
WHITE_SQUARES = ["a2", "b2", "a3"]
BLACK_SQUARES = ["h7", "h6", "h5"]


def board(white, black):
    men = dict(zip(WHITE_SQUARES, white))
    men.update(zip(BLACK_SQUARES, (k.lower() for k in black)))
    ranks = []
    for rank in range(8, 0, -1):
        row, empty = "", 0
        for file in "abcdefgh":
            man = men.get(f"{file}{rank}")
            if man:
                row += (str(empty) if empty else "") + man
                empty = 0
            else:
                empty += 1
        ranks.append(row + (str(empty) if empty else ""))
    return "/".join(ranks)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("men", type=int, choices=[2, 3, 4])
    parser.add_argument("--variant", default="losing-marseillais", choices=["antichess", "losing-marseillais"])
    args = parser.parse_args()
    for white_men in range(1, args.men):
        for white in itertools.combinations_with_replacement(KINDS, white_men):
            for black in itertools.combinations_with_replacement(KINDS, args.men - white_men):
                if args.variant == "losing-marseillais" and "P" in white and "P" in black:
                    continue
                name = "".join(white) + "v" + "".join(black)
                print(f'{board(white, black)} w - - id "{name}"; variant {args.variant}; stip win1;')


if __name__ == "__main__":
    main()
