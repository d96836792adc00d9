/// libFuzzer target: the scenario loader (model/loaders/loader.hpp, parse_scenario).
/// Any bytes give a Scenario or an InputError; any other exception, crash or
/// sanitizer report is a bug. A scenario that loads must also survive the
/// round trip through scenario_to_toml (counterexample files are written that way).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "model/loaders/loader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  bc::Scenario s;
  try {
    s = bc::parse_scenario(text, "fuzz.toml");
  } catch (const bc::InputError&) {
    return 0;
  }
  try {
    (void)bc::parse_scenario(bc::scenario_to_toml(s), "fuzz-roundtrip.toml");
  } catch (const bc::InputError&) {
    std::abort();  // what the serializer writes must load again
  }
  return 0;
}
