#!/usr/bin/env bash
# MPI ranks x threads against the same number of threads in one process
# (issue 29's target: within 20%). Rounds are interleaved (each round runs
# every configuration once) and each figure is the median of the rounds, in
# exploration seconds from --json. Not part of CI.
#
# Usage: bench/mpi_vs_threads.sh BATTLECHECK ROUNDS CONFIGS [check options...]
#   CONFIGS: comma-separated RxT, e.g. 1x1,1x2,2x1
#   BEFORE=OTHER_BATTLECHECK in the environment also runs that binary's MPI
#   search in each round (a before/after comparison in the same batch).
# Example (bench/README.md):
#   bench/mpi_vs_threads.sh build/battlecheck 5 1x1,1x2,2x1 --no-liveness
set -euo pipefail
bin=$1
rounds=$2
IFS=, read -r -a configs <<<"$3"
shift 3
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
seconds() { python3 -c "import json,sys; print(json.load(sys.stdin)['stats']['seconds'])"; }
declare -A plain mpi before
for _ in $(seq "$rounds"); do
  for c in "${configs[@]}"; do
    r=${c%x*} t=${c#*x}
    plain[$c]+=" $("$bin" check --json --threads $((r * t)) "$@" 2>/dev/null | seconds)"
    mpi[$c]+=" $(mpirun --quiet --oversubscribe --bind-to none -np "$r" "$bin" check --mpi --json --threads "$t" "$@" 2>/dev/null | seconds)"
    if [[ -n ${BEFORE:-} ]]; then
      before[$c]+=" $(mpirun --quiet --oversubscribe --bind-to none -np "$r" "$BEFORE" check --mpi --json --threads "$t" "$@" 2>/dev/null | seconds)"
    fi
  done
done
median() { tr ' ' '\n' <<<"$1" | grep . | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
ratio() { python3 -c "print(f'{$1 / $2:.2f}')"; }
if [[ -n ${BEFORE:-} ]]; then
  echo "| ranks x threads | one process, R*T threads | MPI before | before / one process | MPI | MPI / one process |"
  echo "|---|---|---|---|---|---|"
else
  echo "| ranks x threads | one process, R*T threads | MPI | MPI / one process |"
  echo "|---|---|---|---|"
fi
for c in "${configs[@]}"; do
  p=$(median "${plain[$c]}") m=$(median "${mpi[$c]}")
  if [[ -n ${BEFORE:-} ]]; then
    b=$(median "${before[$c]}")
    echo "| $c | ${p} s | ${b} s | $(ratio "$b" "$p") | ${m} s | $(ratio "$m" "$p") |"
  else
    echo "| $c | ${p} s | ${m} s | $(ratio "$m" "$p") |"
  fi
done
