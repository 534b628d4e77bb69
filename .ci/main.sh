#!/usr/bin/env bash
# README command 1: installs what is missing, builds in Release and runs the main job on the
# bundled default set: perft from the initial array of every variant, then `dmsolve verify` on
# puzzles/showcase.epd (every problem solved, its tree printed and judged against its source;
# the collection page goes to build/report/index.html). Exits non-zero if a problem is unsound.
set -euo pipefail
cd "$(dirname "$0")/.."
DMSOLVE_PACKAGES=run source .ci/setup.sh release
for variant in chess marseillais marseillais-classical doublemove bennekom antichess losing-marseillais mainzer; do
  ./build/dmsolve perft --variant "$variant" --depth 4
  echo
done
./build/dmsolve verify puzzles/showcase.epd --report build/report
echo "report: build/report/index.html"
