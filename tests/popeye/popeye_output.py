"""Popeye's output files (REGRESSIONTESTS/*.out, .ref, .reg, .tst: English, German or French)
read into their problems and twins: per twin the stipulation, the position (the printed board
as a FEN board field, with the twin's own changes applied: popeye_twins.py), and the solution
in UCI: the keys `!` and tries `?` of direct, self and reflex play (the first moves of the
solution tree), or the solution lines of help and series play, with the short solutions (lines
of fewer attacker or series turns, which Popeye lists before the full-length ones unless
option stoponshortsolutions stops it there) and the set play kept apart. Problems end with
`solution finished.` (or `Partial solution` or `solving interrupted.` when Popeye stopped, e.g.
at maxtime or after short solutions); a problem cut off at the end of the file (Popeye killed)
is read as unfinished.

usage: popeye_output.py FILE...            (prints what it read)
       popeye_output.py --self-check SRC   (every output file of a Popeye source tree read)
"""
import argparse
import os
import re
import sys
from dataclasses import dataclass, field

import popeye_files
import popeye_moves
import popeye_twins
from popeye_words import FEN_LETTERS, ORTHODOX_LETTERS

FINISHED = {'solution finished.': 'english', 'Loesung beendet.': 'german', 'solution terminee.': 'french'}
PARTIAL_SOLUTION = {'Partial solution': 'english', 'Partielle Loesung': 'german', 'solution partielle': 'french'}
PARTIAL = {**PARTIAL_SOLUTION,
           'solving interrupted.': 'english', 'Bearbeitung abgebrochen.': 'german', 'solution interrompue.': 'french'}
HALF_DUPLEX = {'HalfDuplex', 'HalbDuplex', 'DemiDuplex'}
ZEROPOSITION = {'zeroposition', 'NullStellung'}
ILLEGAL = ('the side to play can capture the king', 'Die am Zug befindliche Partei kann den Koenig schlagen',
           'le camp au trait peut prendre le roi')
BORDER = '+---a---b---c---d---e---f---g---h---+'
TWIN = re.compile(r'^(\+)?([a-y]|z[0-9]+)\) ?(.*)$')
COUNTER = re.compile(r'^\s*[a-z_]+:\s+[0-9]+$')
LINE_PLAY = re.compile(r'^(ser-|pser-|phser-|reci-|h)', re.I)
ORTHODOX_STIPULATION = re.compile(r'^(ser-h|ser-s|ser-|h|s|r)?([#=])([0-9]+)(\.5)?$')


@dataclass
class Twin:
    label: str = None        # 'a', 'b', ...; None when the problem has no twins
    continued: bool = False
    description: str = ''    # Popeye's line for the twin, after the label
    stipulation: str = ''
    board: str = None        # FEN board field; None when not orthodox
    white_starts: bool = True
    numbered_white: bool = True  # the side of the numbered moves (`2.`) of the solution's lines
    keys: set = None         # direct, self and reflex play
    tries: set = field(default_factory=set)
    solutions: set = None    # help and series play: lines of UCI moves joined by spaces
    short: set = field(default_factory=set)  # help and series play: the short solutions
    set_play: set = field(default_factory=set)  # and the set play (other lines of another length)
    errors: list = field(default_factory=list)
    lines: list = field(default_factory=list)  # the solution's text


@dataclass
class Problem:
    number: int
    language: str = 'english'
    meta: list = field(default_factory=list)   # author, origin, title, ... as printed
    board: str = None                          # the diagram's FEN board field
    stipulation: str = ''
    notes: list = field(default_factory=list)  # conditions and options printed under the board
    finished: bool = False
    partial: bool = False  # ended by `Partial solution` (maxtime, maxsolutions, stoponshortsolutions)
    zeroposition: bool = False
    messages: list = field(default_factory=list)  # other lines (Popeye's errors and remarks)
    twins: list = field(default_factory=list)

    @property
    def illegal(self):
        """Whether Popeye refused the position: the side not to move is in check."""
        return any(m.startswith(ILLEGAL) for m in self.messages)

    @property
    def half_duplex(self):
        return any(n in HALF_DUPLEX for n in self.notes)


def full_length(stipulation):
    """The number of single moves of a help or series solution, or None."""
    m = ORTHODOX_STIPULATION.match(stipulation.lower())
    if not m:
        return None
    kind, n, half = m.group(1) or '', int(m.group(3)), bool(m.group(4))
    if kind == 'h':
        return 2 * n + (1 if half else 0)
    if kind in ('ser-h', 'ser-s'):
        return n + 1
    if kind == 'ser-':
        return n
    return None


def line_kind(stipulation, moves):
    """'full', 'short' or 'set' for a help or series line of `moves` single moves. Help play:
    a short solution has an even number of moves fewer than the full length (the same side
    starts), set play an odd number (the other side starts). Series play: Popeye's set play is
    the other side's last move alone (ser-h, ser-s); every other shorter line is short. None
    where the stipulation is not orthodox."""
    length = full_length(stipulation)
    if length is None:
        return None
    if moves == length:
        return 'full'
    if stipulation.lower().startswith('h'):
        return 'set' if (length - moves) % 2 else 'short'
    kind = ORTHODOX_STIPULATION.match(stipulation.lower()).group(1)
    return 'set' if moves == 1 and kind in ('ser-h', 'ser-s') else 'short'


def white_starts(stipulation, half_duplex):
    """Whether White moves first: direct and series play White, help play Black (h#N.5 White)."""
    s = stipulation.lower()
    white = not (s.startswith('h') or s.startswith('ser-h')) or s.endswith('.5')
    return white != half_duplex


def is_stipulation(word):
    return bool(ORTHODOX_STIPULATION.match(word.lower()))


def read_board(rows, language):
    """The FEN board field of the printed diagram's rank lines, or None when a square holds
    anything but an orthodox piece."""
    to_fen = dict(zip(ORTHODOX_LETTERS[language], FEN_LETTERS))
    fen_rows = []
    for line in rows:
        row, empty = '', 0
        for i in range(8):
            cell = line[1 + 4 * i:5 + 4 * i].strip()
            if cell == '.':
                empty += 1
                continue
            black = cell.startswith('-')
            letter = cell[1:] if black else cell
            if letter not in to_fen:
                return None
            row += (str(empty) if empty else '') + (to_fen[letter].lower() if black else to_fen[letter])
            empty = 0
        fen_rows.append(row + (str(empty) if empty else ''))
    return '/'.join(fen_rows)


def split_blocks(text):
    """The problems' texts, each with the line that ended it (None where Popeye was stopped in
    the middle of it), and the output's language."""
    blocks, current = [], []
    language = None
    for line in text.splitlines():
        stripped = line.strip()
        if stripped in FINISHED or stripped in PARTIAL:
            language = FINISHED.get(stripped) or PARTIAL.get(stripped)
            blocks.append((current, stripped))
            current = []
        else:
            current.append(line.rstrip())
    if any(l.strip() == BORDER for l in current):
        blocks.append((current, None))  # Popeye was stopped in the middle of this one
    return blocks, language or 'english'


def parse_block(number, lines, ending, language):
    problem = Problem(number, language, finished=ending in FINISHED, partial=ending in PARTIAL_SOLUTION)
    try:
        top = next(i for i, l in enumerate(lines) if l.strip() == BORDER)
        bottom = next(i for i in range(top + 1, len(lines)) if lines[i].strip() == BORDER)
    except StopIteration:
        top = bottom = None  # option NoBoard
    if top is not None:
        problem.meta = [l.strip() for l in lines[:top] if l.strip()]
        problem.board = read_board([l for l in lines[top + 1:bottom] if l[:1].isdigit()], language)
        footer = lines[bottom + 1].split() if bottom + 1 < len(lines) else []
        problem.stipulation = footer[0] if footer else ''
        rest = bottom + 2
        while rest < len(lines) and lines[rest].strip():
            problem.notes.append(lines[rest].strip())
            rest += 1
    else:
        rest = 0
    twin = Twin(stipulation=problem.stipulation)
    problem.twins.append(twin)
    for line in lines[rest:]:
        stripped = line.strip()
        m = TWIN.match(line)
        if m and not line.startswith(' '):
            if problem.twins == [twin] and twin.label is None and not twin.lines:
                problem.twins.clear()
            twin = Twin(label=m.group(2), continued=bool(m.group(1)), description=m.group(3).strip())
            problem.twins.append(twin)
        elif stripped in ZEROPOSITION:
            problem.zeroposition = True
            problem.twins.clear()
        elif not stripped or COUNTER.match(line):
            continue
        elif re.match(r'^\s+[0-9]+\.', line):
            twin.lines.append(line)
        elif not line.startswith(' '):
            problem.messages.append(stripped)  # Popeye's remarks; indented lines are threats, move numbers
    _solve_twins(problem)
    return problem


def _solve_twins(problem):
    """Each twin's position, stipulation and solution in UCI."""
    previous_board, previous_stip = problem.board, problem.stipulation
    for twin in problem.twins:
        base_board = previous_board if twin.continued else problem.board
        base_stip = previous_stip if twin.continued else problem.stipulation
        twin.stipulation = popeye_twins.new_stipulation(twin.description, is_stipulation) or base_stip
        twin.board = None
        if base_board is not None:
            try:
                board = popeye_twins.apply(popeye_moves.Board.from_fen(base_board), twin.description,
                                           problem.language, is_stipulation)
                twin.board = board.fen()
            except (popeye_twins.TwinError, IndexError, ValueError) as e:
                twin.errors.append(f'twin: {e}')
        twin.white_starts = white_starts(twin.stipulation, problem.half_duplex)
        twin.numbered_white = white_starts(twin.stipulation.replace('.5', ''), problem.half_duplex)
        if twin.board is not None and is_stipulation(twin.stipulation):
            _read_solution(twin, problem.language)
        previous_board, previous_stip = twin.board, twin.stipulation


def _read_solution(twin, language):
    if LINE_PLAY.match(twin.stipulation):
        twin.solutions = set()
        for line in twin.lines:
            try:
                moves = popeye_moves.play_line(popeye_moves.Board.from_fen(twin.board), line.split(),
                                               twin.numbered_white, language)
            except popeye_moves.MoveError as e:
                twin.errors.append(str(e))
                continue
            kind = line_kind(twin.stipulation, len(moves))
            {'full': twin.solutions, 'set': twin.set_play}.get(kind, twin.short).add(' '.join(moves))
        return
    twin.keys = set()
    for line in twin.lines:
        if not line.startswith('   1.') or line.startswith('   1...'):
            continue
        tokens = line.split()
        mark = next((t for t in tokens[1:] if t in ('!', '?')), None)
        if mark is None:
            continue
        try:
            uci = popeye_moves.play(popeye_moves.Board.from_fen(twin.board), tokens[0][2:], twin.white_starts,
                                    language)
        except popeye_moves.MoveError as e:
            twin.errors.append(str(e))
            continue
        (twin.keys if mark == '!' else twin.tries).add(uci)


def parse(text):
    """Every problem of an output file's text, in order."""
    blocks, language = split_blocks(text)
    return [parse_block(i + 1, lines, ending, language) for i, (lines, ending) in enumerate(blocks)]


def read(path):
    with open(path, encoding='latin-1') as f:
        return parse(f.read())


def self_check(popeye_src):
    """Reads every output file of a Popeye source tree; the files, problems and twins read, and
    the twins whose diagram is orthodox but has not one king a side, with the file and number.
    (popeye_examples.py --self-check checks the orthodox problems against their input too.)"""
    files = popeye_files.outputs(popeye_src)
    problems, twins, faults = 0, 0, []
    for path in files:
        for p in read(path):
            problems += 1
            twins += len(p.twins)
            for twin in p.twins:
                if twin.board is not None and (twin.board.count('K') != 1 or twin.board.count('k') != 1):
                    faults.append(f'{os.path.basename(path)}:{p.number}{twin.label or ""}: kings {twin.board}')
    return len(files), problems, twins, faults


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--self-check', metavar='POPEYE_SRC')
    parser.add_argument('files', nargs='*')
    args = parser.parse_args()
    if args.self_check:
        files, problems, twins, odd = self_check(args.self_check)
        for line in odd:
            print(line)
        print(f'{files} files, {problems} problems, {twins} twins read; {len(odd)} orthodox diagrams without '
              f'one king a side (fairy problems: no king, or royal pieces)')
        return 0
    for path in args.files:
        for p in read(path):
            print(f'{path}:{p.number}: {p.stipulation} board {p.board} finished {p.finished} notes {p.notes}'
                  f'{" zeroposition" if p.zeroposition else ""}')
            for t in p.twins:
                print(f'  twin {t.label} {t.description!r} {t.stipulation} {t.board} keys {t.keys} tries {t.tries}'
                      f' solutions {t.solutions} short {t.short} set play {t.set_play} errors {t.errors}')
            for m in p.messages:
                print(f'  message: {m}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
