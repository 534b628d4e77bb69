#!/usr/bin/env python3
# The judge checked by hand: answers worked out on the board (README.md beside this file says
# why each holds), so that the judge itself is known right before it judges dmsolve.
# Usage: known_answers.py; exit 1 when the judge gives another answer.

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from rules_judge import judge  # noqa: E402

TRAP = "6k1/2Q5/4K3/8/8/8/8/8 w - - 0 5"
CASES = [
    # The chessvariants.com Marseillais trap (issue 55): 1.Qb7,Qf7+ Kh8 and Black has no second
    # move, stalemate by M6; also 1.Qf7+ at once. With no-second-move=pass only the three
    # quiet queen moves to h6 stalemate Black at the start of its turn.
    ("marseillais", (), TRAP, "=1", "keys", "has", {"c7b7,b7f7", "c7f7", "c7c1,c1h6"}),
    ("marseillais", ("no-second-move=pass",), TRAP, "=1", "keys", "equals",
     {"c7c1,c1h6", "c7f4,f4h6", "c7h2,h2h6"}),
    # Orthodox mate in one: K+Q against a cornered king (Qh1+ is no mate: Kg8).
    ("chess", (), "7k/8/6K1/8/8/8/8/Q7 w - - 0 5", "#1", "keys", "equals",
     {"a1a8", "a1g7"}),
    # Orthodox stalemate in one: Kg6 guards g7 and h7; g8 is taken by Qf7 or, along the
    # diagonal, by Qc4.
    ("chess", (), "7k/8/6K1/8/8/8/8/5Q2 w - - 0 5", "=1", "keys", "equals", {"f1f7", "f1c4"}),
    # Popeye's count for issue 55's series stalemate: 116 lines of three turns, and one short.
    ("chess", (), "B1R5/3p4/2bp4/4k3/2P3K1/2P2B2/5R2/8 w - - 0 5", "ser-=3", "lines", "count", 117),
    # Losing Marseillais, lm-king-to-diagonal: Ka5-b4-c3 is taken by the bishop, White has no
    # piece left at the start of its next turn.
    ("losing-marseillais", (), "8/6b1/8/K7/8/8/8/8 w - - 0 5", "win1", "keys", "has",
     {"a5b4,b4c3"}),
]


def main():
    bad = 0
    for case in CASES:
        if case is None:
            continue
        variant, rules, fen, stip, field, how, want = case
        got = judge(variant, fen, stip, rules)[field]
        ok = {"has": lambda: want <= got, "equals": lambda: want == got,
              "count": lambda: len(got) == want}[how]()
        print(f"{'ok ' if ok else 'BAD'} {variant} {' '.join(rules)} {stip} {fen}: {how} "
              f"{sorted(want) if isinstance(want, set) else want}"
              + ("" if ok else f"; the judge: {sorted(got)}"))
        bad += not ok
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
