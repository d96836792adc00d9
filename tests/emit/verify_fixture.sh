#!/usr/bin/env bash
# The verify-trace fixture of check --emit-tests (issue 29): verify-trace on
# the emitted trace exits as <stem>.expected.json says, and names the
# property and the line it gives.
# Usage: verify_fixture.sh BATTLECHECK DIR STEM
set -uo pipefail
bin=$1 dir=$2 stem=$3
read -r code property line < <(python3 -c '
import json, sys
e = json.load(open(sys.argv[1]))
print(e["exit_code"], e["property"], e["line"])' "$dir/$stem.expected.json") || exit 1
out=$("$bin" verify-trace "$dir/$stem.trace.jsonl" 2>&1)
rc=$?
echo "$out"
[ "$rc" -eq "$code" ] || { echo "verify-trace exited $rc, expected $code" >&2; exit 1; }
grep -q "$property" <<<"$out" || { echo "verify-trace did not name $property" >&2; exit 1; }
grep -q ":$line\b\|line $line\b" <<<"$out" || { echo "verify-trace did not name line $line" >&2; exit 1; }
exit 0
