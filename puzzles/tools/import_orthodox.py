#!/usr/bin/env python3
"""Converts the orthodox reference problems of ../shared/testdata/orthodox into puzzle files
(puzzles/README.md) under puzzles/orthodox/, one file per source. Every entry's `source` names
the origin file and its line; the expected keys or solutions are the source's, unchanged
(alternatives split into a set). Run from anywhere:

    puzzles/tools/import_orthodox.py [--testdata DIR] [--out DIR]

What each source gives:
  popeye_orthodox_clean.tsv  keys (direct/self) or every solution line (help), tries, author
  vaeth_problems.tsv         the complete key set (`none`: no solution) or the help lines
  lichess_mate_puzzles_subset.tsv  #2/#3: every key (brute-forced by the data's author);
                             #4: only the game's move, kept as a comment (no key set)
  matetrackpv.epd            bm #2 to #5: the fastest known mate; the PV is kept (`PV:`), the
                             key set is unknown, so no `keys` (a second key counts as a cook)
  misc_helpmates_ambrona.tsv only solution counts: no `solutions`, the count as a comment
                             (the help-draw row needs a dead-position rule and is left out)
"""
import argparse
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
UMLAUTS = {'"a': "ä", '"o': "ö", '"u': "ü", '"A': "Ä", '"O': "Ö", '"U': "Ü"}


def text(value):
    """A quoted operand: Popeye's "o umlauts decoded, no double quote left."""
    for k, v in UMLAUTS.items():
        value = value.replace(k, v)
    return '"' + value.replace('"', "'").strip() + '"'


def fen4(fen):
    return " ".join(fen.split()[:4])


def rows(path):
    """(line number, columns) of a TSV file, comments left out."""
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                yield number, line.split("\t")


def alternatives(cell):
    return [a.strip() for a in cell.split("|") if a.strip()]


def entry(fen, pid, stip, expected=None, tries=(), author="", source="", extra=""):
    """One EPD line; expected is None (not given), [] (none) or a list of UCI turns/lines."""
    ops = [f"id {text(pid)}", f"stip {stip}"]
    if expected is not None:
        opcode = "solutions" if stip.startswith("h") else "keys"
        ops.append(f"{opcode} " + (" ".join(text(e) for e in expected) if expected else "none"))
    if tries:
        ops.append("tries " + " ".join(tries))
    if author:
        ops.append(f"author {text(author)}")
    if extra:
        ops.append(extra)
    ops.append(f"source {text(source)}")
    return fen4(fen) + " " + "; ".join(ops) + ";"


def popeye(path):
    name = os.path.basename(path)
    for number, c in rows(path):
        fen, stip, solutions, tries, set_play, author, origin, problem = c[:8]
        yield [f"Popeye: {problem}"] + ([f"set play: {set_play}"] if set_play != "-" else []), entry(
            fen, f"popeye-{number}", stip, [] if solutions == "none" else alternatives(solutions),
            alternatives(tries) if tries != "-" else (),
            author, f"{name} line {number}" + (f"; {origin}" if origin else ""))


def vaeth(path):
    name = os.path.basename(path)
    for number, c in rows(path):
        fen, stip, solutions, _as_in_source, comment = c[:5]
        expected = [] if solutions == "none" else alternatives(solutions)
        yield ([comment] if comment else []), entry(fen, f"vaeth-{number}", stip, expected,
                                                    source=f"{name} line {number}")


def lichess(path):
    name = os.path.basename(path)
    for number, c in rows(path):
        fen, stip, first, line, keys, check, puzzle_id = c[:7]
        source = f"{name} line {number}; lichess puzzle {puzzle_id}"
        if check == "exact" and keys not in ("", "-"):
            yield [], entry(fen, f"lichess-{puzzle_id}", stip, keys.split(), source=source)
        else:
            yield [f"the game went {line}; the key set was not checked"], entry(
                fen, f"lichess-{puzzle_id}", stip, source=source)


def matetrack(path):
    name = os.path.basename(path)
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            m = re.match(r"^(\S+ \S+ \S+ \S+) bm #(\d+);(?: PV: ([^;]*);)?", line)
            if not m or not 2 <= int(m.group(2)) <= 5:
                continue
            pv = f"PV: {m.group(3).strip()}" if m.group(3) else ""
            yield [], entry(m.group(1), f"matetrack-{number}", f"#{m.group(2)}", extra=pv,
                            source=f"{name} line {number}")


def ambrona(path):
    name = os.path.basename(path)
    for number, c in rows(path):
        fen, stip, _plies, count, comment = c[:5]
        if not re.fullmatch(r"h[#=]\d+(\.5)?", stip):
            continue
        yield [f"{count} solution(s) according to the source"], entry(
            fen, f"ambrona-{number}", stip, author=comment.split(",")[0], source=f"{name} line {number}; {comment}")


SOURCES = [
    ("popeye.epd", "popeye_orthodox_clean.tsv", popeye),
    ("vaeth.epd", "vaeth_problems.tsv", vaeth),
    ("lichess.epd", "lichess_mate_puzzles_subset.tsv", lichess),
    ("matetrack.epd", "matetrackpv.epd", matetrack),
    ("ambrona.epd", "misc_helpmates_ambrona.tsv", ambrona),
]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--testdata", default=os.path.join(HERE, "..", "..", "..", "shared", "testdata", "orthodox"))
    parser.add_argument("--out", default=os.path.join(HERE, "..", "orthodox"))
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for out_name, in_name, convert in SOURCES:
        lines = [f"# Generated by puzzles/tools/import_orthodox.py from ../shared/testdata/orthodox/{in_name}:",
                 "# do not edit; change the script and run it again.", ""]
        count = 0
        for comments, line in convert(os.path.join(args.testdata, in_name)):
            lines += [f"# {c}" for c in comments] + [line, ""]
            count += 1
        with open(os.path.join(args.out, out_name), "w", encoding="utf-8") as f:
            f.write("\n".join(lines))
        print(f"{out_name}: {count} problems")


if __name__ == "__main__":
    main()
