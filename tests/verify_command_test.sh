#!/usr/bin/env bash
# `dmsolve verify` end to end (CTest test verify_command): on a small puzzle file with one bad
# entry it must verify the good entries, report the bad one with its line, and exit 2; on good
# files it exits 0 when every problem is sound, 1 when one is not, and 3 when a limit left one
# undecided and none is unsound; a directory or an empty file is refused (exit 2); the findings
# name keys and lines in SAN (JSON's found and expected stay UCI); --report writes the page, each
# verdict a heading and a list, each problem's labels among its facts; --json gives one JSON
# object per problem. Usage: verify_command_test.sh path/to/dmsolve
set -uo pipefail
dmsolve=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# Problems from puzzles/orthodox (vaeth_problems.tsv and popeye_orthodox_clean.tsv rows).
cat > "$dir/mixed.epd" <<'PUZZLES'
# A two-mover with its key.
8/Q7/8/8/8/8/8/2k1K2R w K - id "castle"; stip #2; keys "a7f2";
8/8/8/8/8/8/8/k1K5 w - - id "bad-key"; stip #2; keys "c1c3";
8/8/8/8/8/8/8/k1K5 w - - id "bare"; stip #2; keys none;
PUZZLES
cat > "$dir/cooked.epd" <<'PUZZLES'
8/Q7/8/8/8/8/8/2k1K2R w K - id "wrong-key"; stip #2; keys "a7a8"; author "G. Schoepfer"; source "Neue Leipziger Ztg., 1927";
PUZZLES

"$dmsolve" verify "$dir/mixed.epd" --threads 1 >"$dir/out" 2>"$dir/err"
code=$?
[ "$code" -eq 2 ] || fail "a bad entry: exit code $code, expected 2"
grep -q "^$dir/mixed.epd:3: keys: 'c1c3'" "$dir/err" || fail "the bad entry's line is not reported: $(cat "$dir/err")"
grep -Eq '^castle +chess +#2 +sound ' "$dir/out" || fail "castle not verified sound"
grep -Eq '^bare +chess +#2 +sound ' "$dir/out" || fail "bare not verified sound"
grep -q "bad-key" "$dir/out" && fail "the bad entry was solved"
grep -q "^2 problems verified" "$dir/out" || fail "summary: $(tail -1 "$dir/out")"
grep -q "1.Qf2!" "$dir/out" || fail "the tree is not printed"

"$dmsolve" verify "$dir/mixed.epd" "$dir/cooked.epd" --threads 1 --quiet --report "$dir/report" >"$dir/out" 2>"$dir/err"
code=$?
[ "$code" -eq 2 ] || fail "bad entry and unsound problem: exit code $code, expected 2"
grep -Eq '^wrong-key +chess +#2 +cooked, source-fails ' "$dir/out" || fail "wrong-key: $(cat "$dir/out")"
grep -q "1.Qf2!" "$dir/out" && fail "--quiet printed a tree"
[ -s "$dir/report/index.html" ] || fail "--report wrote no index.html"
grep -q "wrong-key" "$dir/report/index.html" || fail "the report misses a problem"
# The verdict: its summary a heading line, then one list item per finding, in SAN; the author
# and source among the problem's facts, not in its verdict.
tr -d '\n' < "$dir/report/index.html" > "$dir/report/flat.html"
grep -qF '<h3 class="verdict">Verdict: cooked, source-fails</h3><ul class="verdict"><li>cooked: 1.Qf2 is a key too</li><li>source-fails: 1.Qa8 is not a key</li></ul>' \
  "$dir/report/flat.html" || fail "report: wrong-key's verdict is not a heading and a list"
grep -qF '<dt>author</dt><dd>G. Schoepfer</dd><dt>source</dt><dd>Neue Leipziger Ztg., 1927</dd>' "$dir/report/flat.html" ||
  fail "report: wrong-key's author and source are not among its facts"
grep -q '<p class="verdict">\|<li>author' "$dir/report/flat.html" && fail "report: labels or lines in a verdict paragraph"
[ "$(grep -o '<h3 class="verdict">' "$dir/report/flat.html" | wc -l)" -eq 3 ] || fail "report: not one verdict per problem"

"$dmsolve" verify "$dir/cooked.epd" --threads 1 --quiet >"$dir/out" 2>"$dir/err"
code=$?
[ "$code" -eq 1 ] || fail "an unsound problem: exit code $code, expected 1"
grep -q ": 0 sound, 1 not sound, 0 undecided$" "$dir/out" || fail "unsound summary: $(tail -1 "$dir/out")"
# The findings in SAN with problemists' move numbers; the sets in JSON stay UCI.
"$dmsolve" verify "$dir/cooked.epd" --threads 1 >"$dir/out" 2>"$dir/err"
grep -qx "  cooked: 1.Qf2 is a key too" "$dir/out" || fail "cooked not named in SAN: $(cat "$dir/out")"
grep -qx "  source-fails: 1.Qa8 is not a key" "$dir/out" || fail "source-fails not named in SAN: $(cat "$dir/out")"
"$dmsolve" verify "$dir/cooked.epd" --threads 1 --json >"$dir/out" 2>"$dir/err"
grep -qF '"detail":"1.Qf2 is a key too"' "$dir/out" || fail "--json: the cook's detail: $(cat "$dir/out")"
grep -qF '"found":["a7f2"],"expected":["a7a8"]' "$dir/out" || fail "--json: found and expected not UCI: $(cat "$dir/out")"
# A dual on the way to the mate, and a tolerated dual of the mating move, named by their paths.
echo '8/8/4p3/4Pp2/R2Q1P1N/3P3p/1K4pp/7k w - - id "dual"; stip #3; keys "d4a7";' > "$dir/dual.epd"
"$dmsolve" verify "$dir/dual.epd" --threads 1 >"$dir/out" 2>"$dir/err"
grep -qx "  dual: 1.Qa7 1...g1=N: 2.Qa8+ | 2.Qb7+" "$dir/out" || fail "dual not named in SAN: $(cat "$dir/out")"
grep -qx "  tolerated dual: 1.Qa7 1...g1=B: 2.Qa8# | 2.Qb7# (final move)" "$dir/out" ||
  fail "tolerated dual not named in SAN: $(cat "$dir/out")"

# A limit that stops the search before it decides: unknown, counted as undecided and not as
# unsound, and exit 3 when no problem is unsound (issue 55).
grep '"castle"' "$dir/mixed.epd" > "$dir/castle.epd"
"$dmsolve" verify "$dir/castle.epd" --threads 1 --quiet --nodes 1 >"$dir/out" 2>"$dir/err"
code=$?
[ "$code" -eq 3 ] || fail "an undecided problem: exit code $code, expected 3"
grep -Eq '^castle +chess +#2 +unknown ' "$dir/out" || fail "castle is not unknown: $(cat "$dir/out")"
grep -q ": 0 sound, 0 not sound, 1 undecided$" "$dir/out" || fail "undecided summary: $(tail -1 "$dir/out")"
"$dmsolve" verify "$dir/castle.epd" --threads 1 --nodes 1 --json >"$dir/out" 2>"$dir/err"
grep -q '"standing":"undecided"' "$dir/out" || fail "--json standing: $(cat "$dir/out")"

grep -v bad-key "$dir/mixed.epd" > "$dir/good.epd"
"$dmsolve" verify "$dir/good.epd" --threads 1 --json >"$dir/out" 2>"$dir/err"
code=$?
[ "$code" -eq 0 ] || fail "all sound: exit code $code, expected 0"
[ "$(grep -c '"summary":"sound"' "$dir/out")" -eq 2 ] || fail "--json: $(cat "$dir/out")"

# A Popeye helpmate (no solutions given) with short solutions: each a defect, the rest described,
# never "sound" (issue 55); and solve with the file's stoponshortsolutions lists the short alone.
cat > "$dir/short.inp" <<'POPEYE'
beginproblem
stipulation h#2
option stoponshortsolutions
pieces white ka3 qg8 sg4 black ka1 sa8
endproblem
POPEYE
"$dmsolve" verify "$dir/short.inp" --threads 1 >"$dir/out" 2>"$dir/err"
code=$?
[ "$code" -eq 1 ] || fail "a helpmate with short solutions: exit code $code, expected 1"
grep -Eq '^verdict: short-solution; not judged: [0-9]+ solutions, 2 short$' "$dir/out" || fail "short: $(cat "$dir/out")"
grep -qx "  short-solution: 1.Nb6 Qa2# is a short solution in 1" "$dir/out" || fail "short: 1.Nb6 Qa2# not named"
grep -q "^verdict: sound" "$dir/out" && fail "short: called sound: $(cat "$dir/out")"
"$dmsolve" solve "$dir/short.inp" --threads 1 --json >"$dir/out" 2>"$dir/err"
grep -q '"solutions":\["a8b6 g8a2","a8c7 g8a2"\],"short_solutions":\["a8b6 g8a2","a8c7 g8a2"\]' "$dir/out" ||
  fail "solve stoponshortsolutions: $(cat "$dir/out")"
"$dmsolve" verify "$dir/short.inp" --stop-on-short-solutions >"$dir/out" 2>"$dir/err"
code=$?
[ "$code" -eq 2 ] || fail "verify --stop-on-short-solutions: exit code $code, expected 2"

# Without short solutions and with none from its source, a helpmate is not judged: exit 3 as for
# an undecided problem, never "sound".
cat > "$dir/plain.inp" <<'POPEYE'
beginproblem
stipulation h#1
pieces white kf3 rg1 black kh2
endproblem
POPEYE
"$dmsolve" verify "$dir/plain.inp" --threads 1 >"$dir/out" 2>"$dir/err"
code=$?
[ "$code" -eq 3 ] || fail "a helpmate without source solutions: exit code $code, expected 3"
grep -Eq '^verdict: not judged: [0-9]+ solutions?$' "$dir/out" || fail "plain: $(cat "$dir/out")"
grep -q ": 0 sound, 0 not sound, 0 undecided, 1 not judged$" "$dir/out" || fail "plain summary: $(tail -1 "$dir/out")"

"$dmsolve" verify "$dir/none.epd" >"$dir/out" 2>"$dir/err"
code=$?
[ "$code" -eq 2 ] || fail "a missing file: exit code $code, expected 2"
# A directory or an empty file: one line naming it, exit 2 (issue 55).
: > "$dir/empty.epd"
for bad in "$dir" "$dir/empty.epd"; do
  "$dmsolve" verify "$bad" >"$dir/out" 2>"$dir/err"
  code=$?
  [ "$code" -eq 2 ] || fail "$bad: exit code $code, expected 2"
  [ "$(wc -l < "$dir/err")" -eq 1 ] && grep -q "^dmsolve verify: $bad: " "$dir/err" || fail "$bad: $(cat "$dir/err")"
done
"$dmsolve" verify "$dir/good.epd" --format nosuch >"$dir/out" 2>"$dir/err"
code=$?
[ "$code" -eq 2 ] || fail "a bad --format: exit code $code, expected 2"
# A table beyond the largest allowed: a one-line error naming --hash, not a crash.
"$dmsolve" verify "$dir/good.epd" --hash 2000000 >"$dir/out" 2>"$dir/err"
code=$?
[ "$code" -eq 2 ] || fail "--hash 2000000: exit code $code, expected 2"
[ "$(wc -l < "$dir/err")" -eq 1 ] && grep -q -- "--hash" "$dir/err" || fail "--hash 2000000: $(cat "$dir/err")"

[ "$failures" -eq 0 ] && echo "verify_command: all checks passed"
exit $((failures > 0))
