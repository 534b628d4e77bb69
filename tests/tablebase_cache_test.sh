#!/usr/bin/env bash
# Endgame tables kept between runs (CTest test tablebase_cache; app/cache_folder.h,
# tablebase/table_file.h): by default in $XDG_CACHE_HOME/dmsolve/tablebases, made once and read
# by later runs, a damaged file made again, `--tablebase-dir none` keeping nothing, two runs
# making the same tables at once leaving whole files, and the making not counted against --time.
# Usage: tablebase_cache_test.sh path/to/dmsolve
set -uo pipefail
dmsolve=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# Losing chess, White to move: 1.Nc2 forces 1...Kxc2 (captures are compulsory), and White, with
# no man left, has won; 1.Nb3 forces nothing. The root has three men, so the search asks the
# tables for their material (NvKR, which rests on NvK and NvR) before it plays a move: with
# a time limit of a quarter of a whole run's time (which is mostly their making, and longer in a
# sanitizer build or on a loaded machine) it is solved only if their making is not counted.
fen="7r/8/8/8/8/8/8/N2k4 w - -"
solve() { "$dmsolve" solve --variant antichess --fen "$fen" --stip win1 --tablebase-men 3 --no-tries --threads 2 "$@"; }
tables() { find "$1" -name '*.tb.zst' 2>/dev/null | sort; }
key='1\.Nc2!'

start=$(date +%s.%N)
solve --tablebase-dir none >/dev/null 2>&1 || fail "run keeping no table: exit $?"
limit=$(echo "$start $(date +%s.%N)" | awk '{ t = ($2 - $1) / 4; printf "%.3f", t < 0.02 ? 0.02 : t }')

export XDG_CACHE_HOME="$dir/cache"
solve --time "$limit" >"$dir/out" 2>"$dir/err" || fail "first run: exit $? $(cat "$dir/err")"
grep -q '^status solved' "$dir/out" || fail "first run at --time $limit not solved: $(cat "$dir/out")"
grep -q "$key" "$dir/out" || fail "first run: key 1.Nc2 expected: $(cat "$dir/out")"
kept=$(tables "$XDG_CACHE_HOME/dmsolve/tablebases")
[ -n "$kept" ] || fail "no table kept under \$XDG_CACHE_HOME/dmsolve/tablebases"
echo "$kept" | grep -q '/antichess_stalemate=win/' || fail "tables not in the variant's folder: $kept"
[ -z "$(find "$dir/cache" -name '*.part')" ] || fail "a .part file left behind"

# A later run reads them: the files are not written again.
touch -d '2000-01-01' $kept
solve >"$dir/out2" 2>&1 || fail "second run: exit $?"
grep -q "$key" "$dir/out2" || fail "second run: key 1.Nc2 expected"
[ -z "$(find "$dir/cache" -name '*.tb.zst' -newer "$dir/out")" ] || fail "a kept table was made again"

# A damaged table is not trusted: it is made again, the answer unchanged.
victim=$(echo "$kept" | grep '/NvKR\.tb\.zst$')
[ -n "$victim" ] || fail "the root's table NvKR was not kept: $kept"
printf 'garbage' | dd of="$victim" bs=1 seek=200 conv=notrunc 2>/dev/null
touch -d '2000-01-01' "$victim"
solve >"$dir/out3" 2>&1 || fail "run with a damaged table: exit $?"
grep -q "$key" "$dir/out3" || fail "run with a damaged table: key 1.Nc2 expected"
[ "$victim" -nt "$dir/out2" ] || fail "the damaged table was not made again"

# --tablebase-dir DIR overrides the cache; none keeps nothing.
solve --tablebase-dir "$dir/own" >/dev/null 2>&1 || fail "--tablebase-dir DIR: exit $?"
[ -n "$(tables "$dir/own")" ] || fail "--tablebase-dir DIR kept nothing there"
export XDG_CACHE_HOME="$dir/cache-none"
solve --tablebase-dir none >"$dir/out4" 2>&1 || fail "--tablebase-dir none: exit $?"
grep -q "$key" "$dir/out4" || fail "--tablebase-dir none: key 1.Nc2 expected"
[ ! -e "$dir/cache-none" ] || fail "--tablebase-dir none wrote $(find "$dir/cache-none")"

# Two runs making the same tables at once into one fresh cache: both right, every file whole.
export XDG_CACHE_HOME="$dir/shared"
solve >"$dir/a" 2>&1 & first=$!
solve >"$dir/b" 2>&1 & second=$!
wait $first || fail "concurrent run a: exit $?"
wait $second || fail "concurrent run b: exit $?"
grep -q "$key" "$dir/a" && grep -q "$key" "$dir/b" || fail "concurrent runs: key 1.Nc2 expected"
[ -z "$(find "$dir/shared" -name '*.part')" ] || fail "concurrent runs left a .part file"
touch "$dir/both-done"
[ "$(tables "$dir/shared" | sed "s|$dir/shared||")" = "$(echo "$kept" | sed "s|$dir/cache||")" ] ||
  fail "concurrent runs kept other tables than a single run"
XDG_CACHE_HOME="$dir/shared" solve --tablebase-dir "$dir/shared/dmsolve/tablebases" >/dev/null 2>&1
[ -z "$(find "$dir/shared" -name '*.tb.zst' -newer "$dir/both-done")" ] || fail "a table written at once was not whole (made again)"

# Losing Marseillais keeps its tables apart, by variant and rule options; an antichess table
# put in their place is foreign and made again, never read. The root (three men, RvKN) is
# decided by the tables, and the proof written through their positions to the game's end is
# accepted by check-proof, which reads no table.
export XDG_CACHE_HOME="$dir/lm"
lm_fen="8/8/8/3k4/8/8/8/R5n1 w - -"
lm() { "$dmsolve" solve --variant losing-marseillais --fen "$lm_fen" --stip win --tablebase-men 3 --threads 2 "$@"; }
lm --proof "$dir/lm.proof" >"$dir/lm1" 2>&1 || fail "Losing Marseillais: exit $? $(cat "$dir/lm1")"
grep -q '^status solved' "$dir/lm1" || fail "Losing Marseillais: not solved: $(cat "$dir/lm1")"
lm_folder="$XDG_CACHE_HOME/dmsolve/tablebases/losing-marseillais_ep=any_no-second-move=stalemate_stalemate=win"
[ -f "$lm_folder/RvKN.tb.zst" ] || fail "Losing Marseillais table RvKN not kept in its folder: $(tables "$XDG_CACHE_HOME")"
"$dmsolve" check-proof "$dir/lm.proof" >"$dir/lm-check" 2>&1 || fail "Losing Marseillais proof rejected: $(cat "$dir/lm-check")"
antichess_table=$(echo "$kept" | grep '/NvKR\.tb\.zst$')
cp "$antichess_table" "$lm_folder/RvKN.tb.zst"
touch -d '2000-01-01' "$lm_folder/RvKN.tb.zst"
lm >"$dir/lm2" 2>&1 || fail "Losing Marseillais with a foreign table: exit $?"
[ "$(grep -v '^time\|seconds\|nodes' "$dir/lm1")" = "$(grep -v '^time\|seconds\|nodes' "$dir/lm2")" ] ||
  fail "Losing Marseillais with a foreign table: another answer: $(cat "$dir/lm2")"
[ "$lm_folder/RvKN.tb.zst" -nt "$dir/lm1" ] || fail "the foreign table was not made again"
lm --rule no-second-move=pass --rule stalemate=draw >/dev/null 2>&1 || fail "Losing Marseillais, other options: exit $?"
[ -f "$XDG_CACHE_HOME/dmsolve/tablebases/losing-marseillais_ep=any_no-second-move=pass_stalemate=draw/RvKN.tb.zst" ] ||
  fail "Losing Marseillais tables of other options not kept apart: $(tables "$XDG_CACHE_HOME")"

[ "$failures" -eq 0 ] && echo "tablebase cache: all checks passed"
exit $((failures > 0))
