#!/usr/bin/env python3
"""Nothing half-written: dmsolve killed with SIGKILL at random moments while it writes a file.

Each run starts a command that writes files under names the user gave, over an old version of
each, and kills it at a random moment: either anywhere in the run, or just after the file's
temporary PATH.part appears (so that many kills land while the file itself is being written).
Then every file under its own name must be either the old one, byte for byte, or a complete
new one: a proof that `dmsolve check-proof` accepts for the new problem, an HTML page that ends
with </html> and names every problem, an explore store that SQLite finds intact. Commands:
  proof     solve --stip lose --proof P.proof   (Watkins' leaf, a 2 MB proof, tables kept)
  proof-zst the same into P.proof.zst
  report    verify puzzles/showcase.epd --report DIR  (DIR/index.html)
  explore   explore --store S --proof-dir D --html H, resumed run after run on the same store

usage: kill_test.py DMSOLVE [--runs N] [--seed S] [--markdown]
--runs is per command (default 4). Exits 1 if any file was found broken.
"""

import argparse
import glob
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

from workloads import LEAF_FEN, SHOWCASE

# The old files the runs write over: any bytes do, since a file found unchanged is never judged.
OLD_PROOF = "an old proof file, to be kept until the new one is whole\n"
OLD_PAGE = "<html>old page</html>\n"


class Scenario:
    """One command under test: how to start it, its files, and what a complete file is."""

    def __init__(self, name, work, dmsolve):
        self.name, self.work, self.dmsolve = name, work, dmsolve
        self.tables = os.path.join(work, "tables")

    def prepare(self):
        """Puts the old files in place; returns {path: old bytes} of the files to judge."""
        raise NotImplementedError

    def command(self):
        raise NotImplementedError

    def complete(self, path, data):
        """Whether data, found under path, is a complete new file (a string saying why not)."""
        raise NotImplementedError

    def new_files(self):
        """Files a run may add beside the old ones."""
        return []

    def after_run(self, completed):
        pass


class ProofScenario(Scenario):
    def __init__(self, name, work, dmsolve, suffix):
        super().__init__(name, work, dmsolve)
        self.path = os.path.join(work, "leaf" + suffix)

    def prepare(self):
        data = OLD_PROOF.encode()
        with open(self.path, "wb") as f:
            f.write(data)
        return {self.path: data}

    def command(self):
        return [self.dmsolve, "solve", "--variant", "antichess", "--fen", LEAF_FEN, "--stip", "lose",
                "--threads", "1", "--tablebase-dir", self.tables, "--proof", self.path]

    def complete(self, path, data):
        check = subprocess.run([self.dmsolve, "check-proof", path], capture_output=True, text=True)
        if check.returncode != 0:
            return "check-proof: " + (check.stderr.strip() or check.stdout.strip())
        if LEAF_FEN.rsplit(" ", 2)[0] not in check.stdout:
            return "a proof of another position: " + check.stdout.strip()
        return None


class ReportScenario(Scenario):
    def __init__(self, name, work, dmsolve):
        super().__init__(name, work, dmsolve)
        self.dir = os.path.join(work, "report")
        with open(SHOWCASE) as f:
            self.ids = [line.split('id "')[1].split('"')[0] for line in f if 'id "' in line]

    def prepare(self):
        os.makedirs(self.dir, exist_ok=True)
        path = os.path.join(self.dir, "index.html")
        with open(path, "w") as f:
            f.write(OLD_PAGE)
        return {path: OLD_PAGE.encode()}

    def command(self):
        return [self.dmsolve, "verify", SHOWCASE, "--report", self.dir, "--threads", "1", "-q"]

    def complete(self, path, data):
        text = data.decode(errors="replace")
        if not text.rstrip().endswith("</html>"):
            return "the page does not end with </html>"
        missing = [i for i in self.ids if i not in text]
        return f"problems missing: {missing}" if missing else None


class ExploreScenario(Scenario):
    """Resumed run after run on one store: the store, the proofs and the page must stay whole."""

    def __init__(self, name, work, dmsolve):
        super().__init__(name, work, dmsolve)
        self.store = os.path.join(work, "explore.sqlite")
        self.proofs = os.path.join(work, "proofs")
        self.page = os.path.join(work, "explore.html")

    def prepare(self):
        old = {}
        for path in glob.glob(os.path.join(self.proofs, "*.proof")) + [self.page]:
            if os.path.exists(path):
                with open(path, "rb") as f:
                    old[path] = f.read()
        if self.page not in old:
            with open(self.page, "w") as f:
                f.write(OLD_PAGE)
            old[self.page] = OLD_PAGE.encode()
        old[self.store] = None  # judged by SQLite, not by bytes
        return old

    def command(self):
        return [self.dmsolve, "explore", "--variant", "losing-marseillais", "--threads", "1", "--hash", "16", "--tablebase-men", "0",
                "--job-nodes", "2000", "--jobs", "400", "--store", self.store, "--proof-dir", self.proofs,
                "--html", self.page]

    def new_files(self):
        return glob.glob(os.path.join(self.proofs, "*.proof"))

    def after_run(self, completed):
        if completed:  # the session is over: the next run starts a fresh one, to be killed in turn
            self.clear()

    def clear(self):
        for path in glob.glob(self.store + "*"):  # with its journal, lock and kept proofs
            shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)
        shutil.rmtree(self.proofs, ignore_errors=True)

    def complete(self, path, data):
        if path == self.store:
            try:
                with sqlite3.connect(path) as db:
                    result = db.execute("PRAGMA integrity_check").fetchone()[0]
                return None if result == "ok" else "integrity_check: " + result
            except sqlite3.Error as e:
                return "sqlite: " + str(e)
        if path.endswith(".html"):
            return None if data.decode(errors="replace").rstrip().endswith("</html>") else "no </html>"
        check = subprocess.run([self.dmsolve, "check-proof", path], capture_output=True, text=True)
        return None if check.returncode == 0 else "check-proof: " + check.stderr.strip()


def part_files(work):
    return glob.glob(os.path.join(work, "**", "*.part"), recursive=True)


def run_once(scenario, rng, duration):
    """One killed run; returns (killed while a .part existed, completed, broken files)."""
    old = scenario.prepare()
    for part in part_files(scenario.work):
        os.remove(part)  # left by an earlier kill: a new run writes it afresh
    in_write = rng.random() < 0.5
    process = subprocess.Popen(scenario.command(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    start = time.monotonic()
    deadline = start + rng.uniform(0, duration)
    while process.poll() is None:
        now = time.monotonic()
        if in_write:
            if part_files(scenario.work):
                time.sleep(rng.uniform(0, 0.02))
                break
            if now - start > 4 * duration + 10:
                break
        elif now >= deadline:
            break
        time.sleep(0.0005)
    parts = bool(part_files(scenario.work))
    completed = process.poll() is not None
    if not completed:
        process.send_signal(signal.SIGKILL)
    process.wait()
    paths = set(old) | set(scenario.new_files())
    broken = []
    for path in sorted(paths):
        if not os.path.exists(path):
            if old.get(path) is not None:
                broken.append(f"{path}: the old file is gone")
            continue
        with open(path, "rb") as f:
            data = f.read()
        if old.get(path) is not None and data == old[path]:
            continue
        why = scenario.complete(path, data)
        if why:
            broken.append(f"{path}: {why}")
    scenario.after_run(completed)
    return parts and not completed, completed, broken


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dmsolve")
    parser.add_argument("--runs", type=int, default=4)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    dmsolve = os.path.abspath(args.dmsolve)
    rng = random.Random(args.seed)
    print(f"seed {args.seed}")
    rows, failures = [], 0
    with tempfile.TemporaryDirectory() as work_root:
        os.environ["TMPDIR"] = work_root  # a killed run's temporary proof goes with it
        for make in (lambda w: ProofScenario("proof", w, dmsolve, ".proof"),
                     lambda w: ProofScenario("proof-zst", w, dmsolve, ".proof.zst"),
                     lambda w: ReportScenario("report", w, dmsolve),
                     lambda w: ExploreScenario("explore", w, dmsolve)):
            work = tempfile.mkdtemp(dir=work_root)
            scenario = make(work)
            scenario.prepare()
            start = time.monotonic()  # a whole run first: the length of a run, and the tables made
            subprocess.run(scenario.command(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            duration = time.monotonic() - start
            scenario.after_run(True)
            in_write = completed = 0
            broken = []
            for _ in range(args.runs):
                w, c, b = run_once(scenario, rng, duration)
                in_write += w
                completed += c
                broken += b
            for line in broken:
                print(f"FAIL {scenario.name}: {line}")
            failures += len(broken)
            rows.append((scenario.name, args.runs, in_write, args.runs - completed, completed, len(broken), duration))
    if args.markdown:
        print("| command | runs | killed while writing | killed elsewhere | ended before the kill | files broken |")
        print("|---|---|---|---|---|---|")
        for name, runs, in_write, killed, completed, broken, _ in rows:
            print(f"| {name} | {runs} | {in_write} | {killed - in_write} | {completed} | {broken} |")
    else:
        for name, runs, in_write, killed, completed, broken, duration in rows:
            print(f"{name}: {runs} runs ({duration:.1f} s whole): {killed} killed, {in_write} of them while "
                  f"writing; {completed} ended first; {broken} files broken")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
