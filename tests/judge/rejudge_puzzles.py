#!/usr/bin/env python3
# The variant collections of puzzles/ judged again by the independent judge (issue 55): they
# were found and keyed by dmsolve itself, so they share its blind spots. For each problem the
# judge's own keys (help play: solution lines) are compared with the entry's; a problem whose
# judge set is larger is cooked, empty keyless, smaller or other short of a key.
# Usage: rejudge_puzzles.py FILE.epd... [--time S] [--jobs N]
# Prints one line a problem (same, differs with both sets, or skipped and why), then totals;
# exits 1 when a problem differs.
# Skipped: boards other than 8x8 (Mainzer), castling rights (the judge has no castling),
# stipulations the judge does not read, and problems it cannot decide within --time seconds.

import argparse
import concurrent.futures
import os
import re
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

JUDGED = re.compile(r"(s|r|h)?[#=]\d+|win\d+")


def split_outside_quotes(line):
    """The line cut at each ';' that stands outside double quotes."""
    parts, current, quoted = [], "", False
    for c in line:
        if c == '"':
            quoted = not quoted
        if c == ";" and not quoted:
            parts.append(current)
            current = ""
        else:
            current += c
    parts.append(current)
    return parts


def entries(path):
    """(line number, fen, fields) of each problem line of a puzzle file."""
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = [p.strip() for p in split_outside_quotes(line)]
            words = parts[0].split()
            fields = {}
            i = 0
            while i < len(words) and not (words[i] == "id" and i >= 4):
                i += 1
            fen = " ".join(words[:i])
            if i < len(words):
                fields["id"] = shlex.split(" ".join(words[i + 1:]))
            for part in parts[1:]:
                if not part:
                    continue
                key, _, value = part.partition(" ")
                fields.setdefault(key, []).extend(shlex.split(value))
            yield number, fen, fields


def expected_set(fields, help_play):
    """The entry's keys or lines; a passed second move (Extra Move, `0000`) is left out, as the
    judge writes a turn of one move."""
    values = fields.get("solutions" if help_play else "keys")
    if values is None:
        return None
    return set() if values == ["none"] else {v.replace(",0000", "") for v in values}


def judged(variant, fen, stip, rules, seconds):
    """The judge's set (keys or help lines) in a process of its own, or None past `seconds`."""
    command = [sys.executable, os.path.join(HERE, "rules_judge.py"), "--variant", variant, "--fen", fen,
               "--stip", stip] + [a for r in rules for a in ("--rule", r)]
    try:
        run = subprocess.run(command, capture_output=True, text=True, timeout=seconds)
    except subprocess.TimeoutExpired:
        return None
    if run.returncode != 0:
        raise RuntimeError(run.stderr.strip().splitlines()[-1] if run.stderr.strip() else "judge failed")
    return {line.strip() for line in run.stdout.splitlines() if line.startswith("  ")}


def one(task, seconds):
    path, number, fen, fields = task
    name = fields.get("id", ["?"])[0]
    variant = fields.get("variant", ["chess"])[0]
    stip = fields.get("stip", ["?"])[0]
    rules = fields.get("rule", [])
    where = f"{os.path.basename(path)}:{number} {name} {variant} {stip}"
    if variant == "mainzer":
        return where, "skipped", "11x8 board: the judge plays 8x8 only"
    if len(fen.split()) > 2 and fen.split()[2] != "-":
        return where, "skipped", "castling rights: the judge has no castling"
    if not JUDGED.fullmatch(stip):
        return where, "skipped", "stipulation the judge does not read"
    if "fmvn" in fields:
        words = fen.split()
        fen = " ".join(words[:4] + ["0", fields["fmvn"][0]])
    help_play = stip.startswith("h")
    expected = expected_set(fields, help_play)
    if expected is None:
        return where, "skipped", "the entry names no keys or solutions"
    try:
        found = judged(variant, fen, stip, rules, seconds)
    except RuntimeError as e:
        return where, "skipped", f"the judge refused it: {e}"
    if found is None:
        return where, "skipped", f"not decided within {seconds:g} s"
    if found == expected:
        return where, "same", ""
    return where, "differs", f"entry {sorted(expected) or 'none'}; judge {sorted(found) or 'none'}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--time", type=float, default=300.0, help="seconds per problem")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    tasks = [(path, number, fen, fields) for path in args.files for number, fen, fields in entries(path)]
    totals = {"same": 0, "differs": 0, "skipped": 0}
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for where, verdict, detail in pool.map(lambda t: one(t, args.time), tasks):
            totals[verdict] += 1
            print(f"{verdict:8} {where}" + (f": {detail}" if detail else ""), flush=True)
    print(f"total: {len(tasks)} problems, {totals['same']} same, {totals['differs']} differ, "
          f"{totals['skipped']} skipped")
    return 1 if totals["differs"] else 0


if __name__ == "__main__":
    sys.exit(main())
