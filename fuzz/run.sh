#!/usr/bin/env bash
# Build the libFuzzer targets with Debian's clang (clang++-14, -fsanitize=fuzzer,address)
# and run each for a bounded time on its seed corpus. Usage: fuzz/run.sh [SECONDS] [BUILD_DIR]
set -euo pipefail
src="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${1:-20}"
out="${2:-${src}/build-fuzz}"
cxx="$(command -v clang++-14 || command -v clang++)"
mkdir -p "${out}"
flags=(-std=c++20 -O1 -g -fsanitize=fuzzer,address -I"${src}")
# The effect presets (model/presets.hpp) are data embedded at build time, as in the CMake build.
cmake -DOUT="${out}/embedded_presets.cpp" -DCARDS="${src}/model/effects/presets.toml" -DFUNC=effect_presets \
      -P "${src}/model/embed_cards.cmake"
model_effects="model/types.cpp model/effect.cpp model/effect_text.cpp model/presets.cpp model/toml_input.cpp"
# target name -> sources (the target file plus the library sources it needs).
declare -A targets=(
  [trace_reader]="fuzz/fuzz_trace_reader.cpp counterexamples/trace_stream.cpp counterexamples/trace_fast_parse.cpp
                  counterexamples/trace_json.cpp counterexamples/trace_records.cpp ${model_effects}"
)
# Other targets (e.g. the ygopro decoder) add a line above and a corpus in fuzz/corpus/<name>/.
for name in "${!targets[@]}"; do
  files=()
  for f in ${targets[$name]}; do files+=("${src}/${f}"); done
  files+=("${out}/embedded_presets.cpp")
  "${cxx}" "${flags[@]}" "${files[@]}" -o "${out}/fuzz_${name}"
  work="${out}/corpus_${name}"
  mkdir -p "${work}"
  "${out}/fuzz_${name}" -max_total_time="${seconds}" -max_len=4096 -timeout=10 -rss_limit_mb=1024 \
      -print_final_stats=1 "${work}" "${src}/fuzz/corpus/${name}" 2>&1 | tail -n 15
done
