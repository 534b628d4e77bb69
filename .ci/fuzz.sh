#!/usr/bin/env bash
# CI fuzzing (tests/fuzz): installs what is missing, builds the fuzz preset (clang, libFuzzer,
# address + undefined-behaviour sanitizers), makes the seed corpora and runs every fuzz target
# for SECONDS each (default 60), as many side by side as there are cores (or FUZZ_JOBS). Prints
# per target the executions, the final coverage and whether it crashed; exits 1 when one did,
# with the path of the input that crashed it (copy it to tests/fuzz/regressions/TARGET/ once
# fixed: every build then replays it). The corpora in build-fuzz/corpus/ keep what earlier runs
# found.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
source .ci/setup.sh fuzz

# Proof files of small problems join the proof seeds where a release build is at hand.
corpus_options=()
[ -x build/dmsolve ] && corpus_options=(--dmsolve build/dmsolve)
python3 tests/fuzz/make_corpus.py build-fuzz/corpus "${corpus_options[@]}"

targets=(fuzz_fen fuzz_turn_text fuzz_epd_line fuzz_puzzle_file fuzz_popeye_file fuzz_proof_file fuzz_table_file)
jobs=${FUZZ_JOBS:-$(nproc)}
fuzz_one() {  # runs one target; its exit status goes to build-fuzz/TARGET.status
  local target=$1 status=0
  mkdir -p "build-fuzz/crashes/$target"
  "./build-fuzz/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="build-fuzz/crashes/$target/" "build-fuzz/corpus/$target" >"build-fuzz/$target.log" 2>&1 || status=$?
  echo "$status" >"build-fuzz/$target.status"
}
# The targets run side by side, as many at a time as there are cores.
for target in "${targets[@]}"; do
  while (($(jobs -rp | wc -l) >= jobs)); do wait -n; done
  fuzz_one "$target" &
done
wait

failed=()
for target in "${targets[@]}"; do
  log=build-fuzz/$target.log
  status=$(cat "build-fuzz/$target.status")
  executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  coverage=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -1 || true)  # none when the target did not run
  if ((status == 0)); then
    echo "$target: ${executions:-?} executions in ${seconds} s, ${coverage:-no coverage line}, no crash"
  else
    failed+=("$target")
    echo "$target: CRASHED (exit $status) after ${executions:-?} executions, ${coverage:-no coverage line}; log $log"
    grep -E '^(SUMMARY|fuzz invariant violated)|runtime error|Test unit written to' "$log" || tail -20 "$log"
  fi
done
if ((${#failed[@]})); then
  echo "fuzzing found crashes in: ${failed[*]}"
  exit 1
fi
