/// Effect presets: parsing model/library/presets.toml and filling a preset's
/// blanks with a card's parameters; the TOML form of a term.
#include "model/library/presets.hpp"

#include <cstdlib>

#include "model/vocabulary/event.hpp"
#include "model/core/scenario.hpp"

#include "model/embed/embedded.hpp"
#include "model/toml/input_error.hpp"
#include "model/library/term_toml.hpp"

namespace bc {

namespace input {
namespace {

/// The line of a term's field ("ops[1]": the second operation), else of the effect.
int term_line(const toml::node& effect, const std::string& field) {
  const toml::table* t = effect.as_table();
  const std::size_t open = field.find('[');
  const toml::node* n = t == nullptr ? nullptr : t->get(field.substr(0, open));
  if (n == nullptr) return line_of(effect.source());
  if (const toml::array* a = n->as_array(); a != nullptr && open != std::string::npos) {
    const std::size_t i = std::strtoul(field.c_str() + open + 1, nullptr, 10);
    if (i < a->size()) return line_of(a->get(i)->source());
  }
  return line_of(n->source());
}

}  // namespace

EffectTerm read_term(const Reader& rd, const toml::node& effect, const std::string& field,
                     const std::vector<std::string>& monster_names) {
  const toml::table* t = effect.as_table();
  if (t == nullptr) rd.fail(effect, field, "expected a table of effect fields, got " + show(effect));
  std::vector<TermField> fields;
  for (const auto& [key, node] : *t) {
    TermField f{std::string(key.str()), {}, line_of(node.source())};
    const std::string kf = field + "." + f.key;
    f.shape = node.as_array() != nullptr ? FieldShape::List : FieldShape::Value;
    if (node.as_array() != nullptr) {
      for (const auto& [text, line] : rd.strings_of(node, kf)) f.values.push_back(text);
    } else if (const auto* b = node.as_boolean()) {
      f.values.push_back(b->get() ? "true" : "false");
    } else if (const auto* s = node.as_string()) {
      f.values.push_back(s->get());
    } else {
      rd.fail(node, kf, "expected a string, a boolean or an array of strings, got " + show(node));
    }
    fields.push_back(std::move(f));
  }
  TermError err;
  const auto term = parse_term(fields, monster_names, err);
  if (!term) rd.fail(term_line(effect, err.field), err.field.empty() ? field : field + "." + err.field, err.message);
  return *term;
}

void check_term(const Reader& rd, const toml::node& effect, const std::string& field, const EffectTerm& t,
                TermHost host) {
  if (const auto err = check_term_meaning(t, host)) rd.fail(term_line(effect, err->field), field + "." + err->field, err->message);
}

std::string term_to_toml(const EffectTerm& t, const std::vector<std::string>& monster_names) {
  std::string out = "{ ";
  bool first = true;
  for (const TermField& f : term_to_fields(t, monster_names)) {
    out += (first ? "" : ", ") + f.key + " = ";
    first = false;
    const bool list = term_key_is_list(f.key);
    const bool boolean = f.key == "mandatory" || f.key == "from_hand";
    if (boolean) { out += f.values[0]; continue; }
    if (!list) { out += toml_quote(f.values[0]); continue; }
    out += "[";
    for (std::size_t i = 0; i < f.values.size(); ++i) out += (i ? ", " : "") + toml_quote(f.values[i]);
    out += "]";
  }
  return out + " }";
}

}  // namespace input

namespace {

const std::vector<std::string> kPresetMonsters = {"$summons"};

Preset read_preset(const input::Reader& rd, const toml::table& t, const std::string& f) {
  rd.only_keys(t, f + ".", {"name", "summary", "sources", "effect"});
  Preset p;
  p.name = rd.need_string(t, "name", f + ".name");
  const auto kind = parse_kind(p.name);
  if (!kind) rd.fail(*t.get("name"), f + ".name", "a preset is named after an effect class, got " + brief_quote(p.name));
  p.summary = rd.need_string(t, "summary", f + ".summary");
  const auto sources = rd.get_strings(t, "sources", f + ".sources");
  if (!sources || sources->empty()) rd.fail(t, f + ".sources", "a preset cites at least one source");
  for (const auto& [s, line] : *sources) p.sources.push_back(s);
  const toml::node* e = t.get("effect");
  if (e == nullptr) rd.fail(t, f + ".effect", "missing");
  p.term = input::read_term(rd, *e, f + ".effect", kPresetMonsters);
  input::check_term(rd, *e, f + ".effect", p.term, TermHost::Unknown);
  for (Op& op : p.term.ops)
    if (op.code == OpCode::SpecialSummon) op.monster = kNoMonster;
  p.kind = class_of(p.term);
  if (p.kind != *kind)
    rd.fail(*e, f + ".effect", "its class is " + std::string(name(p.kind)) + ", not the preset's name " + p.name);
  return p;
}

}  // namespace

std::vector<Preset> parse_presets(std::string_view text, const std::string& origin) {
  const input::Reader rd(origin);
  const toml::table doc = rd.parse(text);
  rd.only_keys(doc, "", {"preset"});
  std::vector<Preset> out;
  if (const auto* list = rd.get_table_array(doc, "preset", "preset"))
    for (std::size_t i = 0; i < list->size(); ++i)
      out.push_back(read_preset(rd, *list->get(i)->as_table(), "preset[" + std::to_string(i) + "]"));
  return out;
}

const std::vector<Preset>& presets() {
  static const std::vector<Preset> all = parse_presets(embedded::effect_presets(), "model/library/presets.toml");
  return all;
}

const Preset* find_preset(EffectKind kind) {
  static const auto table = [] {
    std::array<const Preset*, kEffectKindCount> t{};
    for (const Preset& p : presets()) t[static_cast<std::size_t>(p.kind)] = &p;
    return t;
  }();
  return table[static_cast<std::size_t>(kind)];
}

bool preset_takes_value(EffectKind kind) {
  const Preset* p = find_preset(kind);
  return p != nullptr && (effect_attrs(p->term) & kAttrAtkChange) != 0;
}

bool preset_takes_summons(EffectKind kind) {
  const Preset* p = find_preset(kind);
  return p != nullptr && p->term.has_op(OpCode::SpecialSummon);
}

EffectTerm preset_term(EffectKind kind, int value, std::uint8_t summons, Condition condition) {
  const Preset* p = find_preset(kind);
  EffectTerm t;
  if (p == nullptr) {
    t.ops[0] = Op{};
    t.op_count = 1;
    return t;
  }
  t = p->term;
  for (int i = 0; i < t.op_count; ++i) {
    Op& op = t.ops[i];
    if (op.code == OpCode::SpecialSummon) op.monster = summons;
    if ((op.code == OpCode::ChangeAtk || op.code == OpCode::SetAtk) && op.amount == 0)
      op.amount = static_cast<std::int16_t>(value);
  }
  if (condition == Condition::HostAttacked) t.conditions |= kCondHostAttacked;
  if (condition == Condition::HostBattled) t.conditions |= kCondHostBattled;
  return t;
}

}  // namespace bc

namespace bc {

void fill_preset_term(CardSpec& card) {
  if (!card.custom) card.term = preset_term(card.kind, card.value, card.summons, card.condition);
}

void annotate_effects(Event& e, const Scenario& scenario) {
  if (e.type != EventType::Activate && e.type != EventType::Resolve) return;
  if (e.card < scenario.cards.size()) {
    e.attrs = card_attrs(scenario.cards[e.card]);
    e.trigger = static_cast<std::uint8_t>(scenario.cards[e.card].term.trigger);
    return;
  }
  const Preset* p = find_preset(e.kind);
  e.attrs = p == nullptr ? 0 : effect_attrs(p->term);
  e.trigger = p == nullptr ? 0 : static_cast<std::uint8_t>(p->term.trigger);
}

}  // namespace bc
