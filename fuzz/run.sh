#!/usr/bin/env bash
## Build the libFuzzer targets (clang++-14, AddressSanitizer + UndefinedBehaviorSanitizer, every report
## fatal) and run each for a bounded time on its seed corpus; see fuzz/README.md.
## Usage: fuzz/run.sh [SECONDS] [BUILD_DIR] [TARGET...]   (default 20 s, ./build-fuzz, every target)
## Exit: 0 nothing found, 1 a crash, leak, timeout or sanitizer report (inputs kept in BUILD_DIR),
## 2 a build failure or bad usage, 77 no clang++ or no libFuzzer runtime (ctest reports a skip).
set -uo pipefail
src="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${1:-20}"
out="${2:-${src}/build-fuzz}"
shift $(($# < 2 ? $# : 2))
mkdir -p "${out}/obj" "${out}/gen" && out="$(cd "${out}" && pwd)"

## The library sources each target needs, compiled once into BUILD_DIR/obj and shared by the targets.
json_input=""  # the bounded JSON reader, once it exists (trace/input/json_input.hpp)
[[ -f "${src}/trace/input/json_input.cpp" ]] && json_input="trace/input/json_input.cpp"
model_effects="model/vocabulary/types.cpp model/vocabulary/monster_type.cpp model/terms/effect.cpp model/terms/targets.cpp model/terms/continuous_text.cpp model/terms/effect_names.cpp model/terms/effect_classes.cpp model/terms/effect_text.cpp model/library/presets.cpp model/toml/toml_input.cpp model/toml/toml_guard.cpp
               model/toml/input_error.cpp model/library/term_check.cpp model/library/printed_toml.cpp model/rulesets/ruleset_loader.cpp model/rulesets/ruleset_source.cpp
               model/core/ruleset.cpp gen/embedded_presets.cpp gen/embedded_data.cpp"
model_load="${model_effects} model/loaders/scenario_loader.cpp model/loaders/library_fill.cpp model/loaders/scenario_writer.cpp model/library/cards.cpp gen/embedded_cards.cpp"
## One line per target: its name (the file is fuzz/fuzz_<name>.cpp), then the library sources it needs.
targets=(
  "scenario_toml   ${model_load}"
  "ruleset_toml    ${model_load}"
  "cards_json      importers/ygopro/ygopro_cards.cpp importers/ygopro/ygopro_terms.cpp importers/ygopro/ygopro_continuous.cpp
                   importers/ygopro/ygopro_field_parts.cpp importers/ygopro/ygopro_operation.cpp importers/ygopro/ygopro_script_words.cpp
                   importers/ygopro/ygopro_battler_changes.cpp
                   ${json_input} ${model_load}"
  "trace_reader    trace/format/trace_stream.cpp trace/format/trace_fast_parse.cpp
                   trace/format/trace_json.cpp trace/format/trace_events.cpp trace/format/trace_records.cpp ${json_input} ${model_effects}"
  "ygopro_decoder  importers/ygopro/ygopro_messages.cpp importers/ygopro/ygopro_payload.cpp importers/ygopro/ygopro_lengths.cpp"
  "drive_response  importers/drive/drive_response.cpp trace/format/trace_json.cpp trace/format/trace_events.cpp trace/format/trace_records.cpp
                   trace/format/trace_stream.cpp trace/format/trace_fast_parse.cpp
                   ${json_input} ${model_effects}"
)

## Seeds generated at run time from the project's files, next to the committed fuzz/corpus/<name>/.
seed_scenario_toml() {
  cp "${src}"/scenarios/*.toml "$1"/
  local f  # the scenario = '''...''' of each ruling test
  for f in "${src}"/tests/rulings/*.toml; do
    awk "/^scenario = '''/{on=1; next} /^'''/{on=0} on" "$f" >"$1/ruling-$(basename "$f")"
  done
}
seed_ruleset_toml() {
  cp "${src}"/model/rulesets/*.toml "${src}"/model/rulesets/mutants/*.toml "${src}"/tests/checker/fixtures/*.toml "$1"/
}
seed_cards_json() {
  local f
  for f in "${src}"/../shared/engine-logs/*.cards.json; do [[ -f "$f" ]] && cp "$f" "$1"/; done
  return 0
}
seed_ygopro_decoder() {
  local f name prefix  # the recordings, each behind the byte that picks its framing (odd: edo)
  for f in "${src}"/../shared/engine-logs/*.bin; do
    [[ -f "$f" ]] || continue
    name="$(basename "$f" .bin)"
    case "${name}" in edo-*) prefix='\001' ;; *) prefix='\000' ;; esac
    { printf "${prefix}"; cat "$f"; } >"$1/${name}"
  done
}

cxx="$(command -v clang++-14 || command -v clang++ || true)"
[[ -n "${cxx}" ]] || { echo "fuzz: no clang++: skipped"; exit 77; }
flags=(-std=c++20 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -I"${src}")
## toml++ is compiled in (header-only, so instrumented) with its internal asserts off, as in Debian's
## g++-built libtomlplusplus3 that battlecheck links: some malformed headers ("[&", "[\0[a]]") trip a
## debug-only assert in toml++ 3.3 (marzer/tomlplusplus#294) where the release library reports a
## parse error. Everything else in toml++ stays under ASan and UBSan.
flags+=("-DTOML_ASSERT(expr)=static_assert(true)")
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}" UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}"

## The requested targets (all by default), checked against the table.
declare -A sources=()
all=()
for line in "${targets[@]}"; do
  name="${line%%[[:space:]]*}"
  all+=("${name}")
  sources[${name}]="fuzz/fuzz_${name}.cpp ${line#"${name}"}"
done
wanted=("$@")
[[ ${#wanted[@]} -gt 0 ]] || wanted=("${all[@]}")
for name in "${wanted[@]}"; do
  [[ -n "${sources[${name}]:-}" ]] || { echo "fuzz: unknown target ${name} (targets: ${all[*]})" >&2; exit 2; }
done

## Building is serialized (ctest may run two fuzz tests at once on one BUILD_DIR).
exec 9>"${out}/.build.lock"
command -v flock >/dev/null && flock 9
if [[ ! -f "${out}/.libfuzzer-ok" ]]; then
  printf 'extern "C" int LLVMFuzzerTestOneInput(const unsigned char*, unsigned long) { return 0; }\n' \
      >"${out}/probe.cpp"
  if ! "${cxx}" "${flags[@]}" "${out}/probe.cpp" -o "${out}/probe" 2>"${out}/probe.log"; then
    echo "fuzz: ${cxx} cannot build a libFuzzer target (libclang-rt-14-dev missing?): skipped"
    cat "${out}/probe.log"; exit 77
  fi
  touch "${out}/.libfuzzer-ok"
fi
## Objects built with other flags are rebuilt.
if [[ "$(cat "${out}/flags" 2>/dev/null)" != "${cxx} ${flags[*]}" ]]; then
  rm -f "${out}"/obj/* "${out}"/fuzz_*
  echo "${cxx} ${flags[*]}" >"${out}/flags"
fi

## Embedded data (model/CMakeLists.txt): replaced only when its text changes, so objects stay cached.
embed() {  # OUT then -D arguments for the script, then the script
  local file="${out}/gen/$1"; shift
  cmake -DOUT="${file}.new" "$@" || exit 2
  if cmp -s "${file}.new" "${file}"; then rm -f "${file}.new"; else mv "${file}.new" "${file}"; fi
}
embed embedded_data.cpp -DRULESET_DIR="${src}/model/rulesets" -DSCENARIO="${src}/scenarios/default.toml" \
      -P "${src}/model/embed/embed.cmake"
embed embedded_cards.cpp -DCARDS="${src}/model/library/cards.toml" -DFUNC=card_library -P "${src}/model/embed/embed_cards.cmake"
embed embedded_presets.cpp -DCARDS="${src}/model/library/presets.toml" -DFUNC=effect_presets \
      -P "${src}/model/embed/embed_cards.cmake"

## Whether object $1 is missing or older than its source or a project header it includes (from its .d file).
stale() {
  [[ -f "$1" && -f "$1.d" ]] || return 0
  local dep
  for dep in $(sed -e 's/^[^:]*://' -e 's/\\$//' "$1.d"); do [[ "${dep}" -nt "$1" ]] && return 0; done
  return 1
}
build() {  # the binary BUILD_DIR/fuzz_$1
  local name="$1" f path obj objs=() relink=0
  for f in ${sources[${name}]}; do
    case "${f}" in gen/*) path="${out}/${f}" ;; *) path="${src}/${f}" ;; esac
    obj="${out}/obj/${f//\//__}.o"
    objs+=("${obj}")
    if stale "${obj}"; then
      echo "fuzz: compiling ${f}"
      "${cxx}" "${flags[@]}" -MMD -MF "${obj}.d" -c "${path}" -o "${obj}.tmp" || return 1
      mv "${obj}.tmp" "${obj}"
    fi
    [[ "${obj}" -nt "${out}/fuzz_${name}" ]] && relink=1
  done
  if [[ ${relink} = 1 || ! -f "${out}/fuzz_${name}" ]]; then
    echo "fuzz: linking fuzz_${name}"
    "${cxx}" "${flags[@]}" "${objs[@]}" -o "${out}/fuzz_${name}.tmp" || return 1
    mv "${out}/fuzz_${name}.tmp" "${out}/fuzz_${name}"
  fi
}
for name in "${wanted[@]}"; do build "${name}" || { echo "fuzz: building fuzz_${name} failed" >&2; exit 2; }; done
flock -u 9 2>/dev/null

## Run: the regression inputs once each, then SECONDS of fuzzing from the seeds.
failed=0
summary=()
for name in "${wanted[@]}"; do
  bin="${out}/fuzz_${name}"
  log="${out}/${name}.log"
  result="ok"
  regressions=()
  [[ -d "${src}/fuzz/regressions/${name}" ]] && mapfile -t regressions < <(find "${src}/fuzz/regressions/${name}" -type f | sort)
  if [[ ${#regressions[@]} -gt 0 ]] && ! (cd "${out}" && "${bin}" "${regressions[@]}") >"${out}/${name}.regressions.log" 2>&1; then
    result="REGRESSION"
    tail -n 40 "${out}/${name}.regressions.log"
  fi
  work="${out}/corpus_${name}"
  seeds="${out}/seeds_${name}"
  rm -rf "${seeds}" && mkdir -p "${work}" "${seeds}"
  declare -F "seed_${name}" >/dev/null && "seed_${name}" "${seeds}"
  start=${SECONDS}
  (cd "${out}" && "${bin}" -max_total_time="${seconds}" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="${out}/${name}-" "${work}" "${src}/fuzz/corpus/${name}" "${seeds}") >"${log}" 2>&1
  rc=$?
  elapsed=$((SECONDS - start))
  if [[ ${rc} -ne 0 ]]; then
    result="FOUND (exit ${rc})"
    grep -E '^(==[0-9]+==ERROR|SUMMARY|.*runtime error|artifact_prefix|Test unit written|    #[0-9]+ )' "${log}" | head -n 40
  fi
  [[ "${result}" = ok ]] || failed=1
  execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "${log}" | tail -n 1)"
  cov="$(grep -E '^#[0-9]+.* cov: ' "${log}" | tail -n 1 | sed -E 's/.*(cov: [0-9]+ ft: [0-9]+).*/\1/')"
  summary+=("$(printf '%-16s %-20s %12s  %-22s %5ss  %s' "${name}" "${result}" "${execs:-?}" "${cov:-?}" \
      "${elapsed}" "$(find "${work}" -type f | wc -l) inputs in corpus")")
done

echo
printf '%-16s %-20s %12s  %-22s %6s\n' target result executions coverage time
printf '%s\n' "${summary[@]}"
[[ ${failed} = 0 ]] || echo "fuzz: findings: see ${out}/<target>.log and ${out}/<target>-crash-* (or leak-, timeout-, oom-)"
exit "${failed}"
