# The judge's reading of each stipulation (docs/rules.md section 8, README.md): a plain minimax over
# whole turns (variants.py). How each one is judged is written down in README.md beside this
# file; in short:
#   goal "victim mated":      the victim, at the start of its turn, is in check and has no
#                             legal turn (Double Move: the goal-giver's turn captures its king);
#   goal "victim stalemated": at the start of its turn the victim is not mated and every turn
#                             it has ends with it stalemated (none at all, or each first move
#                             leaves no second move: M6/L4, P3). A victim that could avoid it
#                             is not stalemated; a defender that resists may still walk into
#                             a mid-turn stalemate in direct play, which then is the goal.

import re

GOALS = {"#": "mate", "=": "stalemate"}


def parse(stip):
    """('direct'|'self'|'reflex'|'help'|'win'|'lose', goal or None, n)."""
    m = re.fullmatch(r"(s|r|h)?([#=])(\d+)", stip)
    if m:
        play = {"s": "self", "r": "reflex", "h": "help", None: "direct"}[m.group(1)]
        return play, GOALS[m.group(2)], int(m.group(3))
    m = re.fullmatch(r"ser-([#=])(\d+)", stip)
    if m:
        return "series", GOALS[m.group(1)], int(m.group(2))
    m = re.fullmatch(r"(win|lose)(\d+)", stip)
    if m:
        return m.group(1), None, int(m.group(2))
    raise ValueError("stipulation not judged: " + stip)


class Judge:
    def __init__(self, variant, max_lines=20000):
        self.v = variant
        self.max_lines = max_lines
        self.memo = {}

    # -- goals ------------------------------------------------------------------------
    def reaches(self, turn, goal):
        """Does this turn of the goal-giver leave its opponent (the victim) mated/stalemated?"""
        moves, kind, nxt = turn
        if goal == "mate" and not self.v.royal:
            return kind == "kingcap"  # D2: king capture is the mate of the king-capture variants
        if kind != "normal":
            return False
        if goal == "mate":
            return self.v.mated(nxt)
        return self.v.start_status(nxt) == "stalemated"

    def _memo(self, key, fn):
        r = self.memo.get(key)
        if r is None:
            r = fn()
            self.memo[key] = r
        return r

    # -- direct play: #N, =N ------------------------------------------------------------
    def direct_turn(self, turn, goal, n):
        if self.reaches(turn, goal):
            return True
        moves, kind, q = turn
        if kind != "normal" or n == 1 or self.v.start_status(q) is not None:
            return False
        for d in self.v.turns(q):
            if d[1] == "stuck":
                if goal == "stalemate":
                    continue  # the defender walked into a stalemate (M6/P3): the goal
                return False
            if d[1] != "normal" or not self.direct(d[2], goal, n - 1):
                return False
        return True

    def direct(self, pos, goal, n):
        return self._memo(("d", pos, goal, n),
                          lambda: any(self.direct_turn(t, goal, n) for t in self.v.turns(pos)))

    # -- self play: s#N, s=N --------------------------------------------------------------
    def self_turn(self, turn, goal, n):
        moves, kind, q = turn
        if kind != "normal" or self.v.start_status(q) is not None:
            return False
        for d in self.v.turns(q):
            if self.reaches(d, goal):
                continue
            if d[1] != "normal" or n == 1 or not self.self_(d[2], goal, n - 1):
                return False
        return True

    def self_(self, pos, goal, n):
        return self._memo(("s", pos, goal, n),
                          lambda: any(self.self_turn(t, goal, n) for t in self.v.turns(pos)))

    # -- reflex play: r#N, r=N ------------------------------------------------------------
    def reflex_turn(self, turn, goal, n):
        moves, kind, q = turn
        if kind != "normal" or self.v.start_status(q) is not None:
            return False
        ds = self.v.turns(q)
        if any(self.reaches(d, goal) for d in ds):
            return True  # the defender must reach the goal, and does whichever it picks
        if n == 1:
            return False
        return all(d[1] == "normal" and self.reflex(d[2], goal, n - 1) for d in ds)

    def reflex_obliged(self, pos, goal):
        """The attacker could reach the goal on the defender in one turn: it has lost."""
        return any(self.reaches(t, goal) for t in self.v.turns(pos))

    def reflex(self, pos, goal, n):
        def f():
            if self.reflex_obliged(pos, goal):
                return False
            return any(self.reflex_turn(t, goal, n) for t in self.v.turns(pos))
        return self._memo(("r", pos, goal, n), f)

    # -- help play: h#N, h=N -----------------------------------------------------------
    def help_lines(self, pos, goal, n):
        """Every line of exactly n attacker turns, the defender (side to move) first."""
        out = []

        def rec(p, k, line):
            for d in self.v.turns(p):
                if d[1] != "normal":
                    continue
                for a in self.v.turns(d[2]):
                    if k == 1:
                        if self.reaches(a, goal):
                            out.append(line + [d[0], a[0]])
                            if len(out) > self.max_lines:
                                raise OverflowError
                    elif a[1] == "normal":
                        rec(a[2], k - 1, line + [d[0], a[0]])

        rec(pos, n, [])
        return out

    # -- series play: ser-#N, ser-=N ---------------------------------------------------
    def series_lines(self, pos, goal, n):
        """Every line of k <= n turns of the side to move, the other side passing in between
        (its e.p. rights lapse), no check before the last turn, the last reaching the goal."""
        from variants import Pos
        out = []

        def rec(p, k, line):
            for t in self.v.turns(p):
                if self.reaches(t, goal):
                    out.append(line + [t[0]])
                    if len(out) > self.max_lines:
                        raise OverflowError
                if k > 1 and t[1] == "normal" and not self.v.in_check(t[2]):
                    q = t[2]
                    rec(Pos(q.board, p.side, frozenset(), q.series), k - 1, line + [t[0]])

        rec(pos, n, [])
        return out

    # -- the losing variants: winN, loseN ----------------------------------------------
    def win_turn(self, turn, n):
        """L3, L4 (stalemate=win): the winner's turn wins within n of its turns."""
        moves, kind, q = turn
        if kind == "stuck":
            return True  # no second move: the mover counts as stalemated and wins (L4)
        if kind != "normal" or self.v.start_status(q) == "won":
            return False
        for d in self.v.turns(q):
            if d[1] != "normal":
                return False  # the loser is stuck in its turn: it wins
            r = d[2]
            if self.v.start_status(r) == "won":
                continue
            if n == 1 or not self.win(r, n - 1):
                return False
        return True

    def win(self, pos, n):
        return self._memo(("w", pos, n),
                          lambda: any(self.win_turn(t, n) for t in self.v.turns(pos)))

    def lose(self, pos, n):
        """The side to move loses: the opponent wins within n of its own turns, whatever."""
        if self.v.start_status(pos) == "won":
            return False
        for s in self.v.turns(pos):
            if s[1] != "normal":
                return False
            if self.v.start_status(s[2]) == "won":
                continue
            if not self.win(s[2], n):
                return False
        return True

    # -- the answer ---------------------------------------------------------------------
    def solve(self, pos, stip):
        """{'keys': set} (direct, self, reflex, win), {'lines': set} (help) or
        {'value': bool} (lose). Keys and lines are UCI: moves joined by ',', turns by ' '."""
        play, goal, n = parse(stip)
        turns = self.v.turns(pos)
        if play == "help":
            return {"lines": {" ".join(",".join(t) for t in line)
                              for line in self.help_lines(pos, goal, n)}}
        if play == "series":
            return {"lines": {" ".join(",".join(t) for t in line)
                              for line in self.series_lines(pos, goal, n)}}
        if play == "lose":
            return {"value": self.lose(pos, n)}
        if play == "direct":
            ok = [t for t in turns if self.direct_turn(t, goal, n)]
        elif play == "self":
            ok = [t for t in turns if self.self_turn(t, goal, n)]
        elif play == "reflex":
            ok = [] if self.reflex_obliged(pos, goal) else \
                [t for t in turns if self.reflex_turn(t, goal, n)]
        else:
            ok = [t for t in turns if self.win_turn(t, n)]
        return {"keys": {",".join(t[0]) for t in ok}}
