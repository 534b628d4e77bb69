#!/usr/bin/env bash
# Packs, in .dev/ (ignored by git), what the solver benchmark needs on a machine that has none of
# our libraries (the 16-core device machine): the Release binary, the shared libraries it links
# that are not part of the C and C++ runtime (oneTBB, Boost.Program_options), and the published
# orthodox sets. About 5 MiB, to carry along with the working tree. There:
#   export LD_LIBRARY_PATH=$PWD/.dev/lib
#   python3 tests/bench/solve_bench.py --dmsolve .dev/dmsolve --data .dev/data --hash 128 \
#       --sets matetrack --time 30 --threads 1,2,16
set -euo pipefail
cd "$(dirname "$0")/../.."
cmake --preset release >/dev/null
cmake --build --preset release --target dmsolve
rm -rf .dev
mkdir -p .dev/lib
cp build/dmsolve .dev/
ldd build/dmsolve | awk '/libtbb|libboost_program_options/ {print $3}' | xargs -I{} cp -L {} .dev/lib/
cp -r ../shared/testdata/orthodox .dev/data
echo "packed .dev/: $(du -sh .dev | cut -f1) ($(ls .dev/lib | tr '\n' ' '))"
