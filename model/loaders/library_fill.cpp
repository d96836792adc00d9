// Library cards in scenario files (docs/scenario-format.md "Library cards"):
// a [[monster]] or [[card]] entry that names `card` is filled from the
// library where the file gives nothing.
#include "model/loaders/library_fill.hpp"

#include <algorithm>

#include "model/library/cards.hpp"
#include "model/library/presets.hpp"
#include "model/toml/input_error.hpp"

namespace bc::loaders {
namespace {

using input::Reader;

bool has_monster(const Scenario& s, std::string_view n) {
  return std::any_of(s.monsters.begin(), s.monsters.end(), [&](const MonsterSpec& m) { return m.name == n; });
}

/// The library card named by `card` (docs/scenario-format.md "Library cards"), or nullptr when absent.
const LibraryCard* library_card(const Reader& rd, const toml::table& t, const std::string& f) {
  const toml::node* n = t.get("card");
  if (n == nullptr) return nullptr;
  const std::string text = rd.need_string(t, "card", f + ".card");
  if (const LibraryCard* c = find_library_card(text)) return c;
  const std::string near = input::closest(text, library_card_names());
  rd.fail(*n, f + ".card",
           "unknown card " + brief_quote(text) + (near.empty() ? "" : " (did you mean " + brief_quote(near) + "?)") +
               "; `battlecheck cards` lists the library");
}

/// A library card's own monster is its host when the scenario has a [[monster]] of that name.
void add_library_host(const Scenario& sc, const LibraryCard& c, toml::table& out, HostRule rule) {
  if (c.type == "monster" && !out.contains("host") && rule != HostRule::Forbidden &&
      has_monster(sc, c.name) && (!out.contains("player") || rule == HostRule::Required))
    out.insert("host", c.name);
}

/// A library card written in full: its term, with the blanks ("$summons", an
/// ATK change of 0) filled from the scenario's `summons` and `value`.
void fill_library_effect(const Reader& rd, const LibraryCard& c, toml::table& out, const std::string& f) {
  toml::table effect = *toml::parse("effect = " + c.effect_toml)["effect"].as_table();
  std::string summons;
  if (out.contains("summons")) summons = rd.need_string(out, "summons", f + ".summons");
  const std::optional<std::int64_t> value = rd.get_int(out, "value", f + ".value");
  out.erase("summons");
  out.erase("value");
  if (toml::array* ops = effect["ops"].as_array())
    for (std::size_t i = 0; i < ops->size(); ++i) {
      std::string op = ops->get(i)->value_or(std::string());
      if (const auto at = op.find("$summons"); at != std::string::npos) {
        if (summons.empty()) rd.fail(out, f + ".summons", "missing: " + brief_quote(c.name) + " special summons a monster; name a token template");
        op.replace(at, 8, summons);
      }
      if (value && op.find(" 0 ") != std::string::npos && (op.rfind("change_atk", 0) == 0 || op.rfind("set_atk", 0) == 0))
        op.replace(op.find(" 0 "), 3, " " + std::to_string(*value) + " ");
      ops->replace(ops->cbegin() + static_cast<std::ptrdiff_t>(i), op);
    }
  out.insert("effect", effect);
}

}  // namespace

HostRule kind_host_rule(EffectKind k) { return host_rule(preset_term(k, 0, kNoMonster, Condition::None)); }

/// A copy of a [[monster]] table with the library card's name and printed values where the file gives none.
toml::table with_library_monster(const Reader& rd, const toml::table& t, const std::string& f) {
  toml::table out = t;
  const LibraryCard* c = library_card(rd, t, f);
  if (c == nullptr) return out;
  if (c->type != "monster")
    rd.fail(*t.get("card"), f + ".card", brief_quote(c->name) + " is a " + c->type + ", not a monster");
  out.erase("card");
  if (!out.contains("name")) out.insert("name", c->name);
  if (!out.contains("atk")) out.insert("atk", static_cast<std::int64_t>(*c->atk));
  if (!out.contains("def")) out.insert("def", static_cast<std::int64_t>(*c->def));
  if (!out.contains("level") && c->level != 0) out.insert("level", static_cast<std::int64_t>(c->level));
  if (!out.contains("monster_type") && c->monster_type != MonsterType::None)
    out.insert("monster_type", std::string(name(c->monster_type)));
  return out;
}

/// A copy of a [[card]] table with the library card's name, kind, value and host filled in
/// where the file gives none (a monster card's host: the [[monster]] of the same name).
toml::table with_library_card(const Reader& rd, const Scenario& sc, const toml::table& t, const std::string& f) {
  toml::table out = t;
  const LibraryCard* c = library_card(rd, t, f);
  if (c == nullptr) return out;
  if (!c->kind)
    rd.fail(*t.get("card"), f + ".card",
             brief_quote(c->name) + " has no activated effect the model knows (kind none): " + c->note);
  out.erase("card");
  if (!out.contains("name")) out.insert("name", c->name);
  if (c->term && !out.contains("effect") && !out.contains("kind")) {
    fill_library_effect(rd, *c, out, f);
    add_library_host(sc, *c, out, host_rule(*c->term));
    return out;
  }
  if (!out.contains("kind")) out.insert("kind", std::string(name(*c->kind)));
  if (!out.contains("value") && c->value && preset_takes_value(*c->kind)) out.insert("value", static_cast<std::int64_t>(*c->value));
  add_library_host(sc, *c, out, kind_host_rule(*c->kind));
  return out;
}

}  // namespace bc::loaders
