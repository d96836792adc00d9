/// `battlecheck cards`: the card library (model/library/cards.toml): each
/// card's effect kind, timings, printed values, the sources that mention it
/// and where sources disagree about it.
#include <algorithm>
#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include "cli/commands/commands.hpp"
#include "model/library/cards.hpp"
#include "model/loaders/loader.hpp"
#include "model/toml/toml_input.hpp"

namespace bc::cli {
namespace {

struct CardsOptions {
  bool json = false;
  std::string file;  ///< a card library file to read instead of the built-in one
};

std::vector<std::string> timing_list(TimingMask mask) {
  std::vector<std::string> out;
  for (int t = 0; t < kTimingCount; ++t)
    if (mask & bit(static_cast<Timing>(t))) out.emplace_back(name(static_cast<Timing>(t)));
  return out;
}

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

std::string kind_text(const std::optional<EffectKind>& k) { return k ? std::string(name(*k)) : "none"; }

nlohmann::json card_json(const LibraryCard& c) {
  nlohmann::json j = {{"name", c.name}, {"type", c.type}, {"kind", kind_text(c.kind)},
                      {"timings", timing_list(c.timings)}, {"mentions", c.mentions}, {"note", c.note},
                      {"simplified", c.simplified.empty() ? nlohmann::json() : nlohmann::json(c.simplified)}};
  if (c.atk) j["atk"] = *c.atk;
  if (c.def) j["def"] = *c.def;
  if (c.value) j["value"] = *c.value;
  if (c.term) j["effect"] = c.effect_toml;
  nlohmann::json diffs = nlohmann::json::array();
  for (const CardDifference& d : c.differences) {
    nlohmann::json dj = {{"source", d.source}, {"section", d.section}, {"note", d.note}};
    if (d.kind) dj["kind"] = std::string(name(*d.kind));
    if (d.timings) dj["timings"] = timing_list(*d.timings);
    diffs.push_back(dj);
  }
  j["differences"] = diffs;
  return j;
}

void print_card(const LibraryCard& c) {
  std::cout << c.name << " (" << c.type;
  if (c.atk) std::cout << ", " << *c.atk << "/" << *c.def;
  std::cout << "): " << kind_text(c.kind);
  if (c.term) std::cout << " " << c.effect_toml;
  if (c.value) std::cout << " " << (*c.value > 0 ? "+" : "") << *c.value;
  if (c.timings) std::cout << " at " << joined(timing_list(c.timings));
  if (c.mentions.empty()) std::cout << "\n    named by no source: a common test card (see its note)\n";
  else std::cout << "\n    mentioned in: " << joined(c.mentions) << "\n";
  if (!c.simplified.empty()) std::cout << "    simplified: " << c.simplified << "\n";
  for (const CardDifference& d : c.differences) {
    std::cout << "    " << d.section << " differs:";
    if (d.kind) std::cout << " kind " << name(*d.kind) << ";";
    if (d.timings) std::cout << " at " << joined(timing_list(*d.timings)) << ";";
    std::cout << " " << d.note << "\n";
  }
}

int list_cards(bool json, const std::string& file) {
  std::vector<LibraryCard> from_file;
  if (!file.empty()) {
    try {
      from_file = parse_card_library(input::read_file(file), file);
    } catch (const InputError& e) {
      std::cerr << "battlecheck cards: " << e.what() << "\n";
      return kExitBadInput;
    }
  }
  const auto& cards = file.empty() ? card_library() : from_file;
  if (json) {
    nlohmann::json doc = {{"cards", nlohmann::json::array()}};
    for (const LibraryCard& c : cards) doc["cards"].push_back(card_json(c));
    std::cout << doc.dump(2) << "\n";
    return kExitOk;
  }
  const auto simplified = std::count_if(cards.begin(), cards.end(), [](const LibraryCard& c) { return !c.simplified.empty(); });
  std::cout << cards.size() << " cards (" << (file.empty() ? std::string("model/library/cards.toml") : file)
            << "; name one in a scenario with card = \"NAME\"); " << simplified
            << " are simplified: their \"simplified:\" line says what the model leaves out of the real card\n\n";
  for (const LibraryCard& c : cards) print_card(c);
  return kExitOk;
}

}  // namespace

Command add_cards_command(CLI::App& root) {
  auto opts = std::make_shared<CardsOptions>();
  CLI::App* app = root.add_subcommand("cards", "List the card library: kinds, timings, values, sources and disagreements");
  app->add_flag("--json", opts->json, "Print one JSON document");
  app->add_option("--file", opts->file, "Read and check this card library file instead of the built-in one");
  return {app, [opts] { return list_cards(opts->json, opts->file); }};
}

}  // namespace bc::cli
