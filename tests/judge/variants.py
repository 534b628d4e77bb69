# The judge's turns: for each variant, every turn a side can play from the start of its turn,
# each with how it ends. Written from docs/rules.md (M1-M8, D1-D5, section 4, L1-L4)
# and docs/rules-extramove-progressive.md (E1-E7, P1-P8) only; castling is left out.
#
# A turn is (moves, kind, next) where moves is a tuple of UCI strings, and kind is
#   'normal'  the turn ended and `next` is the opponent's position at the start of its turn;
#   'stuck'   the mover's first move gave no check and it has no legal second move (M6, L4,
#             option no-second-move=stalemate), or a progressive series has no legal move left
#             in its middle (P3): the mover is stalemated there (in the losing variants: wins);
#   'kingcap' Double Move: the turn captured the enemy king (D2), the game is over.
# A position is Pos(board, side, ep, series): ep = the passed-over squares the side to move may
# take e.p.; series = the length of the coming progressive series (0 elsewhere).

from collections import namedtuple

from board import (color_of, ep_rights_left, in_check, make, other, passed_square,
                   pseudo_moves)

Pos = namedtuple("Pos", "board side ep series")

ORTHODOX_PROMOTIONS = ("Q", "R", "B", "N")
LOSING_PROMOTIONS = ("Q", "R", "B", "N", "K")

VARIANTS = ("chess", "marseillais", "doublemove", "bennekom", "extramove",
            "progressive-italian", "progressive-scottish", "antichess", "losing-marseillais")


class Variant:
    def __init__(self, name, no_second_move="stalemate", budget=None):
        # M2: the classical two-move first turn only concerns a game from the initial array;
        # a problem position read from FEN is the same in both (docs/rules.md section 7).
        if name == "marseillais-classical":
            name = "marseillais"
        assert name in VARIANTS, name
        assert no_second_move in ("stalemate", "pass")
        self.name = name
        self.no_second_move = no_second_move
        # royal: kings may not be left attacked (check and mate exist).
        self.royal = name not in ("doublemove", "antichess", "losing-marseillais")
        self.losing = name in ("antichess", "losing-marseillais")
        self.two_moves = name in ("marseillais", "doublemove", "bennekom", "losing-marseillais")
        self.progressive = name.startswith("progressive")
        self.promotions = LOSING_PROMOTIONS if self.losing else ORTHODOX_PROMOTIONS
        self._cache = {}
        # At most this many positions' turns are listed (None: no limit); past it, the judge
        # gives up with OverflowError (the driver counts the position as skipped).
        self.budget = budget

    # -- single moves ------------------------------------------------------------------
    def legal_moves(self, board, side, ep, allow_double=True):
        moves = pseudo_moves(board, side, ep, self.promotions, allow_double)
        if self.royal:
            moves = [m for m in moves if not in_check(make(board, m), side)]
        if self.losing:  # L1: a capture, e.p. included, is compulsory for each move
            captures = [m for m in moves if m.capture]
            if captures:
                moves = captures
        return moves

    def in_check(self, pos):
        return self.royal and in_check(pos.board, pos.side)

    # -- turns --------------------------------------------------------------------------
    def turns(self, pos):
        cached = self._cache.get(pos)
        if cached is None:
            self._spend()
            if self.two_moves:
                cached = self._double_turns(pos)
            elif self.name == "extramove":
                cached = self._extra_turns(pos)
            elif self.progressive:
                cached = self._series_turns(pos)
            else:
                cached = self._single_turns(pos)
            if len(self._cache) > 400000:
                self._cache.clear()
            self._cache[pos] = cached
        return cached

    def _spend(self):
        if self.budget is not None:
            self.budget -= 1
            if self.budget < 0:
                raise OverflowError("the judge's budget is spent")

    def _end(self, board, side, two_steps, series=0):
        return Pos(board, other(side), ep_rights_left(board, side, two_steps), series)

    def _single_turns(self, pos):
        out = []
        for m in self.legal_moves(pos.board, pos.side, pos.ep):
            b = make(pos.board, m)
            out.append(((m.uci(),), "normal", self._end(b, pos.side, [m] if m.double else [])))
        return out

    def _double_turns(self, pos):
        """M1, M3, M4, M6, M7 (ep=any); D2 (no check, king capture); section 4 (Bennekom);
        L1, L4 (Losing Marseillais)."""
        board, side = pos.board, pos.side
        enemy_king = "k" if side == "w" else "K"
        out = []
        for m1 in self.legal_moves(board, side, pos.ep):
            u1 = m1.uci()
            if self.name == "doublemove" and board[m1.to] == enemy_king:
                out.append(((u1,), "kingcap", None))
                continue
            b1 = make(board, m1)
            steps1 = [m1] if m1.double else []
            if self.royal and in_check(b1, other(side)):  # M4: a check ends the turn
                out.append(((u1,), "normal", self._end(b1, side, steps1)))
                continue
            # M7: e.p. as the second move only when the first was e.p. too.
            seconds = self.legal_moves(b1, side, pos.ep if m1.ep else frozenset())
            if self.name == "bennekom":
                same = [m for m in seconds if m.frm == m1.to]
                if same:
                    seconds = same
            if not seconds:
                if self.no_second_move == "stalemate":
                    out.append(((u1,), "stuck", None))
                else:
                    out.append(((u1,), "normal", self._end(b1, side, steps1)))
                continue
            for m2 in seconds:
                u2 = m2.uci()
                if self.name == "doublemove" and b1[m2.to] == enemy_king:
                    out.append(((u1, u2), "kingcap", None))
                    continue
                b2 = make(b1, m2)
                steps = steps1 + ([m2] if m2.double else [])
                out.append(((u1, u2), "normal", self._end(b2, side, steps)))
        return out

    def _extra_turns(self, pos):
        """E1-E6: one move (no two-step, E3), then optionally a second that does not capture
        and does not move the first move's piece; check does not end the turn."""
        board, side = pos.board, pos.side
        out = []
        for m1 in self.legal_moves(board, side, pos.ep, allow_double=False):
            b1 = make(board, m1)
            out.append(((m1.uci(),), "normal", self._end(b1, side, [])))
            for m2 in self.legal_moves(b1, side, frozenset()):
                if m2.capture or m2.frm == m1.to:
                    continue
                b2 = make(b1, m2)
                out.append(((m1.uci(), m2.uci()), "normal",
                            self._end(b2, side, [m2] if m2.double else [])))
        return out

    def _series_turns(self, pos):
        """P1-P5: a series of pos.series moves; e.p. only by its first move; Italian: a check
        only as the last move; Scottish: a check ends the series; P3: stuck in the middle."""
        italian = self.name == "progressive-italian"
        length = pos.series
        side = pos.side
        out = []

        def rec(board, left, path, steps):  # Scottish
            first = left == length
            moves = self.legal_moves(board, side, pos.ep if first else frozenset())
            if not moves:
                if not first:
                    out.append((tuple(path), "stuck", None))
                return
            for m in moves:
                b = make(board, m)
                check = in_check(b, other(side))
                st = steps + [m] if m.double else steps
                if left == 1 or check:
                    out.append((tuple(path + [m.uci()]), "normal",
                                self._end(b, side, st, length + 1)))
                else:
                    rec(b, left - 1, path + [m.uci()], st)

        # Italian: when every move of the middle gives check, the series is stuck there (P5);
        # rec() above skips those moves, so count the case here.
        def rec_italian(board, left, path, steps):
            first = left == length
            moves = self.legal_moves(board, side, pos.ep if first else frozenset())
            playable = []
            for m in moves:
                b = make(board, m)
                check = in_check(b, other(side))
                if check and left > 1:
                    continue
                playable.append((m, b, check))
            if not playable:
                if not first:
                    out.append((tuple(path), "stuck", None))
                return
            for m, b, check in playable:
                st = steps + [m] if m.double else steps
                if left == 1:
                    out.append((tuple(path + [m.uci()]), "normal",
                                self._end(b, side, st, length + 1)))
                else:
                    rec_italian(b, left - 1, path + [m.uci()], st)

        if italian:
            rec_italian(pos.board, length, [], [])
        else:
            rec(pos.board, length, [], [])
        return out

    # -- the start of a turn ------------------------------------------------------------
    def _first_moves(self, pos):
        moves = self.legal_moves(pos.board, pos.side, pos.ep, allow_double=self.name != "extramove")
        if self.name == "progressive-italian" and pos.series > 1:
            moves = [m for m in moves if not in_check(make(pos.board, m), other(pos.side))]
        return moves

    def _plays_on(self, pos):
        """Has the side to move a turn that does not end with it stuck? (lazy: the first
        such turn found is enough)."""
        if pos in self._cache:
            return any(t[1] != "stuck" for t in self._cache[pos])
        firsts = self._first_moves(pos)
        if not firsts:
            return False
        if not (self.two_moves or self.progressive) or self.no_second_move == "pass" \
                and self.two_moves:
            return True
        if self.two_moves:
            side = pos.side
            enemy_king = "k" if side == "w" else "K"
            for m1 in firsts:
                if self.name == "doublemove" and pos.board[m1.to] == enemy_king:
                    return True
                b1 = make(pos.board, m1)
                if self.royal and in_check(b1, other(side)):
                    return True
                seconds = self.legal_moves(b1, side, pos.ep if m1.ep else frozenset())
                if seconds:
                    return True
            return False
        return self._series_plays_on(pos)

    def _series_plays_on(self, pos):
        """Progressive: is there a series that ends without being stuck (P3, P5)?"""
        italian = self.name == "progressive-italian"
        side = pos.side

        def rec(board, left):
            first = left == pos.series
            for m in self.legal_moves(board, side, pos.ep if first else frozenset()):
                b = make(board, m)
                check = in_check(b, other(side))
                if italian and check and left > 1:
                    continue
                if left == 1 or check or rec(b, left - 1):
                    return True
            return False

        return rec(pos.board, pos.series)

    def mated(self, pos):
        """M5, E4, P2, P5: in check at the start of the turn with no legal first move."""
        return self.royal and self.in_check(pos) and not self._first_moves(pos)

    def start_status(self, pos):
        """What the side to move is at the start of its turn, before it plays:
        'mated' (M5, E4, P2, P5: in check, no legal turn), 'stalemated' (no turn that does not
        end with it stalemated: M5, M6 forced, P3), 'won' (losing variants L3: no piece, no
        legal move, or every turn stuck by L4), or None (it plays on)."""
        key = ("status", pos)
        if key in self._cache:
            return self._cache[key]
        self._spend()
        if self.losing:
            if not any(color_of(p) == pos.side for p in pos.board):
                status = "won"
            else:
                status = None if self._plays_on(pos) else "won"
        elif self._plays_on(pos):
            status = None
        elif not self._first_moves(pos):
            status = "mated" if self.in_check(pos) else "stalemated"
        else:
            status = "stalemated"
        self._cache[key] = status
        return status
