/// Reading the duel spec (TOML) and resolving it against the card data and
/// the script tree.
#include "examples/engines/ygopro/duel_spec.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <utility>

#include "model/toml/input_error.hpp"
#include "model/toml/toml_input.hpp"

namespace bc::host {

namespace {

using input::Reader;

const std::map<std::string, std::uint32_t> kTypes = {
    {"MONSTER", 0x1},      {"SPELL", 0x2},       {"TRAP", 0x4},        {"NORMAL", 0x10},    {"EFFECT", 0x20},
    {"FUSION", 0x40},      {"RITUAL", 0x80},     {"TRAPMONSTER", 0x100}, {"SPIRIT", 0x200}, {"UNION", 0x400},
    {"DUAL", 0x800},       {"TUNER", 0x1000},    {"SYNCHRO", 0x2000},  {"TOKEN", 0x4000},   {"QUICKPLAY", 0x10000},
    {"CONTINUOUS", 0x20000}, {"EQUIP", 0x40000}, {"FIELD", 0x80000},   {"COUNTER", 0x100000}, {"FLIP", 0x200000},
    {"TOON", 0x400000},    {"XYZ", 0x800000},    {"PENDULUM", 0x1000000}, {"LINK", 0x4000000}};
const std::map<std::string, std::uint32_t> kAttributes = {{"EARTH", 0x1}, {"WATER", 0x2}, {"FIRE", 0x4}, {"WIND", 0x8},
                                                          {"LIGHT", 0x10}, {"DARK", 0x20}, {"DIVINE", 0x40}};
const std::map<std::string, std::uint32_t> kRaces = {
    {"WARRIOR", 0x1},     {"SPELLCASTER", 0x2}, {"FAIRY", 0x4},        {"FIEND", 0x8},        {"ZOMBIE", 0x10},
    {"MACHINE", 0x20},    {"AQUA", 0x40},       {"PYRO", 0x80},        {"ROCK", 0x100},       {"WINGEDBEAST", 0x200},
    {"PLANT", 0x400},     {"INSECT", 0x800},    {"THUNDER", 0x1000},   {"DRAGON", 0x2000},    {"BEAST", 0x4000},
    {"BEASTWARRIOR", 0x8000}, {"DINOSAUR", 0x10000}, {"FISH", 0x20000}, {"SEASERPENT", 0x40000}, {"REPTILE", 0x80000},
    {"PSYCHIC", 0x100000}, {"DIVINE", 0x200000}, {"CREATORGOD", 0x400000}, {"WYRM", 0x800000}, {"CYBERSE", 0x1000000}};

std::vector<std::string> keys_of(const std::map<std::string, std::uint32_t>& m) {
  std::vector<std::string> out;
  for (const auto& [k, _] : m) out.push_back(k);
  return out;
}

/// An integer, a flag name, or (for type) a list of flag names.
std::optional<std::uint32_t> flags(const Reader& r, const toml::table& t, std::string_view key, const std::string& field,
                                   const std::map<std::string, std::uint32_t>& names) {
  const toml::node* n = t.get(key);
  if (n == nullptr) return std::nullopt;
  auto one = [&](const toml::node& v, const std::string& f) -> std::uint32_t {
    if (auto i = v.value<std::int64_t>(); i && v.is_integer()) {
      if (*i < 0 || *i > 0xFFFFFFFFLL) r.fail(v, f, "out of range");
      return static_cast<std::uint32_t>(*i);
    }
    if (auto s = v.value<std::string>()) {
      auto it = names.find(*s);
      if (it == names.end()) r.fail(v, f, "unknown name " + brief_quote(*s) + ": expected " + input::one_of(keys_of(names)));
      return it->second;
    }
    r.fail(v, f, "must be an integer or a name, got " + input::show(v));
  };
  if (const toml::array* a = n->as_array()) {
    std::uint32_t v = 0;
    for (std::size_t i = 0; i < a->size(); ++i) v |= one(*a->get(i), field + "[" + std::to_string(i) + "]");
    return v;
  }
  return one(*n, field);
}

std::int64_t ranged(const Reader& r, const toml::table& t, std::string_view key, const std::string& field,
                    std::int64_t lo, std::int64_t hi, std::int64_t fallback) {
  const auto v = r.get_int(t, key, field);
  if (!v) return fallback;
  if (*v < lo || *v > hi)
    r.fail(*t.get(key), field, "out of range [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
  return *v;
}

void read_options(const Reader& r, const toml::table& root, DuelSpec& s) {
  const toml::table* o = r.get_table(root, "options", "options");
  if (o == nullptr) return;
  r.only_keys(*o, "options.", {"lp", "draw_per_turn", "fluoro_rule", "edo_mode", "single_chain_in_damage_substep",
                               "stop_at_new_turn", "fillers", "filler"});
  s.options.lp = static_cast<std::uint32_t>(ranged(r, *o, "lp", "options.lp", 1, 1000000, 8000));
  s.options.draw_per_turn = static_cast<std::uint32_t>(ranged(r, *o, "draw_per_turn", "options.draw_per_turn", 0, 5, 1));
  s.options.fluoro_rule = static_cast<std::uint32_t>(ranged(r, *o, "fluoro_rule", "options.fluoro_rule", 1, 5, 5));
  if (auto m = r.get_string(*o, "edo_mode", "options.edo_mode")) {
    static const std::vector<std::string> modes = {"mr1", "mr2", "mr3", "mr4", "mr5", "goat", "speed", "rush"};
    if (std::find(modes.begin(), modes.end(), *m) == modes.end())
      r.fail(*o->get("edo_mode"), "options.edo_mode", "expected " + input::one_of(modes) + ", got " + brief_quote(*m));
    s.options.edo_mode = *m;
  }
  s.options.edo_single_chain =
      r.get_bool(*o, "single_chain_in_damage_substep", "options.single_chain_in_damage_substep").value_or(false);
  s.options.stop_at_new_turn =
      static_cast<std::uint32_t>(ranged(r, *o, "stop_at_new_turn", "options.stop_at_new_turn", 2, 10, 2));
  s.fillers = static_cast<std::uint32_t>(ranged(r, *o, "fillers", "options.fillers", 0, 40, 5));
  s.filler = static_cast<std::uint32_t>(ranged(r, *o, "filler", "options.filler", 1, 0xFFFFFFFFLL, 10000003));
}

void read_card_data(const Reader& r, const toml::table& root, DuelSpec& s) {
  const toml::array* cards = r.get_table_array(root, "cards", "cards");
  if (cards == nullptr) return;
  for (std::size_t i = 0; i < cards->size(); ++i) {
    const toml::table& t = *cards->get(i)->as_table();
    const std::string f = "cards[" + std::to_string(i) + "]";
    r.only_keys(t, f + ".", {"code", "name", "type", "atk", "def", "level", "attribute", "race", "alias", "setcode",
                             "script"});
    SpecCardData c;
    c.field = f;
    c.line = input::line_of(t.source());
    c.data.code = static_cast<std::uint32_t>(r.need_int(t, "code", f + ".code"));
    c.data.name = r.get_string(t, "name", f + ".name").value_or("");
    if (auto v = flags(r, t, "type", f + ".type", kTypes)) c.data.type = *v, c.has_type = true;
    c.data.atk = static_cast<std::int32_t>(ranged(r, t, "atk", f + ".atk", -2, 100000, 0));
    c.data.def = static_cast<std::int32_t>(ranged(r, t, "def", f + ".def", -2, 100000, 0));
    c.data.level = static_cast<std::uint32_t>(ranged(r, t, "level", f + ".level", 0, 13, 0));
    c.data.attribute = flags(r, t, "attribute", f + ".attribute", kAttributes).value_or(0);
    c.data.race = flags(r, t, "race", f + ".race", kRaces).value_or(0);
    c.data.alias = static_cast<std::uint32_t>(ranged(r, t, "alias", f + ".alias", 0, 0xFFFFFFFFLL, 0));
    c.data.setcode = static_cast<std::uint64_t>(ranged(r, t, "setcode", f + ".setcode", 0, INT64_MAX, 0));
    c.no_script = !r.get_bool(t, "script", f + ".script").value_or(true);
    c.data.source = "spec";
    if (!c.has_type) r.fail(c.line, f + ".type", "missing (TYPE_* flags or names, e.g. [\"MONSTER\", \"EFFECT\"])");
    s.cards.push_back(std::move(c));
  }
}

std::uint8_t position_of(const Reader& r, const toml::table& t, const std::string& f) {
  const auto p = r.get_string(t, "position", f + ".position");
  if (!p || *p == "attack") return 0x1;
  if (*p == "defense") return 0x4;
  if (*p == "facedown") return 0x8;
  r.fail(*t.get("position"), f + ".position", "expected attack, defense or facedown, got " + brief_quote(*p));
}

void read_player(const Reader& r, const toml::table& root, std::uint8_t p, DuelSpec& s,
                 std::vector<Placement>& monsters, std::vector<Placement>& others) {
  const std::string pn = "p" + std::to_string(p);
  const toml::table* pt = r.get_table(root, pn, pn);
  if (pt == nullptr) return;
  r.only_keys(*pt, pn + ".", {"monsters", "cards"});
  if (const toml::array* a = r.get_table_array(*pt, "monsters", pn + ".monsters")) {
    for (std::size_t i = 0; i < a->size(); ++i) {
      const toml::table& t = *a->get(i)->as_table();
      Placement m;
      m.field = pn + ".monsters[" + std::to_string(i) + "]";
      m.line = input::line_of(t.source());
      r.only_keys(t, m.field + ".", {"code", "zone", "position", "atk", "def", "level"});
      m.code = static_cast<std::uint32_t>(r.need_int(t, "code", m.field + ".code"));
      m.line = input::line_of(t.get("code")->source());
      m.player = p;
      m.where = "mzone";
      m.zone = static_cast<std::uint8_t>(ranged(r, t, "zone", m.field + ".zone", 0, 4, static_cast<std::int64_t>(i)));
      m.position = position_of(r, t, m.field);
      if (t.contains("atk")) m.atk = static_cast<std::int32_t>(ranged(r, t, "atk", m.field + ".atk", 0, 100000, 0));
      if (t.contains("def")) m.def = static_cast<std::int32_t>(ranged(r, t, "def", m.field + ".def", 0, 100000, 0));
      if (t.contains("level")) m.level = static_cast<std::uint32_t>(ranged(r, t, "level", m.field + ".level", 1, 13, 4));
      monsters.push_back(std::move(m));
    }
  }
  if (const toml::array* a = r.get_table_array(*pt, "cards", pn + ".cards")) {
    for (std::size_t i = 0; i < a->size(); ++i) {
      const toml::table& t = *a->get(i)->as_table();
      Placement c;
      c.field = pn + ".cards[" + std::to_string(i) + "]";
      c.line = input::line_of(t.source());
      r.only_keys(t, c.field + ".", {"code", "location", "zone", "position"});
      c.code = static_cast<std::uint32_t>(r.need_int(t, "code", c.field + ".code"));
      c.line = input::line_of(t.get("code")->source());
      c.player = p;
      c.where = r.need_string(t, "location", c.field + ".location");
      if (c.where != "hand" && c.where != "set" && c.where != "mzone")
        r.fail(*t.get("location"), c.field + ".location", "expected hand, set or mzone, got " + brief_quote(c.where));
      c.zone = static_cast<std::uint8_t>(ranged(r, t, "zone", c.field + ".zone", 0, 4, 0));
      c.position = c.where == "mzone" ? position_of(r, t, c.field) : c.where == "set" ? 0xA : 0x1;
      (c.where == "mzone" ? monsters : others).push_back(std::move(c));
    }
  }
  (void)s;
}

}  // namespace

DuelSpec load_spec(const std::string& path) {
  Reader r(path);
  const toml::table root = r.parse(input::read_file(path));
  r.only_keys(root, "", {"name", "options", "cards", "p0", "p1"});
  DuelSpec s;
  s.path = path;
  s.name = r.get_string(root, "name", "name").value_or(input::file_stem(path));
  read_options(r, root, s);
  read_card_data(r, root, s);
  std::vector<Placement> monsters[2], others[2];
  for (std::uint8_t p = 0; p < 2; ++p) read_player(r, root, p, s, monsters[p], others[p]);
  for (auto* list : {&monsters[0], &monsters[1], &others[0], &others[1]})
    for (Placement& x : *list) s.placements.push_back(std::move(x));
  if (s.placements.empty()) r.fail(1, "p0", "the spec places no card ([[p0.monsters]], [[p1.cards]], ...)");
  return s;
}

namespace {

[[noreturn]] void fail_at(const DuelSpec& s, int line, const std::string& field, const std::string& what) {
  throw HostError(s.path + ":" + std::to_string(line) + ": " + field + ": " + what);
}

/// The placement's stat overrides, applied to the card's data (one per passcode).
void apply_overrides(const DuelSpec& s, const Placement& p, CardData& c, std::map<std::uint32_t, std::string>& by) {
  if (!p.atk && !p.def && !p.level) return;
  CardData next = c;
  if (p.atk) next.atk = *p.atk;
  if (p.def) next.def = *p.def;
  if (p.level) next.level = *p.level;
  auto it = by.find(p.code);
  if (it != by.end() && (next.atk != c.atk || next.def != c.def || next.level != c.level))
    fail_at(s, p.line, p.field, "overrides the stats of passcode " + std::to_string(p.code) + " differently from " +
                                    it->second + " (the core reads stats by passcode: one set per passcode)");
  by[p.code] = p.field;
  if (next.source == "cdb") next.source = "cdb+spec";
  c = next;
}

}  // namespace

std::vector<NewCard> resolve_cards(const DuelSpec& s, CardDb& db, ScriptTree& scripts) {
  std::map<std::uint32_t, const SpecCardData*> given;
  for (const SpecCardData& c : s.cards) {
    CardData d = c.data;
    if (const CardData* old = db.find(d.code); old && d.name.empty()) d.name = old->name;
    db.put(d);
    given[d.code] = &c;
    if (c.no_script) scripts.deny(d.code);
  }
  if (!db.find(s.filler)) {
    db.put(builtin_filler(s.filler));
    scripts.deny(s.filler);
  }
  std::vector<NewCard> out;
  std::uint32_t deck[2] = {0, 0}, hand[2] = {0, 0};
  for (std::uint32_t i = 0; i < 2 * s.fillers; ++i) {
    NewCard f;
    f.code = s.filler;
    f.player = static_cast<std::uint8_t>(i % 2);
    f.location = 0x1;
    f.position = 0x8;
    f.result_sequence = deck[f.player]++;
    f.label = "deck filler";
    f.role = "vanilla deck filler (no script), " + std::to_string(s.fillers) + " per player";
    f.script = scripts.find("c" + std::to_string(f.code) + ".lua");
    out.push_back(std::move(f));
  }
  std::map<std::uint32_t, std::string> overridden;
  std::map<std::pair<int, int>, std::string> zones;  // (player, location<<8|zone) -> field
  for (const Placement& p : s.placements) {
    CardData* data = const_cast<CardData*>(db.find(p.code));
    if (data == nullptr)
      fail_at(s, p.line, p.field + ".code",
              "unknown passcode " + std::to_string(p.code) + ": " +
                  (db.cdb_path().empty() ? std::string("no --cdb given") : "not in " + db.cdb_path()) +
                  ", and no [[cards]] entry of the spec gives its data");
    apply_overrides(s, p, *data, overridden);
    const bool is_monster = data->type & 0x1;
    if (p.where == "mzone" && !is_monster)
      fail_at(s, p.line, p.field + ".code", "passcode " + std::to_string(p.code) + " is not a monster (type " +
                                                std::to_string(data->type) + ") but is placed in a monster zone");
    const bool vanilla = (data->type & 0x10) && !(data->type & 0x20);
    const std::string script = scripts.find("c" + std::to_string(p.code) + ".lua");
    auto g = given.find(p.code);
    const bool scriptless = g != given.end() && g->second->no_script;
    if (script.empty() && !vanilla && !scriptless)
      fail_at(s, p.line, p.field + ".code",
              "no script c" + std::to_string(p.code) + ".lua in the script tree " + scripts.root() +
                  " (a card that is not a Normal Monster needs one; write script = false in its [[cards]] entry to "
                  "run it without)");
    NewCard c;
    c.code = p.code;
    c.player = p.player;
    c.position = p.position;
    c.label = data->name.empty() ? std::to_string(p.code) : data->name;
    c.script = scriptless ? "" : script;
    if (p.where == "hand") {
      c.location = 0x2;
      c.result_sequence = hand[p.player]++;
      c.role = "in p" + std::to_string(p.player) + "'s hand";
    } else {
      c.location = p.where == "set" ? 0x8 : 0x4;
      c.sequence = p.zone;
      c.result_sequence = p.zone;
      c.role = p.where == "set" ? "set in p" + std::to_string(p.player) + "'s spell/trap zone " + std::to_string(p.zone)
                                : "p" + std::to_string(p.player) + "'s monster in MZONE " + std::to_string(p.zone);
      auto [it, fresh] = zones.emplace(std::pair<int, int>{p.player, c.location << 8 | p.zone}, p.field);
      if (!fresh) fail_at(s, p.line, p.field + ".zone", "zone " + std::to_string(p.zone) + " is already taken by " + it->second);
    }
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace bc::host
