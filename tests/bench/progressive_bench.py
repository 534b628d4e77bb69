#!/usr/bin/env python3
"""Progressive chess benchmark (docs/rules-extramove-progressive.md, P7): the speed of a
progressive `#1`, a mate in one series of 5 to 8 moves searched a move at a time with the
table, against the orthodox solver's speed in the same run, and the longest series each family
of positions is decided for within a time limit.

usage: tests/bench/progressive_bench.py [--dmsolve build/dmsolve] [--limit 60] [--hash 256]
                                        [--orthodox 12] [--variants progressive-italian,...]

Figures, all single-thread (--threads 1 --no-tries --no-check, the solver's own
`solve_nodes` and `solve_seconds` from its JSON, without process start-up):
- orthodox: the first --orthodox #3 and #4 problems of matetrackpv.epd, nodes/s over the set;
- progressive #1: each position of SERIES_SET, its status, nodes, seconds and nodes/s, and
  the set's nodes/s over the orthodox rate (a node is a move played, in a series or not);
- longest series: for each family, the series length (the FEN's move number, P6) grows from 1
  until a solve takes longer than --limit seconds; the largest length decided within it is
  printed with its time.
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
MATETRACK = os.path.join(ROOT, '..', 'shared', 'testdata', 'orthodox', 'matetrackpv.epd')

# Positions whose series is their move number (P6): 5 to 8 moves, mates and refutations.
SERIES_SET = [
    ('K+R against K, no mate in 5', '7k/8/8/8/8/8/8/KR6 w - - 0 5'),
    ('K+R against K, no mate in 6', '7k/8/8/8/8/8/8/KR6 w - - 0 6'),
    ('K+R against K, mate in 7', '7k/8/8/8/8/8/8/KR6 w - - 0 7'),
    ('after 1.e4, Black mates in 5', 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 5'),
    ('after 1.d4, Black in 5', 'rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 5'),
    ('initial array, White in 6', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 6'),
    ('open game, White in 7', 'r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 7'),
    ('open game, White in 8', 'r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 8'),
]

# Families for the longest series: the board and side; the series length is appended.
FAMILIES = [
    ('K+R against K', '7k/8/8/8/8/8/8/KR6 w - - 0'),
    ('initial array, White', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0'),
    ('after 1.e4, Black', 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0'),
]


def solve(args, variant, fen, stip, limit):
    """(status, nodes, seconds) of one single-thread solve, or ('error', 0, 0)."""
    cmd = [args.dmsolve, 'solve', '--variant', variant, '--fen', fen, '--stip', stip, '--threads', '1',
           '--hash', str(args.hash), '--no-tries', '--no-check', '--format', 'json', '--time', str(limit)]
    run = subprocess.run(cmd, capture_output=True, text=True)
    try:
        result = json.loads(run.stdout)
    except json.JSONDecodeError:
        print(f'  error: {" ".join(cmd)}: {run.stderr.strip()}', file=sys.stderr)
        return 'error', 0, 0.0
    return result['status'], result['solve_nodes'], result['solve_seconds']


def orthodox_rate(args):
    problems = []
    with open(MATETRACK) as f:
        for line in f:
            for n in (3, 4):
                if f'bm #{n};' in line and sum(1 for p in problems if p[1] == n) < args.orthodox // 2:
                    problems.append((' '.join(line.split()[:4]), n))
    nodes = seconds = 0
    for fen, n in problems:
        _, k, s = solve(args, 'chess', fen, f'#{n}', args.limit)
        nodes += k
        seconds += s
    rate = nodes / seconds if seconds else 0
    print(f'orthodox #3/#4 (matetrackpv, {len(problems)} problems): {nodes} nodes in {seconds:.2f} s, '
          f'{rate:,.0f} nodes/s')
    return rate


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--dmsolve', default=os.path.join(ROOT, 'build', 'dmsolve'))
    parser.add_argument('--limit', type=float, default=60.0, help='seconds a solve may take')
    parser.add_argument('--hash', type=int, default=256)
    parser.add_argument('--orthodox', type=int, default=12, help='orthodox problems for the reference rate')
    parser.add_argument('--variants', default='progressive-italian,progressive-scottish')
    args = parser.parse_args()

    reference = orthodox_rate(args)
    for variant in args.variants.split(','):
        print(f'\n{variant}: #1, one thread')
        print(f'  {"position":34} {"series":>6} {"status":>12} {"nodes":>11} {"s":>8} {"nodes/s":>11}')
        nodes = seconds = 0
        for name, fen in SERIES_SET:
            status, k, s = solve(args, variant, fen, '#1', args.limit)
            nodes += k
            seconds += s
            print(f'  {name:34} {fen.split()[-1]:>6} {status:>12} {k:>11} {s:>8.2f} {k / s if s else 0:>11,.0f}')
        rate = nodes / seconds if seconds else 0
        print(f'  set: {rate:,.0f} nodes/s, {rate / reference if reference else 0:.2f}x the orthodox rate')
        for name, board in FAMILIES:
            decided = None
            for length in range(1, 40):
                status, k, s = solve(args, variant, f'{board} {length}', '#1', args.limit)
                if status not in ('solved', 'no-solution') or s > args.limit:
                    break
                decided = (length, status, s, k)
            if decided:
                length, status, s, k = decided
                print(f'  longest series decided within {args.limit:.0f} s, {name}: {length} ({status}, '
                      f'{s:.2f} s, {k} nodes)')


if __name__ == '__main__':
    main()
