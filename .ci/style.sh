#!/usr/bin/env bash
# CI style check. First the layers, over the whole tree (the include rules below, as data). Then
# the C++ files (.h, .cpp) the last commit changed: the lines it changed must be
# as clang-format writes them (.clang-format), and clang-tidy (.clang-tidy) must find nothing on
# the changed lines of each .cpp (read with a compilation database CMake writes in build-tidy/).
# Installs what is missing (.ci/setup.sh). Prints one line per file and check, the
# findings under it, and a summary; exits 1 on any finding. Nothing to check (no such file
# changed, or no parent commit, as in a shallow clone) takes no time. To reformat a commit's
# lines: git diff -M -U0 HEAD~1 | clang-format-diff -p1 -i.
set -euo pipefail
cd "$(dirname "$0")/.."

# Layer rules: "FOLDER HEADERS" means no file in FOLDER includes a header under HEADERS. The
# search's folders are its inside: the layers above use the headers of solver/search/ itself.
layer_rules=(
  "rules/ solver/"
  "solver/tablebase/ solver/search/"
  "solver/problem/ solver/search/"
  "solver/oracle/ solver/search/"
  "solver/tree/ solver/search/core/" "solver/tree/ solver/search/direct/" "solver/tree/ solver/search/help/"
  "solver/tree/ solver/search/resources/"
  "solver/explore/ solver/search/core/" "solver/explore/ solver/search/direct/"
  "solver/explore/ solver/search/help/" "solver/explore/ solver/search/resources/"
  "solver/proof/ solver/search/core/" "solver/proof/ solver/search/help/"
  "solver/report/ solver/search/"
  "solver/puzzle/ solver/search/core/" "solver/puzzle/ solver/search/help/"
  "solver/app/ solver/search/core/" "solver/app/ solver/search/direct/" "solver/app/ solver/search/help/"
)
layer_breaks=0
for rule in "${layer_rules[@]}"; do
  read -r folder headers <<<"$rule"
  [ -d "$folder" ] || continue
  found=$(grep -rn --include='*.h' --include='*.cpp' "^#include \"$headers" "$folder" || true)
  if [ -n "$found" ]; then
    layer_breaks=$((layer_breaks + 1))
    echo "layers: $folder includes $headers"
    sed 's/^/    /' <<<"$found"
  fi
done
if ((layer_breaks)); then
  echo "style: $layer_breaks layer rule(s) broken"
  exit 1
fi
echo "layers: ${#layer_rules[@]} include rules hold"

files=()
if ! git rev-parse --verify --quiet HEAD~1 >/dev/null; then
  echo "style: HEAD has no parent commit here (first commit, or a shallow clone): nothing to check"
  exit 0
fi
while IFS= read -r -d '' f; do
  if [ -f "$f" ]; then files+=("$f"); fi  # a deleted file has nothing to check
done < <(git diff -z -M --name-only --diff-filter=d HEAD~1 HEAD -- '*.h' '*.cpp')
if ((${#files[@]} == 0)); then
  echo "style: no C++ file changed by the last commit"
  exit 0
fi

source .ci/setup.sh  # the packages only (clang-format, clang-tidy among them): no preset named

failed=()
indent() { sed 's/^/    /'; }

# Only the lines the commit changed are held to the format: files written before .clang-format
# came are reformatted when they are next edited, not all at once. Renames are followed (-M), so
# that a moved file is held to its changed lines only.
# (The diff is taken whole: a path filter would hide a moved file's old path, and with it the move.)
changes=$(git diff -M -U0 --no-color HEAD~1 HEAD -- '*.h' '*.cpp')
as_regex() { printf '%s' "$1" | sed 's/[][\\.^$*+?(){}|]/\\&/g'; }
for f in "${files[@]}"; do
  out=$(clang-format-diff -p1 -regex "$(as_regex "$f")" <<<"$changes" 2>&1 || true)
  if ! grep -q '^@@' <<<"$out"; then
    echo "format $f: ok"
  else
    failed+=("format $f")
    echo "format $f: $(grep -c '^@@' <<<"$out") changed place(s) to reformat (git diff -M -U0 HEAD~1 -- $f | clang-format-diff -p1 -i)"
    head -30 <<<"$out" | indent
  fi
done

# clang-tidy reads each changed .cpp whole, but reports only on the lines the commit changed
# (clang-tidy-diff's line filter), for the same reason.
# The compilation database: CMake configured (not built) with one entry a file, in build-tidy/
# (the builds' own databases name their unity batches, not the files).
tidy_files=()
if ! cmake -S . -B build-tidy -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null; then
  echo "tidy: skipped, cmake could not configure build-tidy/"
else
  database=build-tidy/compile_commands.json
  root=$(pwd -P)  # the database names files by absolute path
  for f in "${files[@]}"; do
    [[ $f == *.cpp ]] || continue
    if grep -qF "\"$root/$f\"" "$database"; then
      tidy_files+=("$f")
    else
      echo "tidy $f: skipped, not in $database"
    fi
  done
fi
if ((${#tidy_files[@]})); then
  tidy_regex=$(for f in "${tidy_files[@]}"; do as_regex "$f"; echo; done | paste -sd '|')
  out=$(clang-tidy-diff <<<"$changes" -regex "($tidy_regex)" -p1 -path build-tidy -quiet -j "$(nproc)" 2>&1 || true)
  for f in "${tidy_files[@]}"; do
    findings=$(grep -E "^$root/$f:[0-9]+:[0-9]+: (warning|error): " <<<"$out" || true)
    if [ -z "$findings" ]; then
      echo "tidy $f: ok"
    else
      failed+=("tidy $f")
      echo "tidy $f: $(wc -l <<<"$findings") finding(s) on changed lines"
      indent <<<"$findings"
    fi
  done
fi

echo "style: ${#files[@]} changed C++ file(s) format-checked, ${#tidy_files[@]} tidied; ${#failed[@]} check(s) failed"
if ((${#failed[@]})); then
  echo "style findings in: ${failed[*]}"
  exit 1
fi
