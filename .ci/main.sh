#!/usr/bin/env bash
# README command 1: installs what is missing, builds in Release and runs the main job on the
# bundled default set: perft from the initial array of every variant, then `dmsolve verify` on
# puzzles/showcase.epd (every problem solved, its tree printed and judged against its source;
# the collection page goes to build/report/index.html). Exits non-zero if a problem is unsound.
# Then the bundled example of the page: 20 seconds of `explore` on Losing Marseillais from the
# start (build/example-book.sqlite, kept for the next run) and, on a terminal, `dmsolve serve`
# on it, opened on the seed's stalemate trap; Ctrl-C ends it. DMSOLVE_SERVE=0 leaves it out.
set -euo pipefail
cd "$(dirname "$0")/.."
DMSOLVE_PACKAGES=run source .ci/setup.sh release
for variant in chess marseillais marseillais-classical doublemove bennekom antichess losing-marseillais mainzer; do
  ./build/dmsolve perft --variant "$variant" --depth 4
  echo
done
./build/dmsolve verify puzzles/showcase.epd --report build/report
echo "report: build/report/index.html"

[ "${DMSOLVE_SERVE:-1}" != 0 ] || exit 0
book=build/example-book.sqlite
if [ ! -e "$book" ]; then
  echo
  ./build/dmsolve explore --variant losing-marseillais --store "$book" --time 20
fi
page='http://127.0.0.1:8080/?variant=marseillais&fen=6k1/2Q5/4K3/8/8/8/8/8+w+-+-&stip=%3D1&solve=1'
if [ -t 0 ] && [ -t 1 ]; then
  echo
  echo "the page: $page"
  if command -v xdg-open >/dev/null && [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
    (sleep 1 && xdg-open "$page" >/dev/null 2>&1) &
  fi
  ./build/dmsolve serve --listen 127.0.0.1:8080 --store "$book" || [ $? -eq 130 ]
else
  echo "the page: ./build/dmsolve serve --store $book, then open $page"
fi
