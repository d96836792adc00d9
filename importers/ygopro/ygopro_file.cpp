/// Reading the files of an import (an edge: the only place that touches disk).
#include "importers/ygopro/ygopro_file.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include "model/loaders/loader.hpp"

namespace bc::ygopro {

bool set_framing(ImportOptions& options, const std::string& text) {
  if (text == "auto") {
    options.framing.reset();
    return true;
  }
  options.framing = parse_framing(text);
  return options.framing.has_value();
}

std::string cards_beside(const std::string& stream_path) {
  if (stream_path.empty() || stream_path == "-") return {};
  const std::string stem =
      stream_path.size() > 4 && stream_path.ends_with(".bin") ? stream_path.substr(0, stream_path.size() - 4) : stream_path;
  std::error_code ec;
  return std::filesystem::is_regular_file(stem + ".cards.json", ec) ? stem + ".cards.json" : std::string();
}

FileImport import_files(const std::string& stream_path, const std::string& cards_path, const ImportOptions& options) {
  FileImport f;
  CardFile cards;
  try {
    cards = load_card_file(cards_path);
  } catch (const InputError& e) {
    f.error = e.what();
    return f;
  }
  std::string data;
  try {
    data = read_input_file(stream_path);
  } catch (const InputError& e) {
    f.error = e.what();
    return f;
  }
  const std::vector<std::uint8_t> bytes(data.begin(), data.end());
  f.result = import_stream(bytes, cards, options);
  for (const std::string& w : cards.warnings) f.result.warnings.insert(f.result.warnings.begin(), cards_path + ": " + w);
  if (f.result.error) f.error = stream_path + ": " + f.result.error->text() + " (framing " + std::string(name(f.result.framing)) + ")";
  return f;
}

}  // namespace bc::ygopro
