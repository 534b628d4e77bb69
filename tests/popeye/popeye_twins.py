"""The twin lines of Popeye's output (`b) wKe1-->e2  -bSb1  +wPa2  rotate 90`) applied to a board,
so that each twin's position comes from Popeye's own account of it: an oracle for a reader of
twins that shares nothing with it. Popeye describes a twin from the diagram, and a continued
twin (`+c)`) from the twin before it (output/plaintext/twinning.c).

A description that holds anything else (a condition, a fairy piece) gives no position.
"""
import re

from popeye_moves import FILES
from popeye_words import FEN_LETTERS, ORTHODOX_LETTERS

COLOUR_LETTERS = {'french': 'bn', 'german': 'ws', 'english': 'wb'}  # White, Black
ROTATE = {'rotate', 'drehung', 'rotation'}
MIRROR = {'mirror', 'spiegelung', 'miroir'}
SHIFT = {'shift', 'verschiebung', 'translation'}
POLISH = {'polishtype', 'farbwechsel', 'couleurechange'}


class TwinError(ValueError):
    pass


def _transform(square, how):
    """Popeye's transformSquare (position/board.c) on a square name."""
    f, r = FILES.index(square[0]), int(square[1]) - 1
    f, r = {
        'rotate 90': (7 - r, f), 'rotate 180': (7 - f, 7 - r), 'rotate 270': (r, 7 - f),
        'mirror a1<-->a8': (f, 7 - r), 'mirror a1<-->h1': (7 - f, r),
        'mirror a8<-->h1': (r, f), 'mirror a1<-->h8': (7 - r, 7 - f),
    }[how]
    return FILES[f] + str(r + 1)


def _piece(text, language):
    """'wKe1' -> ('e1', ('K', True))."""
    colours = COLOUR_LETTERS[language]
    m = re.fullmatch(rf'([{colours}])([{ORTHODOX_LETTERS[language]}])([a-h][1-8])', text)
    if not m:
        raise TwinError(f'{text}: not an orthodox piece')
    letter = dict(zip(ORTHODOX_LETTERS[language], FEN_LETTERS))[m.group(2)]
    return m.group(3), (letter, m.group(1) == colours[0])


def apply(board, description, language, is_stipulation):
    """The board after the twin's operations; is_stipulation(word) tells a new stipulation,
    which leaves the board as it is."""
    board = board.copy()
    words = description.split()
    i = 0
    while i < len(words):
        word = words[i]
        lower = word.lower()
        if lower in ROTATE or lower in MIRROR:
            how = f'{"rotate" if lower in ROTATE else "mirror"} {words[i + 1]}'
            board.squares = {_transform(sq, how): p for sq, p in board.squares.items()}
            i += 2
        elif lower in SHIFT:
            df = FILES.index(words[i + 3][0]) - FILES.index(words[i + 1][0])
            dr = int(words[i + 3][1]) - int(words[i + 1][1])
            board.squares = {FILES[FILES.index(sq[0]) + df] + str(int(sq[1]) + dr): p
                             for sq, p in board.squares.items()}
            i += 4
        elif lower in POLISH:
            board.squares = {sq: (p[0], not p[1]) for sq, p in board.squares.items()}
            i += 1
        elif i + 2 < len(words) and words[i + 1] == '==>':  # substitute: every Q becomes an R
            to_fen = dict(zip(ORTHODOX_LETTERS[language], FEN_LETTERS))
            if word not in to_fen or words[i + 2] not in to_fen:
                raise TwinError(f'{word} ==> {words[i + 2]}: not orthodox pieces')
            board.squares = {sq: (to_fen[words[i + 2]] if p[0] == to_fen[word] else p[0], p[1])
                             for sq, p in board.squares.items()}
            i += 3
        elif '<-->' in word:
            a, b = (_piece(x, language)[0] for x in word.split('<-->'))
            board.squares[a], board.squares[b] = board.squares.get(b), board.squares.get(a)
            board.squares = {sq: p for sq, p in board.squares.items() if p is not None}
            i += 1
        elif '-->' in word:
            source, piece = _piece(word.split('-->')[0], language)
            target = word.split('-->')[1]
            if board.squares.get(source) != piece:
                raise TwinError(f'{word}: {source} holds {board.squares.get(source)}')
            del board.squares[source]
            board.squares[target] = piece
            i += 1
        elif word.startswith('-'):
            square, _ = _piece(word[1:], language)
            board.squares.pop(square, None)
            i += 1
        elif is_stipulation(word):
            i += 1
        else:
            square, piece = _piece(word.lstrip('+'), language)
            board.squares[square] = piece
            i += 1
    return board


def new_stipulation(description, is_stipulation):
    """The stipulation a twin line sets, or None."""
    return next((w for w in description.split() if is_stipulation(w)), None)

