// Scenario files (docs/scenario-format.md): monsters on the board, token
// templates, and the effect cards each player holds.
#include <algorithm>

#include "model/embed/embedded.hpp"
#include "model/loaders/library_fill.hpp"
#include "model/loaders/loader.hpp"
#include "model/library/presets.hpp"
#include "model/library/term_toml.hpp"
#include "model/toml/toml_input.hpp"

namespace bc {
namespace {

using input::Reader;
using loaders::kind_host_rule;
using loaders::with_library_card;
using loaders::with_library_monster;

constexpr int kMaxStat = 5000;
constexpr int kStatStep = 50;
constexpr int kMaxBoost = 12700;  // State keeps ATK changes in a signed byte of hundreds

template <typename E>
std::vector<std::string> names_of(int count) {
  std::vector<std::string> out;
  for (int i = 0; i < count; ++i) out.emplace_back(name(static_cast<E>(i)));
  return out;
}

/// Kinds whose preset special summons the monster named by `summons`.
bool summons_monster(EffectKind k) { return preset_takes_summons(k); }
/// Kinds whose preset changes ATK by `value`.
bool takes_value(EffectKind k) { return preset_takes_value(k); }
bool takes_condition(EffectKind k) {
  const Preset* p = find_preset(k);
  return p != nullptr && p->term.trigger == TriggerEvent::EndOfBattlePhase;
}

/// Parses an enum value by its text name, failing with the list of names.
template <typename E, typename ParseFn>
E parse_name(const Reader& rd, const toml::table& t, std::string_view key, const std::string& field,
             std::string_view what, int count, ParseFn parse) {
  const std::string text = rd.need_string(t, key, field);
  if (auto v = parse(text)) return *v;
  const auto names = names_of<E>(count);
  const std::string near = input::closest(text, names);
  rd.fail(*t.get(key), field,
          "unknown " + std::string(what) + " " + brief_quote(text) +
              (near.empty() ? std::string() : " (did you mean " + near + "?)") + "; expected " + input::one_of(names));
}

class ScenarioParser {
 public:
  ScenarioParser(std::string_view text, const std::string& origin) : text_(text), rd_(origin) {}

  Scenario run() {
    const toml::table doc = rd_.parse(text_);
    rd_.only_keys(doc, "", {"name", "description", "first_turn", "monster", "card"});
    s_.name = rd_.get_string(doc, "name", "name").value_or(input::file_stem(rd_.origin()));
    if (s_.name.empty()) s_.name = "unnamed";
    s_.description = rd_.get_string(doc, "description", "description").value_or("");
    s_.first_turn = rd_.get_bool(doc, "first_turn", "first_turn").value_or(false);
    if (const auto* monsters = rd_.get_table_array(doc, "monster", "monster"))
      for (std::size_t i = 0; i < monsters->size(); ++i) read_monster(*monsters->get(i)->as_table(), i);
    if (const auto* cards = rd_.get_table_array(doc, "card", "card"))
      for (std::size_t i = 0; i < cards->size(); ++i) read_card(*cards->get(i)->as_table(), i);
    return s_;
  }

 private:
  int stat(const toml::table& t, std::string_view key, const std::string& field) const {
    const std::int64_t v = rd_.need_int(t, key, field);
    if (v < 0 || v > kMaxStat || v % kStatStep != 0)
      rd_.fail(*t.get(key), field,
               "must be between 0 and " + std::to_string(kMaxStat) + " in steps of " + std::to_string(kStatStep) +
                   ", got " + std::to_string(v));
    return static_cast<int>(v);
  }

  void read_monster(const toml::table& file_table, std::size_t i) {
    const std::string f = "monster[" + std::to_string(i) + "]";
    rd_.only_keys(file_table, f + ".", {"name", "atk", "def", "level", "monster_type", "attribute", "player", "zone", "position", "card"});
    if (!file_table.contains("card")) return read_monster_table(file_table, f);
    const toml::table filled = with_library_monster(rd_, file_table, f);
    at_card_line(file_table, [&] { read_monster_table(filled, f); });
  }

  /// Runs `read` on a table filled from the library: its copied nodes have no
  /// source lines, so an error is reported at the line of the entry's `card`.
  template <typename F>
  void at_card_line(const toml::table& file_table, F read) const {
    try {
      read();
    } catch (const InputError& e) {
      const std::string msg = e.what();
      const std::string head = rd_.origin() + ":1: ";
      if (msg.rfind(head, 0) != 0) throw;
      throw InputError(rd_.origin() + ":" + std::to_string(input::line_of(file_table.get("card")->source())) + ": " +
                       msg.substr(head.size()));
    }
  }

  void read_monster_table(const toml::table& t, const std::string& f) {
    if (s_.monsters.size() >= static_cast<std::size_t>(kMaxMonsterSpecs))
      rd_.fail(t, f, "too many monsters: at most " + std::to_string(kMaxMonsterSpecs) +
                         " monsters and token templates per scenario");
    MonsterSpec m;
    m.name = rd_.need_string(t, "name", f + ".name");
    if (m.name.empty()) rd_.fail(*t.get("name"), f + ".name", "must not be empty");
    if (find_monster(m.name) != kNoMonster)
      rd_.fail(*t.get("name"), f + ".name", "duplicate monster name " + brief_quote(m.name) + "; names must be unique");
    m.atk = stat(t, "atk", f + ".atk");
    m.def = stat(t, "def", f + ".def");
    input::read_printed(rd_, t, f, m.level, m.type);
    input::read_attribute(rd_, t, f, m.attribute);
    const auto index = static_cast<std::uint8_t>(s_.monsters.size());
    s_.monsters.push_back(m);
    if (t.get("player") == nullptr) {
      for (const auto key : {"zone", "position"})
        if (const auto* n = t.get(key))
          rd_.fail(*n, f + "." + key, "needs player: a monster without player is a token template, not on the board");
      return;
    }
    place(t, f, index);
  }

  void place(const toml::table& t, const std::string& f, std::uint8_t index) {
    const auto side = parse_name<Player>(rd_, t, "player", f + ".player", "player", 2, parse_player);
    auto& zones = s_.board[index_of(side)];
    const Position pos = t.get("position") == nullptr
        ? Position::FaceUpAttack
        : parse_name<Position>(rd_, t, "position", f + ".position", "position", 3, parse_position);
    int zone = 0;
    if (const auto z = rd_.get_int(t, "zone", f + ".zone")) {
      if (*z < 0 || *z >= kZonesPerSide)
        rd_.fail(*t.get("zone"), f + ".zone",
                 "must be between 0 and " + std::to_string(kZonesPerSide - 1) + ", got " + std::to_string(*z));
      zone = static_cast<int>(*z);
      if (zones[zone].monster != kNoMonster)
        rd_.fail(*t.get("zone"), f + ".zone",
                 "zone " + std::to_string(zone) + " of " + std::string(name(side)) + " already holds " +
                     brief_quote(s_.monsters[zones[zone].monster].name) + "; one monster per zone");
    } else {
      while (zone < kZonesPerSide && zones[zone].monster != kNoMonster) ++zone;
      if (zone == kZonesPerSide)
        rd_.fail(*t.get("player"), f + ".player",
                 std::string(name(side)) + " already has " + std::to_string(kZonesPerSide) +
                     " monsters: a side has only " + std::to_string(kZonesPerSide) + " monster zones");
    }
    zones[zone] = ZoneSpec{index, pos};
  }

  std::uint8_t find_monster(std::string_view n) const {
    for (std::size_t i = 0; i < s_.monsters.size(); ++i)
      if (s_.monsters[i].name == n) return static_cast<std::uint8_t>(i);
    return kNoMonster;
  }

  /// The side whose board holds monster m, if it starts on the board.
  std::optional<Player> side_of_monster(std::uint8_t m) const {
    for (int side = 0; side < 2; ++side)
      for (const auto& z : s_.board[side])
        if (z.monster == m) return static_cast<Player>(side);
    return std::nullopt;
  }

  std::uint8_t monster_ref(const toml::table& t, std::string_view key, const std::string& field) const {
    const std::string n = rd_.need_string(t, key, field);
    const std::uint8_t m = find_monster(n);
    if (m != kNoMonster) return m;
    std::vector<std::string> known;
    for (const auto& spec : s_.monsters) known.push_back(brief_quote(spec.name));
    rd_.fail(*t.get(key), field,
             "unknown monster " + brief_quote(n) + "; monsters (declared with [[monster]] before the cards): " +
                 (known.empty() ? std::string("none") : input::one_of(known)));
  }

  void read_card(const toml::table& file_table, std::size_t i) {
    const std::string f = "card[" + std::to_string(i) + "]";
    rd_.only_keys(file_table, f + ".", {"name", "kind", "effect", "player", "host", "value", "summons", "condition", "card",
                                         "resolved_before", "resolved_target", "effect_of", "stays_on_field", "set", "destroyed_before"});
    if (!file_table.contains("card")) return read_card_table(file_table, f);
    const toml::table filled = with_library_card(rd_, s_, file_table, f);
    at_card_line(file_table, [&] { read_card_table(filled, f); });
  }

  void read_card_table(const toml::table& t, const std::string& f) {
    if (s_.cards.size() >= static_cast<std::size_t>(kMaxCards))
      rd_.fail(t, f, "too many cards: at most " + std::to_string(kMaxCards) + " effect cards in a scenario");
    CardSpec c;
    c.name = rd_.need_string(t, "name", f + ".name");
    if (const toml::node* e = t.get("effect")) {
      read_effect(t, *e, f, c);
    } else {
      c.kind = parse_name<EffectKind>(rd_, t, "kind", f + ".kind", "effect kind", kEffectKindCount, parse_kind);
      if (find_preset(c.kind) == nullptr)
        rd_.fail(*t.get("kind"), f + ".kind",
                 std::string(name(c.kind)) + " is an effect class with no preset; write the card's effect = { ... }");
    }
    read_host(t, f, c);
    if (c.custom)  // its meaning, now that the card's host is known
      input::check_term(rd_, *t.get("effect"), f + ".effect", c.term, c.host != kNoMonster ? TermHost::Present : TermHost::None);
    const int held = static_cast<int>(
        std::count_if(s_.cards.begin(), s_.cards.end(), [&](const CardSpec& o) { return o.owner == c.owner; }));
    if (held >= kMaxCardsPerPlayer)
      rd_.fail(t, f, std::string(name(c.owner)) + " already holds " + std::to_string(kMaxCardsPerPlayer) +
                         " cards: at most " + std::to_string(kMaxCardsPerPlayer) + " effect cards per player");
    read_summons(t, f, c);
    read_value(t, f, c);
    if (t.get("condition") != nullptr) {
      if (!takes_condition(c.kind))
        rd_.fail(*t.get("condition"), f + ".condition",
                 "only an end_of_battle_trigger takes a condition, not a " + std::string(name(c.kind)));
      c.condition = parse_name<Condition>(rd_, t, "condition", f + ".condition", "condition", 3, parse_condition);
    }
    if (!c.custom) c.term = preset_term(c.kind, c.value, c.summons, c.condition);
    read_resolved(t, f, c);
    read_effect_of(t, f, c);
    s_.cards.push_back(c);
  }

  /// `effect_of = "card name"`: an effect of an earlier card once it is face-up (CardSpec::effect_of).
  void read_effect_of(const toml::table& t, const std::string& f, CardSpec& c) const {
    const toml::node* n = t.get("effect_of");
    if (n == nullptr) return;
    const std::string of = rd_.need_string(t, "effect_of", f + ".effect_of");
    for (std::size_t i = 0; i < s_.cards.size() && c.effect_of == kNoCard; ++i)
      if (s_.cards[i].name == of) c.effect_of = static_cast<std::uint8_t>(i);
    if (c.effect_of == kNoCard)
      rd_.fail(*n, f + ".effect_of", "no earlier card is named " + brief_quote(of) + ": the card must come first");
    std::vector<CardSpec> with = s_.cards;
    with.push_back(c);
    if (const std::string why = effect_of_problem(with, with.size() - 1); !why.empty()) rd_.fail(*n, f + ".effect_of", why);
  }

  /// `resolved_before = true`, with `resolved_target` = a monster on the board
  /// when the card targeted: it resolved in Main Phase 1 (CardSpec::resolved_before).
  void read_resolved(const toml::table& t, const std::string& f, CardSpec& c) const {
    c.resolved_before = rd_.get_bool(t, "resolved_before", f + ".resolved_before").value_or(false);
    c.stays_on_field = rd_.get_bool(t, "stays_on_field", f + ".stays_on_field").value_or(false);
    c.set = rd_.get_bool(t, "set", f + ".set").value_or(false);
    c.destroyed_before = rd_.get_bool(t, "destroyed_before", f + ".destroyed_before").value_or(false);
    for (const auto& side : s_.board)  // the board as the card left it: no monster in the other position
      for (const ZoneSpec& z : side)
        if (c.resolved_before && !c.destroyed_before && z.monster != kNoMonster && z.position != Position::FaceDownDefense &&
            forced_by(c.term.continuous, s_.monsters[z.monster].type, z.position) != z.position)
          rd_.fail(*t.get("resolved_before"), f + ".resolved_before", continuous_text(c.term.continuous) +
                   " changed the position of each face-up monster it names when it resolved: " +
                   brief_quote(s_.monsters[z.monster].name) + " is still in " + std::string(name(z.position)));
    const toml::node* n = t.get("resolved_target");
    if (n == nullptr) return;
    if (!c.resolved_before) rd_.fail(*n, f + ".resolved_target", "only a card with resolved_before = true has one");
    const std::uint8_t m = monster_ref(t, "resolved_target", f + ".resolved_target");
    for (int side = 0; side < 2; ++side)
      for (int z = 0; z < kZonesPerSide; ++z)
        if (s_.board[side][z].monster == m) c.resolved_target = slot_of(static_cast<Player>(side), z);
    if (c.resolved_target == kNoSlot) rd_.fail(*n, f + ".resolved_target", brief_quote(s_.monsters[m].name) + " is not on the board");
  }

  /// A card written in full: `effect = { ... }` (docs/effects.md), no kind and no preset parameters.
  void read_effect(const toml::table& t, const toml::node& e, const std::string& f, CardSpec& c) const {
    for (const auto key : {"kind", "value", "summons", "condition"})
      if (const auto* n = t.get(key))
        rd_.fail(*n, f + "." + key, std::string("a card with effect = { ... } writes its ") + key +
                                        " inside the effect term, not beside it");
    std::vector<std::string> names;
    for (const auto& m : s_.monsters) names.push_back(m.name);
    c.term = input::read_term(rd_, e, f + ".effect", names);
    c.kind = class_of(c.term);
    c.custom = true;
    for (int i = 0; i < c.term.op_count; ++i) {
      const Op& op = c.term.ops[i];
      if (op.code == OpCode::SpecialSummon && side_of_monster(op.monster))
        rd_.fail(e, f + ".effect.ops[" + std::to_string(i) + "]",
                 brief_quote(s_.monsters[op.monster].name) +
                     " starts on the board; special_summon must name a token template (a [[monster]] without player)");
    }
  }

  void read_host(const toml::table& t, const std::string& f, CardSpec& c) const {
    const HostRule rule = c.custom ? host_rule(c.term) : kind_host_rule(c.kind);
    const toml::node* host = t.get("host");
    if (rule == HostRule::Required && host == nullptr)
      rd_.fail(t, f + ".host", "missing: a " + std::string(name(c.kind)) +
                                   " is a monster effect and needs host = the name of its [[monster]]");
    if (rule == HostRule::Forbidden && host != nullptr)
      rd_.fail(*host, f + ".host", "a " + std::string(name(c.kind)) + " is a trap and takes no host");
    std::optional<Player> host_side;
    if (host != nullptr) {
      c.host = monster_ref(t, "host", f + ".host");
      host_side = side_of_monster(c.host);
    }
    if (t.get("player") == nullptr) {
      if (!host_side) rd_.fail(t, f + ".player", "missing: p1 or p2 (the player who holds this card)");
      c.owner = *host_side;
      return;
    }
    c.owner = parse_name<Player>(rd_, t, "player", f + ".player", "player", 2, parse_player);
    if (host_side && *host_side != c.owner)
      rd_.fail(*t.get("player"), f + ".player",
               "is " + std::string(name(c.owner)) + " but the host " + brief_quote(s_.monsters[c.host].name) +
                   " is on " + std::string(name(*host_side)) + "'s side");
  }

  void read_summons(const toml::table& t, const std::string& f, CardSpec& c) const {
    if (c.custom) return;
    const toml::node* n = t.get("summons");
    if (!summons_monster(c.kind)) {
      if (n != nullptr)
        rd_.fail(*n, f + ".summons", "a " + std::string(name(c.kind)) + " summons nothing; only special_summon_quick, "
                                      "battle_destroyed_trigger and sent_to_grave_trigger take summons");
      return;
    }
    if (n == nullptr)
      rd_.fail(t, f + ".summons", "missing: a " + std::string(name(c.kind)) +
                                      " summons a monster; name a token template (a [[monster]] without player)");
    c.summons = monster_ref(t, "summons", f + ".summons");
    if (side_of_monster(c.summons))
      rd_.fail(*n, f + ".summons", brief_quote(s_.monsters[c.summons].name) +
                                       " starts on the board; summons must name a token template (a [[monster]] without player)");
  }

  void read_value(const toml::table& t, const std::string& f, CardSpec& c) const {
    if (c.custom) return;
    const toml::node* n = t.get("value");
    if (!takes_value(c.kind)) {
      if (n != nullptr)
        rd_.fail(*n, f + ".value", "a " + std::string(name(c.kind)) +
                                       " takes no value; only atk_change_quick and damage_calc_atk_change do");
      return;
    }
    const std::int64_t v = rd_.need_int(t, "value", f + ".value");
    if (v == 0 || v % 100 != 0 || v < -kMaxBoost || v > kMaxBoost)
      rd_.fail(*n, f + ".value",
               "must be a non-zero multiple of 100 between -" + std::to_string(kMaxBoost) + " and " +
                   std::to_string(kMaxBoost) + ", got " + std::to_string(v));
    c.value = static_cast<int>(v);
  }

  std::string_view text_;
  Reader rd_;
  Scenario s_;
};

}  // namespace

Scenario parse_scenario(std::string_view text, const std::string& origin) { return ScenarioParser(text, origin).run(); }

Scenario load_scenario_file(const std::string& path) { return parse_scenario(input::read_file(path), path); }

const Scenario& default_scenario() {
  static const Scenario s = parse_scenario(embedded::default_scenario(), "scenarios/default.toml");
  return s;
}

std::string_view default_scenario_text() { return embedded::default_scenario(); }

}  // namespace bc
