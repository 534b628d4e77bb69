#!/usr/bin/env bash
# Builds Popeye (thomas-maeder/popeye, GPL-2), the reference solver that the Popeye benches and
# comparisons run beside dmsolve, from a fetched source tree:
#   git clone https://github.com/thomas-maeder/popeye /tmp/popeye-src   # (we used 122c7d0fe)
#   tests/bench/build_popeye.sh /tmp/popeye-src [BUILD_DIR]            # default /tmp/popeye-build
# The tree is copied to BUILD_DIR and built there with its own makefile (`make -f makefile.unx`,
# gcc, about two minutes on two cores), so the source stays clean. The last line printed is
# the binary's path: the benches find Popeye through the environment variable POPEYE, e.g.
#   export POPEYE=/tmp/popeye-build/py
set -euo pipefail
if [ $# -lt 1 ] || [ ! -f "$1/makefile.unx" ]; then
  echo "usage: $0 POPEYE_SOURCE_TREE [BUILD_DIR]   (the tree of https://github.com/thomas-maeder/popeye)" >&2
  exit 2
fi
src=$(cd "$1" && pwd)
build=${2:-/tmp/popeye-build}
if [ "$src" != "$(mkdir -p "$build" && cd "$build" && pwd)" ]; then
  rm -rf "$build"
  cp -r "$src" "$build"
fi
make -C "$build" -f makefile.unx -j"$(nproc)" >"$build/build.log" 2>&1 || {
  tail -20 "$build/build.log" >&2
  echo "$0: the build failed; the whole log is $build/build.log" >&2
  exit 1
}
echo "$build/py"
