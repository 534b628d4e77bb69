#!/usr/bin/env python3
"""Solver benchmark: runs `dmsolve solve` over the published orthodox sets and a set of
double-move problems, with each thread count given (1 and 2 by default), and prints per set:
problems solved, total and median solver time, nodes/s per thread, and the speed-up from the
fewest threads to the others: of the solves (`solve x`) and of the whole batch (`batch x`). The
thread counts run in the order given (`--threads 16,1` runs the long one-thread run last, so a
time limit cuts that one): a row run before the fewest threads gets its speed-up in a line of
its own after the set.

usage: tests/bench/solve_bench.py [--dmsolve build/dmsolve] [--sets popeye,vaeth,...]
                                  [--time SECONDS] [--hash MB] [--threads 1,2]
                                  [--data ../shared/testdata/orthodox] [--processes N] [--whole]
                                  [--save DIR]
Times are the solver's own (`solve_seconds` in its JSON: finding every key or help solution,
without the tree's annotation, which runs with --no-tries and --no-check here, unless --whole
asks for the tries and the re-check of a user's run), without process start-up. A batch builds its small problems alone, each on one thread, several at once
(solver/app/tree_batch.h): their own times do not shrink with more threads, the batch's does.
So `solve x` is the ratio of the summed solver times, and `batch x` that of the `wall s`
column. Nodes/s per thread counts each solve's nodes over its time and its own threads (the
`threads` of its JSON). The `cpu s` column is the CPU time of the whole run (user + system, start-up
included): on a loaded machine, where the wall-clock speed-up means little, cpu(1 thread) /
cpu(2 threads) still shows how much extra work the second thread costs. The `wall s` column is
the whole batch run by the clock: the solves, the solution trees and the start-up.

--processes N instead runs N single-thread processes at once, each on every Nth problem, and
prints their nodes/s per process: what the machine gives N threads that share nothing (no
table, no busy marks), to set beside the N-thread run.

--save DIR keeps each run's JSON results, one line per problem, in DIR/SET-THREADSt.jsonl: the
per-problem times show which problems gain least from more threads.
"""
import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DEFAULT_DATA = os.path.join(ROOT, '..', 'shared', 'testdata', 'orthodox')


def tsv_rows(data, name):
    with open(os.path.join(data, name)) as f:
        for line in f:
            if line.strip() and not line.startswith('#'):
                yield line.rstrip('\n').split('\t')


def epd(fen, stip, variant='chess'):
    return ' '.join(fen.split()[:4]) + f' variant {variant}; stip {stip};'


def problem_sets(data, double_move_file):
    sets = {}
    sets['popeye'] = [epd(r[0], r[1]) for r in tsv_rows(data, 'popeye_orthodox_clean.tsv')]
    sets['vaeth'] = [epd(r[0], r[1]) for r in tsv_rows(data, 'vaeth_problems.tsv')]
    sets['lichess'] = [epd(r[0], r[1]) for r in tsv_rows(data, 'lichess_mate_puzzles_subset.tsv') if r[1] in ('#2', '#3')]
    mt = []
    with open(os.path.join(data, 'matetrackpv.epd')) as f:
        for line in f:
            if 'bm #' not in line:
                continue
            n = int(line.split('bm #')[1].split(';')[0])
            if 2 <= n <= 5:
                mt.append(epd(line, f'#{n}'))
    sets['matetrack'] = mt
    with open(double_move_file) as f:
        sets['double-move'] = [l.strip() for l in f if l.strip() and not l.startswith('#')]
    return sets


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def batch_file(lines):
    """A temporary EPD file of the given problems (the caller removes it)."""
    with tempfile.NamedTemporaryFile('w', suffix='.epd', delete=False) as f:
        f.write('\n'.join(lines) + '\n')
        return f.name


def solve_command(dmsolve, path, threads, seconds, hash_mb, whole=False):
    """The solver's command; `whole` keeps the tries and the re-check that a user's run has."""
    command = [dmsolve, 'solve', path, '--json', '--threads', str(threads), '--time', str(seconds), '--hash',
               str(hash_mb)]
    return command if whole else command + ['--no-tries', '--no-check']


def json_results(stdout):
    return [json.loads(l) for l in stdout.splitlines() if l.startswith('{')]


def run_set(dmsolve, lines, threads, seconds, hash_mb, whole):
    """The JSON results of one batch run, and the CPU and wall-clock seconds it took."""
    cpu = children_cpu()
    start = time.monotonic()
    path = batch_file(lines)
    try:
        out = subprocess.run(solve_command(dmsolve, path, threads, seconds, hash_mb, whole), capture_output=True,
                             text=True)
    finally:
        os.unlink(path)
    wall = time.monotonic() - start
    return json_results(out.stdout), children_cpu() - cpu, wall


def save_results(folder, file_name, results):
    """Keeps a run's results, one JSON line per problem, for a look at single problems later."""
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, file_name), 'w') as f:
        f.writelines(json.dumps(r) + '\n' for r in results)


def run_processes(dmsolve, lines, count, seconds, hash_mb):
    """Nodes/s per process of `count` single-thread runs at once, each on every count-th problem."""
    paths = [batch_file(lines[i::count]) for i in range(count)]
    # Each writes to a file of its own: through pipes read one after another, a process whose
    # pipe is full would wait for its turn to be read, and the processes would not all run at once.
    outputs = [tempfile.TemporaryFile('w+') for _ in paths]
    try:
        procs = [subprocess.Popen(solve_command(dmsolve, path, 1, seconds, hash_mb), stdout=out, text=True)
                 for path, out in zip(paths, outputs)]
        for proc in procs:
            proc.wait()
        results = []
        for out in outputs:
            out.seek(0)
            results += json_results(out.read())
    finally:
        for path in paths:
            os.unlink(path)
        for out in outputs:
            out.close()
    nodes = sum(r.get('solve_nodes', 0) for r in results)
    total = sum(r.get('solve_seconds', 0.0) for r in results)
    return nodes / total if total > 0 else 0


def speed_ups(totals, walls, base, threads):
    """The columns `solve x` and `batch x` of a row: its speed-up over the fewest threads, where
    that run is done and is not this one (blank otherwise)."""
    if threads == base or base not in totals:
        return '', ''
    speed = f'{totals[base] / totals[threads]:8.2f}' if totals[threads] > 0 else ''
    batch = f'{walls[base] / walls[threads]:8.2f}' if walls[threads] > 0 else ''
    return speed, batch


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--dmsolve', default=os.path.join(ROOT, 'build', 'dmsolve'))
    parser.add_argument('--sets', default='popeye,vaeth,lichess,matetrack,double-move')
    parser.add_argument('--time', type=float, default=60.0, help='limit per problem in seconds')
    parser.add_argument('--hash', type=int, default=256)
    parser.add_argument('--threads', default='1,2')
    parser.add_argument('--data', default=DEFAULT_DATA, help='folder of the published orthodox sets')
    parser.add_argument('--processes', type=int, default=0, help='N single-thread processes at once instead')
    parser.add_argument('--whole', action='store_true',
                        help='keep the tries and the re-check (a user\'s run); batch x is then its speed-up')
    parser.add_argument('--save', default='',
                        help='folder to keep each run\'s JSON results in (SET-THREADSt.jsonl), problem by problem')
    args = parser.parse_args()
    sets = problem_sets(args.data, os.path.join(HERE, 'double_move_problems.epd'))
    if args.processes:
        for name in args.sets.split(','):
            rate = run_processes(args.dmsolve, sets[name], args.processes, args.time, args.hash)
            print(f'{name:12} {args.processes} processes x 1 thread: {rate:.0f} nodes/s per process', flush=True)
        return 0
    thread_counts = [int(t) for t in args.threads.split(',')]
    print(f'{"set":12} {"thr":>3} {"solved":>9} {"total s":>9} {"median s":>9} {"nodes/s/thread":>15} {"solve x":>8} '
          f'{"batch x":>8} {"cpu s":>8} {"wall s":>8}')
    base = min(thread_counts)
    for name in args.sets.split(','):
        totals = {}
        walls = {}
        for threads in thread_counts:
            results, cpu, wall = run_set(args.dmsolve, sets[name], threads, args.time, args.hash, args.whole)
            if args.save:
                save_results(args.save, f'{name}-{threads}t.jsonl', results)
            solved = sum(r.get('status') in ('solved', 'no-solution') for r in results)
            times = [r.get('solve_seconds', 0.0) for r in results]
            nodes = sum(r.get('solve_nodes', 0) for r in results)
            thread_seconds = sum(r.get('solve_seconds', 0.0) * r.get('threads', threads) for r in results)
            total = sum(times)
            totals[threads] = total
            walls[threads] = wall
            speed, batch = speed_ups(totals, walls, base, threads)
            rate = nodes / thread_seconds if thread_seconds > 0 else 0
            print(f'{name:12} {threads:3} {solved:4}/{len(sets[name]):<4} {total:9.2f} '
                  f'{statistics.median(times) if times else 0:9.4f} {rate:15.0f} {speed:>8} {batch:>8} {cpu:8.2f} '
                  f'{wall:8.2f}', flush=True)
        for threads in thread_counts[:thread_counts.index(base)]:
            speed, batch = speed_ups(totals, walls, base, threads)
            print(f'{name:12} {threads:3} threads over {base}: solve x {speed.strip() or "-"}, batch x {batch.strip() or "-"}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
