#!/usr/bin/env bash
# `dmsolve check-proof` end to end (CTest test check_proof_command): exit code 0 when every proof
# is accepted, 1 when one is rejected (reported as FILE:LINE: why), 2 for bad options and for a
# file that is missing, damaged or no proof; --json gives one object per file; --quiet keeps
# accepted proofs silent. Usage: check_proof_command_test.sh path/to/dmsolve
set -uo pipefail
dmsolve=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# docs/proof-format.md's example: in losing chess Black's only move Rxb7 leaves White no piece.
cat > "$dir/good.proof" <<'PROOF'
dmsolve-proof 1
variant antichess
rule stalemate=win
position 8/1P6/8/8/8/8/8/1r6 b - -
winner white
1 end 8/1r6/8/8/8/8/8/8 w - -
2 all 8/1P6/8/8/8/8/8/1r6 b - - : b1b7 1
proven 2
PROOF
# The rook could also go to b2: a turn that is no legal turn (captures are compulsory).
sed 's/b1b7 1/b1b7 1 b1b2 1/' "$dir/good.proof" > "$dir/bad.proof"
echo "hello" > "$dir/not-a-proof.txt"
printf '\x28\xb5\x2f\xfd\x00\x01\x02' > "$dir/damaged.proof.zst"

"$dmsolve" check-proof "$dir/good.proof" >"$dir/out" 2>"$dir/err"
code=$?
[ "$code" -eq 0 ] || fail "an accepted proof: exit code $code, expected 0"
grep -qx "$dir/good.proof: proof accepted: 2 nodes, depth 1 turns, White wins (variant antichess (stalemate=win), FEN 8/1P6/8/8/8/8/8/1r6 b - -)" "$dir/out" ||
  fail "accepted: $(cat "$dir/out")"

"$dmsolve" check-proof "$dir/good.proof" "$dir/bad.proof" >"$dir/out" 2>"$dir/err"
code=$?
[ "$code" -eq 1 ] || fail "a rejected proof: exit code $code, expected 1"
grep -q "^$dir/bad.proof:7: turn b1b2 is not a legal turn of Black" "$dir/err" || fail "rejected: $(cat "$dir/err")"

for bad in "$dir/missing.proof" "$dir/not-a-proof.txt" "$dir/damaged.proof.zst"; do
  "$dmsolve" check-proof "$dir/good.proof" "$bad" "$dir/bad.proof" >"$dir/out" 2>"$dir/err"
  code=$?
  [ "$code" -eq 2 ] || fail "$bad: exit code $code, expected 2"
  grep -q "^$bad:" "$dir/err" || fail "$bad is not named: $(cat "$dir/err")"
  grep -q "^$dir/bad.proof:7: " "$dir/err" || fail "the files after $bad are not checked"
done

"$dmsolve" check-proof --nosuch "$dir/good.proof" >"$dir/out" 2>"$dir/err"
code=$?
[ "$code" -eq 2 ] || fail "a bad option: exit code $code, expected 2"
"$dmsolve" check-proof >"$dir/out" 2>"$dir/err"
code=$?
[ "$code" -eq 2 ] || fail "no file: exit code $code, expected 2"

"$dmsolve" check-proof "$dir/good.proof" "$dir/bad.proof" "$dir/missing.proof" --json >"$dir/out" 2>"$dir/err"
[ "$(wc -l < "$dir/out")" -eq 3 ] || fail "--json: $(cat "$dir/out")"
grep -q '"status":"accepted","nodes":2,"depth":1,"winner":"white","variant":"antichess"' "$dir/out" || fail "--json accepted: $(cat "$dir/out")"
grep -q '"status":"rejected".*"line":7,"flaw":"turn b1b2 is not a legal turn' "$dir/out" || fail "--json rejected: $(cat "$dir/out")"
grep -q '"status":"error".*"flaw":"No such file or directory"' "$dir/out" || fail "--json error: $(cat "$dir/out")"

"$dmsolve" check-proof "$dir/good.proof" --quiet >"$dir/out" 2>"$dir/err"
code=$?
[ "$code" -eq 0 ] && [ ! -s "$dir/out" ] || fail "--quiet: exit code $code, output $(cat "$dir/out")"

[ "$failures" -eq 0 ] && echo "check_proof_command: all checks passed"
exit $((failures > 0))
