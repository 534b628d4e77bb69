#!/usr/bin/env python3
"""`dmsolve solve` and `dmsolve verify` on Popeye input (CTest test popeye_solve).

tests/data/popeye/twins.inp holds a twinned mate in one (a diagram, a move, a rotation and a
continued twin) and a Marseillais problem without twins. Each twin must come out as its own
JSON line, labelled ("twin": "a", ...) with its changes as Popeye prints them and the keys of
its own position; the problem without twins has no "twin" field. The text output names each
twin ("b) wRh1-->h2"), and verify judges every twin as a problem with no source solution.

A helpmate that Black begins gets its set play only where it is asked for, as in Popeye: with
`option setplay` in Popeye input, or --set-play; --set-play and --no-set-play win over the file.

usage: popeye_solve_test.py path/to/dmsolve path/to/tests/data/popeye
"""
import json
import os
import subprocess
import sys
import tempfile

EXPECTED = [
    # id, twin, changes, continued, keys
    ("twins.inp:2/a", "a", "", False, ["h1h8"]),
    ("twins.inp:2/b", "b", "wRh1-->h2", False, ["h2h8"]),
    ("twins.inp:2/c", "c", "rotate 180", False, ["a8a1"]),
    ("twins.inp:2/d", "d", "wRa8-->b8", True, ["b8b1"]),
    ("twins.inp:13", None, None, None, None),
]


# A helpmate in two that Black begins, with one solution and one line of set play (Popeye's
# examples: 1.Rd8 Bd6 2.e5 Bh5#, set play 1...Be2 2.O-O-O Ba6#).
HELPMATE_FEN = "r3k3/3np3/8/3K4/6B1/6B1/8/8 b q - 0 1"
SET_PLAY = [["g4e2", "e8c8", "e2a6"]]  # 1...Be2 2.O-O-O Ba6#
HELPMATE_POPEYE = ("beginproblem\nstipulation h#2\npieces white kd5 bg4 bg3 black ke8 ra8 sd7 pe7\n"
                   "{option}endproblem\n")


def run(args):
    return subprocess.run(args, capture_output=True, text=True, timeout=120)


def set_play_flaws(dmsolve):
    """The set play of HELPMATE_FEN as each door and option asks for it."""
    flaws = []

    def solved(what, args):
        out = run([dmsolve, "solve", *args, "--json", "--threads", "1"])
        lines = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
        if out.returncode != 0 or len(lines) != 1 or lines[0].get("status") != "solved":
            flaws.append(f"{what}: exit code {out.returncode}, {len(lines)} lines: {out.stderr}")
            return None, None
        set_play = [[turn["uci"] for turn in line] for line in lines[0]["tree"].get("set_play", [])]
        return sorted(lines[0]["solutions"]), set_play

    fen = ["--fen", HELPMATE_FEN, "--stip", "h#2"]
    solutions, set_play = solved("FEN", fen)
    if set_play:
        flaws.append(f"FEN: set play {set_play} shown unasked (Popeye shows it with option setplay)")
    set_play = SET_PLAY
    for what, args, wanted in (("FEN --no-set-play", fen + ["--no-set-play"], []),
                               ("FEN --set-play", fen + ["--set-play"], set_play)):
        got = solved(what, args)
        if got != (solutions, wanted):
            flaws.append(f"{what}: {got}, expected {(solutions, wanted)}")
    with tempfile.TemporaryDirectory() as folder:
        for option, cli, wanted in (("", [], []), ("option setplay\n", [], set_play),
                                    ("", ["--set-play"], set_play), ("option setplay\n", ["--no-set-play"], [])):
            path = os.path.join(folder, "helpmate.inp")
            with open(path, "w") as f:
                f.write(HELPMATE_POPEYE.format(option=option))
            what = f"Popeye input {option.strip() or 'without options'} {' '.join(cli)}"
            got = solved(what, [path, *cli])
            if got != (solutions, wanted):
                flaws.append(f"{what}: {got}, expected {(solutions, wanted)}")
    out = run([dmsolve, "solve", *fen, "--set-play", "--no-set-play"])
    if out.returncode != 2 or "--set-play" not in out.stderr:
        flaws.append(f"--set-play with --no-set-play: exit code {out.returncode}: {out.stderr}")
    return flaws


def main():
    dmsolve, data = os.path.abspath(sys.argv[1]), sys.argv[2]
    os.chdir(data)
    flaws = []

    out = run([dmsolve, "solve", "twins.inp", "--json", "--threads", "1"])
    if out.returncode != 0:
        flaws.append(f"solve --json: exit code {out.returncode}: {out.stderr}")
    lines = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    if len(lines) != len(EXPECTED):
        flaws.append(f"{len(lines)} JSON lines, expected {len(EXPECTED)}")
    for line, (id_, twin, changes, continued, keys) in zip(lines, EXPECTED):
        if line.get("id") != id_:
            flaws.append(f"id {line.get('id')!r}, expected {id_!r}")
        if line.get("twin") != twin:
            flaws.append(f"{id_}: twin {line.get('twin')!r}, expected {twin!r}")
        if twin is None:
            if any(key.startswith("twin") for key in line):
                flaws.append(f"{id_}: twin fields in a problem without twins")
            if line.get("variant") != "marseillais" or line.get("status") != "solved":
                flaws.append(f"{id_}: {line.get('variant')} {line.get('status')}, expected a solved marseillais problem")
            continue
        if line.get("twin_changes") != changes or line.get("twin_continued") != continued:
            flaws.append(f"{id_}: changes {line.get('twin_changes')!r} {line.get('twin_continued')}, "
                         f"expected {changes!r} {continued}")
        if line.get("keys") != keys or line.get("status") != "solved":
            flaws.append(f"{id_}: {line.get('status')} keys {line.get('keys')}, expected solved {keys}")
        if line.get("title") != "Mate in one, twinned" or line.get("author") != "dmsolve tests":
            flaws.append(f"{id_}: title {line.get('title')!r}, author {line.get('author')!r}")

    text = run([dmsolve, "solve", "twins.inp", "--threads", "1"]).stdout
    for heading in ("twin a) diagram", "twin b) wRh1-->h2", "twin c) rotate 180", "twin +d) wRa8-->b8"):
        if heading not in text.splitlines():
            flaws.append(f"the text output lacks the line {heading!r}")

    verify = run([dmsolve, "verify", "twins.inp", "--json", "--threads", "1"])
    verdicts = [json.loads(line)["verdict"]["summary"] for line in verify.stdout.splitlines() if line.startswith("{")]
    if verify.returncode != 0 or verdicts != ["sound"] * len(EXPECTED):
        flaws.append(f"verify: exit code {verify.returncode}, verdicts {verdicts}: {verify.stderr}")

    flaws += set_play_flaws(dmsolve)

    for flaw in flaws:
        print("FAIL", flaw)
    print(f"Popeye input solved and verified, {len(flaws)} flaws")
    sys.exit(1 if flaws else 0)


if __name__ == "__main__":
    main()
