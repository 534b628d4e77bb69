"""Popeye's printed moves (long algebraic: `Qd1-h5`, `h5*g6 ep.`, `e7-e8=Q`, `0-0-0`, with the
piece letters of the output's language) turned into UCI, played on a board so that every move
is checked against the diagram: the piece named must stand on the square it leaves, be of the
side to move, and a capture must take something. A move that fails is a MoveError; so is any
fairy notation (`[+wPa5]`, two-letter pieces), which orthodox problems never print.
"""
import re

from popeye_words import FEN_LETTERS, ORTHODOX_LETTERS

FILES = 'abcdefgh'
NUMBER = re.compile(r'^([0-9]+)\.(\.\.)?')
DECORATIONS = {'#', '+', '=', 'ep.', '!', '?', ''}


class MoveError(ValueError):
    pass


class Board:
    """Pieces by square ('e1': ('K', True)): FEN letter upper case, and whether White's."""

    def __init__(self, squares=None):
        self.squares = dict(squares or {})

    @classmethod
    def from_fen(cls, fen_board):
        squares = {}
        for rank_index, row in enumerate(fen_board.split('/')):
            file = 0
            for c in row:
                if c.isdigit():
                    file += int(c)
                else:
                    squares[FILES[file] + str(8 - rank_index)] = (c.upper(), c.isupper())
                    file += 1
        return cls(squares)

    def fen(self):
        rows = []
        for rank in range(8, 0, -1):
            row, empty = '', 0
            for file in FILES:
                piece = self.squares.get(f'{file}{rank}')
                if piece is None:
                    empty += 1
                    continue
                row += (str(empty) if empty else '') + (piece[0] if piece[1] else piece[0].lower())
                empty = 0
            rows.append(row + (str(empty) if empty else ''))
        return '/'.join(rows)

    def copy(self):
        return Board(self.squares)


def move_pattern(language):
    letters = ORTHODOX_LETTERS[language][:5]  # the pawn has no letter in moves
    return re.compile(rf'^([{letters}]?)([a-h][1-8])([-*])([a-h][1-8])(?:=([{letters}]))?$')


def play(board, text, white, language):
    """Plays one move given as Popeye prints it for the side (white or not); its UCI."""
    if text in ('0-0', '0-0-0'):
        rank = '1' if white else '8'
        king_to, rook_from, rook_to = ('g', 'h', 'f') if text == '0-0' else ('c', 'a', 'd')
        if board.squares.get('e' + rank) != ('K', white) or board.squares.get(rook_from + rank) != ('R', white):
            raise MoveError(f'{text}: no king and rook to castle')
        del board.squares['e' + rank], board.squares[rook_from + rank]
        board.squares[king_to + rank] = ('K', white)
        board.squares[rook_to + rank] = ('R', white)
        return f'e{rank}{king_to}{rank}'
    m = move_pattern(language).match(text)
    if not m:
        raise MoveError(f'{text}: not an orthodox move')
    letter, source, capture, target, promotion = m.groups()
    to_fen = dict(zip(ORTHODOX_LETTERS[language], FEN_LETTERS))
    piece = board.squares.get(source)
    expected = to_fen[letter] if letter else 'P'
    if piece != (expected, white):
        raise MoveError(f'{text}: {source} holds {piece}, not {expected} of {"White" if white else "Black"}')
    taken = board.squares.get(target)
    if capture == '*' and taken is None and expected == 'P' and source[0] != target[0]:
        del board.squares[target[0] + source[1]]  # en passant
    elif (capture == '*') != (taken is not None) or (taken is not None and taken[1] == white):
        raise MoveError(f'{text}: the capture does not match the board')
    del board.squares[source]
    board.squares[target] = (to_fen[promotion] if promotion else expected, white)
    return source + target + (to_fen[promotion].lower() if promotion else '')


def play_line(board, tokens, numbered_white, language):
    """A line of play as printed in help and series play (`1.Kh1-g1 Kf3-f2 2.Qd1-h5 #`). Moves
    with a number (`2.`) are of one side throughout (numbered_white: the help play's first side,
    the series mover), `1...` is the other side's, and a move without a number answers the one
    before it. The UCI moves."""
    moves = []
    previous_white = None
    for token in tokens:
        m = NUMBER.match(token)
        text = token[m.end():] if m else token
        if not text or text in DECORATIONS:
            continue
        if m:
            white = numbered_white if not m.group(2) else not numbered_white
        elif previous_white is None:
            raise MoveError(f'{token}: a move without a number starts the line')
        else:
            white = not previous_white
        moves.append(play(board, text, white, language))
        previous_white = white
    return moves
