#!/usr/bin/env python3
"""Finds sound problems for the puzzle collections by random search, solving each with dmsolve.

A candidate is a random sparse position (both kings where the variant has royal kings, plus a
few other pieces), a mutation of a candidate that came close (a few keys too many), or, with
--start, a mutation of a given seed position. Each is solved with `dmsolve solve --json`; a
candidate is kept when it is sound:
  direct/self play: status solved, exactly one key, shortest length == the stipulated length;
  help play: status solved, exactly the wanted number of solutions;
and passes the content filters asked for (--two-move-key, --quiet-key, --min-replies,
--min-turns, --trap: a winN with no #N, --differs: another rule option changes the answer,
--verify: `dmsolve verify` finds no dual either). Kept problems are printed as EPD lines in the
puzzles/README.md format, with the facts the hand reasoning needs in a comment line above.

The collections' entries name their seed; these runs found them (build-puzzles/dmsolve):
  marseillais  --stip '#1' --seed 11 --attempts 4000 --keep 25 --pieces 3-6 --two-move-key
               --stip '=1' --seed 13 --attempts 5000 --keep 8 --pieces 3-6 --two-move-key
               --stip '#2' --seed 15 --attempts 4000 --keep 20 --pieces 4-6 --min-replies 3 --time 1.5
               --stip 'h#1' --side b --seed 17 --attempts 1500 --keep 4 --pieces 3-5
  doublemove   --stip '#1' --seed 22 --attempts 2000 --keep 6 --pieces 4-7 --two-move-key
               --stip '#2' --seed 21 --attempts 6000 --keep 20 --pieces 4-7 --min-replies 3 --time 1.5
                 --mutations 60
  losing-marseillais
               --stip win1 --seed 31 --attempts 3000 --keep 10 --pieces 3-6 --min-replies 2 --two-move-key
               --stip win1 --seed 34 --attempts 3000 --keep 8 --pieces 4-7 --min-replies 2 --two-move-key --verify
               --stip win1 --seed 35 --attempts 3000 --keep 6 --pieces 4-7 --min-replies 3 --two-move-key
               --stip win1 --seed 36 --attempts 5000 --keep 6 --pieces 4-7 --min-replies 3 --two-move-key
                 --min-turns 25 --verify
               --stip win2 --seed 33 --attempts 3000 --keep 6 --pieces 3-6 --min-replies 2 --time 1.5 --verify
  mainzer      --stip 's=1' --corner --mutations 60 --attempts 40000 --keep 12, seeds 43 and 48 with
                 --pieces 4-7, seed 44 with --pieces 4-6 (each then checked: win1 unique, #1 none)
               --stip win1 --trap --corner --attempts 60000 --keep 6 --mutations 60, seed 52 with
                 --pieces 4-7, seed 53 with --pieces 4-6
               --stip '#1' --seed 46 --attempts 3000 --keep 10 --pieces 3-6 --quiet-key
               --stip '#2' --seed 42 --attempts 3000 --keep 10 --pieces 3-6 --min-replies 3 --time 1.5
               --stip '#2' --seed 47 --attempts 5000 --keep 8 --pieces 3-6 --min-replies 3 --quiet-key --time 1.5
               --stip '#2' --seed 54 --attempts 3000 --keep 4 --pieces 3-6 --min-replies 3 --quiet-key --time 1.5
  extramove, progressive-italian, progressive-scottish
               the runs are listed in the header comments of extramove.epd and progressive.epd
The search is deterministic for a seed, but which attempt numbers come up also depends on the
solver's answers and on the filters as they stood when the run was made.

Python 3 standard library only.
"""

import argparse
import json
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

DEFAULT_DMSOLVE = Path(__file__).resolve().parents[2] / "build-puzzles" / "dmsolve"

# Variant -> (board width, royal kings?, attacker's extra pieces, defender's extra pieces).
VARIANTS = {
    "marseillais": (8, True, "QRRBBNNPP", "RBNPPP"),
    "doublemove": (8, True, "QRRBBNNPP", "QRBNPPP"),
    "losing-marseillais": (8, False, "KQRBNPPP", "KQRBNPPP"),
    "mainzer": (11, True, "AMJQRBNPP", "RBNPPJ"),
    "extramove": (8, True, "QRRBBNNPP", "RBNPPP"),
    "progressive-italian": (8, True, "QRRBBNNPP", "RBNPPP"),
    "progressive-scottish": (8, True, "QRRBBNNPP", "RBNPPP"),
}
RANKS = 8
NEAR_MISS = 3  # answers too many that still make a candidate worth mutating


def board_fen(board, width):
    rows = []
    for rank in range(RANKS - 1, -1, -1):
        row, empty = "", 0
        for file in range(width):
            piece = board.get((file, rank))
            if piece is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += piece
        if empty:
            row += str(empty)
        rows.append(row)
    return "/".join(rows)


def fits(piece, square, board):
    """Pawns off the first and last ranks; kings not next to each other; square empty."""
    if square in board:
        return False
    if piece in "Pp" and square[1] in (0, RANKS - 1):
        return False
    if piece in "Kk":
        other = "k" if piece == "K" else "K"
        for (f, r), p in board.items():
            if p == other and abs(f - square[0]) <= 1 and abs(r - square[1]) <= 1:
                return False
    return True


def place(rng, piece, board, width, edge=False):
    """Puts piece on a random fitting square (on the board's edge when edge is set)."""
    for _ in range(200):
        square = (rng.randrange(width), rng.randrange(RANKS))
        if edge and rng.random() < 0.5:
            square = (square[0], rng.choice((0, RANKS - 1)))
        elif edge:
            square = (rng.choice((0, width - 1)), square[1])
        if fits(piece, square, board):
            board[square] = piece
            return True
    return False


def cornered_kings(rng, width):
    """The attacker's king in a corner and the defender's king two squares away, so that the
    attacker's king is already boxed in: a start for stalemate traps."""
    file, rank = rng.choice(((0, 0), (width - 1, 0), (0, RANKS - 1), (width - 1, RANKS - 1)))
    df = 1 if file == 0 else -1
    dr = 1 if rank == 0 else -1
    other = rng.choice(((file + 2 * df, rank), (file + 2 * df, rank + dr), (file, rank + 2 * dr),
                        (file + df, rank + 2 * dr)))
    return {(file, rank): "K", other: "k"}


def random_board(rng, variant, min_pieces, max_pieces, corner=False):
    width, royal, mine, theirs = VARIANTS[variant]
    board = cornered_kings(rng, width) if corner else {}
    count = rng.randint(min_pieces, max_pieces)
    pieces = ["K", "k"] if royal and not corner else []
    count -= len(board)
    while len(pieces) < count:
        if rng.random() < 0.6:
            pieces.append(rng.choice(mine))
        else:
            pieces.append(rng.choice(theirs).lower())
    if not royal and not any(p.isupper() for p in pieces):
        pieces[0] = pieces[0].upper()
    if not royal and not any(p.islower() for p in pieces):
        pieces[-1] = pieces[-1].lower()
    for piece in pieces:
        # The defender's king goes to the edge two times in three: mates are rare in mid-board.
        edge = royal and piece == "k" and rng.random() < 0.67
        if not place(rng, piece, board, width, edge):
            return None
    return board


def parse_board(fen, width):
    board = {}
    for row_index, row in enumerate(fen.split()[0].split("/")):
        rank = RANKS - 1 - row_index
        file, digits = 0, ""
        for ch in row + " ":
            if ch.isdigit():
                digits += ch
                continue
            if digits:
                file += int(digits)
                digits = ""
            if ch != " ":
                board[(file, rank)] = ch
                file += 1
    return board


def mutate(rng, board, variant):
    """One small change: move a piece, remove a non-king piece, or add a piece."""
    width, royal, mine, theirs = VARIANTS[variant]
    new = dict(board)
    roll = rng.random()
    movable = list(new.items())
    if roll < 0.6 and movable:
        square, piece = rng.choice(movable)
        del new[square]
        if not place(rng, piece, new, width):
            return None
    elif roll < 0.8:
        removable = [s for s, p in new.items() if p not in "Kk" or not royal]
        if len(removable) <= 1:
            return None
        del new[rng.choice(removable)]
    else:
        piece = rng.choice(mine) if rng.random() < 0.5 else rng.choice(theirs).lower()
        if not place(rng, piece, new, width):
            return None
    return new


class Solver:
    def __init__(self, dmsolve, variant, rules, seconds, fmvn=None, solution_limit=0):
        self.dmsolve = str(dmsolve)
        self.variant = variant
        self.rules = rules
        self.seconds = seconds
        self.fmvn = fmvn
        # Help play: a candidate with more solutions than a near miss has is cut off there (a
        # random position may have millions, which take minutes and gigabytes to write out).
        self.solution_limit = solution_limit

    def _fen(self, fen):
        """The four EPD fields, with the move number (--fmvn) when one is asked for."""
        return fen if self.fmvn is None or len(fen.split()) > 4 else f"{fen} 0 {self.fmvn}"

    def _rule_args(self, rules):
        args = []
        for rule in rules:
            args += ["--rule", rule]
        return args

    def solve(self, fen, stip, rules=None, threads=1, variant=None):
        cmd = [self.dmsolve, "solve", "--variant", variant or self.variant, "--fen", self._fen(fen), "--stip", stip, "--json",
               "--threads", str(threads), "--hash", "16", "--time", str(self.seconds), "--no-tries"]
        if self.solution_limit and is_help(stip):
            cmd += ["--solution-limit", str(self.solution_limit)]
        cmd += self._rule_args(self.rules if rules is None else rules)
        out = subprocess.run(cmd, capture_output=True, text=True).stdout.strip()
        if not out:
            return None
        return json.loads(out.splitlines()[-1])

    def verdict(self, epd_line):
        """`dmsolve verify`'s verdict summary on one EPD line ("sound", "dual", ...)."""
        with tempfile.NamedTemporaryFile("w", suffix=".epd", delete=False) as f:
            f.write(epd_line + "\n")
        cmd = [self.dmsolve, "verify", f.name, "--json", "--no-tries", "--threads", "1", "--hash", "16",
               "--time", str(self.seconds)]
        out = subprocess.run(cmd, capture_output=True, text=True).stdout
        Path(f.name).unlink()
        for line in out.splitlines():
            if line.startswith("{"):
                return json.loads(line).get("verdict", {}).get("summary", "error")
        return "error"

    def key_san(self, fen, stip):
        """The first key in SAN, from the text output ("key e2e4  (1.e4!)")."""
        cmd = [self.dmsolve, "solve", "--variant", self.variant, "--fen", self._fen(fen), "--stip", stip,
               "--threads", "1",
               "--hash", "16", "--time", str(self.seconds), "--no-tries"] + self._rule_args(self.rules)
        out = subprocess.run(cmd, capture_output=True, text=True).stdout
        found = re.search(r"\b1\.\S+!", out)  # "key e2e4  (1.e4!)" or a tree line "    1.e4! threat: ..."
        return found.group(0) if found else ""

    def after(self, fen, turn):
        cmd = [self.dmsolve, "replay", "--variant", self.variant, "--fen", self._fen(fen), "--json", turn]
        cmd += self._rule_args(self.rules)
        out = subprocess.run(cmd, capture_output=True, text=True).stdout.strip()
        return json.loads(out)["fen"] if out else None

    def turns(self, fen):
        cmd = [self.dmsolve, "perft", "--variant", self.variant, "--fen", self._fen(fen), "--turns", "1", "--json"]
        cmd += self._rule_args(self.rules)
        out = subprocess.run(cmd, capture_output=True, text=True).stdout.strip()
        return json.loads(out)["nodes"] if out else 0


def stip_length(stip):
    digits = "".join(ch for ch in stip if ch.isdigit() or ch == ".")
    return float(digits)


def is_help(stip):
    return stip.startswith("h")


def answers(result, stip):
    return result.get("solutions", []) if is_help(stip) else result.get("keys", [])


def verdict(result, stip, wanted):
    """'sound', 'near' (solved at the right length with a few answers too many) or None.
    wanted: the number of answers, or a (low, high) range of them (help play)."""
    if result is None or result.get("status") != "solved":
        return None
    found = answers(result, stip)
    if not is_help(stip) and result.get("length") != stip_length(stip):
        return None
    low, high = wanted if isinstance(wanted, tuple) else (wanted, wanted)
    if low <= len(found) <= high:
        return "sound"
    if high < len(found) <= high + NEAR_MISS:
        return "near"
    return None


def notes(solver, fen, stip, result, args):
    """Facts for the hand reasoning, and whether the candidate passes the content filters."""
    facts = {}
    cheap_perft = not solver.variant.startswith("progressive") or args.min_replies or args.min_turns
    if not is_help(stip):
        key = result["keys"][0]
        facts["key_moves"] = len([m for m in key.split(",") if m != "0000"])  # a passed move is none
        if cheap_perft:
            after = solver.after(fen, key)
            facts["replies"] = solver.turns(after) if after else 0
        facts["san"] = solver.key_san(fen, stip)
    if cheap_perft:
        facts["turns"] = solver.turns(fen)
    for other_variant in args.differs_variant:
        other = solver.solve(fen, stip, variant=other_variant)
        facts[other_variant] = "same" if other and answers(other, stip) == answers(result, stip) and \
            other.get("status") == result.get("status") else \
            (other.get("status") + " " + " ".join(answers(other, stip)) if other else "error")
    for rule in args.differs:
        other = solver.solve(fen, stip, solver.rules + [rule])
        facts[rule] = "same" if other and answers(other, stip) == answers(result, stip) and \
            other.get("status") == result.get("status") else \
            (other.get("status") + " " + " ".join(answers(other, stip)) if other else "error")
    if args.trap:
        mate = solver.solve(fen, "#" + stip[len("win"):])
        facts["mate_status"] = mate.get("status") if mate else "error"
    keep = True
    if args.trap and facts.get("mate_status") != "no-solution":
        keep = False
    if args.differs and all(facts[r] == "same" for r in args.differs):
        keep = False
    if args.differs_variant and all(facts[v] == "same" for v in args.differs_variant):
        keep = False
    if not is_help(stip) and facts.get("replies", 0) < args.min_replies:
        keep = False
    if args.two_move_key and not is_help(stip) and facts["key_moves"] < 2:
        keep = False
    if facts.get("turns", 0) < args.min_turns:
        keep = False
    if args.quiet_key and not is_help(stip) and ("+" in facts["san"] or "x" in facts["san"]):
        keep = False
    return keep, facts


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", required=True, choices=sorted(VARIANTS))
    parser.add_argument("--rule", action="append", default=[], help="rule option KEY=VALUE for every solve")
    parser.add_argument("--stip", required=True)
    parser.add_argument("--side", default="w", help="side to move in the candidates (w or b)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--attempts", type=int, default=2000)
    parser.add_argument("--keep", type=int, default=12, help="stop after this many kept problems")
    parser.add_argument("--pieces", default="3-6", help="piece count range, kings included")
    parser.add_argument("--solutions", type=int, default=1, help="help play: the wanted number of solutions")
    parser.add_argument("--time", type=float, default=2.0, help="seconds per solve")
    parser.add_argument("--min-replies", type=int, default=0, help="defender's turns after the key, at least")
    parser.add_argument("--min-turns", type=int, default=0, help="the attacker's legal turns at the start, at least")
    parser.add_argument("--two-move-key", action="store_true", help="only keys of two moves")
    parser.add_argument("--verify", action="store_true",
                        help="keep only what `dmsolve verify` calls sound (no duals before the last turn)")
    parser.add_argument("--quiet-key", action="store_true", help="only keys that neither check nor capture")
    parser.add_argument("--trap", action="store_true", help="winN only: no #N solution (a stalemate trap)")
    parser.add_argument("--start", help="a seed position: candidates are its mutations (one or two changes)")
    parser.add_argument("--corner", action="store_true",
                        help="the attacker's king starts boxed in a corner by the defender's king")
    parser.add_argument("--differs", action="append", default=[],
                        help="rule option under which the answer must differ (e.g. no-second-move=pass)")
    parser.add_argument("--differs-variant", action="append", default=[],
                        help="variant under which the answer must differ (e.g. progressive-scottish)")
    parser.add_argument("--fmvn", type=int,
                        help="the move number (FEN and EPD `fmvn`): in progressive chess the series' length; in "
                             "Extra Move 2 or more, so that White's turn is not the one-move first turn")
    parser.add_argument("--solutions-range", help="help play: keep any count of solutions in LOW-HIGH")
    parser.add_argument("--mutations", type=int, default=30, help="mutations tried from each near miss")
    parser.add_argument("--dmsolve", default=str(DEFAULT_DMSOLVE))
    args = parser.parse_args()
    if args.trap and not args.stip.startswith("win"):
        parser.error("--trap needs a winN stipulation")

    rng = random.Random(args.seed)
    width = VARIANTS[args.variant][0]
    low, high = (int(x) for x in args.pieces.split("-"))
    wanted = args.solutions if is_help(args.stip) else 1
    if args.solutions_range and is_help(args.stip):
        wanted = tuple(int(x) for x in args.solutions_range.split("-"))
    most = wanted[1] if isinstance(wanted, tuple) else wanted
    solver = Solver(args.dmsolve, args.variant, args.rule, args.time, args.fmvn, solution_limit=most + NEAR_MISS + 1)
    seen, kept = set(), 0

    def consider(board, label):
        """Solves one board; returns the verdict."""
        fen = board_fen(board, width) + " " + args.side + " - -"
        if fen in seen:
            return None
        seen.add(fen)
        result = solver.solve(fen, args.stip)
        state = verdict(result, args.stip, wanted)
        if state != "sound":
            return state
        keep, facts = notes(solver, fen, args.stip, result, args)
        if not keep:
            return None
        found = answers(result, args.stip)
        field = "keys" if not is_help(args.stip) else "solutions"
        rules = "".join(f" rule {r};" for r in args.rule)
        fmvn = f" fmvn {args.fmvn};" if args.fmvn is not None else ""
        line = (f'{fen} id "{args.variant}-{args.stip}-s{args.seed}-{label}"; variant {args.variant};{rules} '
                f'stip {args.stip};{fmvn} {field} ' + " ".join(f'"{a}"' for a in found) +
                f'; author "dmsolve find_problems.py"; source "find_problems.py seed {args.seed}, attempt {label}";')
        if args.verify and solver.verdict(line) != "sound":
            return None
        print(f"# {json.dumps(facts)} seconds={result.get('seconds', 0):.3f}")
        print(line, flush=True)
        return state

    for attempt in range(args.attempts):
        if kept >= args.keep:
            break
        if args.start:
            board = parse_board(args.start, width)
            for _ in range(rng.randint(1, 2)):
                board = mutate(rng, board, args.variant) if board else None
        else:
            board = random_board(rng, args.variant, low, high, args.corner)
        if board is None:
            continue
        state = consider(board, str(attempt))
        if state == "sound":
            kept += 1
        elif state == "near":
            for m in range(args.mutations):
                child = mutate(rng, board, args.variant)
                if child is None:
                    continue
                if consider(child, f"{attempt}.m{m}") == "sound":
                    kept += 1
                    break
    print(f"# done: {kept} kept, {len(seen)} solved", file=sys.stderr)


if __name__ == "__main__":
    main()
