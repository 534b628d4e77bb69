"""dmsolve run on one of Popeye's problems (popeye_cases.Case) and its answer compared with
Popeye's, twin by twin: the position (the FEN's first four fields) and the stipulation, then the
keys of direct, self and reflex play as a set (tries left out), or the solution lines of help
and series play as a set, the short solutions among them (JSON `short_solutions`) as a set of
their own.

The problem is solved from its own Popeye input (`dmsolve solve X.inp`, the reader under test),
or with via='fen' from the position Popeye printed, one `--fen --stip` run a twin (the solver
alone, for when the reader cannot be used).
"""
import json
import os
import subprocess
import time
from dataclasses import dataclass, field


@dataclass
class Verdict:
    """One twin's outcome: 'equal', 'different', 'undecided' (dmsolve stopped at its limit and
    found nothing Popeye lacks) or 'error' (dmsolve refused it, or printed no line for it)."""
    twin: str
    outcome: str
    why: str = ''
    popeye: list = field(default_factory=list)
    dmsolve: list = field(default_factory=list)


def _answer(twin):
    return twin['keys'] if 'keys' in twin else twin['solutions'] + twin.get('short', [])


def _found(result):
    return result.get('keys', result.get('solutions', []))


def compare(expected, result):
    label = expected['twin'] or ''
    if result is None:
        return Verdict(label, 'error', 'no result line')
    if result.get('status') == 'error':
        return Verdict(label, 'error', result.get('error', '?'))
    popeye, found = set(_answer(expected)), set(_found(result))
    position = ' '.join(expected['fen'].split()[:4])
    if 'fen' in result and ' '.join(result['fen'].split()[:4]) != position:
        return Verdict(label, 'different', 'position', [position], [result['fen']])
    if result.get('stipulation', '').lower() != expected['stipulation']:
        return Verdict(label, 'different', 'stipulation', [expected['stipulation']], [result.get('stipulation')])
    if result.get('status') == 'unknown':
        extra = sorted(found - popeye)
        if extra:
            return Verdict(label, 'different', 'found what Popeye has not', sorted(popeye), extra)
        return Verdict(label, 'undecided', 'limit reached', sorted(popeye), sorted(found))
    if found == popeye:
        short = set(result.get('short_solutions', []))
        if 'solutions' in expected and short != set(expected.get('short', [])):
            return Verdict(label, 'different', 'short solutions', sorted(expected.get('short', [])), sorted(short))
        return Verdict(label, 'equal')
    return Verdict(label, 'different', 'keys' if 'keys' in expected else 'solutions', sorted(popeye), sorted(found))


def _json_lines(stdout):
    lines = []
    for line in stdout.splitlines():
        if line.startswith('{'):
            try:
                lines.append(json.loads(line))
            except json.JSONDecodeError:
                pass
    return lines


def _run(command, seconds):
    try:
        out = subprocess.run(command, capture_output=True, text=True, timeout=seconds)
        return out.stdout, out.stderr.strip().splitlines()[-1:] if out.stderr.strip() else []
    except subprocess.TimeoutExpired:
        return '', ['killed after its time']


def solve(case, dmsolve, seconds, work, via='inp'):
    """Solves the case; (the verdicts of its twins, wall-clock seconds)."""
    options = ['--json', '--threads', '1', '--time', str(seconds), '--no-tries']
    limit = seconds * max(1, len(case.twins)) * 2 + 30
    start = time.monotonic()
    results = {}
    if via == 'fen':
        for twin in case.twins:
            stdout, err = _run([dmsolve, 'solve', '--fen', twin['fen'], '--stip', twin['stipulation']] + options, limit)
            lines = _json_lines(stdout)
            results[twin['twin']] = lines[0] if lines else {'status': 'error', 'error': ' '.join(err) or 'no output'}
    else:
        path = os.path.join(work, f'{case.source.replace("/", "_")}_{case.number}.inp')
        with open(path, 'w', encoding='latin-1') as f:
            f.write(case.standalone())
        stdout, err = _run([dmsolve, 'solve', path] + options, limit)
        lines = _json_lines(stdout)
        for line in lines:
            results.setdefault(line.get('twin'), line)
        if not lines:
            results = {t['twin']: {'status': 'error', 'error': ' '.join(err) or 'no output'} for t in case.twins}
        elif len(lines) == 1 and lines[0].get('status') == 'error':
            results = {t['twin']: lines[0] for t in case.twins}
    verdicts = [compare(twin, results.get(twin['twin'])) for twin in case.twins]
    return verdicts, time.monotonic() - start
