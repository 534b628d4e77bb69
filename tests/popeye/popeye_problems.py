"""Popeye input files (.inp) split into their problems, each classified as orthodox or refused.

A file is `beginproblem`, problems separated by `nextproblem`, and `endproblem`; a problem is
commands (pieces, stipulation, option, condition, author, ...) and then its twins (`twin`,
`zeroposition`). Commands are matched as Popeye matches them (popeye_words.py: any prefix that
names one word alone, in the file's language), and pieces are read with Popeye's grammar
(input/plaintext/pieces.c), so that the problems found are Popeye's.

A problem is orthodox when dmsolve can solve it as Popeye does: no condition, only kings,
queens, rooks, bishops, knights and pawns of White and Black without attributes, a stipulation
among #N =N s#N s=N r#N r=N h#N h=N h#N.5 h=N.5 ser-#N ser-=N ser-h#N ser-h=N ser-s#N ser-s=N,
options that change neither the problem nor which solutions Popeye prints (SUPPORTED), and
one king a side. Otherwise it is refused with the first word that offends, e.g. "condition
Circe".

usage: popeye_problems.py --popeye-src DIR FILE.inp...   (prints each problem's verdict)
"""
import argparse
import re
import sys
from dataclasses import dataclass, field

import popeye_lexer
import popeye_words
from popeye_words import uniq_index

# Options (English names) that leave the problem and the keys or solutions Popeye prints as
# they are: what is shown around them (tries, set play, threats, variations, the board), time
# limits (a problem Popeye left unfinished is told apart by its output), and the three that
# dmsolve reads as part of the position (who moves, castling rights, the en passant square);
# and StopOnShortSolutions, which dmsolve reads as Popeye does (no full-length lines once
# there are short solutions).
SUPPORTED = {'Defence', 'SetPlay', 'WhiteToPlay', 'Variations', 'MoveNumbers', 'NoThreat', 'Try', 'EnPassant',
             'NoBoard', 'NoShortVariations', 'HalfDuplex', 'Intelligent', 'MaxTime', 'NoCastling', 'Beep',
             'SuppressGrid', 'WriteGrid', 'TrivialTriesAvoid', 'StopOnShortSolutions'}

STIPULATION = re.compile(r'^(ser-h|ser-s|ser-|h|s|r)?([#=])([0-9]+)(\.5)?$')


def orthodox_stipulation(text):
    """The stipulation in lower case when dmsolve solves it, else None."""
    s = text.lower()
    m = STIPULATION.match(s)
    if not m or (m.group(4) and m.group(1) != 'h'):
        return None
    if int(m.group(3)) < (0 if m.group(4) else 1):
        return None
    return s


@dataclass
class Piece:
    colour: str        # English colour word: White, Black, Neutral, TotalInvisible
    walk: str          # the name as written, lower case ('k', 'q', ... or a fairy name)
    square: str
    attributes: list = field(default_factory=list)  # English names (Royal, ...)


@dataclass
class Twin:
    """One twin after the first: its operations as written ([word, args...]), English words."""
    continued: bool = False
    operations: list = field(default_factory=list)
    pieces: list = field(default_factory=list)  # added by `add`


@dataclass
class Problem:
    file: str
    number: int         # 1-based within the file
    language: str
    start: int          # the body's place in the file's text
    end: int
    body: str = ''      # the commands, without protocol (which writes files)
    stipulation: str = ''
    sstipulation: bool = False
    options: list = field(default_factory=list)     # [English name, args...]
    conditions: list = field(default_factory=list)  # words as written
    pieces: list = field(default_factory=list)
    other: list = field(default_factory=list)       # other commands (LaTeX, ...), English names
    twins: list = field(default_factory=list)
    errors: list = field(default_factory=list)      # words Popeye would reject

    def option(self, name):
        return next((o for o in self.options if o[0] == name), None)


class _Reader:
    def __init__(self, text, words, file_name):
        self.lexer = popeye_lexer.Lexer(text)
        self.text = text
        self.words = words
        self.english = None
        self.file = file_name
        self.cut = []  # (start, end) of protocol commands

    def english_name(self, table, index):
        return self.english.table(table)[index]

    def is_end_of_twin(self, tok):
        """Whether tok ends the twin's commands: a problem or twin separator."""
        return (uniq_index(self.words.table('ProblemTokenString'), tok) < 2
                or uniq_index(self.words.table('EndTwinTokenString'), tok) < 2)

    def read_pieces(self, tok, pieces, errors):
        """ParsePieces: colour groups of attributes and walks with squares; the next token."""
        colours = self.words.table('ColourString')
        flags = self.words.table('PieSpString')
        groups = 0
        while tok is not None:
            c = uniq_index(colours, tok)
            if c >= len(colours):
                if groups == 0:
                    errors.append(f'no colour: {tok}')
                break
            colour = self.english_name('ColourString', c)
            attributes = []
            tok = self.lexer.next()
            if colour == 'TotalInvisible':
                tok = self.lexer.next()  # the number of invisibles
                pieces.append(Piece(colour, '', '', []))
                groups += 1
                continue
            while tok is not None and uniq_index(flags, tok) < len(flags):
                attributes.append(self.english_name('PieSpString', uniq_index(flags, tok)))
                tok = self.lexer.next()
            tok = self.read_walks(tok, colour, attributes, pieces, errors)
            groups += 1
        return tok

    def read_walks(self, tok, colour, attributes, pieces, errors):
        """ParsePieceWalkAndSquares: walks each followed by squares, in one token or two."""
        names = self.words.piece_names()
        parsed = 0
        while tok is not None:
            n = 1 if len(tok) % 2 == 1 else 2
            walk = tok[:n].lower()
            if '/' in tok[:3] or walk.strip() not in names:
                if parsed == 0:
                    errors.append(f'piece name: {tok}')
                    tok = self.lexer.next()
                break
            rest = tok[n:]
            if not rest:
                rest = self.lexer.next() or ''
                squares, left = _squares(rest)
                if left or not squares:
                    errors.append(f'squares: {rest}')
            else:
                squares, left = _squares(rest)
                if left:
                    break  # another word (e.g. "Black")
            parsed += 1
            pieces.extend(Piece(colour, walk, sq, list(attributes)) for sq in squares)
            attributes = [a for a in attributes if a != 'Royal']
            tok = self.lexer.next()
        return tok

    def read_words_until_command(self, tok, table=None):
        """Tokens up to the next command word (or, with a table, up to the next word of it)."""
        words = []
        commands = self.words.table('InitialTwinTokenString')
        while tok is not None:
            if table is not None and uniq_index(table, tok) < len(table):
                break
            if uniq_index(commands, tok) < len(commands) or self.is_end_of_twin(tok):
                break
            words.append(tok)
            tok = self.lexer.next()
        return tok, words

    def read_options(self, problem):
        options = self.words.table('OptString')
        tok = self.lexer.next()
        while tok is not None:
            i = uniq_index(options, tok)
            if i < len(options):
                problem.options.append([self.english_name('OptString', i)])
                tok = self.lexer.next()
                continue
            commands = self.words.table('InitialTwinTokenString')
            if uniq_index(commands, tok) < len(commands) or self.is_end_of_twin(tok):
                break
            if problem.options:
                problem.options[-1].append(str(tok))
            else:
                problem.errors.append(f'option: {tok}')
            tok = self.lexer.next()
        return tok

    def read_forsyth(self, problem):
        tok = self.lexer.next()
        if tok is None:
            return None
        names = self.words.piece_names()
        i = 0
        square = 0  # 0 = a8, reading rank by rank
        while i < len(tok) and square < 64:
            c = tok[i]
            if c.isdigit():
                n = int(c)
                if i + 1 < len(tok) and tok[i + 1].isdigit():
                    n = 10 * n + int(tok[i + 1])
                    i += 1
                square += n
                i += 1
                continue
            if c == '/':
                i += 1
                continue
            colour = None
            if c in '=+-':
                colour = {'=': 'Neutral', '+': 'White', '-': 'Black'}[c]
                i += 1
            width = 2 if i < len(tok) and tok[i] == '.' else 1
            if width == 2:
                i += 1
            name = tok[i:i + width]
            i += width
            if not name:
                break
            if colour is None:
                colour = 'Black' if name[0].islower() else 'White'
            if name.lower() in names:
                sq = 'abcdefgh'[square % 8] + str(8 - square // 8)
                problem.pieces.append(Piece(colour, name.lower(), sq, []))
                square += 1
            else:
                problem.errors.append(f'forsyth piece: {name}')
        return self.lexer.next()

    def read_stipulation(self):
        """A stipulation (its length may follow as a word of its own: "dia 4"); the next token."""
        stip = str(self.lexer.next() or '')
        tok = self.lexer.next()
        if tok is not None and re.fullmatch(r'[0-9]+(\.[0-9]+)?', tok) and not stip[-1:].isdigit():
            stip += ' ' + tok
            tok = self.lexer.next()
        return stip, tok

    def read_latex(self, no_file):
        """LaTeX FILE and LaTeXPieces: the pieces' LaTeX names (walk, short name, full name to
        the end of the line); the next token. Only output, cut from the problem's body."""
        tok = self.lexer.next()
        if no_file:
            return tok
        while tok is not None and len(tok) < 3 and tok.lower() in self.words.piece_names():
            self.lexer.next()
            self.lexer.rest_of_line()
            tok = self.lexer.next()
        return tok

    def read_initial_twin(self, problem):
        """The commands before the first twin; returns the token that ends them."""
        commands = self.words.table('InitialTwinTokenString')
        tok = self.lexer.next()
        while tok is not None:
            i = uniq_index(commands, tok)
            if i > len(commands):
                problem.errors.append(f'ambiguous command: {tok}')
                tok = self.lexer.next()
                continue
            if i == len(commands):
                if self.is_end_of_twin(tok):
                    break
                problem.errors.append(f'command: {tok}')
                tok = self.lexer.next()
                continue
            name = self.english_name('InitialTwinTokenString', i)
            if name in ('remark', 'author', 'origin', 'title', 'award', 'protocol'):
                self.lexer.rest_of_line()
                if name == 'protocol':
                    self.cut.append((tok.start, self.lexer.pos))
                tok = self.lexer.next()
            elif name in ('LaTeX', 'LaTeXPieces'):
                start = tok.start
                tok = self.read_latex(name == 'LaTeX' and not self.lexer.rest_of_line())
                self.cut.append((start, tok.start if tok is not None else len(self.text)))
            elif name == 'stipulation':
                problem.stipulation, tok = self.read_stipulation()
            elif name == 'sstipulation':
                problem.sstipulation = True
                tok, _ = self.read_words_until_command(self.lexer.next())
            elif name == 'pieces':
                tok = self.read_pieces(self.lexer.next(), problem.pieces, problem.errors)
            elif name == 'condition':
                tok, words = self.read_words_until_command(self.lexer.next())
                problem.conditions.extend(str(w) for w in words)
            elif name == 'option':
                tok = self.read_options(problem)
            elif name == 'Forsyth':
                tok = self.read_forsyth(problem)
            else:  # InitialGameArray
                problem.other.append(name)
                tok, _ = self.read_words_until_command(self.lexer.next())
        return tok

    def read_twin(self, tok, twin, problem):
        """One twin's operations; returns the token after them."""
        table = self.words.table('TwinningString')
        remark = self.words.table('InitialTwinTokenString')[0]
        while tok is not None:
            i = uniq_index(table, tok)
            if i >= len(table):
                if uniq_index([remark], tok) == 0:
                    self.lexer.rest_of_line()
                    tok = self.lexer.next()
                    continue
                break
            name = self.english_name('TwinningString', i)
            if name == 'continued':
                twin.continued = True
                tok = self.lexer.next()
            elif name == 'add':
                before = len(twin.pieces)
                tok = self.read_pieces(self.lexer.next(), twin.pieces, problem.errors)
                twin.operations.append([name] + [f'{p.colour} {p.walk}{p.square}' for p in twin.pieces[before:]])
            elif name == 'stipulation':
                stip, tok = self.read_stipulation()
                twin.operations.append([name, stip])
            else:
                tok, words = self.read_words_until_command(self.lexer.next(), table)
                twin.operations.append([name] + [str(w) for w in words])
        return tok

    def read_problem(self, number, start):
        problem = Problem(self.file, number, self.words.language, start, start)
        tok = self.read_initial_twin(problem)
        end_twin = self.words.table('EndTwinTokenString')
        while tok is not None and uniq_index(end_twin, tok) < len(end_twin):
            twin = Twin()
            tok = self.read_twin(self.lexer.next(), twin, problem)
            problem.twins.append(twin)
            if tok is not None and not self.is_end_of_twin(tok):
                problem.errors.append(f'twin: {tok}')
                tok = self.lexer.next()
        problem.end = tok.start if tok is not None else len(self.text)
        body = self.text[problem.start:problem.end]
        for cut_start, cut_end in reversed([c for c in self.cut if problem.start <= c[0] < problem.end]):
            body = body[:cut_start - problem.start] + body[cut_end - problem.start:]
        problem.body = body
        return problem, tok


def _squares(text):
    """ParseSquareList: squares written one after another; (squares, what is left)."""
    squares = []
    i = 0
    while i + 1 < len(text) and text[i].lower() in 'abcdefgh' and text[i + 1] in '12345678':
        squares.append(text[i:i + 2].lower())
        i += 2
    return squares, text[i:]


def split(text, words_by_language, file_name=''):
    """The problems of a file's text, and the file's language (None when it starts with no
    begin-problem word, then no problem)."""
    lexer = popeye_lexer.Lexer(text)
    first = lexer.next()
    language = popeye_words.detect_language(words_by_language, first or '')
    if language is None:
        return [], None
    reader = _Reader(text, words_by_language[language], file_name)
    reader.english = words_by_language['english']
    reader.lexer.pos = first.end
    problems = []
    problem_tokens = reader.words.table('ProblemTokenString')
    start = first.end
    while True:
        problem, tok = reader.read_problem(len(problems) + 1, start)
        problems.append(problem)
        if tok is None or uniq_index(problem_tokens, tok) != 1:
            break
        start = tok.end
    return problems, language


def refusal(problem, words):
    """Why dmsolve cannot solve this problem as Popeye does (the first offending word), or None
    when it is orthodox."""
    if problem.errors:
        return f'input error ({problem.errors[0].split(":")[0]})'
    if problem.conditions:
        return f'condition {problem.conditions[0]}'
    if problem.sstipulation:
        return 'sstipulation'
    for o in problem.options:
        if o[0] not in SUPPORTED:
            return f'option {o[0]}'
    for name in problem.other:
        return name
    reason = _pieces_refusal(problem.pieces, words)
    if reason:
        return reason
    stip = orthodox_stipulation(problem.stipulation)
    if stip is None:
        return f'stipulation {problem.stipulation or "(none)"}'
    for colour in ('White', 'Black'):
        kings = sum(p.colour == colour and words.orthodox_piece(p.walk) == 'K' for p in problem.pieces)
        if kings != 1:
            return f'{kings} {colour.lower()} kings'
    if problem.option('WhiteToPlay') and not stip.startswith('h'):
        return 'option WhiteToPlay'
    if problem.option('WhiteToPlay') and stip.endswith('.5'):
        return 'option WhiteToPlay'
    for twin in problem.twins:
        for operation in twin.operations:
            if operation[0] == 'condition':
                return f'twin condition {operation[1] if len(operation) > 1 else ""}'.strip()
            if operation[0] == 'sstipulation':
                return 'twin sstipulation'
            if operation[0] == 'stipulation' and orthodox_stipulation(operation[1]) is None:
                return f'twin stipulation {operation[1]}'
        reason = _pieces_refusal(twin.pieces, words)
        if reason:
            return 'twin ' + reason
    return None


def _pieces_refusal(pieces, words):
    for p in pieces:
        if p.colour not in ('White', 'Black'):
            return f'{p.colour.lower()} pieces'
        if p.attributes:
            return f'piece attribute {p.attributes[0]}'
        if words.orthodox_piece(p.walk) is None:
            return f'piece {p.walk}'
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--popeye-src', required=True)
    parser.add_argument('files', nargs='+')
    args = parser.parse_args()
    words = popeye_words.load(args.popeye_src)
    for path in args.files:
        with open(path, encoding='latin-1') as f:
            problems, language = split(f.read(), words, path)
        for p in problems:
            why = refusal(p, words[language])
            print(f'{path}:{p.number}: {p.stipulation} {"orthodox" if why is None else "refused: " + why}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
