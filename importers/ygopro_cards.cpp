/// Cards files (docs/engines/ygopro.md, "The cards file"). An explicit
/// "kind" always wins; otherwise a synthetic script's registered effects are
/// classified by the rules in classify() below, each documented.
#include "importers/ygopro_cards.hpp"

#include <fstream>
#include <regex>
#include <sstream>

#include <nlohmann/json.hpp>

#include "model/loader.hpp"
#include "importers/ygopro_messages.hpp"

namespace bc::ygopro {

using nlohmann::json;

namespace {

[[noreturn]] void fail(const std::string& where, const std::string& field, const std::string& what) {
  throw InputError(where + ": field '" + field + "': " + what);
}

std::int64_t integer(const json& card, const char* field, const std::string& where, std::int64_t lo, std::int64_t hi,
                     std::int64_t fallback) {
  auto it = card.find(field);
  if (it == card.end() || it->is_null()) return fallback;
  if (!it->is_number_integer()) fail(where, field, "expected an integer, got " + it->dump());
  const auto v = it->get<std::int64_t>();
  if (v < lo || v > hi) fail(where, field, "out of range [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
  return v;
}

std::string text(const json& j, const char* field) {
  auto it = j.find(field);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

bool contains(const std::string& s, const char* what) { return s.find(what) != std::string::npos; }

/// "+500 ATK" / "ATK+500" in a label or description: the ATK change of a boost.
int atk_change(const std::string& s) {
  static const std::regex a(R"(ATK\s*\+\s*(\d+))"), b(R"(\+\s*(\d+)\s*ATK)");
  std::smatch m;
  if (std::regex_search(s, m, a) || std::regex_search(s, m, b)) return std::stoi(m[1].str());
  return 0;
}

/// Map a synthetic script's first registered effect to an effect kind.
/// Returns the reason text, or empty when no rule applies.
std::string classify(const json& script, EngineCard& c) {
  auto effects = script.find("effects");
  if (effects == script.end() || !effects->is_array() || effects->empty()) return {};
  const json& e = (*effects)[0];
  const std::string type = text(e, "effect_type"), event = text(e, "event_code"), category = text(e, "category");
  const std::string prose = c.name + " " + text(script, "description");
  if (contains(type, "FLIP")) {
    c.kind = EffectKind::FlipTrigger;
    return "EFFECT_TYPE_FLIP -> flip_trigger";
  }
  if (contains(event, "EVENT_ATTACK_ANNOUNCE")) {
    c.kind = contains(category, "DESTROY") ? EffectKind::AttackDestroyTrap : EffectKind::AttackNegateTrap;
    return contains(category, "DESTROY") ? "EVENT_ATTACK_ANNOUNCE + CATEGORY_DESTROY -> attack_destroy_trap"
                                         : "EVENT_ATTACK_ANNOUNCE -> attack_negate_trap";
  }
  if (contains(event, "EVENT_FREE_CHAIN")) {
    if (contains(category, "ATKCHANGE")) {
      c.kind = EffectKind::AtkBoostQuick;
      c.value = atk_change(prose);
      return "EVENT_FREE_CHAIN + CATEGORY_ATKCHANGE -> atk_boost_quick";
    }
    if (contains(category, "DESTROY")) {
      c.kind = EffectKind::RemoveMonsterQuick;
      return "EVENT_FREE_CHAIN + CATEGORY_DESTROY -> remove_monster_quick";
    }
    c.kind = EffectKind::FreeChainQuick;
    return "EVENT_FREE_CHAIN, no battle category -> free_chain_quick";
  }
  return {};
}

std::uint32_t position_value(const json& card, const std::string& where) {
  auto it = card.find("position");
  if (it == card.end()) return 0;
  if (it->is_number_integer()) return static_cast<std::uint32_t>(integer(card, "position", where, 0, 0xFF, 0));
  const std::string p = it->is_string() ? it->get<std::string>() : "";
  if (p == "attack") return pos::kFaceUpAttack;
  if (p == "defense") return pos::kFaceUpDefense;
  if (p == "facedown") return pos::kFaceDownDefense;
  fail(where, "position", "expected attack, defense, facedown or a position value, got " + it->dump());
}

EngineCard read_card(const json& j, const std::string& where) {
  if (!j.is_object()) throw InputError(where + ": expected an object");
  EngineCard c;
  c.code = static_cast<std::uint32_t>(integer(j, "code", where, 1, 0xFFFFFFFFLL, 0));
  if (c.code == 0) fail(where, "code", "missing (the card's passcode)");
  c.name = text(j, "name");
  if (c.name.empty()) c.name = text(j, "label");
  if (c.name.empty()) c.name = std::to_string(c.code);
  c.controller = static_cast<std::uint8_t>(integer(j, "controller", where, 0, 1, integer(j, "owner", where, 0, 1, 0)));
  c.atk = static_cast<int>(integer(j, "atk", where, -1, 1000000, 0));
  c.def = static_cast<int>(integer(j, "def", where, -1, 1000000, 0));
  const auto type = integer(j, "type", where, 0, 0xFFFFFFFFLL, -1);
  c.monster = type >= 0 ? (type & 1) != 0 : (j.contains("atk") || j.contains("zone"));
  c.value = static_cast<int>(integer(j, "value", where, -100000, 100000, 0));
  if (auto s = j.find("start"); s != j.end() && s->is_object()) {
    const std::string w = where + ".start";
    c.location = static_cast<std::uint8_t>(integer(*s, "location", w, 0, 0xFF, 0));
    c.sequence = static_cast<std::uint32_t>(integer(*s, "sequence", w, 0, 0xFFFF, 0));
    c.position = position_value(*s, w);
  } else if (j.contains("zone")) {
    c.location = loc::kMzone;
    c.sequence = static_cast<std::uint32_t>(integer(j, "zone", where, 0, 4, 0));
    c.position = position_value(j, where);
    if (c.position == 0) c.position = pos::kFaceUpAttack;
  }
  if (auto k = j.find("kind"); k != j.end()) {
    if (!k->is_string()) fail(where, "kind", "expected an effect kind name");
    c.kind = parse_kind(k->get<std::string>());
    if (!c.kind) fail(where, "kind", "unknown effect kind \"" + k->get<std::string>() + "\" (see battlecheck rulesets)");
    c.kind_origin = "given";
  } else if (auto s = j.find("synthetic_script"); s != j.end() && s->is_object()) {
    c.kind_origin = classify(*s, c);
  }
  return c;
}

}  // namespace

CardFile parse_card_file(const std::string& data, const std::string& origin) {
  json doc;
  try {
    doc = json::parse(data);
  } catch (const json::parse_error& e) {
    throw InputError(origin + ": not valid JSON: " + e.what());
  }
  CardFile f;
  if (!doc.is_object()) throw InputError(origin + ": expected an object with a \"cards\" list");
  f.run = text(doc, "run");
  auto cards = doc.find("cards");
  if (cards == doc.end() || !cards->is_array()) throw InputError(origin + ": field 'cards': expected a list of cards");
  for (std::size_t i = 0; i < cards->size(); ++i) {
    EngineCard c = read_card((*cards)[i], origin + ": cards[" + std::to_string(i) + "]");
    const bool scripted = (*cards)[i].contains("synthetic_script") && (*cards)[i]["synthetic_script"].is_object();
    if (scripted && !c.kind)
      f.warnings.push_back("card " + std::to_string(c.code) + " (" + c.name +
                           "): its script matches no effect-kind rule; give it a \"kind\"");
    f.cards.push_back(std::move(c));
  }
  return f;
}

CardFile load_card_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot open the cards file");
  std::ostringstream s;
  s << in.rdbuf();
  return parse_card_file(s.str(), path);
}

}  // namespace bc::ygopro
