#pragma once
/// Shared helpers of the importer tests: the recordings' paths, reading
/// files, importing a recording, and the property verdicts of a trace.
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "importers/ygopro/ygopro_cards.hpp"
#include "importers/ygopro/ygopro_import.hpp"
#include "properties/monitors/monitor.hpp"
#include "properties/catalog/property.hpp"
#include "properties/monitors/context.hpp"

namespace bc::ygopro::testing {

/// ../shared/engine-logs next to the repository.
inline std::string logs_dir() { return std::string(BC_SOURCE_DIR) + "/../shared/engine-logs"; }

/// Every recording (run name) in the engine-logs folder.
inline const std::vector<std::string>& recordings() {
  static const std::vector<std::string> runs = {
      "fluoro-basic", "fluoro-replay", "fluoro-P1", "fluoro-P1b", "fluoro-P4", "fluoro-P5", "fluoro-P7", "fluoro-P9",
      "edo-basic",    "edo-P1",        "edo-P1-single", "edo-P1b", "edo-P4", "edo-P5", "edo-P9", "edo-P9-single"};
  return runs;
}

inline std::vector<std::uint8_t> read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<std::uint8_t>((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

inline std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

inline CardFile run_cards(const std::string& run) {
  return parse_card_file(read_text(logs_dir() + "/" + run + ".cards.json"), run + ".cards.json");
}

inline std::vector<std::uint8_t> run_stream(const std::string& run) { return read_bytes(logs_dir() + "/" + run + ".bin"); }

inline ImportResult import_run(const std::string& run) {
  return import_stream(run_stream(run), run_cards(run), ImportOptions{});
}

/// A real run (tests/importers/real_runs): the import of one committed recording.
inline ImportResult import_real(const std::string& name) {
  const std::string run = std::string(BC_SOURCE_DIR) + "/tests/importers/real_runs/" + name;
  return import_stream(read_bytes(run + ".bin"), parse_card_file(read_text(run + ".cards.json"), run), ImportOptions{});
}

/// Ids of the Always/Eventually properties the trace's events violate.
inline std::vector<std::string> violated_properties(const ImportResult& r) {
  TraceContext ctx = start_context(r.header.scenario);
  Verdicts v;
  for (const TraceRecord& rec : r.records)
    if (rec.kind == RecordKind::Event) observe(ctx, rec.event, v);
  finish(ctx, true, v);
  std::vector<std::string> ids;
  for (std::size_t i = 0; i < properties().size(); ++i)
    if (v.violated[i]) ids.emplace_back(properties()[i].id);
  return ids;
}

}  // namespace bc::ygopro::testing
