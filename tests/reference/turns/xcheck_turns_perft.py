#!/usr/bin/env python3
"""Independent reference perft for Extra Move chess and Progressive chess.

A small, deliberately plain 8x8 move generator (10x12 mailbox) written from
docs/rules-extramove-progressive.md (E1-E7, P1-P8) and orthodox chess alone.
It shares no code or tables with dmsolve.  Standard library only, Python 3.

Variants: extramove, progressive-italian, progressive-scottish (and orthodox,
used by --selftest and handy for debugging).

    xcheck_turns_perft.py --selftest            orthodox generator vs CPW perft 1-6
    xcheck_turns_perft.py --make [--jobs 2]     write tests/data/turns_perft_extra.tsv
    xcheck_turns_perft.py --check [--jobs 2]    recompute every row of the table, compare
    xcheck_turns_perft.py --variant V --fen F (--depth D | --turns T) [--divide]

Counting conventions (see README.md beside this file):
  * perft by moves, depth d: sequences of d single moves; an Extra Move pass
    (second move not taken) is one move, written 0000.
  * perft by turns, t turns: sequences of t completed turns (series).  A turn
    ends when its moves are used up, on a pass (Extra Move), or on a check
    (Scottish).  A partial turn that cannot be completed (progressive
    stalemate in mid-series) counts 0.
  * a position without a legal move counts 0 at depth >= 1, 1 at depth 0.

Exit status 1 on any mismatch (--selftest, --check).
"""
import argparse
import os
import random
import sys
import time
from multiprocessing import Pool

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
TABLE = os.path.join(REPO, "tests", "data", "turns_perft_extra.tsv")
CPW = os.path.normpath(os.path.join(REPO, "..", "shared", "testdata", "perft", "cpw_perft_results.tsv"))

VARIANTS = ("extramove", "progressive-italian", "progressive-scottish", "orthodox")
START_BOARD = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
START = {
    "extramove": START_BOARD + " w1 KQkq - 0 1",
    "progressive-italian": START_BOARD + " w KQkq - 0 1",
    "progressive-scottish": START_BOARD + " w KQkq - 0 1",
    "orthodox": START_BOARD + " w KQkq - 0 1",
}

# --------------------------------------------------------------------------
# Board: 10x12 mailbox.  b[i] is ' ' off the board, '.' empty, else a piece
# letter (upper case White).  Square a1 = 21, h1 = 28, a8 = 91, h8 = 98.
# --------------------------------------------------------------------------
OFF, EMPTY = " ", "."
FILES = "abcdefgh"


def sq(f, r):
    return 21 + f + 10 * r


def file_of(s):
    return (s - 21) % 10


def rank_of(s):
    return (s - 21) // 10


def sq_name(s):
    return FILES[file_of(s)] + str(rank_of(s) + 1)


def parse_sq(text):
    if len(text) != 2 or text[0] not in FILES or text[1] not in "12345678":
        raise ValueError("bad square %r" % text)
    return sq(FILES.index(text[0]), int(text[1]) - 1)


SQUARES = [sq(f, r) for r in range(8) for f in range(8)]
WHITE_PIECES = frozenset("PNBRQK")
BLACK_PIECES = frozenset("pnbrqk")
KNIGHT_STEPS = (-21, -19, -12, -8, 8, 12, 19, 21)
KING_STEPS = (-11, -10, -9, -1, 1, 9, 10, 11)
ROOK_DIRS = (-10, -1, 1, 10)
BISHOP_DIRS = (-11, -9, 9, 11)
PROMOTIONS = "qrbn"

# castling rights as bits; the bits a move clears when it leaves or reaches a square
WK, WQ, BK, BQ = 1, 2, 4, 8
E1, H1, A1, E8, H8, A8 = sq(4, 0), sq(7, 0), sq(0, 0), sq(4, 7), sq(7, 7), sq(0, 7)
RIGHTS_LOST = {E1: WK | WQ, H1: WK, A1: WQ, E8: BK | BQ, H8: BK, A8: BQ}


def attacked(b, s, by_white):
    """Is square s attacked by a piece of the given colour?"""
    if by_white:
        P, N, B, R, Q, K = "PNBRQK"
        if b[s - 9] == P or b[s - 11] == P:   # a white pawn attacks upwards
            return True
    else:
        P, N, B, R, Q, K = "pnbrqk"
        if b[s + 9] == P or b[s + 11] == P:
            return True
    for o in KNIGHT_STEPS:
        if b[s + o] == N:
            return True
    for o in KING_STEPS:
        if b[s + o] == K:
            return True
    for dirs, riders in ((ROOK_DIRS, (R, Q)), (BISHOP_DIRS, (B, Q))):
        for d in dirs:
            t = s + d
            while b[t] == EMPTY:
                t += d
            if b[t] in riders:
                return True
    return False


# A move is a tuple (from, to, promotion letter or None, flag); flag is
#   ''  quiet move, 'x' capture, 'd' pawn two-step, 'e' e.p. capture,
#   'K' castling king side, 'Q' castling queen side (from/to = the king's).
def pseudo_moves(b, white, cr, ep, double_ok=True, capture_ok=True, castle_ok=True):
    """All moves by the rules of piece movement, own king safety not yet checked.
    ep: squares on which an e.p. capture is allowed now.  double_ok / capture_ok
    switch pawn two-steps / all captures (e.p. included) off."""
    out = []
    own = WHITE_PIECES if white else BLACK_PIECES
    enemy = BLACK_PIECES if white else WHITE_PIECES
    for s in SQUARES:
        p = b[s]
        if p not in own:
            continue
        t = p.upper()
        if t == "P":
            fwd = 10 if white else -10
            start_rank, last_rank = (1, 7) if white else (6, 0)
            to = s + fwd
            if b[to] == EMPTY:
                if rank_of(to) == last_rank:
                    for pr in PROMOTIONS:
                        out.append((s, to, pr, ""))
                else:
                    out.append((s, to, None, ""))
                    if double_ok and rank_of(s) == start_rank and b[to + fwd] == EMPTY:
                        out.append((s, to + fwd, None, "d"))
            if capture_ok:
                for to in (s + fwd - 1, s + fwd + 1):
                    q = b[to]
                    if q in enemy:
                        if rank_of(to) == last_rank:
                            for pr in PROMOTIONS:
                                out.append((s, to, pr, "x"))
                        else:
                            out.append((s, to, None, "x"))
                    elif q == EMPTY and to in ep and b[to - fwd] == ("p" if white else "P"):
                        out.append((s, to, None, "e"))
        elif t == "N" or t == "K":
            for o in (KNIGHT_STEPS if t == "N" else KING_STEPS):
                q = b[s + o]
                if q == EMPTY:
                    out.append((s, s + o, None, ""))
                elif q in enemy and capture_ok:
                    out.append((s, s + o, None, "x"))
        else:
            dirs = {"R": ROOK_DIRS, "B": BISHOP_DIRS, "Q": ROOK_DIRS + BISHOP_DIRS}[t]
            for d in dirs:
                to = s + d
                while b[to] == EMPTY:
                    out.append((s, to, None, ""))
                    to += d
                if b[to] in enemy and capture_ok:
                    out.append((s, to, None, "x"))
    # castling: right present, king and rook at home, squares between empty,
    # the king's start, crossed and destination squares not attacked
    if castle_ok:
        e, k_bit, q_bit, K, R = (E1, WK, WQ, "K", "R") if white else (E8, BK, BQ, "k", "r")
        if cr & (k_bit | q_bit) and b[e] == K and not attacked(b, e, not white):
            if (cr & k_bit and b[e + 3] == R and b[e + 1] == EMPTY and b[e + 2] == EMPTY
                    and not attacked(b, e + 1, not white) and not attacked(b, e + 2, not white)):
                out.append((e, e + 2, None, "K"))
            if (cr & q_bit and b[e - 4] == R and b[e - 1] == EMPTY and b[e - 2] == EMPTY
                    and b[e - 3] == EMPTY
                    and not attacked(b, e - 1, not white) and not attacked(b, e - 2, not white)):
                out.append((e, e - 2, None, "Q"))
    return out


def make(b, m, white):
    """The board after move m (a new list; b is not changed)."""
    fr, to, pr, flag = m
    nb = b[:]
    p = nb[fr]
    nb[fr] = EMPTY
    if pr:
        p = pr.upper() if white else pr
    nb[to] = p
    if flag == "e":
        nb[to - (10 if white else -10)] = EMPTY
    elif flag == "K":                      # rook h -> f
        nb[to - 1] = nb[to + 1]
        nb[to + 1] = EMPTY
    elif flag == "Q":                      # rook a -> d
        nb[to + 1] = nb[to - 2]
        nb[to - 2] = EMPTY
    return nb


def legal_moves(b, white, cr, ep, double_ok=True, capture_ok=True, frozen=None):
    """[(move, board after, castling rights after)] of the moves that do not leave
    the mover's king attacked; frozen: a square whose piece may not move."""
    king = "K" if white else "k"
    res = []
    for m in pseudo_moves(b, white, cr, ep, double_ok, capture_ok):
        if m[0] == frozen:
            continue
        nb = make(b, m, white)
        if attacked(nb, nb.index(king), not white):
            continue
        res.append((m, nb, cr & ~(RIGHTS_LOST.get(m[0], 0) | RIGHTS_LOST.get(m[1], 0))))
    return res


def uci(m):
    return sq_name(m[0]) + sq_name(m[1]) + (m[2] or "")


def in_check(b, white):
    return attacked(b, b.index("K" if white else "k"), not white)


# --------------------------------------------------------------------------
# Game states.  One class for all variants; unused fields stay at defaults.
#   b, white, cr        board, side to move, castling bits
#   ep                  squares an e.p. capture may land on with the next move
#                       (only ever non-empty where the next move may take e.p.)
#   pend                own two-steps of the turn under way: ((passed, pawn square), ...)
#   phase (extramove)   'one'    White's one-move first turn (E1, E3)
#                       'first'  first move of a turn (no two-steps, E3)
#                       'second' second move (no capture, not the frozen piece, pass ok)
#   frozen (extramove)  square of the piece that made the first move, None = unknown
#   full                FEN move number (extramove, orthodox): +1 after Black's turn
#   F, left (progressive) series length = FEN move number, moves left of it
# --------------------------------------------------------------------------
class State:
    __slots__ = ("b", "white", "cr", "ep", "pend", "phase", "frozen", "full", "F", "left")

    def __init__(self, b, white, cr, ep=(), pend=(), phase="first", frozen=None, full=1, F=1, left=1):
        self.b, self.white, self.cr, self.ep, self.pend = b, white, cr, ep, pend
        self.phase, self.frozen, self.full, self.F, self.left = phase, frozen, full, F, left


def passed_square(m):
    return (m[0] + m[1]) // 2


def children_orthodox(st):
    out = []
    for m, nb, ncr in legal_moves(st.b, st.white, st.cr, st.ep):
        ep = (passed_square(m),) if m[3] == "d" else ()
        child = State(nb, not st.white, ncr, ep, full=st.full + (0 if st.white else 1))
        out.append((uci(m), child, True))
    return out


def extramove_turn_over(st, nb, ncr, m):
    """The opponent's first move comes next.  A two-step of this turn (only ever its
    last move: E3) gives the e.p. right for that first move (E6)."""
    ep = (passed_square(m),) if m is not None and m[3] == "d" else ()
    return State(nb, not st.white, ncr, ep, phase="first", full=st.full + (0 if st.white else 1))


def children_extramove(st):
    """[(label, child state, does this move end the turn)]"""
    out = []
    if st.phase == "second":
        # E2: no capture (nor e.p.), not the piece that made the first move; two-steps ok (E3)
        for m, nb, ncr in legal_moves(st.b, st.white, st.cr, (), double_ok=True, capture_ok=False,
                                      frozen=st.frozen):
            out.append((uci(m), extramove_turn_over(st, nb, ncr, m), True))
        # E1/E5: the second move is optional; the pass is one of its moves (E7)
        out.append(("0000", extramove_turn_over(st, st.b, st.cr, None), True))
        return out
    one = st.phase == "one"
    # E3: two-steps only in White's one-move first turn; E4: legal = own king safe;
    # E6: e.p. with the first move only
    for m, nb, ncr in legal_moves(st.b, st.white, st.cr, st.ep, double_ok=one, capture_ok=True):
        if one:
            out.append((uci(m), extramove_turn_over(st, nb, ncr, m), True))
        else:
            # E2: the piece now on the destination may not move again (castling: the king)
            child = State(nb, st.white, ncr, (), phase="second", frozen=m[1], full=st.full)
            out.append((uci(m), child, False))   # E4: a check does not end the turn
    return out


def children_progressive(st, scottish):
    out = []
    first = st.left == st.F
    enemy_king = "k" if st.white else "K"
    own_pawn = "P" if st.white else "p"
    # P4: e.p. only with the first move of a series
    for m, nb, ncr in legal_moves(st.b, st.white, st.cr, st.ep if first else ()):
        check = attacked(nb, nb.index(enemy_king), st.white)
        if check and not scottish and st.left > 1:
            continue                        # P5 Italian: check only with the last move
        # own two-steps of this series whose pawn has not moved on since
        pend = tuple(x for x in st.pend if x[1] != m[0])
        if m[3] == "d":
            pend += ((passed_square(m), m[1]),)
        if st.left == 1 or (scottish and check):      # P5 Scottish: a check ends the series
            ep = tuple(ps for ps, pawn in pend if nb[pawn] == own_pawn and nb[ps] == EMPTY)
            child = State(nb, not st.white, ncr, ep, F=st.F + 1, left=st.F + 1)
            out.append((uci(m), child, True))
        else:
            child = State(nb, st.white, ncr, (), pend, F=st.F, left=st.left - 1)
            out.append((uci(m), child, False))
    return out


def children_fn(variant):
    if variant == "extramove":
        return children_extramove
    if variant == "progressive-italian":
        return lambda st: children_progressive(st, False)
    if variant == "progressive-scottish":
        return lambda st: children_progressive(st, True)
    if variant == "orthodox":
        return children_orthodox
    raise ValueError("unknown variant %r" % variant)


# --------------------------------------------------------------------------
# FEN
# --------------------------------------------------------------------------
def parse_board(field):
    b = [OFF] * 120
    rows = field.split("/")
    if len(rows) != 8:
        raise ValueError("board needs 8 ranks")
    for i, row in enumerate(rows):
        r, f = 7 - i, 0
        for ch in row:
            if ch.isdigit():
                for _ in range(int(ch)):
                    b[sq(f, r)] = EMPTY
                    f += 1
            elif ch in WHITE_PIECES or ch in BLACK_PIECES:
                if f > 7:
                    raise ValueError("rank too long")
                b[sq(f, r)] = ch
                f += 1
            else:
                raise ValueError("bad board character %r" % ch)
        if f != 8:
            raise ValueError("rank %d has %d files" % (r + 1, f))
    if b.count("K") != 1 or b.count("k") != 1:
        raise ValueError("each side needs exactly one king")
    for f in range(8):
        if b[sq(f, 0)] in ("P", "p") or b[sq(f, 7)] in ("P", "p"):
            raise ValueError("pawn on the first or last rank")
    return b


def board_field(b):
    rows = []
    for r in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            p = b[sq(f, r)]
            if p == EMPTY:
                empty += 1
            else:
                row += (str(empty) if empty else "") + p
                empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def castling_field(cr):
    s = "".join(c for bit, c in ((WK, "K"), (WQ, "Q"), (BK, "k"), (BQ, "q")) if cr & bit)
    return s or "-"


def capturable(b, squares, passed_by_white):
    """The passed-over squares an enemy pawn could take on (square empty, the
    two-stepped pawn in front of it, an enemy pawn beside that pawn)."""
    res = []
    fwd = 10 if passed_by_white else -10
    mover_pawn, enemy_pawn = ("P", "p") if passed_by_white else ("p", "P")
    for s in sorted(squares):
        pawn = s + fwd
        if b[s] == EMPTY and b[pawn] == mover_pawn and (b[pawn - 1] == enemy_pawn or b[pawn + 1] == enemy_pawn):
            res.append(s)
    return res


def parse_fen(fen, variant):
    fields = fen.split()
    if len(fields) != 6:
        raise ValueError("FEN needs 6 fields: %r" % fen)
    bf, side, cf, ef, _half, num = fields
    b = parse_board(bf)
    if side[0] not in "wb":
        raise ValueError("bad side field %r" % side)
    white = side[0] == "w"
    rest = side[1:]
    left = int(rest) if rest else None
    full = int(num)
    if full < 1:
        raise ValueError("move number must be >= 1")
    cr = 0
    if cf != "-":
        for c in cf:
            bit = {"K": WK, "Q": WQ, "k": BK, "q": BQ}.get(c)
            if bit is None or cr & bit:
                raise ValueError("bad castling field %r" % cf)
            cr |= bit
    for bit, king_sq, king, rook_sq, rook in ((WK, E1, "K", H1, "R"), (WQ, E1, "K", A1, "R"),
                                              (BK, E8, "k", H8, "r"), (BQ, E8, "k", A8, "r")):
        if cr & bit and (b[king_sq] != king or b[rook_sq] != rook):
            raise ValueError("castling right without king and rook at home: %r" % fen)
    ep_sq = []
    if ef != "-":
        if len(ef) % 2:
            raise ValueError("bad e.p. field %r" % ef)
        ep_sq = [parse_sq(ef[i:i + 2]) for i in range(0, len(ef), 2)]
    # squares passed over by the opponent's pawns (may be taken now) / by own pawns
    theirs, mine = [], []
    for s in ep_sq:
        r = rank_of(s)
        if r not in (2, 5):
            raise ValueError("e.p. square %s not on the 3rd/6th rank" % sq_name(s))
        by_white = r == 2
        pawn = s + (10 if by_white else -10)
        if b[s] != EMPTY or b[pawn] != ("P" if by_white else "p"):
            raise ValueError("e.p. square %s is not behind a two-stepped pawn" % sq_name(s))
        (mine if by_white == white else theirs).append(s)
    st = State(b, white, cr)
    if variant == "orthodox":
        if left is not None or mine or len(theirs) > 1:
            raise ValueError("orthodox FEN: side w/b and one e.p. square at most")
        st.ep, st.full = tuple(theirs), full
    elif variant == "extramove":
        st.full = full
        if left is None:
            if mine:
                raise ValueError("e.p. square behind a pawn of the side to move")
            st.phase, st.ep = "first", tuple(theirs)
        elif left == 1 and white and full == 1:
            if mine:
                raise ValueError("e.p. square behind a pawn of the side to move")
            st.phase, st.ep = "one", tuple(theirs)   # E7: White's one-move first turn
        elif left == 1:
            if ep_sq:
                raise ValueError("no e.p. squares before a second move")
            st.phase, st.frozen = "second", None     # first mover unknown: any piece may move
        else:
            raise ValueError("extramove side field is w, b, w1 or b1")
    elif variant.startswith("progressive"):
        st.F = full
        st.left = full if left is None else left
        if left is not None and not 1 <= left < full:
            raise ValueError("wN/bN: N moves left must be 1..series length - 1 (P6)")
        if st.left == full:
            if mine:
                raise ValueError("e.p. square behind a pawn of the side to move")
            st.ep = tuple(theirs)
        else:
            if theirs:
                raise ValueError("mid-series: the opponent's e.p. rights are gone (first move only)")
            # own two-steps of this series (accepted for completeness; never written)
            st.pend = tuple((s, s + (10 if white else -10)) for s in mine)
    else:
        raise ValueError("unknown variant %r" % variant)
    # The side that is not to move cannot be in check, except in the middle of an
    # Extra Move turn whose first move gave check (E4).
    if in_check(b, not white) and not (variant == "extramove" and st.phase == "second"):
        raise ValueError("the side not to move is in check")
    return st


def to_fen(st, variant):
    """FEN of a state.  Extra Move states must be at the start of a turn."""
    b = st.b
    if variant == "extramove":
        if st.phase == "second":
            raise ValueError("mid-turn Extra Move positions are not written (first mover unknown)")
        side = ("w" if st.white else "b") + ("1" if st.phase == "one" else "")
        eps = capturable(b, st.ep, not st.white)
        num = st.full
    elif variant.startswith("progressive"):
        if st.left == st.F:
            side = "w" if st.white else "b"
            eps = capturable(b, st.ep, not st.white)
        else:
            if st.pend:
                raise ValueError("mid-series position with own two-steps pending: not writable")
            side = ("w" if st.white else "b") + str(st.left)
            eps = []
        num = st.F
    else:
        side = "w" if st.white else "b"
        eps = capturable(b, st.ep, not st.white)
        num = st.full
    ep = "".join(sq_name(s) for s in eps) or "-"
    return "%s %s %s %s 0 %d" % (board_field(b), side, castling_field(st.cr), ep, num)


# --------------------------------------------------------------------------
# Perft
# --------------------------------------------------------------------------
class Budget(Exception):
    pass


class Counter:
    """Counts leaves; raises Budget once more than `limit` have been counted."""

    def __init__(self, limit=None):
        self.n, self.limit = 0, limit

    def add(self, k):
        self.n += k
        if self.limit is not None and self.n > self.limit:
            raise Budget()


def perft_moves(children, st, d, counter=None):
    if d == 0:
        return 1
    ch = children(st)
    if d == 1:
        if counter:
            counter.add(len(ch))
        return len(ch)
    return sum(perft_moves(children, c, d - 1, counter) for _, c, _ in ch)


def perft_turns(children, st, t, counter=None):
    """Sequences of t completed turns; a move that does not end the turn keeps t."""
    if t == 0:
        return 1
    total = 0
    for _, c, ends in children(st):
        if ends:
            total += 1 if t == 1 else perft_turns(children, c, t - 1, counter)
            if t == 1 and counter:
                counter.add(1)
        else:
            total += perft_turns(children, c, t, counter)
    return total


def perft(variant, st, unit, depth, counter=None):
    ch = children_fn(variant)
    return (perft_moves if unit == "moves" else perft_turns)(ch, st, depth, counter)


def divide(variant, st, unit, depth):
    """[(first move, count below it)]; by turns a first move that does not end
    the turn keeps the same number of turns below it."""
    ch = children_fn(variant)
    res = []
    for label, c, ends in ch(st):
        if unit == "moves":
            n = perft_moves(ch, c, depth - 1)
        else:
            n = perft_turns(ch, c, depth - 1 if ends else depth)
        res.append((label, n))
    return res


# --------------------------------------------------------------------------
# --selftest: the orthodox generator against the CPW perft results
# --------------------------------------------------------------------------
def selftest(max_nodes):
    rows = []
    for line in open(CPW):
        if line.startswith("#") or not line.strip():
            continue
        name, fen, d, n = line.rstrip("\n").split("\t")[:4]
        if name.split("-")[0] in ("pos1", "pos2", "pos3", "pos4", "pos5", "pos6") and int(n) <= max_nodes:
            rows.append((name, fen, int(d), int(n)))
    bad = 0
    for name, fen, d, n in rows:
        got = perft("orthodox", parse_fen(fen, "orthodox"), "moves", d)
        bad += got != n
        print("%-8s %-16s depth %d  published %9d  here %9d" % ("OK" if got == n else "MISMATCH", name, d, n, got))
    # Round trip of the FENs
    for name, fen, _, _ in rows:
        st = parse_fen(fen, "orthodox")
        back = to_fen(st, "orthodox")
        if back.split()[:4] != fen.split()[:4]:
            print("MISMATCH FEN round trip %s: %s -> %s" % (name, fen, back))
            bad += 1
    print("selftest: %d rows, %s" % (len(rows), "OK" if not bad else "%d mismatches" % bad))
    return bad == 0


# --------------------------------------------------------------------------
# The table
# --------------------------------------------------------------------------
SEED = 20250601
CAP_START = 2_000_000     # start positions: deepest row at most this many nodes
CAP_OTHER = 500_000       # every other position (keeps --make within minutes)
RANDOM_PER_VARIANT = 10

# Hand-made positions: (variant, fen, note).  All are start-of-turn (or, for
# progressive, mid-series w2 / b1) positions; move numbers >= 2 for Extra Move.
HAND = [
    # ---- extramove
    ("extramove", "4k3/8/8/7p/1b6/8/3N4/4K2R w K - 0 10",
     "hand: Nd2 pinned by Bb4 until the king moves first; Rxh5 only as first move; O-O then rook free"),
    ("extramove", "r3k3/3ppp2/8/8/8/8/3PPP2/R3K2R w KQq - 0 10",
     "hand: Rxa8+ / Rh8+ check with the first move and a second move follows; 2nd/7th-rank pawns two-step only as second move; castling both wings"),
    ("extramove", "r3k2r/8/8/8/8/8/3r4/R3KB1R w KQkq - 0 10",
     "hand: castling as second move after Bf1 moves (O-O-O barred: d1 attacked by Rd2; Kxd2 first move)"),
    ("extramove", "r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 10",
     "hand: castling test position, both sides"),
    ("extramove", "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 10",
     "hand: e2-e4 only as second move, then ...dxe3 e.p. as Black's first move"),
    ("extramove", "8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 10",
     "hand: after e2-e4 the e.p. dxe3 is illegal (Ka4 on the 4th rank with Rh4)"),
    ("extramove", "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 10",
     "hand: e.p. right in the FEN, dxe3 as first move only"),
    ("extramove", "8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 10",
     "hand: e.p. right in the FEN but dxe3 illegal (horizontal pin)"),
    ("extramove", "4k2r/1P4P1/8/8/8/8/8/4K3 w k - 0 10",
     "hand: promotions b8/g8 without capture also as second move, gxh8 only as first move; checks from b8"),
    ("extramove", "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 10",
     "hand: pawn walls, two-steps only as second moves"),
    ("extramove", "4k3/8/8/8/8/8/4q3/R3K2R w KQ - 0 10",
     "hand: White in check, first move must answer (Kxe2 only legal answers), castling out of check barred"),
    # ---- progressive-italian
    ("progressive-italian", "4k3/8/8/8/8/8/8/3QK3 w - - 0 3",
     "hand: series of 3, queen checks allowed only as the 3rd move"),
    ("progressive-italian", "r3R2k/6pp/8/8/8/8/8/4K3 b - - 0 4",
     "hand: Black in check, only answer Rxe8 gives check: progressive mate in a series of 4"),
    ("progressive-italian", "r3R2k/6pp/8/8/8/8/8/4K3 b - - 0 1",
     "hand: same check in a series of one: Rxe8+ is its last move, so legal"),
    ("progressive-italian", "k7/2Q5/8/8/8/3p4/8/4K3 b - - 0 4",
     "hand: Black's only move d2+ gives check: stalemate at the start of a series of 4"),
    ("progressive-italian", "k7/2Q5/8/8/8/3p4/8/4K3 b1 - - 0 4",
     "hand: Black's only move d2+ gives check, allowed as the last move"),
    ("progressive-italian", "4k3/8/8/8/1p1p1p2/8/2P1P3/4K3 w - - 0 3",
     "hand: series of 3 with two two-steps, then e.p. on c3/e3 for Black's first move only"),
    ("progressive-italian", "4k3/8/8/8/8/8/8/3QK3 w2 - - 0 3",
     "hand: mid-series w2, queen checks only with the last move"),
    ("progressive-italian", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 3",
     "hand: castling in a series, rook checks only as last move"),
    ("progressive-italian", "k7/2Q5/8/8/8/3p4/8/4K3 b2 - - 0 4",
     "hand: mid-series b2, the only move d2+ gives check: stalemate in the middle of the series"),
    ("progressive-italian", "4k3/8/8/8/3p4/8/4P3/3QK3 w - - 0 3",
     "hand: P4 after e2-e4: no e.p. if the pawn moved on (e4-e5) or the queen stands on e3 (then dxe3 is a plain capture)"),
    # ---- progressive-scottish
    ("progressive-scottish", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 3",
     "hand: rook checks end the series of 3 early, Black then has a series of 4"),
    ("progressive-scottish", "4k3/8/8/8/1p1p1p2/8/2P1P3/4K3 w - - 0 3",
     "hand: series of 3 with two two-steps, then e.p. on c3/e3 for Black's first move only"),
    ("progressive-scottish", "4k3/8/8/8/1p1pPp2/8/8/4K3 b - e3 0 4",
     "hand: e.p. right in the FEN, one e.p. capture per series (first move only)"),
    ("progressive-scottish", "r3R2k/6pp/8/8/8/8/8/4K3 b - - 0 4",
     "hand: Black in check, Rxe8+ answers and ends the series at once"),
    ("progressive-scottish", "k7/2Q5/8/8/8/3p4/8/4K3 b - - 0 4",
     "hand: Black's only move d2+ gives check and ends the series of 4"),
    ("progressive-scottish", "4k3/8/8/8/3p4/8/4P3/3QK3 w - - 0 3",
     "hand: P4 after e2-e4: no e.p. if the pawn moved on (e4-e5) or the queen stands on e3; e2-e4, Qh5+ ends the series with the e.p. right on e3"),
    ("progressive-scottish", "4k3/3q4/8/8/8/8/8/3QK3 w2 - - 0 5",
     "hand: mid-series w2 of a series of 5, checks end it"),
]


def features(variant, st):
    """Facts about a position for the note column (judged from the move list)."""
    f = []
    ch = children_fn(variant)(st)
    if in_check(st.b, st.white):
        f.append("in-check")
    king = st.b.index("K" if st.white else "k")
    if any(lbl[:2] == sq_name(king) and abs(parse_sq(lbl[2:4]) - king) == 2 for lbl, _, _ in ch):
        f.append("castling")
    if st.ep and any(len(lbl) == 4 and FILES.index(lbl[0]) != FILES.index(lbl[2]) and
                     parse_sq(lbl[2:4]) in st.ep and st.b[parse_sq(lbl[2:4])] == EMPTY and
                     st.b[parse_sq(lbl[0:2])].upper() == "P" for lbl, _, _ in ch):
        f.append("ep-legal")
    elif st.ep:
        f.append("ep-field")
    if any(len(lbl) == 5 for lbl, _, _ in ch):
        f.append("promotion")
    if not ch:
        f.append("no-moves")
    return f


def random_positions(variant, rng, count):
    """Positions from seeded random playouts: [(fen, note)].  Extra Move: the start
    of a turn after 3..12 turns.  Progressive: alternately the start of series 3 or
    4 and a point 1..3 moves before the end of series 4..7 (where by-turns counts
    stay small), never with own two-steps pending in mid-series (no FEN for that)."""
    ch = children_fn(variant)
    out, seen = [], set()
    game = 0
    while len(out) < count:
        game += 1
        st = parse_fen(START[variant], variant)
        if variant == "extramove":
            turns = rng.randint(3, 12)
        elif len(out) % 2 == 0:
            series, moves = rng.randint(3, 4), 0
        else:
            series = rng.randint(4, 7)
            moves = series - rng.randint(1, 3)
        ok = True
        done_turns = 0
        while True:
            if variant == "extramove":
                if done_turns == turns and st.phase != "second":
                    break
            else:
                if st.F == series and st.F - st.left == moves:
                    break
                if st.F > series:        # a Scottish check ended the series early
                    ok = False
                    break
            opts = ch(st)
            if not opts:
                ok = False
                break
            # bias towards captures, checks and two-steps keeps playouts lively
            enemy_king = "k" if st.white else "K"
            weights = []
            for lbl, c, ends in opts:
                w = 1
                if c.b.count(EMPTY) > st.b.count(EMPTY):
                    w += 2
                if c.b is not st.b and attacked(c.b, c.b.index(enemy_king), st.white):
                    w += 1
                if lbl[1] in "27" and lbl[3] in "45" and st.b[parse_sq(lbl[:2])] in ("P", "p"):
                    w += 1
                weights.append(w)
            _, st, ends = rng.choices(opts, weights)[0]
            if ends:
                done_turns += 1
        if not ok:
            continue
        if variant.startswith("progressive") and st.pend:
            continue                     # own two-steps pending: FEN could not say so
        fen = to_fen(st, variant)
        if fen in seen or not ch(parse_fen(fen, variant)):
            continue
        seen.add(fen)
        if variant == "extramove":
            note = "random: game %d after %d turns" % (game, turns)
        else:
            note = "random: game %d, series %d, %d moves played of it" % (game, series, moves)
        out.append((fen, note))
    return out


def all_positions():
    rng = random.Random(SEED)
    pos = []
    for v in ("extramove", "progressive-italian", "progressive-scottish"):
        pos.append((v, START[v], "start", CAP_START))
        for fen, note in random_positions(v, rng, RANDOM_PER_VARIANT):
            pos.append((v, fen, note, CAP_OTHER))
    for v, fen, note in HAND:
        pos.append((v, fen, note, CAP_OTHER))
    return pos


def plies_for_turns(variant, st, t):
    """Moves needed for t whole turns from st (no early ends): for estimates only."""
    if variant == "extramove":
        return (1 if st.phase == "one" else 2) + 2 * (t - 1)
    return st.left + sum(st.F + i for i in range(1, t))


def ladder(job):
    """Rows of one position and unit: depths 1, 2, ... while the count stays
    within cap.  A depth is tried only when an estimate says at most 2x cap (the
    growth so far, and for turns also sqrt(perft 2 by moves) per move), and
    abandoned as soon as its count passes cap.  Deterministic: the estimates
    depend on counts only."""
    idx, variant, fen, unit, cap = job
    st = parse_fen(fen, variant)
    t0 = time.time()
    branching = perft(variant, st, "moves", 2) ** 0.5
    rows, prev, d = [], 1, 1
    while d <= 12:
        est = 0
        if rows:
            last = rows[-1][1]
            if last == 0:
                break
            est = last * max(last / max(prev, 1), 1)
            prev = last
        if unit == "turns":
            est = max(est, branching ** plies_for_turns(variant, st, d))
        if est > 2 * cap:
            break
        try:
            n = perft(variant, st, unit, d, Counter(cap))
        except Budget:
            break
        rows.append((d, n))
        d += 1
    return idx, unit, rows, time.time() - t0


def make_table(out_path, jobs):
    t0 = time.time()
    positions = all_positions()
    work = []
    for i, (v, fen, note, cap) in enumerate(positions):
        st = parse_fen(fen, v)
        if to_fen(st, v) != fen:
            raise SystemExit("FEN round trip failed: %s -> %s" % (fen, to_fen(st, v)))
        for unit in ("moves", "turns"):
            work.append((i, v, fen, unit, cap))
    work.sort(key=lambda j: -j[4])       # big ones first
    results = {}
    with Pool(jobs) as pool:
        for idx, unit, rows, secs in pool.imap_unordered(ladder, work):
            results[(idx, unit)] = rows
            print("  %-21s %-6s %-70s %s  %.1fs" % (positions[idx][0], unit, positions[idx][1],
                                                   [n for _, n in rows], secs), flush=True)
    lines = [
        "# Extra Move chess and Progressive chess perft reference (docs/rules-extramove-progressive.md).",
        "# Generated by: python3 tests/reference/turns/xcheck_turns_perft.py --make (seed %d); do not edit by hand." % SEED,
        "# Independent stdlib-only Python generator; conventions in tests/reference/turns/README.md.",
        "# unit moves: sequences of single moves (an Extra Move pass is one move); unit turns: sequences of whole turns/series.",
        "# columns: variant<TAB>fen<TAB>unit<TAB>depth<TAB>nodes<TAB>note",
    ]
    count = 0
    for i, (v, fen, note, cap) in enumerate(positions):
        feats = features(v, parse_fen(fen, v))
        full_note = note + (" [" + " ".join(feats) + "]" if feats else "")
        for unit in ("moves", "turns"):
            for d, n in results[(i, unit)]:
                lines.append("\t".join((v, fen, unit, str(d), str(n), full_note)))
                count += 1
    with open(out_path, "w") as fh:
        fh.write("\n".join(lines) + "\n")
    print("wrote %s: %d positions, %d rows, %.0f s" % (out_path, len(positions), count, time.time() - t0))


def check_job(job):
    i, v, fen, unit, d = job
    t0 = time.time()
    return i, perft(v, parse_fen(fen, v), unit, d), time.time() - t0


def identities(table):
    """Cross-checks between the rows of the table, no recomputation:
    Extra Move from the start of a turn, turns(t) = moves(2t) (a pass is a move),
    from the one-move first turn turns(t) = moves(2t - 1); Italian, with L moves
    left of the series, turns(1) = moves(L) (no series ends early).
    Returns (pairs compared, mismatches)."""
    done = bad = 0
    for (v, fen, unit, d), n in table.items():
        if unit != "turns":
            continue
        side, num = fen.split()[1], int(fen.split()[5])
        if v == "extramove":
            k = 2 * d - 1 if side == "w1" and num == 1 else 2 * d
        elif v == "progressive-italian" and d == 1:
            k = int(side[1:]) if len(side) > 1 else num
        else:
            continue
        m = table.get((v, fen, "moves", k))
        if m is None:
            continue
        done += 1
        if m != n:
            bad += 1
            print("MISMATCH identity %s %s: turns %d = %d but moves %d = %d" % (v, fen, d, n, k, m))
    return done, bad


def check_table(path, jobs, max_nodes):
    rows, table = [], {}
    for line in open(path):
        if line.startswith("#") or not line.strip():
            continue
        v, fen, unit, d, n, note = line.rstrip("\n").split("\t")
        table[(v, fen, unit, int(d))] = int(n)
        st = parse_fen(fen, v)
        if to_fen(st, v) != fen:
            print("MISMATCH FEN round trip: %s -> %s" % (fen, to_fen(st, v)))
            return False
        if int(n) <= max_nodes:
            rows.append((v, fen, unit, int(d), int(n)))
    done, bad = identities(table)
    print("identities: %d pairs compared, %d mismatches" % (done, bad))
    work = [(i, v, fen, unit, d) for i, (v, fen, unit, d, n) in enumerate(rows)]
    work.sort(key=lambda j: -rows[j[0]][4])
    t0 = time.time()
    with Pool(jobs) as pool:
        for i, got, secs in pool.imap_unordered(check_job, work):
            v, fen, unit, d, n = rows[i]
            if got != n:
                bad += 1
                print("MISMATCH %s %s %s %d: table %d here %d" % (v, fen, unit, d, n, got))
    print("checked %d rows, %d mismatches, %.0f s" % (len(rows), bad, time.time() - t0))
    return bad == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--selftest", action="store_true")
    ap.add_argument("--selftest-max", type=int, default=200_000, help="largest published count to check")
    ap.add_argument("--make", action="store_true")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--table", default=TABLE)
    ap.add_argument("--max-nodes", type=int, default=10 ** 12, help="--check: skip rows above this count")
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("--variant", choices=VARIANTS)
    ap.add_argument("--fen")
    ap.add_argument("--depth", type=int)
    ap.add_argument("--turns", type=int)
    ap.add_argument("--divide", action="store_true")
    a = ap.parse_args()
    ok = True
    if a.selftest:
        ok &= selftest(a.selftest_max)
    if a.make:
        make_table(a.table, a.jobs)
    if a.check:
        ok &= check_table(a.table, a.jobs, a.max_nodes)
    if a.variant or a.fen:
        if not a.variant or (a.depth is None) == (a.turns is None):
            ap.error("give --variant, and one of --depth / --turns (and --fen, default the start)")
        fen = a.fen or START[a.variant]
        try:
            st = parse_fen(fen, a.variant)
        except ValueError as e:
            ap.error("FEN: %s" % e)
        unit, d = ("moves", a.depth) if a.depth is not None else ("turns", a.turns)
        t0 = time.time()
        if a.divide:
            total = 0
            for label, n in divide(a.variant, st, unit, d):
                print("%s: %d" % (label, n))
                total += n
            print("total %d" % total)
        else:
            print(perft(a.variant, st, unit, d))
        print("(%.2f s)" % (time.time() - t0), file=sys.stderr)
    if not (a.selftest or a.make or a.check or a.variant or a.fen):
        ap.print_help()
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
