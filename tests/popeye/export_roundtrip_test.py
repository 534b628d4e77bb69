#!/usr/bin/env python3
"""Round trip through Popeye input (GitHub issue 23): every problem of the puzzle files
(puzzles/*.epd, puzzles/orthodox/*.epd) exported with `dmsolve export --format popeye` and read
back by `dmsolve solve X.inp` must be the same problem: the same position (the FEN's first four
fields), stipulation, variant and rule options, and its id as the title. Both sides are read
from `solve --json` with a limit of one node, so nothing is solved.

usage: export_roundtrip_test.py DMSOLVE PUZZLES_DIR     (exit code 0: every problem came back)
"""
import glob
import json
import re
import os
import subprocess
import sys
import tempfile

FIELDS = ('fen', 'stipulation', 'variant', 'rules')
# What export says of a variant Popeye has no condition for (Extra Move, Progressive chess): such
# a problem is left out of the round trip, and only it.
NO_CONDITION = re.compile(r"variant '([a-z-]+)' has no Popeye condition")


def problems(dmsolve, path):
    """The problems of a file as `solve --json` reads them (errors left out), in order."""
    out = subprocess.run([dmsolve, 'solve', path, '--json', '--nodes', '1', '--threads', '1', '--no-tries',
                          '--no-check'], capture_output=True, text=True)
    lines = [json.loads(line) for line in out.stdout.splitlines() if line.startswith('{')]
    return [line for line in lines if line.get('status') != 'error']


def same(original, back):
    """What differs between a problem and its round trip (empty: nothing)."""
    differences = []
    for field in FIELDS:
        a, b = original.get(field, ''), back.get(field, '')
        if field == 'fen':
            a, b = ' '.join(a.split()[:4]), ' '.join(b.split()[:4])
        if a != b:
            differences.append(f'{field} {a!r} came back as {b!r}')
    if original.get('id') != back.get('title'):
        differences.append(f'id {original.get("id")!r} came back as title {back.get("title")!r}')
    return differences


def round_trip(dmsolve, path, work):
    """(problems, faults) of one puzzle file."""
    exported = os.path.join(work, os.path.basename(path) + '.inp')
    with open(exported, 'w') as f:
        out = subprocess.run([dmsolve, 'export', '--format', 'popeye', path], stdout=f, stderr=subprocess.PIPE,
                             text=True)
    lines = out.stderr.splitlines()
    not_in_popeye = {m.group(1) for m in map(NO_CONDITION.search, lines) if m}
    faults = [f'{path}: export: {line}' for line in lines if not NO_CONDITION.search(line)]
    originals = [p for p in problems(dmsolve, path) if p.get('variant') not in not_in_popeye]
    backs = problems(dmsolve, exported)
    if len(originals) != len(backs):
        return len(originals), faults + [f'{path}: {len(originals)} problems, {len(backs)} read back']
    for original, back in zip(originals, backs):
        faults.extend(f'{path}: {original.get("id")}: {d}' for d in same(original, back))
    return len(originals), faults


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    dmsolve, puzzles = sys.argv[1], sys.argv[2]
    files = sorted(glob.glob(os.path.join(puzzles, '*.epd')) + glob.glob(os.path.join(puzzles, 'orthodox', '*.epd')))
    total, faults = 0, []
    with tempfile.TemporaryDirectory() as work:
        for path in files:
            count, file_faults = round_trip(dmsolve, path, work)
            total += count
            faults += file_faults
    for fault in faults[:50]:
        print(fault)
    print(f'{len(files)} files, {total} problems exported and read back, {len(faults)} faults')
    return 1 if faults or total == 0 else 0


if __name__ == '__main__':
    sys.exit(main())
