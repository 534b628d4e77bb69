#!/usr/bin/env python3
"""A full disk under everything dmsolve writes: a clear one-line error, the old file kept.

As root, the disk is a 64 KiB tmpfs mounted for the test (a real "No space left on device");
elsewhere, a file-size limit (ulimit -f, with SIGXFSZ ignored, so writes fail with "File too
large"), set per case above everything else the command writes; the case whose other files
(an explore store's journal) outgrow any such limit needs the tmpfs and is skipped without it. For each writer, an old version of its file is in place first; after the run the test
asks for: an exit code of 1 or 2, every line on standard error naming the file and the reason,
the old file unchanged, and no PATH.part left behind. A full standard output (/dev/full) must
give exit code 1 and a message, not a silent success.

usage: full_disk_test.py DMSOLVE [--markdown] [--file-size-limit]
--file-size-limit uses the limit even where a tmpfs could be mounted.
"""

import argparse
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile

from workloads import LEAF_FEN, SHOWCASE

REASONS = ("No space left on device", "File too large", "disk is full", "disk I/O error")
OLD = b"old file\n"


def mount_tmpfs(path):
    if os.geteuid() != 0 or not shutil.which("mount"):
        return False
    return subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", path],
                          capture_output=True).returncode == 0


def file_size_limit(kib):
    def limit():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # kept through exec: writes fail with EFBIG
        resource.setrlimit(resource.RLIMIT_FSIZE, (kib * 1024, kib * 1024))
    return limit


def cases(dmsolve, full, spare):
    """(name, command, the file to find unchanged, the file-size limit in KiB or None): each
    writes more than the disk holds."""
    leaf = [dmsolve, "solve", "--variant", "antichess", "--fen", LEAF_FEN, "--stip", "lose", "--threads", "1",
            "--tablebase-dir", os.path.join(spare, "tables")]
    # Small jobs that split their trees soon: the page of 60 jobs outgrows the disk.
    explore = [dmsolve, "explore", "--variant", "losing-marseillais", "--threads", "1", "--hash", "16",
               "--job-nodes", "2000", "--job-max-nodes", "2000", "--jobs", "60"]
    return [
        ("solve --proof", leaf + ["--proof", os.path.join(full, "leaf.proof")], os.path.join(full, "leaf.proof"), 256),
        ("solve --proof (zstd)", leaf + ["--proof", os.path.join(full, "leaf.proof.zst")],
         os.path.join(full, "leaf.proof.zst"), 256),
        ("verify --report", [dmsolve, "verify", SHOWCASE, "--threads", "1", "-q", "--report", full],
         os.path.join(full, "index.html"), 32),
        ("explore --store", explore + ["--store", os.path.join(full, "store.sqlite")], None, 32),
        ("explore --html", explore + ["--store", os.path.join(spare, "store.sqlite"), "--html",
                                      os.path.join(full, "tree.html")], os.path.join(full, "tree.html"), None),
        ("solve --tablebase-dir", [dmsolve, "solve", "--variant", "antichess", "--fen", LEAF_FEN, "--stip", "lose",
                                   "--threads", "1", "--tablebase-dir", os.path.join(full, "tables")], None, 32),
    ]


def judge(name, result, kept, full):
    """The flaws of one run, as messages."""
    flaws = []
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    tables = "--tablebase-dir" in name
    # The tables are a cache: the problem is still solved (exit 0), with a warning.
    expected = (0,) if tables else (1, 2)  # 2 where the store cannot even be made
    if result.returncode not in expected:
        flaws.append(f"exit code {result.returncode}, expected {expected}")
    if not lines:
        flaws.append("no message")
    for line in lines:
        if not line.startswith("dmsolve ") or not any(reason in line for reason in REASONS):
            flaws.append(f"unclear message: {line}")
    if len(lines) > 1 and not tables:
        flaws.append(f"{len(lines)} lines of errors")
    if kept:
        with open(kept, "rb") as f:
            if f.read() != OLD:
                flaws.append("the old file was changed")
    for root, _, names in os.walk(full):
        flaws += [f"left behind: {os.path.join(root, n)}" for n in names if n.endswith(".part")]
    return flaws, lines[0] if lines else ""


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dmsolve")
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--file-size-limit", action="store_true")
    args = parser.parse_args()
    dmsolve = os.path.abspath(args.dmsolve)
    failures = 0
    rows = []
    with tempfile.TemporaryDirectory() as work:
        full, spare = os.path.join(work, "full"), os.path.join(work, "spare")
        os.makedirs(full)
        os.makedirs(spare)
        mounted = not args.file_size_limit and mount_tmpfs(full)
        print("disk: " + ("a 64 KiB tmpfs" if mounted else "a 32 KiB file-size limit (ulimit -f)"))
        try:
            for name, command, kept, limit in cases(dmsolve, full, spare):
                if not mounted and limit is None:
                    rows.append((name, "-", "skipped: needs a tmpfs (root)", True))
                    continue
                for entry in os.listdir(full):
                    path = os.path.join(full, entry)
                    shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)
                if kept:
                    with open(kept, "wb") as f:
                        f.write(OLD)
                result = subprocess.run(command, capture_output=True, text=True,
                                        preexec_fn=None if mounted else file_size_limit(limit))
                flaws, message = judge(name, result, kept, full)
                for flaw in flaws:
                    print(f"FAIL {name}: {flaw}")
                failures += len(flaws)
                rows.append((name, result.returncode, message, not flaws))
        finally:
            if mounted:
                subprocess.run(["umount", full], check=False)
        with open("/dev/full", "w") as out:
            result = subprocess.run([dmsolve, "perft", "--depth", "3"], stdout=out, stderr=subprocess.PIPE, text=True)
        message = result.stderr.strip()
        ok = result.returncode == 1 and "No space left on device" in message and "\n" not in message
        if not ok:
            print(f"FAIL stdout on /dev/full: exit {result.returncode}, {message!r}")
            failures += 1
        rows.append(("perft > /dev/full", result.returncode, message, ok))
    for name, code, message, ok in rows:
        if args.markdown:
            print(f"| {name} | {code} | {message.replace(work, '...')} | {'yes' if ok else 'NO'} |")
        else:
            print(f"{'ok  ' if ok else 'FAIL'} {name}: exit {code}: {message}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
