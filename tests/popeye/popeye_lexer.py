"""Popeye's input tokens (input/plaintext/token.c): words of letters, digits and the signs of
stipulations and twinnings, separated by blanks, tabs, line breaks, ';' and ','. Author,
origin, title, remark and protocol take the rest of their line instead. Each token keeps its
place in the text so that a problem can be cut out of its file.
"""

TOKEN = set('abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ#=+-%>!.<()~/&|:[]{}?')


class Token(str):
    """A token's text, with where it starts and ends in the file."""

    def __new__(cls, text, start, end):
        token = super().__new__(cls, text)
        token.start = start
        token.end = end
        return token


class Lexer:
    def __init__(self, text):
        self.text = text
        self.pos = 0

    def next(self):
        """The next token, or None at the end of the text. Characters Popeye rejects are skipped
        as it does (after its error message)."""
        text = self.text
        while self.pos < len(text) and text[self.pos] not in TOKEN:
            self.pos += 1
        if self.pos == len(text):
            return None
        start = self.pos
        while self.pos < len(text) and text[self.pos] in TOKEN:
            self.pos += 1
        return Token(text[start:self.pos], start, self.pos)

    def rest_of_line(self):
        """The rest of the current line (blanks before it skipped), as a token; the lexer moves
        to the line's end. Empty when the line has nothing left."""
        text = self.text
        pos = self.pos
        while pos < len(text) and text[pos] in ' \t':
            pos += 1
        end = pos
        while end < len(text) and text[end] not in '\r\n':
            end += 1
        self.pos = end
        return Token(text[pos:end].rstrip(), pos, end)
