#!/usr/bin/env python3
"""Marseillais help play, two dmsolve builds side by side (issue 22): the gain of the ending
bound in a variant no other solver plays. Each problem of the set is solved by each build in
turn, one thread, whole runs by the clock, and the nodes, times and their ratios are printed;
the solutions must be the same (and the set's own where it gives them), or the bench exits 1.

usage: tests/bench/marseillais_help_bench.py --before OLD/dmsolve [--after build/dmsolve]
           [--set tests/bench/marseillais_help_problems.epd] [--time SECONDS]
The set: Marseillais h#2, h#3 and h#4 found by puzzles/tools/find_problems.py (its header names the
runs). Build the `before` binary from a commit without the bound for turns of several moves
(d88d44c or earlier), e.g. `git worktree add /tmp/old d88d44c` and `cmake --preset release`
there. Not a test: it needs two builds and minutes.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def problems(path):
    """(id, epd line, published solutions or None) of each problem of the set."""
    rows = []
    with open(path) as f:
        for line in f:
            if not line.strip() or line.startswith('#'):
                continue
            ident = line.split('id "')[1].split('"')[0]
            published = None
            if 'solutions "' in line:
                # Each solution line quoted, as puzzles/README.md writes them: "line" "line" ...;
                quoted = line.split('solutions ', 1)[1].split(';', 1)[0]
                published = sorted(s.strip() for s in re.findall(r'"([^"]*)"', quoted))
            rows.append((ident, line.strip(), published))
    return rows


def solve(binary, epd_line, seconds):
    """(seconds by the clock, nodes, status, sorted solutions) of one whole run."""
    with open('/tmp/marseillais_help_bench.epd', 'w') as f:
        f.write(epd_line + '\n')
    start = time.monotonic()
    run = subprocess.run([binary, 'solve', '/tmp/marseillais_help_bench.epd', '--threads', '1', '--no-tries',
                          '--no-check', '--json', '--time', str(seconds)], capture_output=True, text=True)
    elapsed = time.monotonic() - start
    result = json.loads(run.stdout.splitlines()[-1])
    lines = sorted(result.get('solutions', []))  # each 'm1,m2 m1,m2 ...', a turn's moves joined by commas
    return elapsed, result.get('nodes', 0), result.get('status'), lines


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--before', required=True)
    parser.add_argument('--after', default=os.path.join(ROOT, 'build', 'dmsolve'))
    parser.add_argument('--set', default=os.path.join(HERE, 'marseillais_help_problems.epd'))
    parser.add_argument('--time', type=float, default=60)
    args = parser.parse_args()
    differing = 0
    totals = {'before': [0.0, 0], 'after': [0.0, 0]}
    print(f'{"problem":28} {"before s":>9} {"after s":>9} {"before nodes":>13} {"after nodes":>13} {"nodes x":>8}')
    for ident, line, published in problems(args.set):
        runs = {name: solve(binary, line, args.time) for name, binary in (('before', args.before), ('after', args.after))}
        for name, (seconds, nodes, _, _) in runs.items():
            totals[name][0] += seconds
            totals[name][1] += nodes
        (bs, bn, bstat, bsol), (as_, an, astat, asol) = runs['before'], runs['after']
        note = ''
        if bstat != 'unknown' and astat != 'unknown' and bsol != asol:
            note, differing = '  DIFFERS', differing + 1
        if published is not None and astat != 'unknown' and asol != published:
            note, differing = note + '  DIFFERS from the set', differing + 1
        mark = lambda status: '?' if status == 'unknown' else ' '
        ratio = f'{bn / an:8.1f}' if an else '       -'
        print(f'{ident:28} {bs:8.3f}{mark(bstat)} {as_:8.3f}{mark(astat)} {bn:13d} {an:13d} {ratio}{note}')
    (bt, bn), (at, an) = totals['before'], totals['after']
    print(f'\ntotal: before {bt:.2f} s, {bn} nodes; after {at:.2f} s, {an} nodes; '
          f'time {bt / at:.1f}x, nodes {bn / max(an, 1):.1f}x; answers differing: {differing}')
    return 1 if differing else 0


if __name__ == '__main__':
    sys.exit(main())
