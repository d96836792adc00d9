#!/usr/bin/env bash
# Run `battlecheck check` once as one process and once under mpirun with N
# ranks (--mpi), and require the same exit code, counts, verdicts, graph
# figures and byte-identical counterexample files (issue 14). With
# `--threads T` among the options, both runs use T threads (each rank T).
# Usage: mpi_compare.sh BATTLECHECK RANKS [check options...]
set -uo pipefail
bin=$1
ranks=$2
shift 2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1  # CI runs as root
export OMPI_MCA_rmaps_base_oversubscribe=1

"$bin" check --json --out "$dir/one" "$@" >"$dir/one.json" 2>"$dir/one.err"
rc_one=$?
mpirun --quiet --oversubscribe --bind-to none -np "$ranks" "$bin" check --mpi --json --out "$dir/mpi" "$@" >"$dir/mpi.json" 2>"$dir/mpi.err"
rc_mpi=$?
if [ "$rc_one" -ne "$rc_mpi" ]; then
  echo "exit codes differ: one process $rc_one, $ranks ranks $rc_mpi" >&2
  cat "$dir/mpi.err" >&2
  exit 1
fi
if grep -q "aborted\|non-zero" "$dir/mpi.err"; then
  echo "mpirun reported an abort for a run that ended with exit $rc_mpi:" >&2
  cat "$dir/mpi.err" >&2
  exit 1
fi
python3 - "$dir" "$ranks" "$@" <<'PY' || exit 1
import json, sys
d, ranks = sys.argv[1], int(sys.argv[2])
args = sys.argv[3:]
threads = int(args[args.index("--threads") + 1]) if "--threads" in args else 0
one = json.load(open(f"{d}/one.json"))
mpi = json.load(open(f"{d}/mpi.json"))
bad = []
for k in ["states", "transitions", "depth", "complete", "bound_hit"]:
    if one["stats"][k] != mpi["stats"][k]:
        bad.append(f"stats.{k}: {one['stats'][k]} vs {mpi['stats'][k]}")
if one["symmetry"] != mpi["symmetry"]:  # what is permuted and what is left out, and why
    bad.append(f"symmetry: {one['symmetry']!r} vs {mpi['symmetry']!r}")
if mpi["stats"]["ranks"] != ranks:
    bad.append(f"ranks reported {mpi['stats']['ranks']}, expected {ranks}")
if mpi["stats"]["threads"] % ranks != 0 or (threads and mpi["stats"]["threads"] != ranks * threads):
    bad.append(f"threads reported {mpi['stats']['threads']} on {ranks} ranks (--threads {threads})")
if one["graph"] != mpi["graph"]:
    bad.append(f"graph: {one['graph']} vs {mpi['graph']}")
def row(p):
    r = {k: v for k, v in p.items() if k != "counterexample"}
    if "counterexample" in p:
        r["length"] = p["counterexample"]["length"]
    return r
for a, b in zip(one["properties"], mpi["properties"]):
    if row(a) != row(b):
        bad.append(f"{a['id']}: {row(a)} vs {row(b)}")
if len(one["properties"]) != len(mpi["properties"]):
    bad.append("property lists differ in length")
for b in bad:
    print("mpi_compare:", b, file=sys.stderr)
print(f"states {one['stats']['states']}, transitions {one['stats']['transitions']}, "
      f"{sum(1 for p in one['properties'] if 'counterexample' in p)} counterexamples: same on {ranks} ranks")
sys.exit(1 if bad else 0)
PY
if [ -d "$dir/one" ] || [ -d "$dir/mpi" ]; then
  diff -r "$dir/one" "$dir/mpi" >&2 || { echo "counterexample files differ" >&2; exit 1; }
fi
exit 0
