# The judge's board: 8x8 squares, K Q R B N P, FEN reading, attacks and the single moves of
# one piece (pseudo-legal: own king's safety is the variant's business, see variants.py).
# Written from docs/rules.md section 1 and 7 only; shares nothing with the solver.
# Squares are 0..63, a1 = 0, h8 = 63. A board is a tuple of 64 one-letter strings ('.' empty).

KNIGHT = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
KING = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
ROOK_DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1))
BISHOP_DIRS = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def sq_name(sq):
    return "abcdefgh"[sq % 8] + str(sq // 8 + 1)


def parse_sq(name):
    return (int(name[1]) - 1) * 8 + "abcdefgh".index(name[0])


def color_of(piece):
    if piece == ".":
        return None
    return "w" if piece.isupper() else "b"


def other(side):
    return "b" if side == "w" else "w"


def parse_fen(fen):
    """Board, side ('w'/'b'), e.p. squares (frozenset), move number. Castling must be '-'."""
    fields = fen.split()
    rows = fields[0].split("/")
    assert len(rows) == 8, fen
    board = ["."] * 64
    for r, row in enumerate(rows):
        rank = 7 - r
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                board[rank * 8 + f] = ch
                f += 1
        assert f == 8, fen
    side = fields[1] if len(fields) > 1 else "w"
    assert side in ("w", "b"), "only full turns: " + fen
    castling = fields[2] if len(fields) > 2 else "-"
    assert castling == "-", "the judge leaves castling out: " + fen
    ep = fields[3] if len(fields) > 3 else "-"
    eps = frozenset() if ep == "-" else frozenset(parse_sq(ep[i:i + 2]) for i in range(0, len(ep), 2))
    move_number = int(fields[5]) if len(fields) > 5 else 1
    return tuple(board), side, eps, move_number


def board_fen(board):
    rows = []
    for rank in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            p = board[rank * 8 + f]
            if p == ".":
                empty += 1
            else:
                if empty:
                    row += str(empty)
                    empty = 0
                row += p
        if empty:
            row += str(empty)
        rows.append(row)
    return "/".join(rows)


def _on(f, r):
    return 0 <= f < 8 and 0 <= r < 8


def attacked(board, sq, by):
    """Is square sq attacked by a piece of colour `by` (kings included)?"""
    f0, r0 = sq % 8, sq // 8
    up = by == "w"
    for df, dr in KNIGHT:
        f, r = f0 + df, r0 + dr
        if _on(f, r) and board[r * 8 + f] == ("N" if up else "n"):
            return True
    for df, dr in KING:
        f, r = f0 + df, r0 + dr
        if _on(f, r) and board[r * 8 + f] == ("K" if up else "k"):
            return True
    # A white pawn attacks upwards, so it stands one rank below the square.
    pr = r0 - 1 if up else r0 + 1
    for df in (-1, 1):
        f = f0 + df
        if _on(f, pr) and board[pr * 8 + f] == ("P" if up else "p"):
            return True
    rook_like = ("R", "Q") if up else ("r", "q")
    bishop_like = ("B", "Q") if up else ("b", "q")
    for dirs, kinds in ((ROOK_DIRS, rook_like), (BISHOP_DIRS, bishop_like)):
        for df, dr in dirs:
            f, r = f0 + df, r0 + dr
            while _on(f, r):
                p = board[r * 8 + f]
                if p != ".":
                    if p in kinds:
                        return True
                    break
                f += df
                r += dr
    return False


def king_square(board, side):
    k = "K" if side == "w" else "k"
    for sq in range(64):
        if board[sq] == k:
            return sq
    return None


def in_check(board, side):
    k = king_square(board, side)
    return k is not None and attacked(board, k, other(side))


class Move:
    """One displacement of one piece. ep: an e.p. capture; double: a pawn's two-step."""
    __slots__ = ("frm", "to", "promo", "capture", "ep", "double")

    def __init__(self, frm, to, promo=None, capture=False, ep=False, double=False):
        self.frm, self.to, self.promo = frm, to, promo
        self.capture, self.ep, self.double = capture, ep, double

    def uci(self):
        return sq_name(self.frm) + sq_name(self.to) + (self.promo.lower() if self.promo else "")

    def __repr__(self):
        return self.uci()


def pseudo_moves(board, side, ep_squares, promotions, allow_double=True):
    """Every displacement of a piece of `side`, ignoring its own king's safety.
    ep_squares: squares passed over by an enemy two-step that may be taken e.p. now.
    promotions: the letters (upper case) a pawn may promote to."""
    moves = []
    up = side == "w"
    for sq in range(64):
        p = board[sq]
        if p == "." or color_of(p) != side:
            continue
        kind = p.upper()
        f0, r0 = sq % 8, sq // 8
        if kind == "P":
            dr = 1 if up else -1
            last = 7 if up else 0
            start = 1 if up else 6
            r1 = r0 + dr
            if not _on(f0, r1):
                continue
            t = r1 * 8 + f0
            if board[t] == ".":
                if r1 == last:
                    moves.extend(Move(sq, t, pr) for pr in promotions)
                else:
                    moves.append(Move(sq, t))
                    t2 = (r0 + 2 * dr) * 8 + f0
                    if allow_double and r0 == start and board[t2] == ".":
                        moves.append(Move(sq, t2, double=True))
            for df in (-1, 1):
                f = f0 + df
                if not _on(f, r1):
                    continue
                t = r1 * 8 + f
                q = board[t]
                if q != "." and color_of(q) != side:
                    if r1 == last:
                        moves.extend(Move(sq, t, pr, capture=True) for pr in promotions)
                    else:
                        moves.append(Move(sq, t, capture=True))
                elif q == "." and t in ep_squares:
                    victim = t - 8 if up else t + 8
                    if board[victim] == ("p" if up else "P"):
                        moves.append(Move(sq, t, capture=True, ep=True))
            continue
        if kind in ("N", "K"):
            for df, dr in (KNIGHT if kind == "N" else KING):
                f, r = f0 + df, r0 + dr
                if _on(f, r):
                    q = board[r * 8 + f]
                    if q == ".":
                        moves.append(Move(sq, r * 8 + f))
                    elif color_of(q) != side:
                        moves.append(Move(sq, r * 8 + f, capture=True))
            continue
        dirs = ROOK_DIRS if kind == "R" else BISHOP_DIRS if kind == "B" else ROOK_DIRS + BISHOP_DIRS
        for df, dr in dirs:
            f, r = f0 + df, r0 + dr
            while _on(f, r):
                q = board[r * 8 + f]
                if q == ".":
                    moves.append(Move(sq, r * 8 + f))
                else:
                    if color_of(q) != side:
                        moves.append(Move(sq, r * 8 + f, capture=True))
                    break
                f += df
                r += dr
    return moves


def make(board, move):
    """The board after the move (a new tuple)."""
    b = list(board)
    p = b[move.frm]
    b[move.frm] = "."
    if move.ep:
        b[move.to - 8 if p == "P" else move.to + 8] = "."
    if move.promo:
        p = move.promo if p.isupper() else move.promo.lower()
    b[move.to] = p
    return tuple(b)


def passed_square(move):
    """The square a two-step passed over."""
    return (move.frm + move.to) // 2


def ep_rights_left(board, side_moved, two_steps):
    """M7/P4: after `side_moved` ends its turn, the passed-over squares of its two-steps whose
    pawn still stands where the two-step put it, with the passed-over square empty."""
    pawn = "P" if side_moved == "w" else "p"
    rights = set()
    for mv in two_steps:
        ps = passed_square(mv)
        if board[mv.to] == pawn and board[ps] == ".":
            rights.add(ps)
    return frozenset(rights)


def piece_count(board, side):
    return sum(1 for p in board if p != "." and color_of(p) == side)
