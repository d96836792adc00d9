/// The ygopro-core branch of verify-trace's open_source() hook.
#include "cli/verify/verify_ygopro.hpp"


#include "importers/ygopro/ygopro_file.hpp"

namespace bc::cli {

namespace {

/// "duel.bin#2": the second Battle Phase of duel.bin (expand_battle_phases() writes such names).
std::pair<std::string, int> split_battle(const std::string& path) {
  const std::size_t hash = path.rfind('#');
  if (hash == std::string::npos || hash + 1 >= path.size()) return {path, 1};
  for (std::size_t i = hash + 1; i < path.size(); ++i)
    if (path[i] < '0' || path[i] > '9' || i - hash > 4) return {path, 1};
  return {path.substr(0, hash), std::stoi(path.substr(hash + 1))};
}

/// The cards file of a run: --cards when given, else the recording's own
/// `NAME.cards.json` beside `NAME.bin`, so a folder of runs is checked with one command.
std::string cards_for(const std::string& path, const VerifyOptions& opts) {
  return opts.cards.empty() ? ygopro::cards_beside(path) : opts.cards;
}

}  // namespace

std::vector<std::string> expand_battle_phases(const std::vector<std::string>& files, const VerifyOptions& opts) {
  std::vector<std::string> out;
  for (const std::string& f : files) {
    ygopro::ImportOptions options;
    const std::string cards = cards_for(f, opts);
    if (f == "-" || !ygopro::set_framing(options, opts.framing.empty() ? "auto" : opts.framing) || cards.empty()) {
      out.push_back(f);
      continue;
    }
    const ygopro::FileImport first = ygopro::import_files(f, cards, options);
    const int n = first.ok() ? first.result.battle_phases : 1;
    if (n <= 1) out.push_back(f);
    for (int k = 1; n > 1 && k <= n; ++k) out.push_back(f + "#" + std::to_string(k));
  }
  return out;
}

std::unique_ptr<RecordSource> open_ygopro_source(const std::string& named, const VerifyOptions& opts, std::string& error) {
  const auto [path, battle] = split_battle(named);
  const std::string cards = cards_for(path, opts);
  if (cards.empty()) {
    error = path + ": --from ygopro needs --cards CARDS.json, or the run's own " +
            (path.ends_with(".bin") ? path.substr(0, path.size() - 4) : path) + ".cards.json beside it (docs/engines/ygopro.md)";
    return nullptr;
  }
  ygopro::ImportOptions options;
  options.battle_phase = battle;
  if (!ygopro::set_framing(options, opts.framing.empty() ? "auto" : opts.framing)) {
    error = path + ": --framing: expected auto, fluoro or edo, got \"" + opts.framing + "\"";
    return nullptr;
  }
  ygopro::FileImport f = ygopro::import_files(path, cards, options);
  if (!f.ok()) {
    error = f.error;
    return nullptr;
  }
  // What the import could not hold (effect damage, an undescribed card, ...)
  // goes into the verdict (verdict_text, verdict_json).
  return std::make_unique<MemorySource>(std::move(f.result.header), std::move(f.result.records),
                                        std::move(f.result.card_findings), std::move(f.result.offsets),
                                        std::move(f.result.card_codes), std::move(f.result.warnings),
                                        std::move(f.result.undescribed_cards));
}

}  // namespace bc::cli
