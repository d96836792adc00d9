/// libFuzzer target: the ruleset loader (model/loaders/loader.hpp, parse_ruleset),
/// including `extends` of the built-in rulesets. Any bytes give a Ruleset or an
/// InputError; any other exception, crash or sanitizer report is a bug.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "model/loaders/loader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    (void)bc::parse_ruleset(text, "fuzz.toml");
  } catch (const bc::InputError&) {
  }
  return 0;
}
