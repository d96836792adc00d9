#!/usr/bin/env bash
# `check --mpi --max-memory` (issue 29): every rank stops once one passes the
# bound, between levels, and rank 0 reports the run cut short by it.
# Usage: mpi_memory.sh BATTLECHECK RANKS
set -uo pipefail
bin=$1
ranks=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1  # CI runs as root
mpirun --quiet --oversubscribe -np "$ranks" "$bin" check --mpi --no-liveness --max-memory 40 --json \
  --out "$dir/cx" >"$dir/out.json" 2>"$dir/err.txt"
rc=$?
python3 - "$dir/out.json" "$rc" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
s = doc["stats"]
ok = s["bound_hit"] == "max_memory" and not s["complete"] and 1000 < s["states"] < 3851167 and sys.argv[2] in ("0", "1")
print(f"states {s['states']}, bound_hit {s['bound_hit']}, complete {s['complete']}, exit {sys.argv[2]}")
sys.exit(0 if ok else 1)
PY
