#!/usr/bin/env python3
"""`dmsolve serve` latency and load (issue "dmsolve serve"): figures, no assertions.

- Latency: the time from a solve request to its "started" event and to its tree ("result"), for a
  #2 (Popeye's example k3n3/P7/1K6/3N4 with set play and tries) and the Marseillais =1 trap, next
  to the whole command line run of the same problem (process start included), medians of N runs.
- Load: C clients at once on loopback, each fetching the page, the variants and one solve; the
  solves beyond the one running are refused with the documented "busy" failure. Counts every
  other failure, and the server's peak RSS (VmHWM) against its --hash.

usage: serve_bench.py path/to/dmsolve [--runs N] [--clients C]
"""
import argparse
import json
import statistics
import subprocess
import threading
import time
import urllib.parse
import urllib.request

PROBLEMS = [
    ("#2 set play, tries", {"fen": "k3n3/P7/1K6/3N4/8/8/8/8 w - - 0 1", "stip": "#2", "tries": "1", "setplay": "1"},
     ["--fen", "k3n3/P7/1K6/3N4/8/8/8/8 w - - 0 1", "--stip", "#2", "--tries", "--set-play"]),
    ("Marseillais =1", {"variant": "marseillais", "fen": "6k1/2Q5/4K3/8/8/8/8/8 w - - 0 1", "stip": "=1"},
     ["--variant", "marseillais", "--fen", "6k1/2Q5/4K3/8/8/8/8/8 w - - 0 1", "--stip", "=1"]),
]


def timed_solve(base, params):
    start = time.perf_counter()
    first = None
    names = []
    with urllib.request.urlopen(base + "/api/solve?" + urllib.parse.urlencode(params), timeout=120) as response:
        for raw in response:
            line = raw.decode()
            if line.startswith("event: "):
                names.append(line[7:].strip())
                if first is None:
                    first = time.perf_counter() - start
    return first, time.perf_counter() - start, names


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("dmsolve")
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--hash", type=int, default=256)
    args = parser.parse_args()
    server = subprocess.Popen([args.dmsolve, "serve", "--listen", "127.0.0.1:0", "--threads", "1", "--hash",
                               str(args.hash)], stdout=subprocess.PIPE, text=True)
    base = server.stdout.readline().split("listening on ")[1].split("/ ")[0]
    try:
        print(f"latency, medians of {args.runs} runs (one thread):")
        for name, params, cli in PROBLEMS:
            firsts, wholes, clis = [], [], []
            for _ in range(args.runs):
                first, whole, names = timed_solve(base, params)
                assert names[-1] == "result", names
                firsts.append(first)
                wholes.append(whole)
                start = time.perf_counter()
                subprocess.run([args.dmsolve, "solve", *cli, "--threads", "1", "--hash", str(args.hash)],
                               capture_output=True, check=True)
                clis.append(time.perf_counter() - start)
            print(f"  {name}: first event {statistics.median(firsts) * 1000:.1f} ms, tree "
                  f"{statistics.median(wholes) * 1000:.1f} ms; command line {statistics.median(clis) * 1000:.1f} ms")

        outcomes = {"page": 0, "variants": 0, "solved": 0, "busy": 0, "failed": 0}
        lock = threading.Lock()

        def client():
            try:
                for path, key in (("/", "page"), ("/api/variants", "variants")):
                    with urllib.request.urlopen(base + path, timeout=60) as response:
                        response.read()
                    with lock:
                        outcomes[key] += 1
                _, _, names = timed_solve(base, PROBLEMS[1][1])
                key = "solved" if names[-1] == "result" else "busy" if names == ["failure"] else "failed"
            except Exception:  # noqa: BLE001 - any failure is counted
                key = "failed"
            with lock:
                outcomes[key] += 1

        start = time.perf_counter()
        threads = [threading.Thread(target=client) for _ in range(args.clients)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        seconds = time.perf_counter() - start
        with open(f"/proc/{server.pid}/status") as f:
            peak = next(line for line in f if line.startswith("VmHWM")).split()[1]
        print(f"{args.clients} clients at once: {outcomes} in {seconds:.2f} s; server peak RSS {int(peak) // 1024} MiB "
              f"(--hash {args.hash})")
    finally:
        server.terminate()
        server.wait(30)


if __name__ == "__main__":
    main()
