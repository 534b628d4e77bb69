#!/usr/bin/env bash
# CI style check of the C++ files (.h, .cpp) the last commit changed: the lines it changed must be
# as clang-format writes them (.clang-format), and clang-tidy (.clang-tidy) must find nothing on
# the changed lines of each .cpp (read with a compilation database CMake writes in build-tidy/).
# Installs what is missing (.ci/setup.sh). Prints one line per file and check, the
# findings under it, and a summary; exits 1 on any finding. Nothing to check (no such file
# changed, or no parent commit, as in a shallow clone) takes no time. To reformat a commit's
# lines: git clang-format HEAD~1.
set -euo pipefail
cd "$(dirname "$0")/.."

files=()
if ! git rev-parse --verify --quiet HEAD~1 >/dev/null; then
  echo "style: HEAD has no parent commit here (first commit, or a shallow clone): nothing to check"
  exit 0
fi
while IFS= read -r -d '' f; do
  if [ -f "$f" ]; then files+=("$f"); fi  # a deleted file has nothing to check
done < <(git diff -z --name-only HEAD~1 HEAD -- '*.h' '*.cpp')
if ((${#files[@]} == 0)); then
  echo "style: no C++ file changed by the last commit"
  exit 0
fi

source .ci/setup.sh  # the packages only (clang-format, clang-tidy among them): no preset named

failed=()
indent() { sed 's/^/    /'; }

# Only the lines the commit changed are held to the format: files written before .clang-format
# came are reformatted when they are next edited, not all at once.
for f in "${files[@]}"; do
  out=$(git clang-format --style=file --diff HEAD~1 -- "$f" 2>&1 || true)
  if ! grep -q '^@@' <<<"$out"; then
    echo "format $f: ok"
  else
    failed+=("format $f")
    echo "format $f: $(grep -c '^@@' <<<"$out") changed place(s) to reformat (git clang-format HEAD~1 -- $f)"
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
  out=$(git diff -U0 HEAD~1 HEAD -- "${tidy_files[@]}" |
        clang-tidy-diff -p1 -path build-tidy -quiet -j "$(nproc)" 2>&1 || true)
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
