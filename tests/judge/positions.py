# Random legal problem positions for the judge's comparison (judge_vs_dmsolve.py): 3-6 men, no
# castling rights, no e.p. right, pawns off the first and last ranks, the side not to move not
# in check. Most are built where a check or a missing second move decides: a lone (or nearly
# lone) king boxed in on an edge or in a corner with a queen or rook and its king close by.

import random

from board import attacked, board_fen, in_check, king_square, other

EDGE = [sq for sq in range(64) if sq % 8 in (0, 7) or sq // 8 in (0, 7)]
CORNER_ZONE = [r * 8 + f for r in (0, 1, 6, 7) for f in (0, 1, 6, 7)]


def _near(rng, sq, spread):
    f0, r0 = sq % 8, sq // 8
    f = min(7, max(0, f0 + rng.randint(-spread, spread)))
    r = min(7, max(0, r0 + rng.randint(-spread, spread)))
    return r * 8 + f


def _place(rng, board, piece, sq):
    if board[sq] != ".":
        return False
    if piece in "Pp" and sq // 8 in (0, 7):
        return False
    board[sq] = piece
    return True


def _kings_apart(board):
    wk, bk = king_square(board, "w"), king_square(board, "b")
    if wk is None or bk is None:
        return True
    return max(abs(wk % 8 - bk % 8), abs(wk // 8 - bk // 8)) > 1


def royal_position(rng, attacker, men, boxed):
    """Kings for both; the attacker gets the heavy pieces when `boxed`."""
    defender = other(attacker)
    up = {"w": str.upper, "b": str.lower}
    for _ in range(1000):
        board = ["."] * 64
        dk = rng.choice(CORNER_ZONE if boxed and rng.random() < 0.6 else EDGE if boxed else range(64))
        board[dk] = up[defender]("k")
        ak = _near(rng, dk, 3) if boxed else rng.randrange(64)
        if not _place(rng, board, up[attacker]("k"), ak):
            continue
        extra = men - 2
        pieces = []
        if boxed:
            pieces.append(up[attacker](rng.choice("QQQRRB")))
            extra -= 1
        for _ in range(extra):
            owner = attacker if rng.random() < 0.6 else defender
            pieces.append(up[owner](rng.choice("QRBNPPN")))
        ok = True
        for p in pieces:
            placed = False
            for _ in range(20):
                sq = _near(rng, dk, 3) if boxed else rng.randrange(64)
                if _place(rng, board, p, sq):
                    placed = True
                    break
            ok = ok and placed
        if not ok or not _kings_apart(board):
            continue
        return tuple(board)
    return None


def losing_position(rng, men):
    """The losing variants: kings are ordinary pieces, any men at all."""
    for _ in range(1000):
        board = ["."] * 64
        centre = rng.randrange(64)
        for i in range(men):
            p = rng.choice("KQRBNPP")
            p = p if i % 2 == 0 else p.lower()
            for _ in range(20):
                if _place(rng, board, p, _near(rng, centre, 3)):
                    break
        if any(c.isupper() for c in board) and any(c.islower() for c in board):
            return tuple(board)
    return None


def random_fen(rng, variant, attacker_to_move, men, boxed, move_number):
    """A FEN for the variant; attacker_to_move: the heavy pieces and the boxing-in go to the
    side to move (False: to the other side, whose opponent, the side to move, is boxed in)."""
    side = rng.choice("wb")
    attacker = side if attacker_to_move else other(side)
    if variant.losing:
        board = losing_position(rng, men)
    else:
        board = royal_position(rng, attacker, men, boxed)
        if board is not None and variant.royal and in_check(board, other(side)):
            board = None
        if board is not None and not variant.royal:
            # Double Move: the side not to move stands "in check" fine, but a king already
            # attacked by the side to move is a trivial capture; keep a few only.
            ks = king_square(board, other(side))
            if attacked(board, ks, side) and rng.random() < 0.8:
                board = None
    if board is None:
        return None
    return f"{board_fen(board)} {side} - - 0 {move_number}"
