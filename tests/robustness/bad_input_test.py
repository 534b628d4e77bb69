#!/usr/bin/env python3
"""Bad input at every door: a clear one-line error naming the problem and its place, exit 2.

Each row is one bad input a new user might type: a command line, and for the file doors the
file's text. The test asks for exit code 2, exactly one line on standard error, starting with
"dmsolve COMMAND:" or, for a file's flaw, with "FILE:" or "FILE:LINE:" as compilers write it,
holding the expected words (the field or line it names). For the batch doors (a
puzzle file with one bad entry among good ones) it also asks that the good entries were solved.

usage: bad_input_test.py DMSOLVE [--markdown]   (--markdown prints the table for
reports/robustness.md: door, input, message)
"""

import argparse
import os
import subprocess
import sys
import tempfile

GOOD_FEN = "k7/8/1K6/8/8/8/8/7R w - - 0 1"  # mate in one: Rh8#
GOOD_LINE = f'{GOOD_FEN} id "good"; stip #1;'
# The same problem in Popeye input (docs/popeye-input.md), as the first problem of a file.
GOOD_POPEYE = "beginproblem\ntitle good\nstipulation #1\npieces white kb6 rh1 black ka8\nnextproblem\n"

# (door, what, arguments ({file} is the written file), file text or None, words the message holds)
ROWS = [
    ("command", "no command", [], None, "usage"),
    ("command", "unknown command", ["solv"], None, "unknown command 'solv'"),
    ("options", "unknown option", ["solve", "--fen", GOOD_FEN, "--stip", "#1", "--nosuch"], None, "nosuch"),
    ("options", "--threads 100000", ["solve", "--fen", GOOD_FEN, "--stip", "#1", "--threads", "100000"], None, "--threads"),
    ("options", "--threads -1", ["solve", "--fen", GOOD_FEN, "--stip", "#1", "--threads", "-1"], None, "--threads"),
    ("options", "--hash 0", ["solve", "--fen", GOOD_FEN, "--stip", "#1", "--hash", "0"], None, "--hash"),
    ("options", "--hash beyond the memory", ["solve", "--fen", GOOD_FEN, "--stip", "#1", "--hash", "99999999"], None, "--hash"),
    ("options", "--hash -1", ["explore", "--store", "{file}", "--hash", "-1"], None, "--hash"),
    ("options", "--nodes -1", ["solve", "--fen", GOOD_FEN, "--stip", "#1", "--nodes", "-1"], None, "--nodes"),
    ("options", "--time nan", ["solve", "--fen", GOOD_FEN, "--stip", "#1", "--time", "nan"], None, "--time"),
    ("options", "--time -1", ["solve", "--fen", GOOD_FEN, "--stip", "#1", "--time", "-1"], None, "--time"),
    ("options", "--time abc", ["solve", "--fen", GOOD_FEN, "--stip", "#1", "--time", "abc"], None, "time"),
    ("options", "--format yaml", ["solve", "--fen", GOOD_FEN, "--stip", "#1", "--format", "yaml"], None, "--format"),
    ("options", "--style fancy", ["solve", "--fen", GOOD_FEN, "--stip", "#1", "--style", "fancy"], None, "--style"),
    ("options", "--piece-letters es", ["solve", "--fen", GOOD_FEN, "--stip", "#1", "--piece-letters", "es"], None,
     "--piece-letters must be san, en, de or fr, not 'es'"),
    ("options", "--jobs -1", ["explore", "--store", "{file}", "--jobs", "-1"], None, "--jobs"),
    ("options", "explore --threads 5000", ["explore", "--store", "{file}", "--threads", "5000"], None, "--threads"),
    ("options", "perft --depth 100000000", ["perft", "--depth", "100000000"], None, "--depth"),
    ("options", "perft without a depth", ["perft"], None, "--depth"),
    ("variant", "unknown variant", ["perft", "--variant", "marsellais", "--depth", "1"], None, "unknown variant 'marsellais'"),
    ("variant", "unknown rule", ["perft", "--variant", "marseillais", "--rule", "ep=sometimes", "--depth", "1"], None, "ep"),
    ("variant", "rule of another variant", ["perft", "--variant", "chess", "--rule", "stalemate=draw", "--depth", "1"], None, "stalemate"),
    ("FEN", "--fen \"\"", ["perft", "--fen", "", "--depth", "1"], None, "--fen"),
    ("FEN", "seven ranks", ["perft", "--fen", "8/8/8/8/8/8/8 w - - 0 1", "--depth", "1"], None, "FEN"),
    ("FEN", "nine files", ["perft", "--fen", "9/8/8/8/8/8/8/K1k5 w - - 0 1", "--depth", "1"], None, "FEN"),
    ("FEN", "unknown piece", ["perft", "--fen", "k7/8/8/8/8/8/8/K6X w - - 0 1", "--depth", "1"], None, "FEN"),
    ("FEN", "two white kings", ["perft", "--fen", "k7/8/8/8/8/8/8/K6K w - - 0 1", "--depth", "1"], None, "FEN"),
    ("FEN", "no black king", ["perft", "--fen", "8/8/8/8/8/8/8/K7 w - - 0 1", "--depth", "1"], None, "FEN"),
    ("FEN", "pawn on the first rank", ["perft", "--fen", "k7/8/8/8/8/8/8/K6P w - - 0 1", "--depth", "1"], None, "FEN"),
    ("FEN", "side x", ["perft", "--fen", "k7/8/8/8/8/8/8/K7 x - - 0 1", "--depth", "1"], None, "FEN"),
    ("FEN", "castling without the rook", ["perft", "--fen", "4k3/8/8/8/8/8/8/4K3 w K - 0 1", "--depth", "1"], None, "FEN"),
    ("FEN", "e.p. square with no pawn", ["perft", "--fen", "4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "--depth", "1"], None, "FEN"),
    ("FEN", "e.p. pawn whose start square is occupied", ["solve", "--variant", "antichess", "--fen",
                                                          "8/4p3/8/3Pp3/8/8/8/8 w - e6", "--stip", "lose"], None,
     "FEN e.p.: e6: the pawn on e5 cannot have just come from e7, which is occupied"),
    ("FEN", "side not to move in check", ["perft", "--fen", "k7/8/8/8/8/8/8/K6r b - - 0 1", "--depth", "1"], None, "FEN"),
    ("FEN", "11 files given to chess", ["perft", "--fen", "11/11/11/11/11/11/11/K1k8 w - - 0 1", "--depth", "1"], None, "FEN"),
    ("FEN", "8 files given to mainzer", ["perft", "--variant", "mainzer", "--fen", GOOD_FEN, "--depth", "1"], None, "FEN"),
    ("stipulation", "unknown stipulation", ["solve", "--fen", GOOD_FEN, "--stip", "x#2"], None, "x#2"),
    ("stipulation", "length 0", ["solve", "--fen", GOOD_FEN, "--stip", "#0"], None, "#0"),
    ("stipulation", "length 99999999", ["solve", "--fen", GOOD_FEN, "--stip", "#99999999"], None, "#99999999"),
    ("stipulation", "no stipulation", ["solve", "--fen", GOOD_FEN], None, "--stip"),
    ("stipulation", "--proof with #2", ["solve", "--fen", GOOD_FEN, "--stip", "#2", "--proof", "{file}"], None,
     "--proof: #2 writes no proof"),
    ("stipulation", "--proof with win1", ["solve", "--variant", "antichess", "--fen", "8/8/8/8/8/8/1p6/8 w - -",
                                          "--stip", "win1", "--proof", "{file}"], None, "--proof: win1 writes no proof"),
    ("moves", "illegal move", ["replay", "e5"], None, "e5"),
    ("moves", "nonsense", ["replay", "1.e4 e5 2.Zz9"], None, "Zz9"),
    ("moves", "three moves in a Marseillais turn", ["replay", "--variant", "marseillais", "1.e4 e5,d5,c5"], None,
     "this turn has 2 moves"),
    ("moves", "two moves in the balanced first turn", ["replay", "--variant", "marseillais", "1.e4,d4"], None,
     "this turn has 1 move"),
    ("moves", "a move after a checking first move", ["replay", "--variant", "marseillais", "--fen",
                                                     "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "1.Ra8,Ke2"], None,
     "check or capture of the king"),
    ("moves", "UCI move off the board", ["replay", "e2e9"], None, "e2e9"),
    ("moves", "explore --moves illegal", ["explore", "--store", "{file}", "--moves", "1.e5"], None, "--moves"),
    ("PGN file", "missing file", ["replay", "--pgn", "/nonexistent/game.pgn"], None, "/nonexistent/game.pgn"),
    ("PGN file", "unclosed tag", ["replay", "--pgn", "{file}"], '[Event "x"\n\n1.e4\n', "line 1"),
    ("puzzle file", "missing file", ["solve", "/nonexistent/p.epd"], None, "/nonexistent/p.epd"),
    ("puzzle file", "bad FEN in an entry", ["solve", "{file}"], f'{GOOD_LINE}\nk7/8/8 w - - id "bad"; stip #1;\n', ":2:"),
    ("puzzle file", "unknown stipulation", ["solve", "{file}"], f'{GOOD_LINE}\n{GOOD_FEN} id "bad"; stip zz3;\n', ":2:"),
    ("puzzle file", "unknown variant", ["solve", "{file}"], f'{GOOD_LINE}\n{GOOD_FEN} id "bad"; stip #1; variant nosuch;\n', ":2:"),
    ("puzzle file", "unclosed quote", ["solve", "{file}"], f'{GOOD_LINE}\n{GOOD_FEN} id "bad; stip #1;\n', ":2:"),
    ("puzzle file", "a directory", ["solve", "{dir}"], None, "{dir}: is a directory, not a problem file"),
    ("puzzle file", "an empty file", ["solve", "{file}"], "", "{file}: the file is empty"),
    ("puzzle file", "only comments", ["verify", "{file}"], "# no problem here\n", "{file}: no problem in the file"),
    ("puzzle file", "illegal expected key", ["verify", "{file}"], f'{GOOD_LINE}\n{GOOD_FEN} id "bad"; stip #1; keys "h1h9";\n', ":2:"),
    ("puzzle file", "binary junk", ["solve", "{file}"], f'{GOOD_LINE}\n\x00\x01\x02\xff\xfe\n', ":2:"),
    ("Popeye file", "missing end", ["solve", "{file}"],
     f"{GOOD_POPEYE}stipulation #1\npieces white kb6 rh1 black ka8\n", ":7: missing 'endproblem'"),
    ("Popeye file", "unknown piece", ["solve", "{file}"],
     f"{GOOD_POPEYE}stipulation #1\npieces white kb6 xxh1 black ka8\nendproblem\n", ":7: pieces: unknown piece 'xx'"),
    ("Popeye file", "twin moving an empty square", ["solve", "{file}"],
     f"{GOOD_POPEYE}stipulation #1\npieces white kb6 rh1 black ka8\ntwin move d4 d5\nendproblem\n",
     ":8: move: d4 is empty"),
    ("Popeye file", "two white kings", ["solve", "{file}"],
     f"{GOOD_POPEYE}stipulation #1\npieces white kb6 kc6 rh1 black ka8\nendproblem\n", ":7: White has 2 kings"),
    ("Popeye file", "unknown keyword", ["verify", "{file}"],
     f"{GOOD_POPEYE}stipulation #1\nfoo\nendproblem\n", ":7: unknown keyword 'foo'"),
    ("Popeye file", "unsupported stipulation", ["solve", "{file}"],
     f"{GOOD_POPEYE}stipulation hs#2\npieces white kb6 rh1 black ka8\nendproblem\n", ":6: stipulation 'hs#2'"),
    ("export", "unknown format", ["export", "--format", "pdf", "--fen", GOOD_FEN, "--stip", "#1"], None, "--format"),
    ("export", "no stipulation", ["export", "--fen", GOOD_FEN], None, "--stip"),
    ("export", "a variant Popeye input cannot say", ["export", "--variant", "janus", "--fen",
                                                     "4k5/10/10/10/10/10/10/4K5 w - - 0 1", "--stip", "#1"], None, "janus"),
    ("proof file", "missing file", ["check-proof", "/nonexistent/x.proof"], None, "/nonexistent/x.proof"),
    ("proof file", "not a proof", ["check-proof", "{file}"], "hello\n", "{file}"),
    ("proof file", "damaged zstd", ["check-proof", "{file}"], "\x28\xb5\x2f\xfd\x00\x01\x02", "{file}"),
    ("explore store", "not a store", ["explore", "--store", "{file}", "--jobs", "1"], "not a database at all\n" * 200, "{file}"),
    ("explore store", "no --store", ["explore", "--jobs", "1"], None, "--store"),
]


def run_row(dmsolve, work, index, row):
    door, what, args, text, words = row
    path = os.path.join(work, f"input{index}" + (".pgn" if door == "PGN file" else ".proof.zst" if "zstd" in what else ""))
    if text is not None:
        with open(path, "w", encoding="latin-1") as f:
            f.write(text)
    folder = os.path.join(work, f"folder{index}")
    if "{dir}" in args:
        os.makedirs(folder, exist_ok=True)
    args = [a.replace("{file}", path).replace("{dir}", folder) for a in args]
    words = words.replace("{file}", path).replace("{dir}", folder)
    result = subprocess.run([dmsolve] + args, capture_output=True, text=True, errors="replace", timeout=60)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    message = lines[0] if lines else ""
    flaws = []
    if result.returncode != 2:
        flaws.append(f"exit code {result.returncode}")
    if len(lines) != 1 and not (door == "command" and words == "usage"):
        flaws.append(f"{len(lines)} lines on stderr: {result.stderr!r}")
    named_file = [a for a in args if a.startswith("/") and message.startswith(a + ":")]
    if not message.startswith("dmsolve") and not named_file and words != "usage":
        flaws.append(f"the message starts with neither 'dmsolve' nor the file: {message!r}")
    if words not in result.stderr:
        flaws.append(f"the message does not name {words!r}: {result.stderr!r}")
    if door in ("puzzle file", "Popeye file") and "good" in (text or "") and "Rh8" not in result.stdout:
        flaws.append("the good entry was not solved")
    return message.replace(work + "/", ""), flaws


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dmsolve")
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    failures = 0
    table = []
    with tempfile.TemporaryDirectory() as work:
        for index, row in enumerate(ROWS):
            message, flaws = run_row(os.path.abspath(args.dmsolve), work, index, row)
            for flaw in flaws:
                print(f"FAIL {row[0]}, {row[1]}: {flaw}")
            failures += len(flaws)
            table.append((row[0], row[1], message, not flaws))
    if args.markdown:
        print("| door | input | message (exit code 2) |")
        print("|---|---|---|")
        for door, what, message, ok in table:
            print(f"| {door} | {what} | {message.replace('|', '&#124;')}{'' if ok else ' **FAILED**'} |")
    doors = sorted(set(r[0] for r in ROWS))
    print(f"{len(ROWS)} bad inputs at {len(doors)} doors, {failures} flaws")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
