#!/usr/bin/env python3
# The independent judge (rules_judge.py and its modules) against dmsolve on random positions:
# for each variant and stipulation kind, the judge's keys (help play: its solution lines; lose:
# its value) and dmsolve's `solve --json` answer on the same problem, compared. Prints per
# variant and stipulation the positions compared, skipped (dmsolve undecided in its time, or
# the judge's line cap) and the differences, each with its FEN, both answers; exit 1 if any.
# Usage: judge_vs_dmsolve.py DMSOLVE [--count N] [--seed S] [--variants V ...] [--stips S ...]
#        [--time SECONDS] [--jobs J] [--set default|slow]

import argparse
import json
import os
import random
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from positions import random_fen  # noqa: E402
from rules_judge import judge  # noqa: E402
from stipulations import parse  # noqa: E402
from variants import Variant  # noqa: E402

# (variant, rules) to test, and the stipulations, with their men and the (min, max) series
# length of the progressive variants' first series.
SETUPS = [
    ("chess", ()),
    ("marseillais", ()),
    ("marseillais", ("no-second-move=pass",)),
    ("doublemove", ()),
    ("bennekom", ()),
    ("extramove", ()),
    ("progressive-italian", ()),
    ("progressive-scottish", ()),
    ("antichess", ()),
    ("losing-marseillais", ()),
    ("losing-marseillais", ("no-second-move=pass",)),
]
# Only in the slow set: the other start of Marseillais (the same for a FEN, M2) and the
# no-second-move=pass option of the other double-move variants.
SLOW_SETUPS = [
    ("marseillais-classical", ()),
    ("doublemove", ("no-second-move=pass",)),
    ("bennekom", ("no-second-move=pass",)),
]
ROYAL_STIPS = ["#1", "=1", "s#1", "s=1", "r#1", "r=1", "h#1", "h=1"]
LOSING_STIPS = ["win1", "lose1"]
SERIES_STIPS = ["ser-#2", "ser-=2"]
# Two-turn stipulations, kept to the variants and sizes Python judges in seconds.
SLOW_EXTRA = {"chess": ["#2", "=2", "s#2", "h#2", "h=2", "r#2"],
              "antichess": ["win2", "lose2"],
              "progressive-italian": ["#2", "=2"], "progressive-scottish": ["#2", "=2"],
              "marseillais": ["#2", "=2"], "losing-marseillais": ["win2"]}
DEFAULT_EXTRA = {"chess": ["#2", "h#2"], "antichess": ["win2"]}


def stips_for(variant_name, which):
    v = Variant(variant_name)
    base = LOSING_STIPS if v.losing else ROYAL_STIPS
    if v.name == "chess" or which == "slow" and v.royal and not v.progressive:
        base = base + SERIES_STIPS
    extra = (SLOW_EXTRA if which == "slow" else DEFAULT_EXTRA).get(variant_name, [])
    return base + extra


def men_for(variant_name, stip):
    n = parse(stip)[2]
    v = Variant(variant_name)
    if n >= 2 and (v.two_moves or v.progressive):
        return (3, 3)
    if n >= 2 or v.two_moves or v.name == "extramove":
        return (3, 4)
    return (3, 6)


def normalise_turn(turn):
    """A turn's UCI as the judge writes it: passes ('0000', M6 pass, E1) left out."""
    return ",".join(m for m in turn.split(",") if m not in ("0000", "--", ""))


def run_dmsolve(dmsolve, variant, rules, fen, stip, seconds):
    cmd = [dmsolve, "solve", "--variant", variant, "--fen", fen, "--stip", stip, "--threads", "1",
           "--time", str(seconds), "--json", "--no-tries"]
    for r in rules:
        cmd += ["--rule", r]
    play = parse(stip)[0]
    if play == "help":
        cmd += ["--no-set-play"]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=seconds * 3 + 30)
    except subprocess.TimeoutExpired:
        return {"status": "unknown"}
    lines = [ln for ln in p.stdout.splitlines() if ln.startswith("{")]
    if not lines:
        # Exit 2: dmsolve refuses the problem (a stipulation it does not solve in the
        # variant); anything else (exit 1: its own re-check disagreed) is a failure.
        return {"status": "refused" if p.returncode == 2 else "failed",
                "message": f"exit {p.returncode}: " + (p.stderr or p.stdout).strip()[-300:]}
    out = json.loads(lines[-1])
    if out.get("status") == "error":
        out["message"] = out.get("error") or p.stderr.strip()[-300:]
    return out


def dmsolve_answer(out, stip):
    play, _, n = parse(stip)
    if play == "series":
        return {"lines": {" ".join(normalise_turn(t) for t in line.split(" "))
                          for line in out.get("solutions", [])}}
    if play == "help":
        lines = set()
        for line in out.get("solutions", []):
            turns = [normalise_turn(t) for t in line.split(" ")]
            if len(turns) == 2 * n:  # exactly N attacker turns; short solutions are not compared
                lines.add(" ".join(turns))
        return {"lines": lines}
    if play == "lose":
        return {"value": out.get("status") == "solved"}
    return {"keys": {normalise_turn(k) for k in out.get("keys", [])}}


def one_case(task):
    dmsolve, variant, rules, stip, seed, index, seconds, budget = task
    rng = random.Random(f"{seed}/{variant}/{','.join(rules)}/{stip}/{index}")
    v = Variant(variant)
    play, _, n = parse(stip)
    lo, hi = men_for(variant, stip)
    series = 0
    if v.progressive:
        series = 1 if n >= 2 or play != "direct" else rng.choice((1, 2))
    fen = None
    while fen is None:
        # The heavy pieces go to the side that delivers the goal: the defender in self, reflex
        # and help play, whose victim is the side to move (the attacker in s and r play).
        fen = random_fen(rng, v, play in ("direct", "series", "win", "lose"), rng.randint(lo, hi),
                         boxed=rng.random() < 0.75, move_number=series or 5)
    try:
        mine = judge(variant, fen, stip, rules, budget=budget)
    except OverflowError:
        return (variant, rules, stip, fen, "judge-cap", None, None)
    out = run_dmsolve(dmsolve, variant, rules, fen, stip, seconds)
    status = out.get("status")
    if status == "unknown":
        return (variant, rules, stip, fen, "timeout", mine, None)
    if status == "failed":
        return (variant, rules, stip, fen, "failed", mine, out.get("message"))
    if status not in ("solved", "no-solution"):
        return (variant, rules, stip, fen, "refused", mine, out.get("message", status))
    theirs = dmsolve_answer(out, stip)
    return (variant, rules, stip, fen, "same" if mine == theirs else "diff", mine, theirs)


def show(answer):
    if answer is None:
        return "-"
    for name, value in answer.items():
        if isinstance(value, set):
            return f"{len(value)} {name}: " + (" | ".join(sorted(value)[:12]) or "none") + \
                (" ..." if len(value) > 12 else "")
        return f"{name} {value}"
    return "?"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dmsolve")
    ap.add_argument("--count", type=int, default=4, help="positions per variant and stipulation")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--variants", nargs="*")
    ap.add_argument("--stips", nargs="*")
    ap.add_argument("--set", choices=("default", "slow"), default="default")
    ap.add_argument("--time", type=float, default=20)
    ap.add_argument("--budget", type=int, default=20000,
                    help="the most positions whose turns the judge lists for one problem")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    args = ap.parse_args()

    tasks = []
    for variant, rules in SETUPS + (SLOW_SETUPS if args.set == "slow" else []):
        if args.variants and variant not in args.variants:
            continue
        for stip in args.stips or stips_for(variant, args.set):
            if Variant(variant).losing != stip.startswith(("win", "lose")):
                continue
            for i in range(args.count):
                tasks.append((args.dmsolve, variant, rules, stip, args.seed, i, args.time,
                              args.budget))

    results = {}
    diffs = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for r in pool.map(one_case, tasks):
            variant, rules, stip, fen, verdict, mine, theirs = r
            name = variant + ("[" + ",".join(rules) + "]" if rules else "")
            kind = "".join(c for c in stip if not c.isdigit()) + "N"
            row = results.setdefault((name, stip), {"compared": 0, "diff": 0, "skipped": 0,
                                                    "refused": 0})
            if verdict in ("same", "diff", "failed"):
                row["compared"] += 1
            if verdict in ("diff", "failed"):
                row["diff"] += 1
                diffs.append(r)
            elif verdict in ("timeout", "judge-cap"):
                row["skipped"] += 1
            elif verdict == "refused":
                row["refused"] += 1
                if row["refused"] == 1:
                    print(f"note: dmsolve refused {name} {stip}: {theirs}")
            del kind

    print(f"{'variant':40} {'stip':6} {'compared':>8} {'diffs':>6} {'skipped':>8} {'refused':>8}")
    total_compared = total_diff = 0
    for (name, stip), row in results.items():
        total_compared += row["compared"]
        total_diff += row["diff"]
        print(f"{name:40} {stip:6} {row['compared']:8} {row['diff']:6} {row['skipped']:8} "
              f"{row['refused']:8}")
    print(f"total: {total_compared} compared, {total_diff} differences")
    for variant, rules, stip, fen, verdict, mine, theirs in diffs:  # noqa: B007
        print(f"\nDIFF {variant} {' '.join('--rule ' + r for r in rules)} --stip {stip} "
              f"--fen \"{fen}\"")
        print(f"  judge:   {show(mine)}")
        if verdict == "failed":
            print(f"  dmsolve failed: {theirs}")
            continue
        print(f"  dmsolve: {show(theirs)}")
        for name, value in (mine or {}).items():
            if isinstance(value, set) and theirs and isinstance(theirs.get(name), set):
                print(f"  only the judge's:  {show({name: value - theirs[name]})}")
                print(f"  only dmsolve's:    {show({name: theirs[name] - value})}")
    return 1 if total_diff else 0


if __name__ == "__main__":
    sys.exit(main())
