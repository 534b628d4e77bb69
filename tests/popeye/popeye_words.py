"""Popeye's input words in its three languages, read from Popeye's own source.

Popeye's input is keywords in French, German or English (the first word of a file chooses),
each abbreviable to any prefix that names one word of its table alone. Rather than copy the
tables, this reads them from output/plaintext/language_dependant.c of a Popeye source tree, so
that the reader of problems (popeye_problems.py) matches words exactly as Popeye does.
"""
import os
import re

LANGUAGES = ('french', 'german', 'english')  # the order of Popeye's tables

# The orthodox pieces' one-letter names per language, in the order king, queen, rook, bishop,
# knight, pawn; output diagrams and moves print them upper-case.
ORTHODOX_LETTERS = {
    'french': 'RDTFCP',
    'german': 'KDTLSB',
    'english': 'KQRBSP',
}
FEN_LETTERS = 'KQRBNP'

TABLES = ('GlobalTokenString', 'ProblemTokenString', 'EndTwinTokenString', 'InitialTwinTokenString',
          'OptString', 'ColourString', 'PieSpString', 'TwinningString', 'PieNamString')


def _table_body(source, name):
    """The text between the braces of the table called name."""
    match = re.search(re.escape(name) + r'\[LanguageCount\][^=]*=\s*\{', source)
    if not match:
        raise ValueError(f'{name} not found in language_dependant.c')
    depth, start = 1, match.end()
    for i in range(start, len(source)):
        if source[i] == '{':
            depth += 1
        elif source[i] == '}':
            depth -= 1
            if depth == 0:
                return source[start:i]
    raise ValueError(f'{name}: unbalanced braces')


def _language_blocks(body):
    """The three top-level brace groups of a table body, comments removed."""
    body = re.sub(r'/\*.*?\*/', '', body, flags=re.S)
    blocks, depth, start = [], 0, 0
    for i, c in enumerate(body):
        if c == '{':
            if depth == 0:
                start = i + 1
            depth += 1
        elif c == '}':
            depth -= 1
            if depth == 0:
                blocks.append(body[start:i])
    return blocks


def _strings(block):
    return [bytes(s, 'ascii').decode('unicode_escape') for s in re.findall(r'"((?:[^"\\]|\\.)*)"', block)]


def _piece_names(block):
    """Piece walk names, index 2 on (index 0 and 1 are the empty and the off-board square)."""
    pairs = re.findall(r"\{\s*'(.)'\s*,\s*'(.)'\s*\}", block)
    return [(a + b).strip() for a, b in pairs]


class Words:
    """Every table for one language; lookups follow Popeye's GetUniqIndex."""

    def __init__(self, tables, language):
        self.language = language
        self.tables = tables

    def table(self, name):
        return self.tables[name]

    def piece_names(self):
        """Every piece walk's name (lower case; the table's first two entries are no walks)."""
        return {name for name in self.tables['PieNamString'][2:] if name}

    def orthodox_piece(self, name):
        """'K', 'Q', ... (FEN, upper case) for an orthodox piece name of this language, else None."""
        letters = ORTHODOX_LETTERS[self.language]
        index = letters.find(name.upper()) if len(name) == 1 else -1
        return FEN_LETTERS[index] if index >= 0 else None


def uniq_index(words, token):
    """The index of the word that token abbreviates (case-insensitively), len(words) when none,
    len(words) + 1 when it abbreviates several and is none of them exactly (GetUniqIndex)."""
    t = token.lower()
    hits = [i for i, w in enumerate(words) if w.lower().startswith(t)]
    if not hits or not t:
        return len(words)
    if len(hits) == 1 or len(words[hits[0]]) == len(t):
        return hits[0]
    return len(words) + 1


def load(popeye_src):
    """{language: Words} from a Popeye source tree."""
    path = os.path.join(popeye_src, 'output', 'plaintext', 'language_dependant.c')
    with open(path, encoding='latin-1') as f:
        source = f.read()
    per_language = {lang: {} for lang in LANGUAGES}
    for name in TABLES:
        blocks = _language_blocks(_table_body(source, name))
        if len(blocks) != 3:
            raise ValueError(f'{name}: expected 3 languages, found {len(blocks)}')
        for lang, block in zip(LANGUAGES, blocks):
            per_language[lang][name] = _piece_names(block) if name == 'PieNamString' else _strings(block)
    return {lang: Words(tables, lang) for lang, tables in per_language.items()}


def detect_language(words_by_language, first_token):
    """The language whose begin-problem word first_token abbreviates, or None."""
    for lang, words in words_by_language.items():
        if uniq_index(words.table('GlobalTokenString'), first_token) == 0:
            return lang
    return None
