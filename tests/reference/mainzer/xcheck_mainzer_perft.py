#!/usr/bin/env python3
"""Cross-check tests/data/mainzer_perft.tsv with an independent perft.

A small, slow Mainzer Schach move generator written from docs/rules.md section 6
alone (it shares no code or tables with Fairy-Stockfish or dmsolve), used to
confirm that FSF's counts follow the project's rules.  Standard library only;
about 40k nodes/s per process, so by default only rows up to 400k nodes
(about a minute on 2 cores); --max-nodes 100000000 checks every row.

    python3 tests/reference/mainzer/xcheck_mainzer_perft.py [--max-nodes N] [--jobs J]

Exit status 1 if any row disagrees.
"""
import argparse
import os
import sys
from multiprocessing import Pool

HERE = os.path.dirname(os.path.abspath(__file__))
TSV = os.path.normpath(os.path.join(HERE, "..", "..", "data", "mainzer_perft.tsv"))

W, H = 11, 8
FILES = "abcdefghijk"
KN = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
KING = ORTH + DIAG
SLIDE_ORTH = set("RQMA")
SLIDE_DIAG = set("BQJA")
LEAP_N = set("NJMA")
PROMO = "AMQRJNB"


def sq(f, r):
    return r * W + f


def name(s):
    return FILES[s % W] + str(s // W + 1)


def parse(fen):
    f = fen.split()
    b = [None] * (W * H)
    for i, row in enumerate(f[0].split("/")):
        r = 7 - i
        c, num = 0, ""
        for ch in row + " ":
            if ch.isdigit():
                num += ch
                continue
            if num:
                c += int(num)
                num = ""
            if ch == " ":
                break
            b[sq(c, r)] = ch
            c += 1
        assert c == W
    stm = 0 if f[1] == "w" else 1
    cr = set(f[2]) - {"-"}
    ep = None if f[3] == "-" else sq(FILES.index(f[3][0]), int(f[3][1]) - 1)
    return b, stm, cr, ep


def white(p):
    return p.isupper()


def attacked(b, s, by_white):
    f0, r0 = s % W, s // W
    for df, dr in KN:
        f, r = f0 + df, r0 + dr
        if 0 <= f < W and 0 <= r < H:
            p = b[sq(f, r)]
            if p and white(p) == by_white and p.upper() in LEAP_N:
                return True
    for df, dr in KING:
        f, r = f0 + df, r0 + dr
        if 0 <= f < W and 0 <= r < H:
            p = b[sq(f, r)]
            if p and white(p) == by_white and p.upper() == "K":
                return True
    # pawns: a white pawn attacks from below
    dr = -1 if by_white else 1
    for df in (-1, 1):
        f, r = f0 + df, r0 + dr
        if 0 <= f < W and 0 <= r < H:
            p = b[sq(f, r)]
            if p == ("P" if by_white else "p"):
                return True
    for dirs, kinds in ((ORTH, SLIDE_ORTH), (DIAG, SLIDE_DIAG)):
        for df, dr in dirs:
            f, r = f0 + df, r0 + dr
            while 0 <= f < W and 0 <= r < H:
                p = b[sq(f, r)]
                if p:
                    if white(p) == by_white and p.upper() in kinds:
                        return True
                    break
                f += df
                r += dr
    return False


def pseudo(b, stm, cr, ep):
    """yield (from, to, promo, kind) kind in {n, ep, dbl, OO, OOO}"""
    us_white = stm == 0
    out = []
    for s in range(W * H):
        p = b[s]
        if not p or white(p) != us_white:
            continue
        t = p.upper()
        f0, r0 = s % W, s // W
        if t == "P":
            d = 1 if us_white else -1
            last = 7 if us_white else 0
            start = 1 if us_white else 6
            r1 = r0 + d
            if 0 <= r1 < H and not b[sq(f0, r1)]:
                if r1 == last:
                    for pr in PROMO:
                        out.append((s, sq(f0, r1), pr, "n"))
                else:
                    out.append((s, sq(f0, r1), None, "n"))
                    if r0 == start and not b[sq(f0, r0 + 2 * d)]:
                        out.append((s, sq(f0, r0 + 2 * d), None, "dbl"))
            for df in (-1, 1):
                f1 = f0 + df
                if 0 <= f1 < W and 0 <= r1 < H:
                    t1 = sq(f1, r1)
                    q = b[t1]
                    if q and white(q) != us_white:
                        if r1 == last:
                            for pr in PROMO:
                                out.append((s, t1, pr, "n"))
                        else:
                            out.append((s, t1, None, "n"))
                    elif t1 == ep and not q:
                        out.append((s, t1, None, "ep"))
            continue
        if t in LEAP_N:
            for df, dr in KN:
                f, r = f0 + df, r0 + dr
                if 0 <= f < W and 0 <= r < H:
                    q = b[sq(f, r)]
                    if not q or white(q) != us_white:
                        out.append((s, sq(f, r), None, "n"))
        if t == "K":
            for df, dr in KING:
                f, r = f0 + df, r0 + dr
                if 0 <= f < W and 0 <= r < H:
                    q = b[sq(f, r)]
                    if not q or white(q) != us_white:
                        out.append((s, sq(f, r), None, "n"))
            continue
        dirs = (ORTH if t in SLIDE_ORTH else []) + (DIAG if t in SLIDE_DIAG else [])
        for df, dr in dirs:
            f, r = f0 + df, r0 + dr
            while 0 <= f < W and 0 <= r < H:
                q = b[sq(f, r)]
                if q:
                    if white(q) != us_white:
                        out.append((s, sq(f, r), None, "n"))
                    break
                out.append((s, sq(f, r), None, "n"))
                f += df
                r += dr
    # castling (Z4): king on f, rook on a/k, all between empty, not in check,
    # squares crossed/landed on not attacked
    rank = 0 if us_white else 7
    K = "K" if us_white else "k"
    R = "R" if us_white else "r"
    ks = sq(5, rank)
    if b[ks] == K and not attacked(b, ks, not us_white):
        for right, rook_f, between, kdest in (("K", 10, [6, 7, 8, 9], 9), ("Q", 0, [1, 2, 3, 4], 1)):
            rr = right if us_white else right.lower()
            if rr in cr and b[sq(rook_f, rank)] == R and all(not b[sq(x, rank)] for x in between):
                step = 1 if kdest > 5 else -1
                crossed = range(5 + step, kdest + step, step)
                if not any(attacked(b, sq(x, rank), not us_white) for x in crossed):
                    out.append((ks, sq(kdest, rank), None, "OO" if right == "K" else "OOO"))
    return out


CR_SQ = {sq(10, 0): "K", sq(0, 0): "Q", sq(10, 7): "k", sq(0, 7): "q"}


def make(b, stm, cr, ep, m):
    fr, to, pr, kind = m
    nb = b[:]
    p = nb[fr]
    nb[fr] = None
    if kind == "ep":
        nb[to - W if stm == 0 else to + W] = None
    nb[to] = (pr if stm == 0 else pr.lower()) if pr else p
    ncr = set(cr)
    if kind in ("OO", "OOO"):
        rank = to // W
        if kind == "OO":
            nb[sq(10, rank)] = None
            nb[sq(8, rank)] = p.replace("K", "R").replace("k", "r")
        else:
            nb[sq(0, rank)] = None
            nb[sq(2, rank)] = p.replace("K", "R").replace("k", "r")
    if p.upper() == "K":
        ncr -= {"K", "Q"} if stm == 0 else {"k", "q"}
    for s in (fr, to):
        if s in CR_SQ:
            ncr.discard(CR_SQ[s])
    nep = (fr + to) // 2 if kind == "dbl" else None
    return nb, 1 - stm, ncr, nep


def legal(b, stm, cr, ep):
    res = []
    K = "K" if stm == 0 else "k"
    for m in pseudo(b, stm, cr, ep):
        nb, nstm, ncr, nep = make(b, stm, cr, ep, m)
        ks = nb.index(K)
        if not attacked(nb, ks, stm == 1):
            res.append((m, (nb, nstm, ncr, nep)))
    return res


def perft(state, d):
    ms = legal(*state)
    if d == 1:
        return len(ms)
    return sum(perft(st, d - 1) for _, st in ms)


def movestr(m):
    fr, to, pr, _ = m
    return name(fr) + name(to) + (pr.lower() if pr else "")


def job(args):
    key, state, d = args
    return key, (perft(state, d) if d > 0 else 1)


def main():
    ap = argparse.ArgumentParser(description="independent Mainzer perft cross-check")
    ap.add_argument("--tsv", default=TSV)
    ap.add_argument("--min-nodes", type=int, default=0)
    ap.add_argument("--max-nodes", type=int, default=400_000)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    rows = []
    for line in open(args.tsv):
        if line.startswith("#") or line.startswith("id\t"):
            continue
        rid, fen, d, n, _ = line.rstrip("\n").split("\t")
        if args.min_nodes <= int(n) <= args.max_nodes:
            rows.append((rid, fen, int(d), int(n)))
    # split every row into its root moves so that the jobs balance
    jobs = [(i, st, d - 1) for i, (_, fen, d, _) in enumerate(rows)
            for _, st in legal(*parse(fen))]
    tot = [0] * len(rows)
    with Pool(args.jobs) as pool:
        for i, c in pool.imap_unordered(job, jobs, chunksize=4):
            tot[i] += c
    bad = 0
    for i, (rid, fen, d, n) in enumerate(rows):
        ok = tot[i] == n
        bad += not ok
        print("%-4s %-30s depth %d  table %d  here %d" % ("ok" if ok else "BAD", rid, d, n, tot[i]))
    print("checked %d rows, %d mismatches" % (len(rows), bad))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
