#!/usr/bin/env python3
"""dmsolve against Popeye on Popeye's own examples and regression inputs (GitHub issue 23).

Every problem of BEISPIEL/, EXAMPLES/, REGRESSIONS/ and TESTS/ (with their lengthy/ folders) is
read (popeye_problems.py); the orthodox ones are each written as a Popeye input file of their
own and solved with `dmsolve solve X.inp --json --threads 1 --time T --no-tries`, and each twin's
position, stipulation and keys (direct, self and reflex play) or solution lines (help and series
play, the short solutions among them also compared as a set of their own) compared with
Popeye's checked-in output (popeye_output.py). It prints the files read,
the problems and twins, the refused problems grouped by reason, and the twins solved, equal,
different (each listed with both answers), undecided (dmsolve's limit) and refused by dmsolve.

usage: popeye_examples.py --popeye-src DIR --dmsolve PATH [--time 60] [--jobs 2] [--via inp|fen]
                          [--only TEXT] [--extract DIR [--slow-after SECONDS]]
       popeye_examples.py --data tests/data/popeye/examples --dmsolve PATH [--slow skip|only|all]
       popeye_examples.py --popeye-src DIR --self-check     (the parsers alone, no dmsolve)
       popeye_examples.py --popeye-src DIR --extract DIR    (Popeye's answers, without dmsolve)

--via fen solves each twin from the position Popeye printed (`--fen --stip`): the solver
without the reader. --extract writes the orthodox problems with Popeye's answers (one .inp per
source file, expected.json; popeye_cases.py) for a test without Popeye's source; with --dmsolve
only the problems whose every twin dmsolve found equal are kept, those that took more than
--slow-after seconds marked slow. --data runs such an extraction; the exit code is 1 unless every twin is equal.
"""
import argparse
import collections
import concurrent.futures
import os
import sys
import tempfile

import popeye_cases
import popeye_files
import popeye_output
import popeye_problems
import popeye_runs
import popeye_words


def refusal_groups(refused):
    """{'condition': Counter({'circe': 117, ...}), ...} from 'condition Circe' and the like."""
    groups = collections.defaultdict(collections.Counter)
    for _, _, why in refused:
        words = why.split(maxsplit=1)
        if words[0] in ('condition', 'option', 'piece', 'stipulation', 'twin') and len(words) > 1:
            groups[words[0]][words[1].lower() if words[0] != 'stipulation' else words[1]] += 1
        else:
            groups[why][''] += 1
    return groups


def print_refused(refused):
    print(f'refused: {len(refused)} problems')
    groups = refusal_groups(refused)
    for reason, counter in sorted(groups.items(), key=lambda kv: -sum(kv[1].values())):
        total = sum(counter.values())
        detail = ', '.join(f'{k} {v}' for k, v in counter.most_common(12) if k)
        more = len(counter) - 12
        print(f'  {reason}: {total}' + (f' ({detail}{f", {more} more" if more > 0 else ""})' if detail else ''))


def self_check(popeye_src):
    """The parsers over every file: each input's problems against its output's, orthodox
    problems' diagrams (one king a side), stipulations and solutions read on their boards."""
    words = popeye_words.load(popeye_src)
    faults = []
    for path, output in popeye_files.inputs(popeye_src):
        with open(path, encoding='latin-1') as f:
            problems, _ = popeye_problems.split(f.read(), words, path)
        blocks = popeye_output.read(output) if output else []
        name = popeye_files.short_name(path, popeye_src)
        if len(blocks) != len(problems):
            faults.append(f'{name}: {len(problems)} problems, {len(blocks)} in the output (cut short?)')
    cases, refused, files = popeye_cases.from_source(popeye_src)
    for case in cases:
        if not case.complete:
            faults.append(f'{case.name}: {case.why_incomplete}')
        for twin in case.twins:
            board = twin['fen'].split()[0]
            if board.count('K') != 1 or board.count('k') != 1:
                faults.append(f'{case.name}{twin["twin"] or ""}: not one king a side: {twin["fen"]}')
    for fault in faults:
        print(fault)
    print(f'{files} files, {len(cases) + len(refused)} problems, {len(cases)} orthodox '
          f'({sum(len(c.twins) for c in cases)} twins), {len(refused)} refused; {len(faults)} remarks')
    return 0


def run_all(cases, args):
    if not args.work:
        with tempfile.TemporaryDirectory(prefix='popeye-examples-') as work:
            return solve_all(cases, args, work)
    os.makedirs(args.work, exist_ok=True)
    return solve_all(cases, args, args.work)


def solve_all(cases, args, work):
    """{case name: (verdicts, seconds)}, solving args.jobs cases at once."""
    results = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(popeye_runs.solve, c, args.dmsolve, args.time, work, args.via): c for c in cases}
        for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
            case = futures[future]
            results[case.name] = future.result()
            verdicts, seconds = results[case.name]
            outcomes = ','.join(v.outcome for v in verdicts)
            print(f'[{done}/{len(cases)}] {case.name} {outcomes} {seconds:.1f}s', file=sys.stderr, flush=True)
    return results


def print_counts(cases, results, undecided_ok=False):
    """The twins' outcomes, the differences in full; whether every twin is equal (or, with
    undecided_ok, undecided within the time limit)."""
    counts = collections.Counter()
    errors = collections.Counter()
    different = []
    for case in cases:
        for verdict in results[case.name][0]:
            counts[verdict.outcome] += 1
            if verdict.outcome == 'error':
                errors[verdict.why[:100]] += 1
            elif verdict.outcome in ('different', 'undecided'):
                different.append((case, verdict))
    twins = sum(counts.values())
    solved = counts['equal'] + counts['different']
    print(f'twins: {twins}; solved {solved}, equal {counts["equal"]}, different {counts["different"]}, '
          f'undecided {counts["undecided"]}, refused by dmsolve {counts["error"]}')
    for why, n in errors.most_common():
        print(f'  dmsolve refused {n}: {why}')
    for case, v in different:
        twin = f' twin {v.twin}' if v.twin else ''
        print(f'{v.outcome}: {case.source} problem {case.number}{twin} ({v.why})\n'
              f'    Popeye:  {" | ".join(v.popeye) or "(none)"}\n    dmsolve: {" | ".join(v.dmsolve) or "(none)"}')
    return counts['equal'] + (counts['undecided'] if undecided_ok else 0) == twins


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument('--popeye-src', help='a Popeye source tree (thomas-maeder/popeye)')
    source.add_argument('--data', help='an extraction (tests/data/popeye/examples)')
    parser.add_argument('--dmsolve')
    parser.add_argument('--time', type=float, default=60.0, help='dmsolve --time per problem')
    parser.add_argument('--jobs', type=int, default=2, help='dmsolve processes at once')
    parser.add_argument('--via', choices=('inp', 'fen'), default='inp')
    parser.add_argument('--only', help='only the source files whose name holds this text')
    parser.add_argument('--slow', choices=('skip', 'only', 'all'), default='all', help='with --data')
    parser.add_argument('--extract', metavar='DIR')
    parser.add_argument('--slow-after', type=float, default=3.0, help='with --extract: seconds')
    parser.add_argument('--self-check', action='store_true')
    parser.add_argument('--undecided-ok', action='store_true',
                        help='a twin left undecided by --time is no failure (sanitizer builds, many times slower)')
    parser.add_argument('--work', help='folder for the problems\' files (default: a temporary one)')
    args = parser.parse_args()
    if args.self_check:
        return self_check(args.popeye_src)

    if args.popeye_src:
        cases, refused, files = popeye_cases.from_source(args.popeye_src)
    else:
        cases, refused = popeye_cases.from_data(args.data), []
        files = len({c.source for c in cases})
        cases = [c for c in cases if args.slow == 'all' or c.slow == (args.slow == 'only')]
    if args.only:
        cases = [c for c in cases if args.only in c.source]
        refused = [r for r in refused if args.only in r[0]]
    incomplete = [c for c in cases if not c.complete]
    cases = [c for c in cases if c.complete]
    print(f'files read: {files}; problems: {len(cases) + len(incomplete) + len(refused)}, orthodox '
          f'{len(cases) + len(incomplete)} ({sum(len(c.twins) for c in cases)} twins), '
          f'Popeye\'s answer unusable {len(incomplete)}')
    for case in incomplete:
        print(f'  {case.name}: {case.why_incomplete}')
    if refused:
        print_refused(refused)
    if not args.dmsolve:
        if args.extract:
            popeye_cases.extract(cases, args.extract)
        return 0
    results = run_all(cases, args)
    all_equal = print_counts(cases, results, args.undecided_ok)
    if args.extract:
        kept = []
        for case in cases:
            verdicts, seconds = results[case.name]
            if all(v.outcome == 'equal' for v in verdicts):
                case.slow = seconds > args.slow_after
                kept.append(case)
        popeye_cases.extract(kept, args.extract)
    return 0 if all_equal or args.popeye_src else 1


if __name__ == '__main__':
    sys.exit(main())
