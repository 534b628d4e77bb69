#!/usr/bin/env bash
# README command 2: installs what is missing, builds (Release; with address + undefined
# sanitizers; the fuzz targets), checks the style of the last commit's lines (.ci/style.sh), runs
# every default test in both builds (the sanitizer build leaves out those labelled heavy and runs
# a sample of the random cross-checks: README), then fuzzes each input door for 20 seconds
# (.ci/fuzz.sh; a minute by default). Slow tests:
# ctest --preset slow. A test that hangs fails at its preset's timeout (CMakePresets.json: 600 s)
# rather than eating CI's time.
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/setup.sh release asan fuzz
bash .ci/style.sh
ctest --preset release
ctest --preset asan
bash .ci/fuzz.sh 20
