#!/usr/bin/env bash
# `dmsolve explore` end to end (CTest test explore_command), on Losing Marseillais from the
# initial array with small jobs on one thread: the seed's claim that 1.e3 and 1.e4 lose
# (../shared/seeds/, the chessvariants.com Marseillais page) is found, every proof written is
# accepted by check-proof and a proof with one leaf changed is not; each decided turn has its
# main line (in the JSON, the table, the page and the store), and show-proof shows the proofs
# and refuses the tampered one; the jobs on fresh tables decide no turn otherwise and no more
# turns than on kept ones; a run on fresh tables killed with SIGKILL and started again gives
# the same table as one that was never stopped, with every job the killed run committed kept; a second explore on a store in use is refused while other programs
# can read it; Ctrl-C prints the table so far and exits 130; bad input exits 2.
# Usage: explore_command_test.sh path/to/dmsolve
set -uo pipefail
dmsolve=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# Small jobs, split after three doublings (--job-max-nodes): the resumed run replays expanded trees too.
explore=("$dmsolve" explore --variant losing-marseillais --threads 1 --hash 16 --tablebase-men 0 --job-nodes 2000 --job-max-nodes 16000
         --jobs 1000)
# The table without the seconds, which differ from run to run, and the proof files.
table() { sed -E 's/,"seconds":[0-9.e+-]+//; s/,"proof":"[^"]*"//' "$1"; }
source "$(dirname "$0")/explore_store.sh"  # jobs_in, job_rows
# Waits (10 s at most) until the run on store $1 has committed its first job: then it holds the
# store, and a signal sent comes mid-run (the whole run takes a second or so on a fast disk).
started() {
  for _ in $(seq 200); do
    local jobs
    jobs=$(jobs_in "$1" 2>/dev/null)
    [ "${jobs:-0}" -gt 0 ] && return
    sleep 0.05
  done
}

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

# The main line of each decided turn (issue 56): in the JSON in SAN from the start, in the store
# in UCI. The proof of 1.e3 is a single line: at each of White's nodes it lists one turn, White's
# only legal one (captures are compulsory: 2.Bxb5 is the only capture after ...b5, then Bxe8,
# the bishop's only one), and Black's turns are the proof's. Its UCI turns written out by hand:
# d7d6,b7b5 f1b5,b5e8 d8e8,c8g4 d1g4,g4g7 f8g7,g7b2 c1b2,b2h8 a7a6,e7e5 h8e5,e5d6 e8e3,e3e1
# d6c7,c7b8 e1b1,b1a2 a1a2,a2a6 a8b8,g8f6 a6f6,f6f7 b8b4,b4h4 f7h7,h7h4: White ends with no man.
e3_line="d6,b5 2.Bxb5,Bxe8 Qxe8,Bg4 3.Qxg4,Qxg7 Bxg7,Bxb2 4.Bxb2,Bxh8 a6,e5 5.Bxe5,Bxd6 Qxe3,Qxe1"
e3_line="$e3_line 6.Bxc7,Bxb8 Qxb1,Qxa2 7.Rxa2,Rxa6 Rxb8,Nf6 8.Rxf6,Rxf7 Rb4,Rh4 9.Rxh7,Rxh4"
grep -qF "\"move\":\"e2e3\",\"san\":\"e3\",\"status\":\"lost\",\"refutation\":\"d7d6,b7b5\",\"line\":\"1.e3 $e3_line\"" "$dir/a.json" ||
  fail "1.e3's main line: $(grep '"e2e3"' "$dir/a.json")"
lines=$(grep -c '"line":"1\.[A-Za-z]' "$dir/a.json")
[ "$lines" -eq "$proven" ] || fail "$proven turns decided, $lines with a main line in SAN"
[ "$(grep -c '"status":"open".*"line":null' "$dir/a.json")" -eq "$(grep -c '"status":"open"' "$dir/a.json")" ] ||
  fail "an undecided turn has a main line"
store_line() {
  python3 -c "import sqlite3, sys
print(sqlite3.connect(sys.argv[1]).execute('select line from moves where move = ?', (sys.argv[2],)).fetchone()[0])" "$1" "$2"
}
[ "$(store_line "$dir/a.sqlite" e2e3)" = "e2e3 d7d6,b7b5 f1b5,b5e8 d8e8,c8g4 d1g4,g4g7 f8g7,g7b2 c1b2,b2h8 a7a6,e7e5 h8e5,e5d6 e8e3,e3e1 d6c7,c7b8 e1b1,b1a2 a1a2,a2a6 a8b8,g8f6 a6f6,f6f7 b8b4,b4h4 f7h7,h7h4" ] ||
  fail "the store's line of 1.e3: $(store_line "$dir/a.sqlite" e2e3)"
grep -qF "1.e3 $e3_line" "$dir/a.html" || fail "the HTML page has no main line of 1.e3"
# A store made before the moves had their lines gets the column, and the lines, on its next run.
cp "$dir/a.sqlite" "$dir/old.sqlite" && cp -r "$dir/a.sqlite.proofs" "$dir/old.sqlite.proofs"
python3 -c "import sqlite3, sys; db = sqlite3.connect(sys.argv[1]); db.execute('alter table moves drop column line'); db.commit()" "$dir/old.sqlite"
"${explore[@]}" --store "$dir/old.sqlite" >"$dir/old.txt" 2>"$dir/err" || fail "an older store: $(cat "$dir/err")"
[ "$(store_line "$dir/old.sqlite" e2e3)" = "$(store_line "$dir/a.sqlite" e2e3)" ] || fail "an older store has no line of 1.e3"
grep -qF "            1.e3 $e3_line" "$dir/old.txt" || fail "the table has no main line under 1.e3's row: $(cat "$dir/old.txt")"

# show-proof: the proof checked, then its main line and tree; a page of nested <details>; a
# tampered proof exits 1 naming its flaw's line, a missing file or a bad option 2.
"$dmsolve" show-proof "$dir/proofs/e2e3.proof" >"$dir/out" 2>"$dir/err"
code=$?
[ "$code" -eq 0 ] || fail "show-proof: exit code $code: $(cat "$dir/err")"
grep -qxF "main line: 1...$e3_line" "$dir/out" || fail "show-proof's main line: $(cat "$dir/out")"
grep -qx "size: 17 nodes" "$dir/out" && grep -qx "length: 16 turns" "$dir/out" || fail "show-proof's size: $(cat "$dir/out")"
grep -qx "      3.Qxg4,Qxg7" "$dir/out" && grep -qx "        … 12 more nodes below" "$dir/out" ||
  fail "show-proof's tree: $(cat "$dir/out")"
"$dmsolve" show-proof "$dir/proofs/e2e3.proof" --format html --output "$dir/e3.html" >"$dir/out" 2>"$dir/err"
code=$?
[ "$code" -eq 0 ] || fail "show-proof --format html: exit code $code: $(cat "$dir/err")"
grep -q '<details id="n16" class="main" open><summary>1...d6,b5</summary>' "$dir/e3.html" && grep -q "<svg" "$dir/e3.html" ||
  fail "show-proof's page has no open <details> with a diagram"
! grep -q "<script" "$dir/e3.html" || fail "show-proof's page has a script"
# Every proof shown to its end: each position once, a transposition referred to (see above).
seen=0
for proof in "$dir"/proofs/*; do
  "$dmsolve" show-proof "$proof" --depth 1000 >"$dir/out" 2>"$dir/err" || fail "show-proof $proof: $(cat "$dir/err")"
  nodes=$(sed -n 's/^size: \([0-9]*\) nodes$/\1/p' "$dir/out")
  shown=$(sed '1,/^tree/d' "$dir/out" | grep -vc "(see above)\|wins)$")
  [ "$shown" -le "$nodes" ] || fail "show-proof $proof: $shown positions shown, of $nodes nodes"
  seen=$((seen + $(grep -c "(see above)" "$dir/out")))
done
[ "$seen" -gt 0 ] || fail "no transposition in the proofs is referred to as seen above"
"$dmsolve" show-proof "$dir/tampered.proof" >"$dir/out" 2>"$dir/err"
code=$?
[ "$code" -eq 1 ] || fail "show-proof of a tampered proof: exit code $code, expected 1"
[ "$(wc -l < "$dir/err")" -eq 1 ] && grep -q "^dmsolve show-proof: $dir/tampered.proof:[0-9]*: " "$dir/err" ||
  fail "show-proof does not name the tampered proof's flaw: $(cat "$dir/err")"
"$dmsolve" show-proof "$dir/missing.proof" >"$dir/out" 2>"$dir/err"
code=$?
[ "$code" -eq 2 ] && [ "$(wc -l < "$dir/err")" -eq 1 ] || fail "show-proof of a missing file: exit code $code: $(cat "$dir/err")"
"$dmsolve" show-proof "$dir/proofs/e2e3.proof" --depth -3 >"$dir/out" 2>"$dir/err"
[ $? -eq 2 ] && grep -q "depth" "$dir/err" || fail "show-proof --depth -3: $(cat "$dir/err")"

# Killed (SIGKILL) mid-run, then run again to the end: the same table as a run that never
# stopped. With --fresh-tables every job is a function of its position, side and budget alone;
# by default a job goes on from what the jobs before it left in the table, which a resumed run
# has lost, and only the verdicts must agree.
fresh=("${explore[@]}" --fresh-tables)
"${fresh[@]}" --store "$dir/f.sqlite" --json >"$dir/f.json" 2>"$dir/err" || fail "--fresh-tables: $(cat "$dir/err")"
# Within the same 1000 jobs the kept tables decide at least as many turns, and no turn otherwise.
decided() { grep -o '"move":"[a-h1-8]*","san":"[^"]*","status":"[a-z]*"' "$1" | grep -v '"open"'; }
[ "$(decided "$dir/a.json" | wc -l)" -ge "$(decided "$dir/f.json" | wc -l)" ] ||
  fail "--fresh-tables decides more: $(diff <(decided "$dir/a.json") <(decided "$dir/f.json"))"
[ -z "$(sort <(decided "$dir/a.json") <(decided "$dir/f.json") | uniq | cut -d, -f1 | uniq -d)" ] ||
  fail "--fresh-tables decides a turn otherwise: $(diff <(decided "$dir/a.json") <(decided "$dir/f.json"))"
"${fresh[@]}" --store "$dir/b.sqlite" --json >/dev/null 2>&1 &
pid=$!
started "$dir/b.sqlite"
"${fresh[@]}" --store "$dir/b.sqlite" >/dev/null 2>"$dir/err"
[ $? -eq 2 ] && grep -q "another explore" "$dir/err" || fail "a second explore on a store in use: $(cat "$dir/err")"
[ "$(jobs_in "$dir/b.sqlite")" -gt 0 ] || fail "the store cannot be read while explore runs"
kill -9 "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
kept=$(jobs_in "$dir/b.sqlite")
[ "$kept" -gt 0 ] || fail "the killed run kept no job"
"${fresh[@]}" --store "$dir/b.sqlite" --json >"$dir/b.json" 2>"$dir/err" || fail "resumed: $(cat "$dir/err")"
[ "$(table "$dir/f.json")" = "$(table "$dir/b.json")" ] || fail "the resumed run's table differs: $(diff <(table "$dir/f.json") <(table "$dir/b.json"))"
[ "$(jobs_in "$dir/b.sqlite")" -eq "$(jobs_in "$dir/f.sqlite")" ] ||
  fail "the resumed store has $(jobs_in "$dir/b.sqlite") jobs, the unstopped one $(jobs_in "$dir/f.sqlite")"

# Ctrl-C: the table so far, exit code 130, the jobs kept.
"${explore[@]}" --store "$dir/c.sqlite" >"$dir/c.txt" 2>"$dir/err" &
pid=$!
started "$dir/c.sqlite"
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
