#!/usr/bin/env python3
"""dmsolve and Popeye side by side, whole processes, in one run (issue 22): the ratios of their
times on the same problems, one problem after the other, each solver run right after the other.

Sets:
  help    the long help problems of Popeye's own examples (`popeye_orthodox_clean.tsv`, h#3 to
          h=8: 106), sorted by length; Popeye runs with `option intelligent`, its fastest mode
          for help play. --every 2 takes every other one (53).
  series  the series problems of Popeye's own examples: every twin of ser-#, ser-=, ser-h#,
          ser-h=, ser-s# and ser-s= in tests/data/popeye/examples/expected.json, and the three
          long ones kept apart in tests/bench/popeye_series_long.epd (Popeye's solutions there);
          Popeye runs with `option intelligent`, as for help play.
  direct  matetrack's #2-#5 (`matetrackpv.epd`); Popeye in its default mode, which is its mode
          for direct play, with `option variation`: dmsolve prints each key's threats and
          variations, and Popeye without that option prints the keys alone (on matetrack-10, a
          #2 of 117 keys, it then took 16 ms and with it 40 ms; dmsolve's tree, 19 ms).
          --popeye-keys-only leaves the option out (the figures before session 27). The fixed
          cost of a run shows in the #2 and #3 medians.

Each problem is exported with `dmsolve export --format popeye`, so both read the same position;
Popeye gets `option maxtime` (and `intelligent` for help play, `variation` for direct play) and
runs as `py -regression`.
dmsolve runs `solve --no-tries --no-set-play --no-check --json` with each --threads given: it
looks for what Popeye looks for, without tries or set play (Popeye gets no `option setplay`;
before session 26 dmsolve also solved the set play of each help problem that Black begins).
Times are whole runs by the clock (start-up, table, solving and printing). A problem is
undecided for Popeye when its output says the time ran out or cannot be read, for dmsolve when
its status is unknown.
Every decided answer is compared with Popeye's (and the set's own, where it gives one): a
difference is printed and counted, since a fast wrong answer is no answer.

--popeye-processes N runs Popeye's side first, N problems at a time (one thread each), and then
dmsolve's, one after the other: on a machine of many cores, where dmsolve runs with all of them,
this spares the time of Popeye's one-thread runs in a row (the issue's own figures ran 8 at a
time on 16 cores). Popeye's times are then those of a busy machine, a few per cent slower.

usage: POPEYE=/path/to/py tests/bench/popeye_side_by_side_bench.py [--set help|series|direct]
           [--every N] [--time SECONDS] [--threads 1,2] [--hash MB] [--dmsolve build/dmsolve]
           [--data ../shared/testdata/orthodox] [--max-problems N] [--stips '#2,#3'] [--only-dmsolve]
           [--popeye-processes N] [--popeye-keys-only]
Popeye: tests/bench/build_popeye.sh builds it. Not a test: it needs Popeye and minutes.
"""
import argparse
import concurrent.futures
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DEFAULT_DATA = os.path.join(ROOT, '..', 'shared', 'testdata', 'orthodox')
sys.path.insert(0, os.path.join(ROOT, 'tests', 'popeye'))
import popeye_output  # noqa: E402


def help_length(stip):
    """The number of moves of both sides in a help stipulation (h#3: 6, h#2.5: 5)."""
    n = float(stip[2:])
    return int(n * 2)


def help_problems(data):
    """(name, fen, stip, expected solution set) of the long help problems, by length."""
    rows = []
    with open(os.path.join(data, 'popeye_orthodox_clean.tsv')) as f:
        for number, line in enumerate(f, 1):  # the file's line number, as puzzles/orthodox/popeye.epd's ids
            if not line.strip() or line.startswith('#'):
                continue
            cols = line.rstrip('\n').split('\t')
            fen, stip, solutions = cols[0], cols[1], cols[2]
            if stip[:2] in ('h#', 'h=') and float(stip[2:]) >= 3:
                expected = set() if solutions in ('-', 'none') else set(s.strip() for s in solutions.split('|'))
                rows.append((f'popeye-{number}', ' '.join(fen.split()[:4]), stip, expected))
    rows.sort(key=lambda r: help_length(r[2]))  # stable: the file's order within a length
    return rows


def series_problems(_data):
    """(name, fen, stip, expected solution set) of the series problems of Popeye's examples."""
    rows = []
    with open(os.path.join(ROOT, 'tests', 'data', 'popeye', 'examples', 'expected.json')) as f:
        files = json.load(f)['files']
    for source, entry in sorted(files.items()):
        for problem in entry['problems']:
            for twin in problem['twins']:
                if twin['stipulation'].startswith('ser-'):
                    name = f"{source.removesuffix('.inp')}#{problem['number']}{twin['twin'] or ''}"
                    # Where Popeye printed short solutions, its answer depended on options (such as
                    # stoponshortsolutions) that the exported problem does not carry.
                    expected = None if twin.get('short') else set(twin['solutions'])
                    rows.append((name, ' '.join(twin['fen'].split()[:4]), twin['stipulation'], expected))
    with open(os.path.join(HERE, 'popeye_series_long.epd')) as f:
        for line in f:
            if line.strip() and not line.startswith('#'):
                fen, stip, solution, name = line.rstrip('\n').split('\t')[:4]
                rows.append((name, ' '.join(fen.split()[:4]), stip, {solution}))
    return rows


def direct_problems(data):
    """(name, fen, stip, None) of matetrack's #2 to #5."""
    rows = []
    with open(os.path.join(data, 'matetrackpv.epd')) as f:
        for number, line in enumerate(f):
            if 'bm #' not in line:
                continue
            n = int(line.split('bm #')[1].split(';')[0])
            if 2 <= n <= 5:
                rows.append((f'matetrack-{number + 1}', ' '.join(line.split()[:4]), f'#{n}', None))
    return rows


def popeye_input(dmsolve, fen, stip, options):
    out = subprocess.run([dmsolve, 'export', '--format', 'popeye', '--fen', fen, '--stip', stip],
                         capture_output=True, text=True, check=True).stdout.strip()
    body = out[len('beginproblem'):-len('endproblem')].strip()
    return 'beginproblem\n' + body + '\n' + ''.join(f'option {o}\n' for o in options) + 'endproblem\n'


def run_popeye(popeye, text, seconds):
    """(seconds by the clock, answer set or None when undecided)."""
    with tempfile.NamedTemporaryFile('w', suffix='.inp', delete=False) as f:
        f.write(text)
        path = f.name
    try:
        start = time.perf_counter()
        out = subprocess.run([popeye, '-regression', path], capture_output=True, text=True, errors='replace',
                             timeout=seconds + 30)
        elapsed = time.perf_counter() - start
        problems = popeye_output.parse(out.stdout)
    except subprocess.TimeoutExpired:
        return seconds + 30, None
    finally:
        os.unlink(path)
    if not problems or not problems[0].finished or not problems[0].twins:
        return elapsed, None
    twin = problems[0].twins[0]
    return elapsed, twin.solutions if twin.solutions else twin.keys


def run_dmsolve(dmsolve, fen, stip, threads, seconds, hash_mb):
    """(seconds by the clock, answer set or None when undecided, nodes)."""
    command = [dmsolve, 'solve', '--fen', fen, '--stip', stip, '--threads', str(threads), '--time', str(seconds),
               '--no-tries', '--no-set-play', '--no-check', '--json']
    if hash_mb:
        command += ['--hash', str(hash_mb)]
    start = time.perf_counter()
    out = subprocess.run(command, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    lines = [l for l in out.stdout.splitlines() if l.startswith('{')]
    if not lines:
        print(f'dmsolve failed on {fen} {stip}: {out.stderr.strip()}', file=sys.stderr)
        return elapsed, None, 0
    result = json.loads(lines[0])
    if result.get('status') not in ('solved', 'no-solution'):
        return elapsed, None, result.get('nodes', 0)
    answers = result.get('solutions') if stip.startswith(('h', 'ser-')) else result.get('keys')
    if stip.startswith('ser-'):  # the full-length lines, as Popeye lists them apart from the short ones
        answers = [a for a in answers or [] if a not in (result.get('short_solutions') or [])]
    return elapsed, set(answers or []), result.get('nodes', 0)


def summary(label, times, undecided):
    return f'{label:<22} {sum(times):9.2f} {statistics.median(times):9.3f} {undecided:5d}'


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--set', choices=('help', 'series', 'direct'), default='help')
    parser.add_argument('--every', type=int, default=1, help='take every Nth problem of the set')
    parser.add_argument('--max-problems', type=int, default=0, help='at most this many (0: all)')
    parser.add_argument('--stips', default='', help='only these stipulations, comma-separated (e.g. "#2,#3")')
    parser.add_argument('--time', type=float, default=60.0, help='limit per problem and solver, seconds')
    parser.add_argument('--threads', default='1', help='dmsolve thread counts, comma-separated')
    parser.add_argument('--hash', type=int, default=0, help='dmsolve --hash MB (0: its default)')
    parser.add_argument('--dmsolve', default=os.path.join(ROOT, 'build', 'dmsolve'))
    parser.add_argument('--data', default=DEFAULT_DATA)
    parser.add_argument('--only-dmsolve', action='store_true', help='run no Popeye (no ratios, no comparison)')
    parser.add_argument('--popeye-processes', type=int, default=1,
                        help='run Popeye first, this many problems at a time (1: each right before dmsolve)')
    parser.add_argument('--popeye-keys-only', action='store_true',
                        help='direct play: no `option variation` for Popeye, which then prints the keys alone')
    args = parser.parse_args()
    popeye = os.environ.get('POPEYE')
    if not popeye and not args.only_dmsolve:
        print('set POPEYE to the Popeye binary (tests/bench/build_popeye.sh builds it), or --only-dmsolve',
              file=sys.stderr)
        return 2
    sets = {'help': help_problems, 'series': series_problems, 'direct': direct_problems}
    problems = sets[args.set](args.data)[::args.every]
    if args.stips:
        problems = [p for p in problems if p[2] in args.stips.split(',')]
    if args.max_problems:
        problems = problems[:args.max_problems]
    threads = [int(t) for t in args.threads.split(',')]
    mode = ['intelligent'] if args.set in ('help', 'series') else [] if args.popeye_keys_only else ['variation']
    options = [f'maxtime {max(1, int(args.time))}'] + mode

    times = {'popeye': []} if not args.only_dmsolve else {}
    times.update({t: [] for t in threads})
    undecided = {k: 0 for k in times}
    by_stip = {}
    differences = faster = 0
    def popeye_run(problem):
        _, fen, stip, _ = problem
        return run_popeye(popeye, popeye_input(args.dmsolve, fen, stip, options), args.time)

    popeye_ahead = {}
    if not args.only_dmsolve and args.popeye_processes > 1:
        with concurrent.futures.ThreadPoolExecutor(args.popeye_processes) as pool:
            popeye_ahead = dict(zip((p[0] for p in problems), pool.map(popeye_run, problems)))
    print(f'{"problem":<16} {"stip":<6} ' + ('popeye s ' if not args.only_dmsolve else '') +
          ' '.join(f'dm{t:<3}s  ' for t in threads), flush=True)
    for problem in problems:
        name, fen, stip, expected = problem
        row = f'{name:<16} {stip:<6} '
        popeye_answer = None
        if not args.only_dmsolve:
            seconds, popeye_answer = popeye_ahead[name] if popeye_ahead else popeye_run(problem)
            times['popeye'].append(seconds)
            undecided['popeye'] += popeye_answer is None
            row += f'{seconds:8.3f}{"?" if popeye_answer is None else " "}'
            by_stip.setdefault(stip[:3] if stip.startswith('h') else stip, []).append([seconds, None])
        for t in threads:
            seconds, answer, _ = run_dmsolve(args.dmsolve, fen, stip, t, args.time, args.hash)
            times[t].append(seconds)
            undecided[t] += answer is None
            row += f' {seconds:8.3f}{"?" if answer is None else " "}'
            if t == threads[0] and not args.only_dmsolve:
                by_stip[stip[:3] if stip.startswith('h') else stip][-1][1] = seconds
                faster += popeye_answer is None or seconds < times['popeye'][-1]
            for other, label in ((popeye_answer, 'Popeye'), (expected, 'the set')):
                if answer is not None and other is not None and answer != other:
                    differences += 1
                    row += f'  DIFFERS from {label}: {sorted(answer)} vs {sorted(other)}'
        print(row, flush=True)

    print(f'\n{len(problems)} problems ({args.set}), {args.time:g} s each; whole runs by the clock')
    print(f'{"solver":<22} {"total s":>9} {"median s":>9} {"undec":>5}')
    if not args.only_dmsolve:
        print(summary('popeye' + (' intelligent' if args.set in ('help', 'series') else ''), times['popeye'],
                      undecided['popeye']))
    for t in threads:
        line = summary(f'dmsolve {t} thread' + ('s' if t > 1 else ''), times[t], undecided[t])
        if not args.only_dmsolve:
            line += f'   {sum(times[t]) / sum(times["popeye"]):.3f}x Popeye\'s total'
        if t != threads[0]:
            line += f'   {sum(times[threads[0]]) / sum(times[t]):.2f}x speed-up over {threads[0]}'
        print(line)
    if not args.only_dmsolve:
        print(f'dmsolve ({threads[0]} thread) faster on {faster} of {len(problems)}; answers differing: {differences}')
        print(f'\n{"stip":<6} {"n":>4} {"popeye med s":>13} {"dmsolve med s":>14} {"popeye tot s":>13} {"dmsolve tot s":>14}')
        for stip in sorted(by_stip):
            pairs = by_stip[stip]
            p = [a for a, _ in pairs]
            d = [b for _, b in pairs]
            print(f'{stip:<6} {len(pairs):4d} {statistics.median(p):13.3f} {statistics.median(d):14.3f} '
                  f'{sum(p):13.2f} {sum(d):14.2f}')
        # The ten worst ratios: a problemist meets one problem at a time.
        ratios = sorted(((d / p, name, stip, p, d) for (name, _, stip, _), p, d in
                         zip(problems, times['popeye'], times[threads[0]])), reverse=True)
        print(f'\nthe ten worst ratios ({threads[0]} thread)\n{"problem":<28} {"stip":<9} {"popeye s":>9} '
              f'{"dmsolve s":>10} {"ratio":>7}')
        for ratio, name, stip, p, d in ratios[:10]:
            print(f'{name:<28} {stip:<9} {p:9.3f} {d:10.3f} {ratio:6.1f}x')
    return 1 if differences else 0


if __name__ == '__main__':
    sys.exit(main())
