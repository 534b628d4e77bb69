"""The problems to compare with Popeye: each orthodox problem of Popeye's inputs as a file of its
own, with what Popeye's checked-in output says of each twin (position, stipulation, keys or
solutions), read either from a Popeye source tree or from an extraction of it (--extract: one
.inp per source file holding its orthodox problems, and expected.json), so that a test can run
without Popeye's source.

expected.json: {"origin": ..., "files": {"EXAMPLES_x.inp": {"source": "EXAMPLES/x.inp",
"language": "english", "problems": [{"number": 3, "lines": [FIRST, LAST], "slow": false,
"twins": [{"twin": "a" or null, "stipulation": "h#2", "fen": FEN, "solutions": [...]} (and
"short": [...] where Popeye lists short solutions, lines of fewer attacker or series turns) or
"keys": [...] and "tries": [...]]}]}}}: lines are the problem's body in the .inp (1-based, both
included), number its place in the source file.
"""
import json
import os
from dataclasses import dataclass, field

import popeye_files
import popeye_moves
import popeye_output
import popeye_problems
import popeye_words

ORIGIN = 'thomas-maeder/popeye commit 122c7d0fe'


@dataclass
class Case:
    source: str          # 'EXAMPLES/x.inp'
    number: int          # the problem's place in its source file
    language: str
    body: str            # the problem's commands, without begin and end
    twins: list = field(default_factory=list)  # expected, one dict per twin (as in expected.json)
    complete: bool = True  # False when Popeye's output of the problem is cut or unreadable
    why_incomplete: str = ''
    slow: bool = False

    @property
    def name(self):
        return f'{self.source}#{self.number}'

    def standalone(self):
        begin, end = BEGIN_END[self.language]
        return f'{begin}\n{self.body.strip()}\n{end}\n'


BEGIN_END = {'english': ('beginproblem', 'endproblem'), 'german': ('AnfangProblem', 'EndeProblem'),
             'french': ('DebutProbleme', 'FinProbleme')}
NEXT = {'english': 'nextproblem', 'german': 'WeiteresProblem', 'french': 'asuivre'}


def _squares(words):
    text = ''.join(words).lower()
    return [text[i:i + 2] for i in range(0, len(text) - 1, 2)]


def full_fen(board, white, problem):
    """The FEN of a twin: Popeye's board, who moves, castling rights where king and rook stand
    on their squares (less the `nocastling` squares), the `enpassant` square."""
    squares = popeye_moves.Board.from_fen(board).squares
    barred = set(_squares(problem.option('NoCastling')[1:])) if problem.option('NoCastling') else set()
    rights = ''
    for letter, king, rook, white_side in (('K', 'e1', 'h1', True), ('Q', 'e1', 'a1', True),
                                           ('k', 'e8', 'h8', False), ('q', 'e8', 'a8', False)):
        if (squares.get(king) == ('K', white_side) and squares.get(rook) == ('R', white_side)
                and king not in barred and rook not in barred):
            rights += letter
    ep = '-'
    if problem.option('EnPassant'):
        passed = _squares(problem.option('EnPassant')[1:])
        if len(passed) == 3:
            ep = passed[1]
    return f'{board} {"w" if white else "b"} {rights or "-"} {ep} 0 1'


def _expected_twins(problem, popeye):
    """What Popeye's output says of each twin, or why it cannot be compared."""
    twins = []
    for t in popeye.twins:
        if t.board is None:
            return None, 'Popeye\'s diagram is not orthodox'
        if t.errors:
            return None, f'Popeye\'s output not understood: {t.errors[0]}'
        twin = {'twin': t.label, 'stipulation': t.stipulation.lower(),
                'fen': full_fen(t.board, t.white_starts, problem)}
        if t.solutions is not None:
            twin['solutions'] = sorted(t.solutions)
            if t.short:
                twin['short'] = sorted(t.short)
        else:
            twin['keys'] = sorted(t.keys)
            twin['tries'] = sorted(t.tries)
        twins.append(twin)
    return twins, ''


def expected_stipulation(problem):
    """The stipulation Popeye shows for an orthodox problem: h#N with WhiteToPlay is h#(N-1).5."""
    stip = problem.stipulation.lower()
    if problem.option('WhiteToPlay'):
        return f'{stip[:2]}{int(stip[2:]) - 1}.5'
    return stip


def stopped_on_short_solutions(problem, popeye):
    """Whether Popeye's `Partial solution` is option StopOnShortSolutions at work: the option is
    given and every twin has short solutions (the lines Popeye stopped after)."""
    return (popeye.partial and problem.option('StopOnShortSolutions') is not None
            and all(t.short for t in popeye.twins))


def from_source(popeye_src):
    """Every problem of Popeye's inputs: (the cases of the orthodox ones, the refused ones as
    (source, number, reason), the number of files read)."""
    words = popeye_words.load(popeye_src)
    cases, refused, files = [], [], 0
    for path, output in popeye_files.inputs(popeye_src):
        with open(path, encoding='latin-1') as f:
            problems, language = popeye_problems.split(f.read(), words, path)
        files += 1
        source = popeye_files.short_name(path, popeye_src)
        blocks = popeye_output.read(output) if output else []
        for problem in problems:
            why = popeye_problems.refusal(problem, words[language])
            if why is not None:
                refused.append((source, problem.number, why))
                continue
            case = Case(source, problem.number, language, problem.body)
            popeye = blocks[problem.number - 1] if problem.number <= len(blocks) else None
            if popeye is None:
                case.complete, case.why_incomplete = False, 'no output from Popeye'
            elif not popeye.finished and not stopped_on_short_solutions(problem, popeye):
                case.complete, case.why_incomplete = False, 'Popeye did not finish'
            elif popeye.illegal:
                case.complete, case.why_incomplete = False, 'Popeye: the side to play can capture the king'
            elif popeye.stipulation.lower() != expected_stipulation(problem) and popeye.board is not None:
                case.complete, case.why_incomplete = False, f'Popeye\'s output shows {popeye.stipulation}'
            else:
                twins, why = _expected_twins(problem, popeye)
                if twins is None:
                    case.complete, case.why_incomplete = False, why
                else:
                    case.twins = twins
            cases.append(case)
    return cases, refused, files


def extract(cases, folder):
    """Writes the complete cases as one .inp per source file and expected.json."""
    os.makedirs(folder, exist_ok=True)
    files = {}
    for case in cases:
        if not case.complete:
            continue
        name = case.source.replace('/', '_')
        files.setdefault(name, {'source': case.source, 'language': case.language, 'problems': [], 'bodies': []})
        entry = files[name]
        entry['bodies'].append(case.body.strip())
        entry['problems'].append({'number': case.number, 'slow': case.slow, 'twins': case.twins})
    for name, entry in files.items():
        begin, end = BEGIN_END[entry['language']]
        lines = [begin]
        for i, (body, problem) in enumerate(zip(entry.pop('bodies'), entry['problems'])):
            if i:
                lines.append(NEXT[entry['language']])
            first = len(lines) + 1
            lines.extend(body.splitlines())
            problem['lines'] = [first, len(lines)]
        lines.append(end)
        with open(os.path.join(folder, name), 'w', encoding='latin-1') as f:
            f.write('\n'.join(lines) + '\n')
    with open(os.path.join(folder, 'expected.json'), 'w') as f:
        json.dump({'origin': ORIGIN, 'files': files}, f, indent=1, sort_keys=True)
        f.write('\n')


def from_data(folder):
    """The cases of an extraction."""
    with open(os.path.join(folder, 'expected.json')) as f:
        expected = json.load(f)
    cases = []
    for name, entry in sorted(expected['files'].items()):
        with open(os.path.join(folder, name), encoding='latin-1') as f:
            lines = f.read().splitlines()
        for problem in entry['problems']:
            first, last = problem['lines']
            body = '\n'.join(lines[first - 1:last])
            cases.append(Case(entry['source'], problem['number'], entry['language'], body, problem['twins'],
                              slow=problem.get('slow', False)))
    return cases
