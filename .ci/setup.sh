#!/usr/bin/env bash
# Installs the Debian packages dmsolve needs (only those missing), then configures and builds
# the given CMake presets. Sourced by main.sh, test.sh and fuzz.sh; works on a fresh Debian 12 machine.
set -euo pipefail

# What building and running dmsolve needs (Open MPI: explore over several processes or machines),
# and what only the tests and benches need (Catch2, the sanitizers' clang, the formatter and
# linter, Python for the independent judges, Stockfish and Fairy-Stockfish as peers and oracles,
# Chromium for the HTML pages' screenshots, with its driver and Selenium for the tests of the page of
# serve). DMSOLVE_PACKAGES=run installs the first alone.
run_packages=(build-essential cmake ninja-build libboost-program-options-dev libtbb-dev nlohmann-json3-dev
              libzstd-dev libsqlite3-dev libopenmpi-dev openmpi-bin)
test_packages=(catch2 python3 clang libclang-rt-14-dev clang-format clang-tidy stockfish fairy-stockfish chromium
               chromium-driver python3-selenium)
packages=("${run_packages[@]}")
[ "${DMSOLVE_PACKAGES:-all}" = run ] || packages+=("${test_packages[@]}")
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}"
fi

# A build from nothing compiles the files of a target in batches of eight (CMake's unity build):
# the large headers (the standard library, Boost, nlohmann, Catch2) are read and their templates
# compiled once a batch rather than once a file. A developer's own builds with the presets alone
# are the usual one file at a time, which rebuilds less after an edit.
for preset in "$@"; do
  cmake --preset "$preset" -DCMAKE_UNITY_BUILD=ON >/dev/null
  cmake --build --preset "$preset"
done
