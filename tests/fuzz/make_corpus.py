#!/usr/bin/env python3
"""Seed corpora of the fuzz targets (tests/fuzz/fuzz_*.cpp), one folder per target.

Usage: make_corpus.py OUT_DIR [--dmsolve PATH]

Writes OUT_DIR/<target>/ from the committed seeds (tests/fuzz/seeds/<target>/) and the data the
repository has: tests/data, tests/data/popeye (Popeye input), puzzles/*.epd, puzzles/orthodox/
and ../shared/testdata (when the checkout has it). With --dmsolve it also writes proof files of a few small problems, solved
with that program. Each file is named by the SHA-1 of its bytes, as libFuzzer names its own, so
an existing corpus (with what earlier runs found) is kept and only grown. Python 3 stdlib only.

Inputs of fuzz_fen and fuzz_turn_text start with a byte that picks the variant with its rule
options (fuzz_support.h, variant_of): VARIANT_BYTE gives the byte of each variant with its
default options, in the order of variant_names() and their option combinations.
"""

import argparse
import hashlib
import pathlib
import re
import subprocess
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
SEEDS = ROOT / "tests" / "fuzz" / "seeds"
SHARED = ROOT.parent / "shared" / "testdata"

TARGETS = ["fuzz_fen", "fuzz_turn_text", "fuzz_epd_line", "fuzz_puzzle_file", "fuzz_popeye_file", "fuzz_proof_file",
           "fuzz_table_file"]

# fuzz_support.h: every variant with every combination of its options (multi-move: 3 e.p. rules
# x 2 no-second-move rules; losing: 3 stalemate rules), defaults first.
VARIANT_BYTE = {
    "chess": 0, "marseillais": 1, "marseillais-classical": 7, "doublemove": 13, "bennekom": 19,
    "antichess": 25, "losing-marseillais": 28, "mainzer": 46, "janus": 47, "capablanca": 48,
    "embassy": 49, "amazon": 50,
}
# Other variants of the same board a FEN is also tried in (8x8 only: the others have one).
ALSO_8X8 = ["marseillais", "doublemove", "bennekom", "losing-marseillais", "antichess", "chess"]

# At most this many generated inputs a target (sorted, then evenly thinned), to keep the
# corpus quick to load.
LIMIT = {"fuzz_fen": 3000, "fuzz_turn_text": 1500, "fuzz_epd_line": 2000, "fuzz_puzzle_file": 600,
         "fuzz_popeye_file": 100, "fuzz_proof_file": 100, "fuzz_table_file": 0}

FEN_RE = re.compile(r"[0-9A-Za-z]+(?:/[0-9A-Za-z]+){7,9} [wb]1? (?:[KQkq]+|-) (?:-|(?:[a-l](?:10|[1-9]))+)"
                    r"(?: \d+ \d+)?")
VARIANT_OP_RE = re.compile(r"\bvariant ([a-z-]+);")

# Small problems whose proofs dmsolve writes in a second or so: (variant, FEN, stipulation).
PROOF_PROBLEMS = [
    ("antichess", "8/1P6/8/8/8/8/8/1r6 b - -", "lose"),
    ("chess", "8/Q7/8/8/8/8/8/2k1K2R w K - 0 1", "win"),
    ("chess", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "win"),
    ("marseillais", "4k3/8/4K3/8/8/8/8/7R w - - 0 1", "win"),
    ("marseillais", "5k2/8/R7/5K2/8/8/8/8 w - - 0 1", "win"),
    ("doublemove", "4k3/8/8/8/8/8/8/4K2R w - - 0 1", "win"),
    ("bennekom", "4k3/8/4K3/8/8/8/8/7R w - - 0 1", "win"),
    ("mainzer", "5k5/11/5K5/11/11/11/11/10M w - - 0 1", "win"),
    ("losing-marseillais", "8/8/8/8/8/8/1p6/R7 w - - 0 1", "win"),
    ("losing-marseillais", "8/8/8/8/8/8/1p6/R7 b - - 0 1", "lose"),
]


def files_of(path, pattern="*"):
    return sorted(p for p in path.glob(pattern) if p.is_file()) if path.is_dir() else []


def source_texts():
    """(path, text) of every data file the corpora are made from."""
    paths = files_of(ROOT / "tests" / "data") + files_of(ROOT / "puzzles", "*.epd")
    paths += files_of(ROOT / "puzzles" / "orthodox", "*.epd")
    if SHARED.is_dir():
        paths += sorted(p for p in SHARED.rglob("*") if p.is_file() and p.suffix != ".md")
    return [(p, p.read_text(encoding="utf-8", errors="replace")) for p in paths]


def board_files(fen):
    rank = fen.split("/")[0]
    return sum(int(run) for run in re.findall(r"\d+", rank)) + len(re.sub(r"\d+", "", rank))


def variant_of_line(path, line, fen):
    """The variant a FEN of this line belongs to, by its opcode, its file or its board."""
    if match := VARIANT_OP_RE.search(line):
        return match.group(1)
    if path.name == "fsf_perft.tsv":
        return line.split("\t")[0]
    width = board_files(fen)
    if width == 11:
        return "mainzer"
    if width == 10:
        return "janus"
    for name in ("losing-marseillais", "antichess", "mainzer", "marseillais", "doublemove"):
        if name in str(path.relative_to(path.anchor)):
            return name
    return "chess"


def with_byte(variant, text):
    return bytes([VARIANT_BYTE[variant]]) + text.encode()


def fen_inputs(sources):
    out = set()
    for path, text in sources:
        for line in text.splitlines():
            for fen in FEN_RE.findall(line):
                variant = variant_of_line(path, line, fen)
                if variant not in VARIANT_BYTE:
                    continue
                out.add(with_byte(variant, fen))
                if board_files(fen) == 8:
                    other = ALSO_8X8[int(hashlib.sha1(fen.encode()).hexdigest(), 16) % len(ALSO_8X8)]
                    out.add(with_byte(other, fen))
    return out


def turn_text_inputs(sources):
    out = set()
    for path, text in sources:
        lines = text.splitlines()
        if path.name == "marseillais_games_and_fragments.txt":
            movetext = [l for l in lines if re.match(r"\d+\.", l)]
            for l in movetext:
                out.add(with_byte("marseillais", l))
                out.add(with_byte("marseillais-classical", l))
            out.add(with_byte("marseillais-classical", "\n".join(movetext[:4])))
        elif path.name == "nilatac_solved-openings.txt":
            for l in lines:
                words = [w.split("/")[0] for w in l.split()]
                if words:
                    out.add(with_byte("antichess", " ".join(words)))
                    out.add(with_byte("losing-marseillais", ",".join(words[:2]) + " " + ",".join(words[2:4])))
        for line in lines:
            fens = FEN_RE.findall(line)
            if not fens:
                continue
            variant = variant_of_line(path, line, fens[0])
            if variant not in VARIANT_BYTE:
                continue
            # Keys, solutions and PVs (UCI, or SAN in the antichess suites) played from the FEN.
            plays = re.findall(r'(?:keys|solutions|tries) ([^;]+);', line)
            plays += re.findall(r"PV: ([^;]+);", line) + re.findall(r"\bbm ([^#;][^;]*);", line)
            if path.suffix == ".tsv":
                plays += [f for f in line.split("\t")[1:5] if re.fullmatch(r"[a-l0-9, |]+", f) and len(f) > 3]
            for play in plays:
                for one in play.replace('"', " | ").split(" | "):
                    if one.strip() and one.strip() != "none":
                        pgn = f'[Variant "{variant}"]\n[FEN "{fens[0]}"]\n\n{one.strip()}\n'
                        out.add(with_byte(variant, pgn))
    return out


def epd_line_inputs(sources):
    out = set()
    for path, text in sources:
        if path.suffix == ".epd":
            out.update(l.encode() for l in text.splitlines() if l.strip())
    return out


def puzzle_file_inputs(sources):
    """Whole small puzzle files, and every file cut into pieces of a few entries with their comments."""
    out = set()
    for path, text in sources:
        if path.suffix != ".epd" or "puzzles" not in path.parts:
            continue
        if len(text) <= 8000:
            out.add(text.encode())
        piece, entries = [], 0
        for line in text.splitlines(keepends=True):
            piece.append(line)
            if line.strip() and not line.lstrip().startswith("#"):
                entries += 1
            if entries == 3:
                out.add("".join(piece).encode())
                piece, entries = [], 0
        if entries:
            out.add("".join(piece).encode())
    return out


def popeye_file_inputs():
    """The Popeye input files of tests/data/popeye, whole."""
    return {p.read_bytes() for p in files_of(ROOT / "tests" / "data" / "popeye", "*.inp")}


def proof_inputs(dmsolve):
    out = set()
    if not dmsolve:
        return out
    with tempfile.TemporaryDirectory() as tmp:
        for i, (variant, fen, stip) in enumerate(PROOF_PROBLEMS):
            for suffix in (".proof", ".proof.zst") if i < 2 else (".proof",):
                path = pathlib.Path(tmp) / f"p{i}{suffix}"
                subprocess.run([dmsolve, "solve", "--variant", variant, "--fen", fen, "--stip", stip,
                                "--proof", str(path), "--threads", "1", "--time", "20"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
                if path.is_file():
                    out.add(path.read_bytes())
    return out


def thinned(inputs, limit):
    ordered = sorted(inputs)
    if len(ordered) <= limit:
        return ordered
    step = len(ordered) / limit
    return [ordered[int(i * step)] for i in range(limit)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out_dir", type=pathlib.Path)
    parser.add_argument("--dmsolve", help="a built dmsolve, to write proof files of small problems")
    args = parser.parse_args()

    sources = source_texts()
    generated = {
        "fuzz_fen": fen_inputs(sources),
        "fuzz_turn_text": turn_text_inputs(sources),
        "fuzz_epd_line": epd_line_inputs(sources),
        "fuzz_puzzle_file": puzzle_file_inputs(sources),
        "fuzz_popeye_file": popeye_file_inputs(),
        "fuzz_proof_file": proof_inputs(args.dmsolve),
        "fuzz_table_file": [],  # its committed seeds only: a table file of each version
    }
    for target in TARGETS:
        folder = args.out_dir / target
        folder.mkdir(parents=True, exist_ok=True)
        inputs = thinned(generated[target], LIMIT[target]) + [p.read_bytes() for p in files_of(SEEDS / target)]
        for data in inputs:
            (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)
        print(f"{target}: {len(inputs)} seeds -> {folder}")


if __name__ == "__main__":
    main()
