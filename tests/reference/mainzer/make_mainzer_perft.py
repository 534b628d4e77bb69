#!/usr/bin/env python3
"""Regenerate tests/data/mainzer_perft.tsv, the Mainzer Schach perft reference.

The numbers come from Fairy-Stockfish (Debian's /usr/games/fairy-stockfish,
version 11.1 "LB" large-board build) with the variant definition in
variants.ini next to this script.  Standard library only.

What it does (deterministically; fixed random seed, no timing in the output):
  1. start position, perft 1..5 (depth 5 is marked slow);
  2. biased random playouts from the start position and from a few
     hand-seeded positions; at every ply the legal move list is FSF's
     `go perft 1` divide and the FEN is FSF's `d` output;
  3. picks >= 24 positions "from play" so that, judged from the legal move
     list only, the set contains: White to move with both castlings legal,
     the same for Black, e.p. legal for each colour, promotion (all 7
     promotion pieces present) for each colour, side to move in check, plus
     castling rights present but castling illegal, and ordinary positions;
  4. adds hand-made positions: check + pins along Janus/Marshall/Amazon lines,
     a double check, and an e.p. capture forbidden by a Janus pin;
  5. perft for each position at depths 1..D, D the deepest depth with at most
     ~3.5M nodes; a few positions get one more depth (up to ~60M, `slow`).

Usage (from the repository root):
    python3 tests/reference/mainzer/make_mainzer_perft.py
    python3 tests/reference/mainzer/make_mainzer_perft.py --check   # compare only

Castling in FSF's UCI output for this (non-960) variant is written as the
king's move to its destination: f1j1 (O-O), f1b1 (O-O-O), f8j8, f8b8.
"""

import argparse
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
INI = os.path.join(HERE, "variants.ini")
OUT = os.path.join(REPO, "tests", "data", "mainzer_perft.tsv")
ENGINE = "/usr/games/fairy-stockfish"

SEED = 20240611
START = "rjbbqkmnnjr/ppppppppppp/11/11/11/11/PPPPPPPPPPP/RJBBQKMNNJR w KQkq - 0 1"
FILES = "abcdefghijk"
PROMO_PIECES = set("amqrjnb")
NORMAL_MAX = 3_500_000     # deepest "fast" row: roughly 3M nodes at most
SLOW_MAX = 60_000_000      # the extra "slow" depth of a few positions
SLOW_MARK = 5_000_000      # rows above this get the `slow` feature

# Seeds for playouts (legal, consistent positions: rights only with K on f1/f8
# and the rooks on a/k).
SEEDS = [
    # both armies developed, castling paths almost clear
    ("developed",
     "r4k4r/pppjbqmjppp/3pnbnp3/4ppp4/4PPP4/3PNBNP3/PPPJBQMJPPP/R4K4R w KQkq - 0 12"),
    # pawns close to promotion on both sides, an Amazon each
    ("promo",
     "n4k2r2/1P5P2p/3p7/6a4/4A6/7P3/p1p5p1P/R4K5 w Q - 0 30"),
    # pawn wall in the middle, double steps next to enemy pawns likely
    ("pawns",
     "rjbbqkmnnjr/pp1pp1pp1pp/11/2p2p2p2/1P2P2P2P/11/P1PP1PP1PP1/RJBBQKMNNJR w KQkq - 0 5"),
]

# Hand-made positions: (id, fen, note).  The note documents what is tested.
HAND = [
    ("h1-check-amazon-jump-pinned-N",
     "r8k1/8ppp/1b9/5m5/11/2J2N1M3/P2a2P4/1R3K4R w K - 0 1",
     "Ad2 checks Kf1 by its knight jump; Nf3 could take it but is pinned by "
     "Mf5 on the f-file; only Jc3xd2 (bishop line); O-O forbidden (check)"),
    ("h2-check-janus-pinned-M-J",
     "rA1m1k4r/p5jn2p/11/2J5Q2/11/11/PPP5PPP/5K5 b kq - 0 1",
     "Jc5 checks along c5-f8; Md8 pinned on the 8th rank by Ab8 (may slide "
     "on the rank only), Jg7 pinned by Qi5 on the diagonal"),
    ("h3-double-check-M-J",
     "r4k3r1/pp3p1p1pp/2n8/11/3A4j2/1P2m6/PJ8P/5K4M w - - 0 1",
     "double check: Me3 knight jump + Ji4 diagonal; Ad4xe3 is illegal"),
    ("h4-check-marshall-pinned-A-J",
     "5k4r/pp7pp/3j3a3/7n3/r8J1/A10/PP3M3PP/1K9 b k - 0 1",
     "Mf2 checks on the f-file; black Ah6 pinned by Jj4, black Jd6 pinned "
     "by Aa3, neither may block; Ra4-f4, Nh5-f4/f6 block"),
    ("h5-ep-pinned-pawn",
     "r4k5/pp4jpp2/11/2PpP6/11/2K8/PP5PP2/M8A1 w q d6 0 20",
     "e.p. on d6: c5xd6 legal, e5xd6 illegal (Pe5 pinned by Jg7 against Kc3)"),
]


class Engine:
    def __init__(self, path, ini):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  universal_newlines=True, bufsize=1)
        self.banner = self.readline()
        self.send("uci")
        self.id_name = None
        for line in self.read_until(lambda l: l == "uciok"):
            if line.startswith("id name "):
                self.id_name = line[len("id name "):]
        self.send("setoption name VariantPath value " + ini)
        self.send("setoption name UCI_Variant value mainzer")
        lines = self.sync()
        info = [l for l in lines if l.startswith("info string variant mainzer")]
        if not info or " files 11 ranks 8 " not in info[0]:
            sys.exit("engine did not load the mainzer variant: %r" % lines)
        self.variant_info = info[0]

    def send(self, cmd):
        self.p.stdin.write(cmd + "\n")
        self.p.stdin.flush()

    def readline(self):
        line = self.p.stdout.readline()
        if not line:
            sys.exit("engine died")
        return line.rstrip("\n")

    def read_until(self, pred):
        out = []
        while True:
            line = self.readline()
            out.append(line)
            if pred(line):
                return out

    def sync(self):
        self.send("isready")
        return self.read_until(lambda l: l == "readyok")

    def set_position(self, fen, moves=()):
        cmd = "position fen " + fen
        if moves:
            cmd += " moves " + " ".join(moves)
        self.send(cmd)

    def board(self, fen, moves=()):
        """Return (fen, checkers) as printed by `d`."""
        self.set_position(fen, moves)
        self.send("d")
        out_fen, checkers = None, None
        for line in self.sync():
            if line.startswith("Fen: "):
                out_fen = line[5:].strip()
            elif line.startswith("Checkers:"):
                checkers = line[len("Checkers:"):].split()
        if out_fen is None or checkers is None:
            sys.exit("could not read `d` output for " + fen)
        return out_fen, checkers

    def divide(self, fen, depth):
        self.set_position(fen)
        self.send("go perft %d" % depth)
        div = {}
        for line in self.read_until(lambda l: l.startswith("Nodes searched:")):
            if ":" in line and not line.startswith("Nodes"):
                mv, _, n = line.partition(":")
                n = n.strip()
                if n.isdigit() and 4 <= len(mv) <= 5:
                    div[mv.strip()] = int(n)
        total = int(line.split(":")[1])
        if sum(div.values()) != total:
            sys.exit("divide does not add up for " + fen)
        return div, total

    def close(self):
        self.send("quit")
        self.p.wait()


def parse_board(fen):
    board = {}
    rows = fen.split()[0].split("/")
    assert len(rows) == 8, fen
    for i, row in enumerate(rows):
        rank = 8 - i
        f, num = 0, ""
        for ch in row + " ":
            if ch.isdigit():
                num += ch
                continue
            if num:
                f += int(num)
                num = ""
            if ch == " ":
                break
            board[FILES[f] + str(rank)] = ch
            f += 1
        assert f == 11, fen
    return board


class Pos:
    """A position judged by FSF: normalised FEN, legal moves and features."""

    def __init__(self, eng, fen):
        fsf_fen, checkers = eng.board(fen)
        self.checkers = checkers
        div, _ = eng.divide(fsf_fen, 1)
        self.moves = sorted(div)
        self.board = parse_board(fsf_fen)
        f = fsf_fen.split()
        self.stm = f[1]
        # KQkq must mean: king on f1/f8 and the rook in the corner (FSF would
        # otherwise attach the right to some other rook on the back rank).
        for right in f[2].replace("-", ""):
            r0 = "1" if right.isupper() else "8"
            corner = ("k" if right in "Kk" else "a") + r0
            king, rook = ("K", "R") if right.isupper() else ("k", "r")
            if self.board.get("f" + r0) != king or self.board.get(corner) != rook:
                sys.exit("castling right %s inconsistent in %s" % (right, fsf_fen))
        white = self.stm == "w"
        r = "1" if white else "8"
        king = "K" if white else "k"
        feats = set()
        # castle_refused: the right is in the FEN but that castling is not
        # legal; castle_attacked: ... although the king is not in check and
        # every square between king and rook is empty (so an attacked square
        # on the king's way is the only reason).
        self.castle_refused = False
        self.castle_attacked = False
        colour = "white" if white else "black"
        if self.board.get("f" + r) == king:
            for side, to, between in (("K", "j", "ghij"), ("Q", "b", "bcde")):
                if "f%s%s%s" % (r, to, r) in div:
                    feats.add("castle-%s-%s" % (side, colour))
                elif (side if white else side.lower()) in f[2]:
                    self.castle_refused = True
                    if not checkers and not any(c + r in self.board for c in between):
                        self.castle_attacked = True
        # e.p.: keep the square only if a pawn of the side to move can really
        # take e.p. now (FSF prints it after any two-step next to a pawn).
        ep = f[3]
        self.ep_legal = False
        if ep != "-":
            pawn = "P" if white else "p"
            for m in div:
                if (len(m) == 4 and m[2:4] == ep and m[0] != m[2]
                        and self.board.get(m[0:2]) == pawn):
                    self.ep_legal = True
        if self.ep_legal:
            feats.add("ep")
        else:
            f[3] = "-"
        promos = {m[4] for m in div if len(m) == 5}
        if promos:
            if promos != PROMO_PIECES:
                sys.exit("unexpected promotion set %s in %s" % (promos, fsf_fen))
            feats.add("promo")
        if checkers:
            feats.add("check")
        self.features = feats
        self.fen = " ".join(f)
        self.key = " ".join(f[:4])


def capture(board, mv):
    return mv[2:4] in board or (board.get(mv[0:2], " ").lower() == "p" and mv[0] != mv[2])


def weight(pos, mv, style):
    """Move weight for a playout style (only used to steer random play)."""
    b = pos.board
    piece = b.get(mv[0:2], "?")
    kind = piece.lower()
    white = piece.isupper()
    frm_rank, to_rank = int(mv[1]), int(mv[3])
    back = 1 if white else 8
    cap = capture(b, mv)
    castle = kind == "k" and abs(FILES.index(mv[0]) - FILES.index(mv[2])) > 1
    if style == "uniform":
        return 1.0
    if style == "develop":          # keep king and rooks home, clear the back rank
        if castle:
            return 0.3
        if kind in "kr":
            return 0.15
        if frm_rank == back:
            return 6.0
        if kind == "p":
            return 2.5 if abs(to_rank - frm_rank) == 2 else 1.5
        return 3.0 if cap else 1.0
    if style == "ep":               # two-steps landing beside an enemy pawn
        if kind == "p":
            if abs(to_rank - frm_rank) == 2:
                enemy = "p" if white else "P"
                fi = FILES.index(mv[2])
                beside = [FILES[x] + mv[3] for x in (fi - 1, fi + 1) if 0 <= x < 11]
                return 40.0 if any(b.get(s) == enemy for s in beside) else 4.0
            if to_rank == (5 if white else 4):
                return 8.0
            return 2.0
        if castle:
            return 0.5
        return 2.0 if cap else 0.6
    if style == "pawnrace":         # push passed pawns, promote
        if kind == "p":
            adv = to_rank if white else 9 - to_rank
            return 1.0 + adv * adv
        return 2.0 if cap else 0.5
    raise ValueError(style)


def playout(eng, rng, fen, plies, style, source, seen, cands):
    for ply in range(plies):
        pos = Pos(eng, fen)
        # ply 0 (the seed or start position itself) is not "from play"
        if ply > 0 and pos.key not in seen:
            seen.add(pos.key)
            pos.source = "%s ply %d (%s)" % (source, ply, style)
            pos.ply = ply
            pos.game = source
            cands.append(pos)
        if not pos.moves:
            return
        ws = [weight(pos, m, style) for m in pos.moves]
        mv = rng.choices(pos.moves, ws)[0]
        fen, _ = eng.board(fen, [mv])


def white_side(pos):
    return pos.stm == "w"


def select(rng, cands):
    """Pick the 'from play' positions; returns list of (tag, Pos)."""
    chosen, used, used_games = [], set(), set()

    def take(tag, pred, n):
        pool = [p for p in cands if p.key not in used and p.moves and pred(p)]
        # at most one position per playout while other playouts can serve
        fresh = [p for p in pool if p.game not in used_games]
        if len(fresh) >= n:
            pool = fresh
        # prefer richer positions (more legal moves) but stay random
        pool.sort(key=lambda p: (-len(p.moves), p.key))
        pool = pool[: max(n * 4, 8)]
        got = 0
        while pool and got < n:
            p = pool.pop(rng.randrange(len(pool)))
            used.add(p.key)
            used_games.add(p.game)
            chosen.append((tag, p))
            got += 1
        if got < n:
            sys.exit("not enough candidate positions for %s (%d/%d)" % (tag, got, n))

    F = lambda p: p.features
    take("castle2-w", lambda p: {"castle-K-white", "castle-Q-white"} <= F(p), 3)
    take("castle2-b", lambda p: {"castle-K-black", "castle-Q-black"} <= F(p), 3)
    # one castling legal, the other refused although the right is there
    take("castle1-w", lambda p: white_side(p) and len(F(p) & {"castle-K-white", "castle-Q-white"}) == 1
         and p.castle_refused, 1)
    take("castle1-b", lambda p: not white_side(p) and len(F(p) & {"castle-K-black", "castle-Q-black"}) == 1
         and p.castle_refused, 1)
    # castling refused only because the king would cross/land on an attacked square
    take("castle-att-w", lambda p: white_side(p) and p.castle_attacked, 1)
    take("castle-att-b", lambda p: not white_side(p) and p.castle_attacked, 1)
    take("ep-w", lambda p: "ep" in F(p) and white_side(p), 2)
    take("ep-b", lambda p: "ep" in F(p) and not white_side(p), 2)
    take("promo-w", lambda p: "promo" in F(p) and white_side(p), 2)
    take("promo-b", lambda p: "promo" in F(p) and not white_side(p), 2)
    take("check-w", lambda p: "check" in F(p) and white_side(p), 1)
    take("check-b", lambda p: "check" in F(p) and not white_side(p), 1)
    take("amazon", lambda p: any(c in "aA" for c in p.board.values()) and "promo" not in F(p), 1)
    take("open", lambda p: p.ply >= 25 and p.source.startswith("start"), 3)
    take("early", lambda p: 4 <= p.ply < 25 and p.source.startswith("start"), 3)
    return chosen


def perft_rows(eng, fen, slow_ok):
    """[(depth, nodes)] for depths 1..D (<= NORMAL_MAX) plus maybe one slow."""
    rows = []
    d = 1
    while True:
        _, n = eng.divide(fen, d)
        if n > NORMAL_MAX:
            if slow_ok and n <= SLOW_MAX:
                rows.append((d, n))
            return rows
        rows.append((d, n))
        if n == 0:
            return rows
        prev = rows[-2][1] if len(rows) > 1 else 1
        predicted = n * n / max(prev, 1)
        limit = SLOW_MAX if slow_ok else 3 * NORMAL_MAX
        if predicted > limit * 1.5:
            return rows
        d += 1


def build(eng):
    rng = random.Random(SEED)
    seen, cands = set(), []
    for i in range(6):
        playout(eng, rng, START, 70, "uniform", "start#%d" % i, seen, cands)
    for i in range(6):
        playout(eng, rng, START, 40, "develop", "start#%d" % (6 + i), seen, cands)
    for i in range(6):
        playout(eng, rng, START, 40, "ep", "start#%d" % (12 + i), seen, cands)
    for i in range(4):
        playout(eng, rng, START, 90, "pawnrace", "start#%d" % (18 + i), seen, cands)
    for name, fen in SEEDS:
        styles = {"developed": ["develop", "uniform"], "promo": ["pawnrace", "uniform"],
                  "pawns": ["ep", "uniform"]}[name]
        for i in range(6):
            st = styles[i % 2]
            playout(eng, rng, fen, 24, st, "seed-%s#%d" % (name, i), seen, cands)

    chosen = select(rng, cands)
    entries = [("start", Pos(eng, START), ["startpos"], "start position", True)]
    slow_tags = {"castle2-w", "castle2-b", "ep-b", "promo-w"}
    slow_given = set()
    for n, (tag, pos) in enumerate(chosen, 1):
        slow = tag in slow_tags and tag not in slow_given
        if slow:
            slow_given.add(tag)
        entries.append(("p%02d-%s" % (n, tag), pos, [], pos.source, slow))
    for hid, fen, note in HAND:
        pos = Pos(eng, fen)
        if pos.fen.split()[:4] != fen.split()[:4]:
            sys.exit("hand FEN not in normal form: %s -> %s" % (fen, pos.fen))
        entries.append((hid, pos, [], note, hid.startswith("h2")))
    # sanity: the side not to move must not be in check
    for eid, pos, _, _, _ in entries:
        f = pos.fen.split()
        f[1] = "b" if f[1] == "w" else "w"
        f[3] = "-"
        _, chk = eng.board(" ".join(f))
        if chk:
            sys.exit("illegal position (side not to move in check): %s %s" % (eid, pos.fen))

    rows = []
    for eid, pos, extra, note, slow in entries:
        feats = set(extra) | pos.features
        for d, n in perft_rows(eng, pos.fen, slow):
            fl = set(feats)
            if n > SLOW_MARK:
                fl.add("slow")
            rows.append((eid, pos.fen, d, n, fl, note))
    return entries, rows


FEATURE_ORDER = ["startpos", "castle-K-white", "castle-Q-white", "castle-K-black",
                 "castle-Q-black", "ep", "promo", "check", "slow"]


def render(eng, entries, rows):
    ini_lines = [l.rstrip("\n") for l in open(INI) if l.strip() and not l.startswith("#")]
    out = []
    out.append("# Mainzer Schach perft reference (rules: RULES.md section 6).")
    out.append("# Generated by: python3 tests/reference/mainzer/make_mainzer_perft.py"
               " (seed %d); do not edit by hand." % SEED)
    out.append("# Engine: %s  (%s, `%s`)" % (eng.id_name, ENGINE, eng.banner))
    out.append("# Variant file: tests/reference/mainzer/variants.ini, section:")
    for l in ini_lines:
        out.append("#   " + l)
    out.append("# Every count is FSF `go perft <depth>` on exactly the FEN in the row.")
    out.append("# Legal moves/FENs during selection: FSF `go perft 1` divide and `d`.")
    out.append("# FEN: 6 fields; e.p. square only when an e.p. capture is legal now.")
    out.append("# features (from the legal move list of the row's position):")
    out.append("#   startpos; castle-K-white / castle-Q-white / castle-K-black /")
    out.append("#   castle-Q-black = that castling is a legal move (FSF UCI: f1j1, f1b1,")
    out.append("#   f8j8, f8b8 = king's destination); ep = an e.p. capture is legal;")
    out.append("#   promo = promotions legal (always to all of a m q r j n b); check =")
    out.append("#   side to move in check; slow = more than %d nodes." % SLOW_MARK)
    out.append("# Positions (id: origin):")
    for eid, pos, _, note, _ in entries:
        out.append("#   %s: %s" % (eid, note))
    out.append("id\tfen\tdepth\tnodes\tfeatures")
    for eid, fen, d, n, fl, _ in rows:
        feats = ",".join(x for x in FEATURE_ORDER if x in fl)
        out.append("%s\t%s\t%d\t%d\t%s" % (eid, fen, d, n, feats))
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", default=ENGINE)
    ap.add_argument("--out", default=OUT)
    ap.add_argument("--check", action="store_true",
                    help="regenerate and compare with --out instead of writing")
    args = ap.parse_args()
    eng = Engine(args.engine, INI)
    try:
        entries, rows = build(eng)
        text = render(eng, entries, rows)
    finally:
        eng.close()
    if args.check:
        old = open(args.out).read() if os.path.exists(args.out) else ""
        if old != text:
            sys.exit("%s differs from a fresh regeneration" % args.out)
        print("%s is up to date (%d rows)" % (args.out, len(rows)))
        return
    with open(args.out, "w") as fh:
        fh.write(text)
    npos = len(entries)
    print("wrote %s: %d positions, %d rows" % (args.out, npos, len(rows)))


if __name__ == "__main__":
    main()
