#!/usr/bin/env bash
# `mpirun -np 3 dmsolve explore` (CTest test explore_mpi; registered only where CMake found
# MPI): rank 0 leads, two ranks run the jobs. On a small losing-chess ending whose every turn
# is decided, the table is the one a single process gives, and every proof the ranks sent is
# accepted by check-proof. A worker rank killed with SIGKILL mid-run is survived (its job goes
# to the other rank after --job-deadline) with the same table and valid proofs. A store rank 0
# refuses ends every rank with exit code 2.
# Usage: explore_mpi_test.sh path/to/dmsolve
set -uo pipefail
dmsolve=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
if [ "$(id -u)" -eq 0 ]; then export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1; fi
explore=("$dmsolve" explore --variant antichess --fen "8/2p5/8/3k4/8/1N6/2PP4/8 w - -" --threads 1 --hash 16
         --job-nodes 100 --tablebase-men 2 --json)
mpi=(mpirun --oversubscribe --enable-recovery -np 3)
table() { sed -E 's/,"seconds":[0-9.e+-]+//; s/,"(proof|proof_nodes|proof_depth|refutation|jobs|nodes)":("[^"]*"|[0-9]+|null)//g' "$1"; }
check_proofs() {
  local count=0
  for proof in "$1"/*.proof; do
    "$dmsolve" check-proof "$proof" >/dev/null || fail "$2: check-proof rejects $proof"
    count=$((count + 1))
  done
  [ "$count" -gt 0 ] || fail "$2: no proof written"
}

"${explore[@]}" --store "$dir/one.sqlite" >"$dir/one.json" 2>"$dir/err" || fail "one process: $(cat "$dir/err")"
grep -q '"status":"open"' "$dir/one.json" && fail "the single run left a turn open"

"${mpi[@]}" "${explore[@]}" --store "$dir/three.sqlite" --proof-dir "$dir/p3" >"$dir/three.json" 2>"$dir/err" ||
  fail "mpirun -np 3: $(grep -v PMIX "$dir/err")"
[ "$(table "$dir/one.json")" = "$(table "$dir/three.json")" ] ||
  fail "mpirun -np 3 differs: $(diff <(table "$dir/one.json") <(table "$dir/three.json"))"
check_proofs "$dir/p3" "mpirun -np 3"

# A worker killed mid-run: rank 2's process, found by the rank Open MPI gives it.
"${mpi[@]}" "${explore[@]}" --store "$dir/killed.sqlite" --proof-dir "$dir/pk" --job-deadline 2 \
  >"$dir/killed.json" 2>"$dir/err" &
launcher=$!
victim=""
for _ in $(seq 1 200); do
  for pid in $(pgrep -f "dmsolve explore .*killed.sqlite"); do
    tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | grep -qx "OMPI_COMM_WORLD_RANK=2" && victim=$pid
  done
  [ -n "$victim" ] && break
  sleep 0.02
done
sleep 0.3
[ -n "$victim" ] && kill -9 "$victim" 2>/dev/null || fail "rank 2 was not running to be killed"
wait "$launcher" || fail "the run with a killed worker failed: $(grep -v PMIX "$dir/err")"
[ "$(table "$dir/one.json")" = "$(table "$dir/killed.json")" ] ||
  fail "with a killed worker the table differs: $(diff <(table "$dir/one.json") <(table "$dir/killed.json"))"
check_proofs "$dir/pk" "killed worker"

# Rank 0 refusing its store: every rank ends (none left waiting for jobs), exit code 2.
echo "not a database" >"$dir/bad.sqlite"
# (without --enable-recovery: with it, Open MPI 4's mpirun exits 0 whatever the ranks return)
timeout 60 mpirun --oversubscribe -np 3 "${explore[@]}" --store "$dir/bad.sqlite" >/dev/null 2>"$dir/err"
code=$?
[ "$code" -eq 2 ] && grep -q "bad.sqlite" "$dir/err" || fail "a bad store under mpirun: exit code $code: $(grep -v PMIX "$dir/err")"

[ "$failures" -eq 0 ] && echo "explore over MPI: all checks passed"
exit $((failures > 0))
