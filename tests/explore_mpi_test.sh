#!/usr/bin/env bash
# `mpirun -np 3 dmsolve explore` (CTest test explore_mpi; registered only where CMake found
# MPI): rank 0 leads, two ranks run the jobs. On a small losing-chess ending whose every turn
# is decided, the table is the one a single process gives, and every proof the ranks sent is
# accepted by check-proof. A worker rank killed with SIGKILL mid-run is survived (its job goes
# to the other rank after --job-deadline) with the same table and valid proofs, and every rank
# ends. One killed while starting does not leave the others waiting for ever in MPI_Init: they
# stop at --mpi-start-deadline, and the command run again gives the same table. Rank 0 (the
# leader) killed with SIGKILL once the store holds some jobs: under --enable-recovery the
# workers take it for dead after 30 s of silence and end, and so does mpirun; the same command
# run again resumes from the store: the jobs committed before the kill are kept unchanged, the
# resumed run adds jobs, and its table is the single process's, with valid proofs. A store
# rank 0 refuses ends every rank with exit code 2. dmsolve itself loads no MPI library: under
# mpirun its ranks are dmsolve-mpi's (solver/app/mpi_handover.h).
# Usage: explore_mpi_test.sh path/to/dmsolve
set -uo pipefail
dmsolve=$1
dir=$(mktemp -d)
# Whatever this test started and left running (a rank mpirun did not end, an mpirun `timeout`
# killed) goes with the directory: each such process names a store in it.
trap 'pkill -9 -f -- "$dir/" 2>/dev/null; rm -rf "$dir"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
if [ "$(id -u)" -eq 0 ]; then export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1; fi
# Small jobs split early (--job-max-nodes), so that the run has some thousand jobs to kill it in,
# each on an empty table (--fresh-tables): a job's result is then the same whichever rank runs
# it after whichever other jobs, and the run as long as the test needs.
explore=("$dmsolve" explore --variant antichess --fen "8/2p5/8/3k4/8/1N6/2PP4/8 w - -" --threads 1 --hash 16
         --job-nodes 100 --job-max-nodes 200 --tablebase-men 2 --fresh-tables --json)
# Every run is bounded: `timeout` sends SIGTERM at 60 s, and SIGKILL 10 s later to an mpirun
# still winding its ranks down. Its exit code $1 is then 124, or 137, which a rank killed by this
# test may also give mpirun, so 137 counts as timed out only after 60 s (since $2, in SECONDS).
mpi=(timeout -k 10 60 mpirun --oversubscribe --enable-recovery -np 3)
timed_out() { [ "$1" -eq 124 ] || { [ "$1" -eq 137 ] && [ $((SECONDS - $2)) -ge 60 ]; }; }
table() { sed -E 's/,"seconds":[0-9.e+-]+//; s/,"(proof|proof_nodes|proof_depth|refutation|line|jobs|nodes)":("[^"]*"|[0-9]+|null)//g' "$1"; }
source "$(dirname "$0")/explore_store.sh"  # jobs_in, job_rows
# The process of rank $2 of the run on the store named $1 in this test's directory (not another
# run's of the same name), found by the rank Open MPI gives it (whatever the program's file is
# called).
rank_pid() {
  for pid in $(pgrep -f "explore .*$dir/$1"); do
    tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | grep -qx "OMPI_COMM_WORLD_RANK=$2" && echo "$pid"
  done
}
check_proofs() {
  local count=0
  for proof in "$1"/*.proof; do
    timeout -k 10 60 "$dmsolve" check-proof "$proof" >/dev/null || fail "$2: check-proof rejects $proof"
    count=$((count + 1))
  done
  [ "$count" -gt 0 ] || fail "$2: no proof written"
}

timeout -k 10 120 "${explore[@]}" --store "$dir/one.sqlite" >"$dir/one.json" 2>"$dir/err" || fail "one process: $(cat "$dir/err")"
grep -q '"status":"open"' "$dir/one.json" && fail "the single run left a turn open"

ldd "$dmsolve" | grep -q libmpi && fail "dmsolve loads MPI: $(ldd "$dmsolve" | grep libmpi)"
"${mpi[@]}" "${explore[@]}" --store "$dir/three.sqlite" --proof-dir "$dir/p3" >"$dir/three.json" 2>"$dir/err" ||
  fail "mpirun -np 3: $(grep -v PMIX "$dir/err")"
[ "$(table "$dir/one.json")" = "$(table "$dir/three.json")" ] ||
  fail "mpirun -np 3 differs: $(diff <(table "$dir/one.json") <(table "$dir/three.json"))"
check_proofs "$dir/p3" "mpirun -np 3"

# Waits until store $1 holds $2 jobs (at most 8 s); the count it saw is in `count`.
wait_for_jobs() {
  for _ in $(seq 1 400); do
    count=0
    [ -s "$1" ] && { count=$(jobs_in "$1" 2>/dev/null) || count=0; }
    [ "$count" -ge "$2" ] && return
    sleep 0.02
  done
}

# A worker killed mid-run, once the store holds 20 jobs (every rank has started): rank 2's
# process, found by the rank Open MPI gives it.
"${mpi[@]}" "${explore[@]}" --store "$dir/killed.sqlite" --proof-dir "$dir/pk" --job-deadline 2 \
  >"$dir/killed.json" 2>"$dir/err" &
launcher=$!
wait_for_jobs "$dir/killed.sqlite" 20
victim=$(rank_pid killed.sqlite 2)
program=$(readlink "/proc/$victim/exe" 2>/dev/null)
[ -z "$victim" ] || [ "$(basename "$program")" = dmsolve-mpi ] || fail "rank 2 runs '$program', not dmsolve-mpi"
[ -n "$victim" ] && kill -9 "$victim" 2>/dev/null || fail "rank 2 was not running to be killed (the store had $count jobs)"
wait "$launcher" || fail "the run with a killed worker failed: $(grep -v PMIX "$dir/err")"
[ "$(table "$dir/one.json")" = "$(table "$dir/killed.json")" ] ||
  fail "with a killed worker the table differs: $(diff <(table "$dir/one.json") <(table "$dir/killed.json"))"
check_proofs "$dir/pk" "killed worker"

# A worker killed while starting, as soon as its process is seen: MPI_Init would keep the other
# ranks waiting for it for ever; with --mpi-start-deadline 5 they stop after 5 s and say so
# (unless the worker had started, when the run goes on as above). The same command run again
# gives the single process's table. Open MPI 4.1's mpirun itself, its PMIx server cut off by the
# kill ("PMIX ERROR: UNREACHABLE"), now and then (once in some 40 runs here) neither ends nor
# passes on what its ranks said once they have ended: what is checked is that the ranks end;
# such an mpirun is then ended, and their words are not asked for.
started=("${mpi[@]}" "${explore[@]}" --store "$dir/started.sqlite" --proof-dir "$dir/ps" --job-deadline 2
         --mpi-start-deadline 5)
"${started[@]}" >"$dir/started.json" 2>"$dir/err" &
launcher=$!
victim=""
for _ in $(seq 1 400); do
  victim=$(rank_pid started.sqlite 2)
  [ -n "$victim" ] && break
  sleep 0.01
done
[ -n "$victim" ] && kill -9 "$victim" 2>/dev/null || fail "rank 2 was not running to be killed while starting"
for _ in $(seq 1 450); do kill -0 "$launcher" 2>/dev/null || break; sleep 0.1; done
mpirun_hung=false
if kill -0 "$launcher" 2>/dev/null; then
  if [ -n "$(rank_pid started.sqlite 0)$(rank_pid started.sqlite 1)" ]; then
    fail "with a worker killed while starting, ranks 0 and 1 still run 45 s later"
  else
    mpirun_hung=true
    echo "note: with a worker killed while starting, its ranks ended but mpirun had not 45 s later: $(grep PMIX "$dir/err" | head -1)"
  fi
  pkill -9 -f -- "mpirun .*$dir/started.sqlite"
fi
wait "$launcher"
$mpirun_hung || grep -q "has not started every rank within 5 s" "$dir/err" ||
  [ "$(table "$dir/one.json")" = "$(table "$dir/started.json")" ] ||
  fail "with a worker killed while starting, the ranks neither said so nor finished: $(grep -v PMIX "$dir/err")"
"${started[@]}" >"$dir/started.json" 2>"$dir/err" || fail "run again after a worker was killed while starting: $(grep -v PMIX "$dir/err")"
[ "$(table "$dir/one.json")" = "$(table "$dir/started.json")" ] ||
  fail "run again after a worker was killed while starting, the table differs: $(diff <(table "$dir/one.json") <(table "$dir/started.json"))"
check_proofs "$dir/ps" "worker killed while starting"

# The leader killed mid-run: rank 0's process, once the store holds 20 jobs (of some 1,200).
# Under --enable-recovery, as the README advises (without it Open MPI ends every rank at once).
leader=("${mpi[@]}" "${explore[@]}" --store "$dir/leader.sqlite" --proof-dir "$dir/pl")
launched_at=$SECONDS
"${leader[@]}" >"$dir/leader.json" 2>"$dir/err" &
launcher=$!
wait_for_jobs "$dir/leader.sqlite" 20
victim=$(rank_pid leader.sqlite 0)
[ -n "$victim" ] && kill -9 "$victim" 2>/dev/null || fail "rank 0 was not running to be killed (the store had $count jobs)"
wait "$launcher"
code=$?
timed_out "$code" "$launched_at" && fail "with rank 0 killed, mpirun did not end within 60 s"
grep -q "rank 0 has" "$dir/err" || fail "with rank 0 killed, the workers did not say so: $(grep -v PMIX "$dir/err")"
# mpirun may end a moment before its ranks have: they are given 10 s.
workers_left() { [ -n "$(rank_pid leader.sqlite 1)$(rank_pid leader.sqlite 2)" ]; }
for _ in $(seq 1 100); do workers_left || break; sleep 0.1; done
workers_left && fail "with rank 0 killed, workers are left running 10 s after mpirun ended"
kept=$(jobs_in "$dir/leader.sqlite") || kept=0
[ "$kept" -gt 0 ] || fail "the run whose rank 0 was killed kept no job"
job_rows "$dir/leader.sqlite" "$kept" >"$dir/kept.txt"
"${leader[@]}" >"$dir/resumed.json" 2>"$dir/err" || fail "resumed after rank 0 was killed: $(grep -v PMIX "$dir/err")"
[ "$(jobs_in "$dir/leader.sqlite")" -gt "$kept" ] ||
  fail "the resumed run added no job to the $kept kept (was rank 0 killed after the last one?)"
job_rows "$dir/leader.sqlite" "$kept" >"$dir/resumed.txt"
cmp -s "$dir/kept.txt" "$dir/resumed.txt" ||
  fail "the $kept jobs kept from the killed leader changed: $(diff "$dir/kept.txt" "$dir/resumed.txt" | head)"
[ "$(table "$dir/one.json")" = "$(table "$dir/resumed.json")" ] ||
  fail "resumed after the leader was killed, the table differs: $(diff <(table "$dir/one.json") <(table "$dir/resumed.json"))"
check_proofs "$dir/pl" "killed leader"

# Rank 0 refusing its store: every rank ends (none left waiting for jobs), exit code 2.
echo "not a database" >"$dir/bad.sqlite"
# (without --enable-recovery: with it, Open MPI 4's mpirun exits 0 whatever the ranks return)
timeout -k 10 60 mpirun --oversubscribe -np 3 "${explore[@]}" --store "$dir/bad.sqlite" >/dev/null 2>"$dir/err"
code=$?
[ "$code" -eq 2 ] && grep -q "bad.sqlite" "$dir/err" || fail "a bad store under mpirun: exit code $code: $(grep -v PMIX "$dir/err")"

[ "$failures" -eq 0 ] && echo "explore over MPI: all checks passed"
exit $((failures > 0))
