#!/usr/bin/env python3
"""Checks the sample HTML pages in Debian's headless Chromium.

Usage: check_pages.py PAGES_DIR SCREENSHOT_DIR

PAGES_DIR holds the pages the Catch2 case "html: sample pages for the headless-browser check"
wrote, and pages.tsv naming each page with the FENs of its boards in page order. For every page
this renders the DOM with --dump-dom, reads the board squares (data-square / data-piece) and
compares them with the FEN, parsed here apart from the engine; the same run takes a screenshot
into SCREENSHOT_DIR, which must be a real PNG of the window's size. Without Chromium the check
fails with a message saying how to install it: it never passes silently.
"""

import os
import shutil
import struct
import subprocess
import sys
import tempfile
from html.parser import HTMLParser

WINDOW = (900, 1200)
MIN_PNG_BYTES = 20_000  # a blank page of this size compresses to a few kilobytes


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def run_chromium(chromium, profile, *arguments):
    command = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               "--user-data-dir=" + profile, *arguments]
    return subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)


def fen_pieces(fen):
    """{square: "wQ"} from the board field of a FEN (runs of empty squares may have two digits)."""
    rows = fen.split()[0].split("/")
    pieces = {}
    for r, row in enumerate(rows):
        rank = len(rows) - r
        file, i = 0, 0
        while i < len(row):
            if row[i].isdigit():
                j = i
                while j < len(row) and row[j].isdigit():
                    j += 1
                file += int(row[i:j])
                i = j
                continue
            colour = "w" if row[i].isupper() else "b"
            pieces[chr(ord("a") + file) + str(rank)] = colour + row[i].upper()
            file += 1
            i += 1
    return pieces, len(rows), file


class Boards(HTMLParser):
    """The boards of a DOM: per <svg class="board">, its squares and their pieces."""

    def __init__(self):
        super().__init__()
        self.boards = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "svg" and a.get("class") == "board":
            self.boards.append({"squares": 0, "pieces": {}, "size": (a.get("data-files"), a.get("data-ranks"))})
        elif "data-square" in a and self.boards:
            self.boards[-1]["squares"] += 1
            if a.get("data-piece"):
                self.boards[-1]["pieces"][a["data-square"]] = a["data-piece"]


def png_size(path):
    with open(path, "rb") as f:
        header = f.read(24)
    if header[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return struct.unpack(">II", header[16:24])


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    pages_dir, shots_dir = sys.argv[1], sys.argv[2]
    chromium = find_chromium()
    if not chromium:
        print("FAIL: chromium is not installed; install the Debian package 'chromium' "
              "(.ci/setup.sh does) to run the HTML browser check")
        return 1
    os.makedirs(shots_dir, exist_ok=True)
    failures = []
    with open(os.path.join(pages_dir, "pages.tsv"), encoding="utf-8") as manifest:
        pages = [line.rstrip("\n").split("\t") for line in manifest if line.strip()]
    if not pages:
        failures.append("pages.tsv lists no page")
    for name, *fens in pages:
        page = os.path.abspath(os.path.join(pages_dir, name + ".html"))
        shot = os.path.abspath(os.path.join(shots_dir, name + ".png"))
        if os.path.exists(shot):
            os.remove(shot)
        # One run prints the DOM after layout and takes the screenshot.
        with tempfile.TemporaryDirectory() as profile:
            dom = run_chromium(chromium, profile, "--dump-dom", "--screenshot=" + shot,
                               "--window-size=%d,%d" % WINDOW, "--hide-scrollbars", "file://" + page)
        if dom.returncode != 0 or "<svg" not in dom.stdout:
            failures.append(f"{name}: chromium --dump-dom failed ({dom.returncode}): {dom.stderr[-500:]}")
            continue
        parser = Boards()
        parser.feed(dom.stdout)
        if len(parser.boards) != len(fens):
            failures.append(f"{name}: {len(parser.boards)} boards rendered, {len(fens)} expected")
        for k, (board, fen) in enumerate(zip(parser.boards, fens)):
            pieces, ranks, files = fen_pieces(fen)
            if board["pieces"] != pieces:
                failures.append(f"{name} board {k + 1}: pieces {sorted(board['pieces'].items())} "
                                f"differ from the FEN's {sorted(pieces.items())}")
            if board["squares"] != files * ranks or board["size"] != (str(files), str(ranks)):
                failures.append(f"{name} board {k + 1}: {board['squares']} squares, {files}x{ranks} expected")
        if not os.path.exists(shot):
            failures.append(f"{name}: no screenshot")
        elif png_size(shot) != WINDOW or os.path.getsize(shot) < MIN_PNG_BYTES:
            failures.append(f"{name}: screenshot {png_size(shot)}, {os.path.getsize(shot)} bytes: not a rendered page")
        else:
            print(f"ok {name}: {len(fens)} board(s) match their FEN; screenshot {shot}")
    for failure in failures:
        print("FAIL:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
