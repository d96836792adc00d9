/// Cards files (docs/engines/ygopro.md, "The cards file"). An explicit
/// "kind" or "effect" always wins; otherwise a synthetic script's registered
/// effects are read as a term (importers/ygopro/ygopro_terms.cpp).
#include "importers/ygopro/ygopro_cards.hpp"
#include "importers/ygopro/ygopro_script_attrs.hpp"

#include <algorithm>
#include <fstream>
#include <optional>
#include <utility>
#include <sstream>

#include <nlohmann/json.hpp>

#include "model/library/term_check.hpp"
#include "model/loaders/loader.hpp"
#include "trace/input/json_input.hpp"
#include "importers/ygopro/ygopro_messages.hpp"

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
  if (!it->is_number_integer()) fail(where, field, "expected an integer, got " + brief(*it));
  const auto v = it->get<std::int64_t>();
  if (v < lo || v > hi) fail(where, field, "out of range [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
  return v;
}

std::string text(const json& j, const char* field) {
  auto it = j.find(field);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

/// A Continuous Spell or Trap's lock (script_attrs::field_lock) joins its
/// activation's term as the part that applies once it has resolved
/// (continuous_after_activation). An activation without an operation or a
/// category does nothing else: its opaque operation goes.
void add_lock(ScriptReading& r, const json& activation, const std::pair<ContinuousSpec, std::string>& lock) {
  r.term->continuous = lock.first;
  r.rule += "; " + lock.second;
  const bool does_nothing = !activation.contains("operation") && script_attrs::value_of(activation, "category_value") == 0 &&
                            script_attrs::text_of(activation, "category").empty();
  if (!does_nothing || r.term->op_count != 1 || r.term->ops[0].code != OpCode::Opaque) return;
  r.term->ops = {};
  r.term->op_count = 0;
  r.term->target = TargetSpec{};
  r.open_outcome = false;
  r.rule += ", the activation does nothing else";
}

/// A card that binds the monster it targets (a Fluorohydride script's
/// activation keeps the target with :SetCardTarget; EDOPro's persistent
/// procedure does so in a continuous effect on EVENT_CHAIN_SOLVED) and forbids
/// that monster's attacks (EFFECT_CANNOT_ATTACK, as an EFFECT_TYPE_TARGET
/// effect, or a field effect whose target check asks :IsHasCardTarget):
/// Spellbinding Circle, Fiendish Chain. The activation's resolution is that
/// the target cannot attack (`cannot_attack target`, for the turn), whatever
/// its categories hint (Spellbinding Circle's CATEGORY_POSITION, batch 10).
/// One that guards its target from destruction by battle the same way, or by an
/// EFFECT_INDESTRUCTABLE_BATTLE its operation registers on the target under the
/// condition :IsHasCardTarget (Lone Wolf in EDOPro's tree), is
/// `indestructible_by_battle target`, for the turn. An EFFECT_UPDATE_ATTACK (100)
/// on that target with a literal value is its ATK change too, for as long as
/// the card binds it (Shadow Spell's -700: read as lasting the turn). The other
/// bindings (no position change, negated effects, immunities) are not read.
void bind_card_target(ScriptReading& r, const json& effects) {
  using script_attrs::Constant;
  if (!r.term || r.term->target.kind != TargetKind::Monster) return;
  const auto uses = [](const json& e, const char* key, const char* word) {
    return script_attrs::function_facts(e, key).find(word) != std::string::npos;
  };
  const auto on_its_target = [&](const json& e, const Constant& code) {
    return (script_attrs::holds(e, "effect_type", Constant{"EFFECT_TYPE_TARGET", 0x4000}) ||
            uses(e, "target_check", ":IsHasCardTarget")) &&
           script_attrs::event_is(e, code);
  };
  const bool binds = std::any_of(effects.begin(), effects.end(), [&](const json& e) { return uses(e, "operation", ":SetCardTarget"); });
  const bool forbids = std::any_of(effects.begin(), effects.end(), [&](const json& e) {
    return on_its_target(e, Constant{"EFFECT_CANNOT_ATTACK", 85});
  });
  const bool guards = std::any_of(effects.begin(), effects.end(), [&](const json& e) {
    return on_its_target(e, Constant{"EFFECT_INDESTRUCTABLE_BATTLE", 42}) ||
           (uses(e, "operation", ":IsHasCardTarget") && uses(e, "operation", "EFFECT_INDESTRUCTABLE_BATTLE"));
  });
  if (!binds || !(forbids || guards)) return;
  r.term->ops = {};
  r.term->op_count = 0;
  for (const json& e : effects) {
    if (!on_its_target(e, Constant{"EFFECT_UPDATE_ATTACK", 100}) || !e.contains("value") || !e["value"].is_number_integer())
      continue;
    const std::int64_t amount = e["value"].get<std::int64_t>();
    if (amount == 0 || amount % 100 != 0 || amount < -12700 || amount > 12700) continue;
    Op change{OpCode::ChangeAtk, Object::Target, Duration::Turn};
    change.amount = static_cast<std::int16_t>(amount);
    r.term->ops[r.term->op_count++] = change;
    r.rule += ", its target's ATK changes by " + std::to_string(amount) + " (EFFECT_UPDATE_ATTACK on its card target)";
    break;
  }
  r.open_outcome = false;
  if (forbids) {
    r.term->ops[r.term->op_count++] = Op{OpCode::CannotAttack, Object::Target, Duration::Turn};
    r.rule += ", it binds its target, which cannot attack (EFFECT_CANNOT_ATTACK on its card target)";
  }
  if (guards) {
    r.term->ops[r.term->op_count++] = Op{OpCode::IndestructibleByBattle, Object::Target, Duration::Turn};
    r.rule += ", it binds its target, which cannot be destroyed by battle (EFFECT_INDESTRUCTABLE_BATTLE on its card target)";
  }
}

/// A monster's continuous part that lends piercing to its controller's
/// monsters of one printed Type (type_piercing).
ScriptReading lent_piercing(int type) {
  ScriptReading r;
  EffectTerm t;
  t.activation = Activation::Continuous;
  t.card_type = CardType::Monster;
  t.continuous = ContinuousSpec{ContinuousKind::TypePiercing, static_cast<std::int16_t>(type)};
  r.term = t;
  r.rule = "field EFFECT_PIERCE on its controller's monsters of one Type (:IsRace) -> " + continuous_text(t.continuous) +
           " (continuous)";
  return r;
}

/// The card's term: its first registered effect that is activated in the
/// Battle Phase, else its first continuous one (importers/ygopro/ygopro_terms.cpp);
/// its other continuous effects go to `more`, and then a monster's further
/// triggers (Reflect Bounder's destruction after its damage), or a Spell's or
/// Trap's triggers once it is face-up (Begone, Knave!'s return). The rule applied, or empty
/// when no effect reads as a term.
std::string read_script(const json& script, EngineCard& c) {
  auto effects = script.find("effects");
  if (effects == script.end() || !effects->is_array()) return {};
  const std::string prose = c.name + " " + text(script, "description");
  std::vector<ScriptReading> continuous, triggers;
  const json* activated = nullptr;
  std::optional<std::pair<ContinuousSpec, std::string>> lock;
  for (const json& e : *effects) {
    c.negates_monster_effects = c.negates_monster_effects || script_attrs::negates_monster_effects(e);
    c.changes_atk = c.changes_atk || script_attrs::changes_atk(e);
    c.script_categories |= script_attrs::categories(e) | script_attrs::category_bits(script_attrs::function_facts(e, "target_check")) |
                           script_attrs::category_bits(script_attrs::function_facts(e, "operation"));
    if (!c.changes_damage) c.changes_damage = script_attrs::changes_damage(e);
    if (ContinuousSpec k; !lock) {
      std::string rule;
      if (script_attrs::field_lock(e, c.type, k, rule)) lock.emplace(k, rule);
    }
    if (c.monster) {  // a piercing lent to Types: one part for each (Enraged Battle Ox)
      const std::vector<int> types = script_attrs::lent_piercing_types(e);
      for (const int type : types) continuous.push_back(lent_piercing(type));
      if (!types.empty()) continue;
    }
    ScriptReading r = read_script_effect(e, c.type, prose);
    if (!r.term && c.monster && script_attrs::own_atk_unread(e)) c.open_own_atk = true;
    if (!r.term) continue;
    if (r.term->activation == Activation::Continuous) continuous.push_back(std::move(r));
    else if (!c.script.term) c.script = std::move(r), activated = &e;
    else if (r.term->activation == Activation::Trigger && c.monster) triggers.push_back(std::move(r));
    else if (r.term->activation == Activation::Trigger && r.face_up_effect && !c.monster &&
             c.script.term->activation != Activation::Trigger)  // a Continuous Trap's trigger after its activation
      triggers.push_back(std::move(r));
  }
  bind_card_target(c.script, *effects);
  if (lock && c.script.term && c.script.term->activation == Activation::Quick) {
    add_lock(c.script, *activated, *lock);
    // The model reads the negation now (negate_monster_effects): the other cards' effects are read as usual.
    if (lock->first.kind == ContinuousKind::NegateMonsterEffects) c.negates_monster_effects = false;
  }
  if (!c.script.term && !continuous.empty()) {
    c.script = std::move(continuous.front());
    continuous.erase(continuous.begin());
  }
  c.more = std::move(continuous);
  for (ScriptReading& t : triggers) c.more.push_back(std::move(t));
  return c.script.rule;
}

/// The card's script object: "script" (a real script read by `battlecheck
/// ygopro cards`) or "synthetic_script" (the recordings' synthetic cards).
const json* script_of(const json& card) {
  for (const char* key : {"script", "synthetic_script"})
    if (auto s = card.find(key); s != card.end() && s->is_object()) return &*s;
  return nullptr;
}

/// A term written in the cards file: {"activation": "quick", "ops": ["destroy target"], ...}.
std::vector<TermField> effect_fields(const json& e, const std::string& where) {
  if (!e.is_object()) fail(where, "effect", "expected an object of term parts (docs/effects.md)");
  std::vector<TermField> out;
  for (const auto& [key, value] : e.items()) {
    TermField f{key, {}, 0, value.is_array() ? FieldShape::List : FieldShape::Value};
    if (value.is_string()) f.values.push_back(value.get<std::string>());
    else if (value.is_boolean()) f.values.push_back(value.get<bool>() ? "true" : "false");
    else if (value.is_array()) {
      for (const json& v : value) {
        if (!v.is_string()) fail(where, "effect." + key, "expected a list of strings");
        f.values.push_back(v.get<std::string>());
      }
    } else fail(where, "effect." + key, "expected a string, true/false or a list of strings");
    out.push_back(std::move(f));
  }
  return out;
}

std::uint32_t position_value(const json& card, const std::string& where) {
  auto it = card.find("position");
  if (it == card.end()) return 0;
  if (it->is_number_integer()) return static_cast<std::uint32_t>(integer(card, "position", where, 0, 0xFF, 0));
  const std::string p = it->is_string() ? it->get<std::string>() : "";
  if (p == "attack") return pos::kFaceUpAttack;
  if (p == "defense") return pos::kFaceUpDefense;
  if (p == "facedown") return pos::kFaceDownDefense;
  fail(where, "position", "expected attack, defense, facedown or a position value, got " + brief(*it));
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
  c.type = type >= 0 ? static_cast<std::uint32_t>(type) : 0;
  c.value = static_cast<int>(integer(j, "value", where, -100000, 100000, 0));
  c.level = static_cast<int>(integer(j, "level", where, 0, 0xFFFFFFFFLL, 0) & 0xFF);  // cards.cdb: scales above
  c.race = static_cast<std::uint32_t>(integer(j, "race", where, 0, 0xFFFFFFFFLL, 0));
  c.attribute = static_cast<std::uint32_t>(integer(j, "attribute", where, 0, 0xFFFFFFFFLL, 0));
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
    if (!c.kind) fail(where, "kind", "unknown effect kind \"" + brief_text(k->get<std::string>(), 60) + "\" (see battlecheck rulesets)");
    c.kind_origin = "given";
  } else if (auto e = j.find("effect"); e != j.end()) {
    c.effect = effect_fields(*e, where);
    c.kind_origin = "effect";
  } else if (const json* s = script_of(j)) {
    c.kind_origin = read_script(*s, c);
  }
  return c;
}

}  // namespace

namespace {

CardFile read_card_file(const json& doc, const std::string& origin) {
  CardFile f;
  if (!doc.is_object()) throw InputError(origin + ": expected an object with a \"cards\" list");
  f.run = text(doc, "run");
  auto cards = doc.find("cards");
  if (cards == doc.end() || !cards->is_array()) throw InputError(origin + ": field 'cards': expected a list of cards");
  for (std::size_t i = 0; i < cards->size(); ++i) {
    EngineCard c = read_card((*cards)[i], origin + ": cards[" + std::to_string(i) + "]");
    const bool scripted = script_of((*cards)[i]) != nullptr;
    if (scripted && !c.described() && !c.open_own_atk)
      f.warnings.push_back("card " + std::to_string(c.code) + " (" + brief_text(c.name, 80) +
                           "): its script registers no effect the Battle Phase uses (ignition or continuous only)");
    f.cards.push_back(std::move(c));
  }
  // Written terms are checked now, against the file's monsters (a summon names one).
  std::vector<std::string> monsters;
  for (const EngineCard& c : f.cards)
    if (c.monster) monsters.push_back(c.name);
  for (std::size_t i = 0; i < f.cards.size(); ++i) {
    if (f.cards[i].effect.empty()) continue;
    TermError error;
    if (const std::optional<EffectTerm> term = parse_term(f.cards[i].effect, monsters, error)) {
      // Its host is decided when the run is mapped; a card that is no monster never has one.
      const auto meaning = check_term_meaning(*term, f.cards[i].monster ? TermHost::Unknown : TermHost::None);
      if (!meaning) continue;
      error = *meaning;
    }
    fail(origin + ": cards[" + std::to_string(i) + "]", "effect." + error.field, error.message);
  }
  return f;
}

}  // namespace

CardFile parse_card_file(const std::string& data, const std::string& origin) {
  const json doc = parse_json_or_throw(data, origin);
  try {
    return read_card_file(doc, origin);
  } catch (const InputError& e) {
    throw InputError(JsonLines(data).with_line(e.what(), origin));  // name the field's line
  }
}

CardFile load_card_file(const std::string& path) { return parse_card_file(read_input_file(path), path); }

}  // namespace bc::ygopro
