#!/usr/bin/env bash
# Installs the Debian packages dmsolve needs (only those missing), then configures and builds
# the given CMake presets. Sourced by main.sh, test.sh and fuzz.sh; works on a fresh Debian 12 machine.
set -euo pipefail

packages=(build-essential cmake ninja-build libboost-program-options-dev libtbb-dev catch2
          nlohmann-json3-dev libzstd-dev libsqlite3-dev libopenmpi-dev openmpi-bin stockfish
          fairy-stockfish python3 chromium clang libclang-rt-14-dev)
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

for preset in "$@"; do
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset"
done
