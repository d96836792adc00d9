#!/bin/sh
# Build the ygopro-core decoder fuzz target with Debian's clang
# (-fsanitize=fuzzer,address,undefined) and run it for a bounded time,
# seeded with the recordings in ../shared/engine-logs (both framings).
# Usage: fuzz/run_ygopro_decoder.sh [WORK_DIR] [SECONDS]
# Exit: 0 no crash, 1 a crash (libFuzzer leaves crash-* in WORK_DIR),
# 77 skipped (no clang++ with libFuzzer), so ctest reports a skip.
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-/tmp/bc-fuzz-ygopro}
seconds=${2:-20}
cxx=${CXX_FUZZ:-clang++}
command -v "$cxx" >/dev/null 2>&1 || { echo "fuzz: $cxx not found: skipped"; exit 77; }
mkdir -p "$work/corpus"
binary="$work/fuzz_ygopro_decoder"
if ! "$cxx" -std=c++20 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -I"$src" \
    "$src/fuzz/ygopro_decoder.cpp" "$src/importers/ygopro_messages.cpp" "$src/importers/ygopro_lengths.cpp" -o "$binary" 2>"$work/build.log"; then
  if grep -q "fuzzer" "$work/build.log"; then echo "fuzz: no libFuzzer runtime (libclang-rt-14-dev): skipped"; exit 77; fi
  cat "$work/build.log"; exit 1
fi
logs="$src/../shared/engine-logs"
if [ -d "$logs" ]; then
  for f in "$logs"/*.bin; do
    name=$(basename "$f" .bin)
    case "$name" in edo-*) prefix='\001' ;; *) prefix='\000' ;; esac
    { printf "$prefix"; cat "$f"; } > "$work/corpus/$name"
  done
fi
cd "$work"
exec "$binary" -max_total_time="$seconds" -max_len=4096 -timeout=5 -rss_limit_mb=1024 -print_final_stats=1 corpus
