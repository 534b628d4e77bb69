#!/usr/bin/env python3
"""The limit of an MPI explore's leader (rank 0): jobs per second with many workers, no real work.

Records a real explore first (`dmsolve explore`, one process, losing chess from the initial
array, --job-nodes 20000, --jobs N), unless --record names one made so. Then, for each number
of workers and each time scale, runs master_sim (tests/bench/master_sim.cpp) under mpirun:
the real leader against ranks that replay the recording's job results and durations (times
the scale; 0: answered at once, the leader's ceiling), each rank standing for workers/ranks
workers. Prints a Markdown table: jobs per second the leader sustained, the rate the workers
could have taken (workers / mean job seconds), and the leader's CPU share.

usage: tests/bench/master_sim.py [--dmsolve build/dmsolve] [--master-sim build/master_sim]
           [--record REC.sqlite] [--record-jobs 1500] [--workers 16,128,1024]
           [--scales 0,1,10] [--ranks 8] [--time 20]
Copy the binaries first if the build may change meanwhile. Running as root, Open MPI needs
OMPI_ALLOW_RUN_AS_ROOT=1 and OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 (set here).
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

JOB_NODES = 20000


def record(dmsolve, path, jobs):
    subprocess.run([dmsolve, "explore", "--variant", "antichess", "--job-nodes", str(JOB_NODES), "--jobs", str(jobs),
                    "--tablebase-men", "0", "--threads", "1", "--hash", "64", "--store", path],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def simulate(master_sim, rec, store, workers, ranks, scale, seconds):
    command = ["mpirun", "--oversubscribe", "-np", str(ranks + 1), master_sim, "--variant", "antichess",
               "--job-nodes", str(JOB_NODES), "--record", rec, "--store", store,
               "--jobs-per-rank", str(workers // ranks), "--time-scale", str(scale), "--time", str(seconds)]
    run = subprocess.run(command, capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"master_sim failed ({run.returncode}): {run.stderr.strip()}")
    return json.loads(next(line for line in run.stdout.splitlines() if line.startswith("{")))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dmsolve", default="build/dmsolve")
    parser.add_argument("--master-sim", default="build/master_sim")
    parser.add_argument("--record")
    parser.add_argument("--record-jobs", type=int, default=1500)
    parser.add_argument("--workers", default="16,128,1024")
    parser.add_argument("--scales", default="0,1,10")
    parser.add_argument("--ranks", type=int, default=8)
    parser.add_argument("--time", type=float, default=20)
    args = parser.parse_args()
    os.environ.setdefault("OMPI_ALLOW_RUN_AS_ROOT", "1")
    os.environ.setdefault("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
    with tempfile.TemporaryDirectory() as tmp:
        rec = args.record or os.path.join(tmp, "record.sqlite")
        if not args.record:
            record(args.dmsolve, rec, args.record_jobs)
        print("| workers | time scale | mean job s | workers could take, jobs/s | leader sustained, jobs/s "
              "| jobs | leader CPU share |")
        print("|---|---|---|---|---|---|---|")
        for workers in [int(w) for w in args.workers.split(",")]:
            for scale in [float(s) for s in args.scales.split(",")]:
                store = os.path.join(tmp, f"leader-{workers}-{scale:g}.sqlite")
                r = simulate(args.master_sim, rec, store, workers,
                             min(args.ranks, workers), scale, args.time)
                could = f"{r['workers_could_take']:,.0f}" if scale > 0 else "unbounded"
                print(f"| {r['workers']:,} | {scale:g} | {r['mean_job_seconds']:.3f} | {could} "
                      f"| {r['jobs_per_second']:,.0f} | {r['jobs']:,} | {r['leader_cpu_share']:.2f} |", flush=True)


if __name__ == "__main__":
    sys.exit(main())
