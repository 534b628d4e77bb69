#!/usr/bin/env python3
"""`dmsolve serve` end to end (CTest test serve): the page and its API on loopback.

The server is started on a free port with one thread. Over HTTP (urllib, server-sent events read
line by line) it must:
- serve the page (the form's fields) and the variants (Marseillais and Mainzer's 11x8 board);
- solve the seed's stalemate trap (Marseillais, White Ke6 Qc7, Black Kg8, =1) with the key
  1.Qb7,Qf7+ among its keys, and a Mainzer #2 (11x8) with its key g7g8a (Amazon promotion);
- answer a malformed FEN and an unknown stipulation with one "failure" event naming the field,
  with the command line's own message;
- refuse a foreign Host (DNS rebinding) and a foreign Origin with 403, a body over its limit
  with 413;
- verify a small file posted to it (a cooked #2, a sound one and a bad entry), the verdicts
  problem by problem as `verify` words them, and refuse an empty file;
- refuse a second search while one runs, and stop a long search at once on POST /api/stop,
  sending the tree it has (status unknown);
- stop on SIGINT with exit code 130;
- with --store, show an explore store as the opening book: the moves and statuses the store's
  `moves` table holds (read here with Python's sqlite3), in SAN, with the position after each;
  without one, say how to give it; refuse a file that is no store;
- explore the store's position from the page: a bad FEN and a bad time refused with their
  fields, a second explore refused while one runs, a stop that ends it keeping what it found;
  then serve a decided move's proof (zstd), check it (accepted, Black wins) and show it.

usage: serve_test.py path/to/dmsolve
"""
import http.client
import json
import os
import signal
import sqlite3
import tempfile
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

FLAWS = []


def flaw(text):
    FLAWS.append(text)


def read_events(request, on_event=None):
    """The server-sent events of a request (a URL or a urllib Request) as (name, data) pairs;
    on_event(name) as each arrives."""
    got = []
    with urllib.request.urlopen(request, timeout=120) as response:
        name = None
        for raw in response:
            line = raw.decode().rstrip("\n")
            if line.startswith("event: "):
                name = line[7:]
            elif line.startswith("data: "):
                got.append((name, json.loads(line[6:])))
                if on_event:
                    on_event(name)
    return got


def events(base, params, on_event=None):
    """The events of one search."""
    return read_events(base + "/api/solve?" + urllib.parse.urlencode(params), on_event)


def posted_events(base, path, body):
    """The events of a POST."""
    return read_events(urllib.request.Request(base + path, data=body.encode(), method="POST"))


VERIFIED = """8/Q7/8/8/8/8/8/2k1K2R w K - id "wrong-key"; stip #2; keys "a7a8";
8/Q7/8/8/8/8/8/2k1K2R w K - id "right-key"; stip #2; keys "a7f2";
8/8/9/8/8/8/8/k1K5 w - - id "bad"; stip #2;
"""


def status_of(base, path, headers=None, data=None):
    request = urllib.request.Request(base + path, headers=headers or {}, data=data)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def cli_error(dmsolve, *args):
    run = subprocess.run([dmsolve, "solve", *args], capture_output=True, text=True, timeout=60)
    return run.stderr.strip().removeprefix("dmsolve solve: ")


def check_book(dmsolve):
    """The opening book of a small Losing Marseillais store."""
    with tempfile.TemporaryDirectory() as folder:
        store = os.path.join(folder, "book.sqlite")
        subprocess.run([dmsolve, "explore", "--variant", "losing-marseillais", "--threads", "1", "--hash", "16",
                        "--job-nodes", "2000", "--job-max-nodes", "16000", "--jobs", "20", "--store", store],
                       capture_output=True, check=True, timeout=300)
        with sqlite3.connect(store) as db:
            rows = sorted(db.execute("SELECT move, status FROM moves"))
        refused = subprocess.run([dmsolve, "serve", "--store", os.path.join(folder, "none.sqlite")],
                                 capture_output=True, text=True, timeout=60)
        if refused.returncode != 2 or "cannot open the store" not in refused.stderr:
            flaw(f"serve --store on a missing file: {refused.returncode} {refused.stderr}")
        server = subprocess.Popen([dmsolve, "serve", "--listen", "127.0.0.1:0", "--threads", "1", "--hash", "16",
                                   "--store", store], stdout=subprocess.PIPE, text=True)
        try:
            base = server.stdout.readline().split("listening on ")[1].split("/ ")[0]
            code, text = status_of(base, "/api/book")
            book = json.loads(text)
            moves = book["positions"][0]["moves"] if code == 200 and book["positions"] else []
            shown = sorted((m["uci"], m["status"]) for m in moves)
            if code != 200 or book["variant"] != "losing-marseillais" or not rows or shown != rows:
                flaw(f"the book: {code}, {shown}, the store holds {rows}")
            for m in moves:
                if not m["san"] or m["san"] == m["uci"] or not m["after"]:
                    flaw(f"the book's move {m}")
            check_book_doors(base, book["positions"][0]["fen"] if book["positions"] else "", dmsolve)
        finally:
            server.terminate()
            server.wait(30)


def check_book_doors(base, start, dmsolve):
    """Explores and proofs from the page: bad input, one explore at a time, its stop, and the
    proofs it writes, served, checked and shown."""
    code, text = status_of(base, "/api/proof?" + urllib.parse.urlencode({"position": start, "move": "e2e3"}))
    if code != 404 or "no proof of e2e3" not in text:
        flaw(f"a proof never written: {code} {text}")
    bad_fen = "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - -"
    with tempfile.TemporaryDirectory() as folder:
        expected = subprocess.run([dmsolve, "explore", "--variant", "losing-marseillais", "--fen", bad_fen, "--time", "1",
                                   "--store", os.path.join(folder, "s.sqlite")], capture_output=True, text=True,
                                  timeout=60).stderr.strip().removeprefix("dmsolve explore: ")
    for query, field, message in (({"fen": bad_fen, "seconds": "5"}, "fen", expected),
                                  ({"fen": start, "seconds": "soon"}, "seconds",
                                   "the time must be a whole number of seconds from 1 to 86400, not 'soon'")):
        got = posted_events(base, "/api/explore?" + urllib.parse.urlencode(query), "")
        if got != [("failure", {"field": field, "error": message})]:
            flaw(f"explore with a bad {field}: {got}, expected {message!r}")
    # A long explore, a second one refused while it runs, then stopped: it keeps what it found.
    long_events = []
    started = threading.Event()
    explore = threading.Thread(target=lambda: long_events.extend(read_events(
        urllib.request.Request(base + "/api/explore?" + urllib.parse.urlencode({"fen": start, "seconds": "600"}),
                               data=b"", method="POST"), on_event=lambda name: name == "progress" and started.set())))
    explore.start()
    if not started.wait(60):
        flaw("no progress of the explore within 60 s")
    busy = posted_events(base, "/api/explore?" + urllib.parse.urlencode({"fen": start, "seconds": "5"}), "")
    if [name for name, _ in busy] != ["failure"] or busy[0][1]["field"] != "busy":
        flaw(f"a second explore while one runs: {busy}")
    stop_at = time.monotonic()
    status_of(base, "/api/explore/stop", data=b"")
    explore.join(60)
    done = [data for name, data in long_events if name == "done"]
    if explore.is_alive() or not done or done[0]["exit"] != 130 or not done[0]["message"].startswith("stopped"):
        flaw(f"the explore's stop after {time.monotonic() - stop_at:.1f} s: {long_events[-2:]}")
    # The proofs it wrote: a decided move's file (zstd), accepted by the server's check, shown.
    code, text = status_of(base, "/api/book")
    decided = [m for m in json.loads(text)["positions"][0]["moves"] if m["proof"]] if code == 200 else []
    if not decided:
        flaw("no proof after the explore")
        return
    query = urllib.parse.urlencode({"position": start, "move": decided[0]["uci"]})
    with urllib.request.urlopen(base + "/api/proof?" + query, timeout=60) as response:
        if response.read(4) != b"\x28\xb5\x2f\xfd":
            flaw("the proof file is not zstd")
    code, text = status_of(base, "/api/proof/check?" + query, data=b"")
    checked = json.loads(text) if code == 200 else {}
    if not checked.get("accepted") or checked.get("winner") != "Black":
        flaw(f"the proof's check of {decided[0]['san']}: {code} {text}")
    code, text = status_of(base, "/api/proof/view?" + query)
    if code != 200 or "Black wins" not in text:
        flaw(f"the proof's page: {code} {text[:200]}")


def main():
    dmsolve = sys.argv[1]
    server = subprocess.Popen([dmsolve, "serve", "--listen", "127.0.0.1:0", "--threads", "1", "--hash", "64"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        base = line.split("listening on ")[1].split("/ ")[0]

        code, page = status_of(base, "/")
        if code != 200 or 'id="fen"' not in page or 'id="stip"' not in page:
            flaw(f"the page: {code}")
        code, variants = status_of(base, "/api/variants")
        boards = {v["name"]: (v["files"], v["ranks"]) for v in json.loads(variants)}
        if boards.get("marseillais") != (8, 8) or boards.get("mainzer") != (11, 8):
            flaw(f"variants: {boards}")

        trap = events(base, {"variant": "marseillais", "fen": "6k1/2Q5/4K3/8/8/8/8/8 w - - 0 1", "stip": "=1"})
        result = [data for name, data in trap if name == "result"]
        if not result or "c7b7,b7f7" not in result[0]["tree"]["keys"] or "Qb7,Qf7+" not in result[0]["html"]:
            flaw(f"the stalemate trap: {trap}")
        mainzer = events(base, {"variant": "mainzer", "fen": "11/6P4/11/11/k2K7/11/7N3/11 w - -", "stip": "#2"})
        result = [data for name, data in mainzer if name == "result"]
        if not result or result[0]["tree"]["keys"] != ["g7g8a"]:
            flaw(f"the Mainzer #2: {mainzer}")

        for field, params, cli in (
                ("fen", {"fen": "8/8/9/8/8/8/8/k1K5 w - -", "stip": "#2"}, ["--fen", "8/8/9/8/8/8/8/k1K5 w - -", "--stip", "#2"]),
                ("stip", {"fen": "8/8/8/8/8/8/8/k1K5 w - -", "stip": "h##2"}, ["--fen", "8/8/8/8/8/8/8/k1K5 w - -", "--stip", "h##2"])):
            got = events(base, params)
            expected = cli_error(dmsolve, *cli)
            if got != [("failure", {"field": field, "error": expected})]:
                flaw(f"bad {field}: {got}, expected the command line's {expected!r}")

        verified = posted_events(base, "/api/verify?name=small.epd", VERIFIED)
        names = [name for name, _ in verified]
        problems = {data["id"]: data for name, data in verified if name == "problem"}
        wrong, right = problems.get("wrong-key", {}), problems.get("right-key", {})
        if (names != ["started", "bad-entry", "problem", "problem", "done"]
                or not verified[1][1]["error"].startswith("small.epd:3:")
                or wrong.get("summary") != "cooked, source-fails"
                or "cooked: 1.Qf2 is a key too" not in wrong.get("items", [])
                or right.get("standing") != "sound" or verified[-1][1].get("sound") != 1):
            flaw(f"verify: {verified}")
        if posted_events(base, "/api/verify?name=empty.epd", "") != [
                ("failure", {"field": "file", "error": "empty.epd: the file is empty"})]:
            flaw("an empty file is not refused")

        for path, data in (("/api/book", None), ("/api/explore?fen=x&seconds=1", b""),
                           ("/api/proof?position=x&move=e2e4", None)):
            code, text = status_of(base, path, data=data)
            if code != 404 or "--store" not in text:
                flaw(f"{path} without a store: {code} {text}")

        if status_of(base, "/", {"Host": "evil.example"})[0] != 403:
            flaw("a foreign Host is served")
        if status_of(base, "/api/variants", {"Origin": "http://evil.example"})[0] != 403:
            flaw("a foreign Origin is served")
        # A body over the limit is refused on its Content-Length, before it is sent.
        connection = http.client.HTTPConnection(base.removeprefix("http://"), timeout=30)
        connection.putrequest("POST", "/api/stop")
        connection.putheader("Content-Length", str(2 << 20))
        connection.endheaders()
        if connection.getresponse().status != 413:
            flaw("a body over the limit is read")
        connection.close()

        # A long search: Losing Marseillais from the start, win. The second search is refused;
        # a stop ends the first at once with what it has.
        long_events = []
        started = threading.Event()
        search = threading.Thread(target=lambda: long_events.extend(events(
            base, {"variant": "losing-marseillais", "fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
                   "stip": "win"}, on_event=lambda name: name == "progress" and started.set())))
        search.start()
        if not started.wait(30):
            flaw("no progress event within 30 s")
        busy = events(base, {"fen": "8/8/8/8/8/8/8/k1K5 w - -", "stip": "#2"})
        if [name for name, _ in busy] != ["failure"] or busy[0][1]["field"] != "busy":
            flaw(f"a second search while one runs: {busy}")
        stop_at = time.monotonic()
        status_of(base, "/api/stop", data=b"")
        search.join(30)
        stopped_in = time.monotonic() - stop_at
        result = [data for name, data in long_events if name == "result"]
        if search.is_alive() or not result or result[0]["status"] != "unknown" or stopped_in > 5:
            flaw(f"the stop: {stopped_in:.1f} s, {[name for name, _ in long_events][-3:]}")
        else:
            print(f"stopped in {stopped_in:.2f} s")

        server.send_signal(signal.SIGINT)
        code = server.wait(30)
        if code != 130:
            flaw(f"SIGINT: exit code {code}")
    finally:
        if server.poll() is None:
            server.kill()
    check_book(dmsolve)
    for text in FLAWS:
        print("FAIL", text)
    print(f"serve: {len(FLAWS)} flaws")
    sys.exit(1 if FLAWS else 0)


if __name__ == "__main__":
    main()
