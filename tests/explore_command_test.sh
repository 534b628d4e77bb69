#!/usr/bin/env bash
# `dmsolve explore` end to end (CTest test explore_command), on Losing Marseillais from the
# initial array with small jobs on one thread: the seed's claim that 1.e3 and 1.e4 lose
# (../shared/seeds/, the chessvariants.com Marseillais page) is found, every proof written is
# accepted by check-proof and a proof with one leaf changed is not; a run killed with SIGKILL
# and started again gives the same table as one that was never stopped, with every job the
# killed run committed kept; a second explore on a store in use is refused while other programs
# can read it; Ctrl-C prints the table so far and exits 130; bad input exits 2.
# Usage: explore_command_test.sh path/to/dmsolve
set -uo pipefail
dmsolve=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# Small jobs, split after three doublings (--job-max-nodes): the resumed run replays expanded trees too.
explore=("$dmsolve" explore --variant losing-marseillais --threads 1 --hash 16 --job-nodes 2000 --job-max-nodes 16000
         --jobs 1000)
# The table without the seconds, which differ from run to run, and the proof files.
table() { sed -E 's/,"seconds":[0-9.e+-]+//; s/,"proof":"[^"]*"//' "$1"; }
source "$(dirname "$0")/explore_store.sh"  # jobs_in, job_rows

"${explore[@]}" --store "$dir/a.sqlite" --json --proof-dir "$dir/proofs" --html "$dir/a.html" >"$dir/a.json" 2>"$dir/err"
code=$?
[ "$code" -eq 0 ] || fail "explore: exit code $code: $(cat "$dir/err")"
[ "$(wc -l < "$dir/a.json")" -eq 20 ] || fail "explore: $(wc -l < "$dir/a.json") lines, expected one per White first turn (20)"
for move in e2e3 e2e4; do
  grep -q "\"move\":\"$move\",\"san\":\"[a-h0-9]*\",\"status\":\"lost\"" "$dir/a.json" || fail "1.$move is not found lost"
done
proven=$(grep -c '"status":"\(lost\|won\)"' "$dir/a.json")
[ "$(ls "$dir/proofs" | wc -l)" -eq "$proven" ] || fail "$proven turns decided, $(ls "$dir/proofs" | wc -l) proofs written"
"$dmsolve" check-proof "$dir"/proofs/* >"$dir/out" 2>"$dir/err" || fail "check-proof rejects explore's proofs: $(cat "$dir/err")"
grep -q '<table class="moves">' "$dir/a.html" || fail "the HTML page has no table of turns"

# One leaf of the proof of 1.e3 changed: in the first end node (Black has no man left, and
# wins), a white pawn turns black.
sed -E '0,/^[0-9]+ end /s#^([0-9]+ end [^ P]*)P#\1p#' "$dir/proofs/e2e3.proof" >"$dir/tampered.proof"
cmp -s "$dir/proofs/e2e3.proof" "$dir/tampered.proof" && fail "the tampering changed nothing"
"$dmsolve" check-proof "$dir/tampered.proof" >"$dir/out" 2>"$dir/err"
code=$?
[ "$code" -eq 1 ] || fail "a tampered proof: exit code $code, expected 1"
grep -q "^$dir/tampered.proof:[0-9]*: " "$dir/err" || fail "the tampered proof's flaw is not named: $(cat "$dir/err")"

# Killed (SIGKILL) mid-run, then run again to the end: the same table.
"${explore[@]}" --store "$dir/b.sqlite" --json >/dev/null 2>&1 &
pid=$!
sleep 1.5
"${explore[@]}" --store "$dir/b.sqlite" >/dev/null 2>"$dir/err"
[ $? -eq 2 ] && grep -q "another explore" "$dir/err" || fail "a second explore on a store in use: $(cat "$dir/err")"
[ "$(jobs_in "$dir/b.sqlite")" -gt 0 ] || fail "the store cannot be read while explore runs"
kill -9 "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
kept=$(jobs_in "$dir/b.sqlite")
[ "$kept" -gt 0 ] || fail "the killed run kept no job"
"${explore[@]}" --store "$dir/b.sqlite" --json >"$dir/b.json" 2>"$dir/err" || fail "resumed: $(cat "$dir/err")"
[ "$(table "$dir/a.json")" = "$(table "$dir/b.json")" ] || fail "the resumed run's table differs: $(diff <(table "$dir/a.json") <(table "$dir/b.json"))"
[ "$(jobs_in "$dir/b.sqlite")" -eq "$(jobs_in "$dir/a.sqlite")" ] ||
  fail "the resumed store has $(jobs_in "$dir/b.sqlite") jobs, the unstopped one $(jobs_in "$dir/a.sqlite")"

# Ctrl-C: the table so far, exit code 130, the jobs kept.
"${explore[@]}" --store "$dir/c.sqlite" >"$dir/c.txt" 2>"$dir/err" &
pid=$!
sleep 1
kill -INT "$pid"
wait "$pid"
code=$?
[ "$code" -eq 130 ] || fail "Ctrl-C: exit code $code, expected 130"
grep -q "(interrupted)" "$dir/c.txt" || fail "Ctrl-C: no table: $(cat "$dir/c.txt")"
[ "$(jobs_in "$dir/c.sqlite")" -gt 0 ] || fail "Ctrl-C: no job kept"

# Bad input: exit code 2 and a message naming the problem.
"$dmsolve" explore --variant nosuch --store "$dir/d.sqlite" >/dev/null 2>"$dir/err"
[ $? -eq 2 ] && grep -q "nosuch" "$dir/err" || fail "unknown variant: $(cat "$dir/err")"
"$dmsolve" explore --variant antichess --store "$dir/a.sqlite" >/dev/null 2>"$dir/err"
[ $? -eq 2 ] && grep -q "holds losing-marseillais" "$dir/err" || fail "a store of other rules: $(cat "$dir/err")"
"$dmsolve" explore --variant losing-marseillais --moves "1.e5" --store "$dir/e.sqlite" >/dev/null 2>"$dir/err"
[ $? -eq 2 ] && grep -q "moves" "$dir/err" || fail "an illegal --moves: $(cat "$dir/err")"
"$dmsolve" explore --variant losing-marseillais --job-nodes 100 --job-max-nodes 10 --store "$dir/g.sqlite" >/dev/null 2>"$dir/err"
[ $? -eq 2 ] && grep -q "job-max-nodes" "$dir/err" || fail "--job-max-nodes below --job-nodes: $(cat "$dir/err")"
echo "not a database" >"$dir/f.sqlite"
"$dmsolve" explore --variant losing-marseillais --store "$dir/f.sqlite" >/dev/null 2>"$dir/err"
[ $? -eq 2 ] && grep -q "f.sqlite" "$dir/err" || fail "a file that is no store: $(cat "$dir/err")"

[ "$failures" -eq 0 ] && echo "explore_command: all checks passed"
exit $((failures > 0))
