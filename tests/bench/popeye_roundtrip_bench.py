#!/usr/bin/env python3
"""Popeye solves our exports (GitHub issue 23): the orthodox problems of the puzzle files
(puzzles/orthodox/*.epd and the orthodox ones of puzzles/*.epd) that say their keys or
solutions are exported with `dmsolve export --format popeye`, solved by Popeye (`option
maxtime` seconds each), and Popeye's keys (direct and self play) or solution lines (help play) compared
with the puzzle's as sets. A difference is Popeye disagreeing with the puzzle's source (a cook
the source missed, say) or the export saying another problem; `verify` tells which.

usage: POPEYE=/path/to/py tests/bench/popeye_roundtrip_bench.py [--dmsolve build/dmsolve]
           [--max-problems 100] [--time 10] [--batch 10]
--max-problems takes problems evenly spread over the files.
Popeye: tests/bench/build_popeye.sh builds it. Not a test: it needs Popeye and minutes.
"""
import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, 'tests', 'popeye'))
import popeye_output  # noqa: E402


def epd_operations(line):
    """{opcode: [operands]} of an EPD line after its four FEN fields (quotes kept together)."""
    rest = line.split(None, 4)[4] if len(line.split(None, 4)) > 4 else ''
    operations, words, word, quoted = {}, [], '', False
    for c in rest + ';':
        if c == '"':
            quoted = not quoted
            word += c
        elif c == ';' and not quoted:
            if word:
                words.append(word)
            if words:
                operations[words[0]] = [w.strip('"') for w in words[1:]]
            words, word = [], ''
        elif c.isspace() and not quoted:
            if word:
                words.append(word)
            word = ''
        else:
            word += c
    return operations


def orthodox_problems(puzzles):
    """(file, index among the file's problems, expected set, play) of every orthodox problem
    whose keys or solutions are given."""
    found = []
    paths = sorted(glob.glob(os.path.join(puzzles, 'orthodox', '*.epd')) + glob.glob(os.path.join(puzzles, '*.epd')))
    for path in paths:
        with open(path, encoding='utf-8') as f:
            entries = [l for l in f if l.strip() and not l.startswith('#')]
        for i, line in enumerate(entries):
            ops = epd_operations(line)
            if ops.get('variant', ['chess'])[0] != 'chess':
                continue
            for key in ('keys', 'solutions'):
                if key in ops:
                    expected = set() if ops[key] == ['none'] else set(ops[key])
                    found.append((path, i, expected, key))
    return found


def exported(dmsolve, path, cache):
    """The export's problems (their commands) of a puzzle file, in order."""
    if path not in cache:
        out = subprocess.run([dmsolve, 'export', '--format', 'popeye', path], capture_output=True, text=True)
        body = out.stdout.strip()
        body = body[len('beginproblem'):-len('endproblem')]
        cache[path] = [p.strip() for p in re.split(r'\n\s*nextproblem\s*\n', body)]
    return cache[path]


def popeye_answers(popeye, problems, seconds):
    """Popeye's parsed output for problems solved in one run (popeye_output.Problem each), each
    with `option maxtime` (Popeye's -maxtime on the command line stopped nothing here)."""
    limited = [f'{p}\noption maxtime {max(1, int(seconds))}' for p in problems]
    with tempfile.NamedTemporaryFile('w', suffix='.inp', delete=False) as f:
        f.write('beginproblem\n' + '\nnextproblem\n'.join(limited) + '\nendproblem\n')
        path = f.name
    try:
        out = subprocess.run([popeye, '-regression', path], capture_output=True, text=True, errors='replace',
                             timeout=seconds * len(problems) + 60)
        return popeye_output.parse(out.stdout)
    except subprocess.TimeoutExpired:
        return []
    finally:
        os.unlink(path)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--dmsolve', default=os.path.join(ROOT, 'build', 'dmsolve'))
    parser.add_argument('--puzzles', default=os.path.join(ROOT, 'puzzles'))
    parser.add_argument('--max-problems', type=int, default=100)
    parser.add_argument('--time', type=float, default=10.0, help='Popeye\'s maxtime per problem')
    parser.add_argument('--batch', type=int, default=10, help='problems per Popeye run')
    args = parser.parse_args()
    popeye = os.environ.get('POPEYE')
    if not popeye:
        print('set POPEYE to the Popeye binary (tests/bench/build_popeye.sh builds it)', file=sys.stderr)
        return 2
    candidates = orthodox_problems(args.puzzles)
    chosen = candidates[::max(1, len(candidates) // args.max_problems)][:args.max_problems]  # from every file
    cache = {}
    commands = [exported(args.dmsolve, path, cache)[i] for path, i, _, _ in chosen]
    counts = {'equal': 0, 'different': 0, 'undecided': 0}
    for start in range(0, len(chosen), args.batch):
        batch = chosen[start:start + args.batch]
        answers = popeye_answers(popeye, commands[start:start + args.batch], args.time)
        for k, (path, i, expected, play) in enumerate(batch):
            answer = answers[k] if k < len(answers) else None
            twin = answer.twins[0] if answer and answer.twins else None
            found = None if twin is None else (twin.keys if play == 'keys' else twin.solutions)
            name = f'{os.path.relpath(path, args.puzzles)} #{i + 1}'
            if answer is None or not answer.finished or found is None:
                counts['undecided'] += 1
                print(f'undecided: {name} (Popeye unfinished or not understood)')
            elif found == expected:
                counts['equal'] += 1
            else:
                counts['different'] += 1
                print(f'different: {name}\n    puzzle: {" | ".join(sorted(expected)) or "(none)"}\n'
                      f'    Popeye: {" | ".join(sorted(found)) or "(none)"}')
        print(f'[{min(start + args.batch, len(chosen))}/{len(chosen)}]', file=sys.stderr, flush=True)
    print(f'{len(chosen)} orthodox problems exported and solved by Popeye: equal {counts["equal"]}, '
          f'different {counts["different"]}, undecided {counts["undecided"]}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
