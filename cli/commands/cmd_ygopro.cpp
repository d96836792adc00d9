/// `battlecheck ygopro cards --scripts DIR [--cdb FILE] [--cards FILE] [CODE...]`: the
/// cards file learnt from real card scripts (docs/engines/ygopro.md, "Cards
/// read from the scripts"). Each script's initial_effect runs under a stub of
/// the core's Lua API and every effect it registers goes into the card's
/// "script" object, which the importer reads like a synthetic script.
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli/commands/commands.hpp"
#include "importers/scripts/card_database.hpp"
#include "importers/scripts/script_reader.hpp"
#include "trace/input/json_input.hpp"

namespace bc::cli {
namespace {

using nlohmann::json;

struct YgoproCardsOptions {
  std::string scripts;
  std::string cards;
  std::string cdb;
  std::vector<std::uint32_t> codes;
  std::string output;
  bool force = false;
};

/// The cards to describe: the given cards file's (each keeps its fields), then the codes named.
json starting_cards(const YgoproCardsOptions& o, json& doc) {
  doc = json::object();
  if (!o.cards.empty()) {
    doc = parse_json_or_throw(read_input_file(o.cards), o.cards);
    if (!doc.is_object() || !doc.contains("cards") || !doc["cards"].is_array())
      throw InputError(o.cards + ": field 'cards': expected a list of cards (docs/engines/ygopro.md)");
  }
  json cards = doc.value("cards", json::array());
  for (std::uint32_t code : o.codes) cards.push_back(json{{"code", code}});
  return cards;
}

/// The card's name and stats from the cdb, for the fields the card does not
/// already have (a cards file's own fields win). False when the cdb lacks it.
bool fill_from_cdb(const scripts::CardDatabase& db, std::uint32_t code, json& card) {
  const scripts::CdbCard* c = db.find(code);
  if (!c) return false;
  auto put = [&](const char* key, const json& v) {
    if (!card.contains(key)) card[key] = v;
  };
  put("name", c->name);
  put("type", c->type);
  if (c->type & 0x1u) {  // TYPE_MONSTER
    put("atk", c->atk);
    put("def", c->def);
    put("level", c->level);
    put("race", c->race);
    put("attribute", c->attribute);
  }
  return true;
}

int run_ygopro_cards(const YgoproCardsOptions& o) {
  if (o.cards.empty() && o.codes.empty()) {
    std::cerr << "error: name the cards: passcodes, --cards FILE, or both\n";
    return kExitBadInput;
  }
  scripts::ScriptTree tree(o.scripts);
  scripts::CardDatabase db;
  if (!o.cdb.empty()) {
    std::string error;
    db = scripts::CardDatabase::open(o.cdb, error);
    if (!error.empty()) throw InputError("--cdb: " + error);
  }
  json doc;
  json cards = starting_cards(o, doc);
  int read = 0, effects = 0, missing = 0, failed = 0, not_in_cdb = 0;
  for (std::size_t i = 0; i < cards.size(); ++i) {
    json& card = cards[i];
    const auto code = card.value("code", json()).is_number_unsigned() ? card["code"].get<std::uint32_t>() : 0u;
    if (code == 0) throw InputError((o.cards.empty() ? std::string("--") : o.cards) + ": cards[" +
                                    std::to_string(i) + "]: field 'code': missing (the card's passcode)");
    if (!o.cdb.empty() && !fill_from_cdb(db, code, card)) {
      ++not_in_cdb;
      std::cerr << "warning: " << o.cdb << ": no card " << code << " (its name and stats stay as given)\n";
    }
    const scripts::ScriptRead r = tree.read(code, card);
    if (r.file.empty()) {
      ++missing;  // a card without a script (a Normal Monster, a token): nothing to learn
      continue;
    }
    card["script"] = scripts::ScriptTree::script_object(r);
    if (!r.ok()) {
      ++failed;
      std::cerr << "warning: " << r.file << ": " << r.error << "\n";
      continue;
    }
    ++read;
    effects += static_cast<int>(r.effects.size());
  }
  doc["cards"] = cards;
  doc["scripts"] = {{"tree", o.scripts}, {"flavour", scripts::name(tree.flavour())}};
  std::cerr << "read " << read << " script(s), " << effects << " registered effect(s); " << missing
            << " card(s) without a script, " << failed << " script(s) the stub could not run";
  if (!o.cdb.empty()) std::cerr << "; " << not_in_cdb << " card(s) not in the cdb";
  std::cerr << "\n";
  const std::string text = doc.dump(1) + "\n";
  return emit_document(o.output, text, o.force);
}

}  // namespace

Command add_ygopro_command(CLI::App& root) {
  auto options = std::make_shared<YgoproCardsOptions>();
  CLI::App* app = root.add_subcommand("ygopro", "Tools for the ygopro-core family of engines (docs/engines/ygopro.md)");
  CLI::App* cards = app->add_subcommand(
      "cards", "Learn cards from their real scripts: each initial_effect run under a stub of the core's Lua API");
  cards->add_option("codes", options->codes, "passcodes of the cards to read (c<code>.lua)");
  cards->add_option("--scripts", options->scripts,
                    "the script tree: Fluorohydride/ygopro-scripts or ProjectIgnis/CardScripts (constant.lua, utility.lua)")
      ->required();
  cards->add_option("--cards", options->cards, "a cards file to complete: each card with a script gets its \"script\"");
  cards->add_option("--cdb", options->cdb,
                    "a ygopro cards.cdb (SQLite): each card's name, type and stats, where the card does not give them");
  cards->add_option("-o,--output", options->output, "write the cards file to FILE (atomically) instead of stdout");
  cards->add_flag("--force", options->force, "overwrite an existing output file");
  app->require_subcommand(1);
  return Command{app, [options] { return run_ygopro_cards(*options); }};
}

}  // namespace bc::cli
