#!/usr/bin/env bash
# The layer check can fail: a copy of ci/layers and its table on a small tree
# with (1) nothing wrong, (2) an include that points up, (3) a folder the
# table does not list, (4) a cycle in the table, (5) a file over the size
# limit. Each bad case must exit 1 and name the file and line.
set -euo pipefail
src="$(cd "$(dirname "$0")/../.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "${tmp}"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

make_tree() {
  rm -rf "${tmp}/t" && mkdir -p "${tmp}/t/ci" "${tmp}/t/model/core" "${tmp}/t/checker/search"
  cp "${src}/ci/layers" "${tmp}/t/ci/"
  printf 'model/core:\nchecker/search: model/core\n' >"${tmp}/t/ci/layers.txt"
  printf '#include "model/core/a.hpp"\n' >"${tmp}/t/checker/search/b.cpp"
  printf '#pragma once\n' >"${tmp}/t/model/core/a.hpp"
}
expect() {  # expect CODE PATTERN
  local out code=0
  out="$(python3 "${tmp}/t/ci/layers" "${tmp}/t")" || code=$?
  [ "${code}" = "$1" ] || fail "exit ${code}, expected $1: ${out}"
  grep -q -- "$2" <<<"${out}" || fail "no '$2' in: ${out}"
}

make_tree
expect 0 "0 problems"
printf '#include "checker/search/b.hpp"\n' >>"${tmp}/t/model/core/a.hpp"
expect 1 "model/core/a.hpp:2: model/core may not include checker/search/b.hpp"

make_tree
mkdir -p "${tmp}/t/model/stray" && printf '\n' >"${tmp}/t/model/stray/c.cpp"
expect 1 "folder model/stray is not in ci/layers.txt"

make_tree
printf 'model/core: checker/search\n' >>"${tmp}/t/ci/layers.txt"
expect 1 "cycle through"

make_tree
seq 1 500 | sed 's|^|// |' >>"${tmp}/t/checker/search/b.cpp"
expect 1 "checker/search/b.cpp: 501 lines"
echo "layout check: 5 cases behave"
