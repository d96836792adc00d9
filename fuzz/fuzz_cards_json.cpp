/// libFuzzer target: the ygopro cards file reader (importers/ygopro/ygopro_cards.hpp,
/// parse_card_file). Any bytes give a CardFile or an InputError; any other
/// exception, crash or sanitizer report is a bug.
#include <cstddef>
#include <cstdint>
#include <string>

#include "importers/ygopro/ygopro_cards.hpp"
#include "model/loaders/loader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    (void)bc::ygopro::parse_card_file(text, "fuzz.json");
  } catch (const bc::InputError&) {
  }
  return 0;
}
