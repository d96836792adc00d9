/// The text form of an effect term (docs/effects.md "Writing a term"): a
/// table of short fields that scenario files, the card library, the preset
/// file and trace headers share. Parsing reports the field and what is wrong;
/// the caller adds the file and line.
#include <algorithm>
#include <charconv>
#include <sstream>

#include "model/terms/effect.hpp"
#include "model/terms/durations.hpp"
#include "model/terms/effect_text.hpp"
#include "model/toml/input_error.hpp"
#include "model/vocabulary/name_table.hpp"
#include "model/terms/targets.hpp"

namespace bc {
namespace term_text {
namespace {
constexpr std::array<std::string_view, 3> kSides = {"own", "opponent", "any"};
constexpr std::array<std::string_view, 3> kFaces = {"any", "face_up", "face_down"};
constexpr std::array<std::string_view, 4> kRoles = {"any", "battling", "attacker", "attack_target"};
}  // namespace
std::string_view side_name(SideSel s) { return names::lookup(kSides, s); }
std::string_view face_name(FaceSel f) { return names::lookup(kFaces, f); }
std::string_view role_name(RoleSel r) { return names::lookup(kRoles, r); }
std::optional<SideSel> parse_side(std::string_view s) { return names::find<SideSel>(kSides, s); }
std::optional<FaceSel> parse_face(std::string_view s) { return names::find<FaceSel>(kFaces, s); }
std::optional<RoleSel> parse_role(std::string_view s) { return names::find<RoleSel>(kRoles, s); }
}  // namespace term_text

namespace {

using namespace term_text;

const std::vector<std::string> kKeys = {"activation", "mandatory", "window", "timings", "conditions", "cost",
                                        "target", "trigger", "ops", "continuous", "card_type", "from_hand"};

std::vector<std::string> words(std::string_view s) {
  std::vector<std::string> out;
  std::istringstream in{std::string(s)};
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::string join(const std::vector<std::string>& w, std::size_t from, std::size_t to) {
  std::string out;
  for (std::size_t i = from; i < to; ++i) out += (out.empty() ? "" : " ") + w[i];
  return out;
}

/// What an operation's words may say beside its code.
bool takes_amount(OpCode c) { return op_changes_stats(c) || op_on_life_points(c); }
bool takes_duration(OpCode c) { return takes_amount(c) || op_on_player_damage(c); }
bool takes_object(OpCode c) {
  return c != OpCode::NegateActivation && c != OpCode::NegateEffect && c != OpCode::NegateAttack &&
         c != OpCode::EndBattlePhase && c != OpCode::Opaque;
}

/// Parser state for one term.
class TermParser {
 public:
  TermParser(const std::vector<std::string>& monsters, TermError& err) : monsters_(monsters), err_(err) {}

  bool field(const TermField& f) {
    line_ = f.line;
    key_ = f.key;
    if (std::find(kKeys.begin(), kKeys.end(), f.key) == kKeys.end())
      return fail(brief_text(f.key, 40), "unknown effect field " + brief_quote(f.key, 40) +
                                             "; expected one of activation, mandatory, window, timings, conditions, "
                                             "cost, target, trigger, ops, continuous, card_type, from_hand");
    const bool list = term_key_is_list(f.key);
    if (list && f.shape == FieldShape::Value)
      return fail(f.key, "expected an array of strings, e.g. " + f.key + " = [" + brief_quote(f.values.empty() ? "" : f.values[0]) + "]");
    if (!list && f.shape == FieldShape::List) return fail(f.key, "expected one value, not an array");
    if (!list && f.values.size() != 1) return fail(f.key, "expected one value");
    if (f.key == "activation") has_activation_ = true;
    if (list) {
      for (std::size_t i = 0; i < f.values.size(); ++i)
        if (!list_item(f.key, i, f.values[i])) return false;
      return true;
    }
    return scalar(f.key, f.values[0]);
  }

  bool finish() {
    if (!has_activation_)
      return fail("activation", "missing: how the effect starts, one of trigger, quick, counter or continuous");
    if (t_.activation == Activation::Trigger && t_.trigger == TriggerEvent::None)
      return fail("trigger", "a trigger effect needs a trigger event");
    if (t_.activation != Activation::Trigger && t_.trigger != TriggerEvent::None)
      return fail("trigger", "only a trigger effect (activation = \"trigger\") has a trigger event");
    if (t_.trigger == TriggerEvent::OpponentMonsterSentToGraveyard && !t_.mandatory)
      return fail("mandatory", "a trigger on a monster sent from the opponent's field is mandatory (Coffin Seller): an "
                               "optional one, on another card's leaving, has no class of its own (S0 §6.3.4.3)");
    if (t_.activation == Activation::Continuous && t_.continuous.kind == ContinuousKind::None)
      return fail("continuous", "a continuous effect needs a continuous part");
    if (t_.activation == Activation::Continuous && only_after_activation(t_.continuous.kind))
      return fail("continuous", "\"" + std::string(name(t_.continuous.kind)) + "\" applies from a Continuous Spell or Trap's "
                                "activation (activation = \"quick\"; resolved_before = true for one resolved before "
                                "the Battle Phase): on the field from the start, the board would have to agree with it");
    if (continuous_after_activation(t_) && !(t_.card_type != CardType::Monster && lasts_after_activation(t_.continuous.kind)))
      return fail("continuous", "an activated effect has a continuous part only on a Spell or Trap card, and only a lock "
                                "(cannot_attack_at_least, cannot_attack_level_at_least, cannot_attack_type, "
                                "no_trap_activation), a forced position, a negation, type_piercing or no_battle_damage: a Continuous Spell or Trap whose part "
                                "applies once it has resolved");
    if (t_.activation != Activation::Continuous && t_.op_count == 0 && !continuous_after_activation(t_))
      return fail("ops", "an activated effect needs at least one operation (\"opaque\" if the model cannot know it)");
    const bool negates = t_.has_op(OpCode::NegateActivation) || t_.has_op(OpCode::NegateEffect);
    if (negates != (t_.target.kind == TargetKind::ChainLink))
      return fail("target", negates ? "a negation targets the chain link below it: target = \"chain_link\""
                                    : "only a negation targets a chain link");
    for (int i = 0; i < t_.op_count; ++i)
      if (!object_fits(t_.ops[i])) return fail("ops[" + std::to_string(i) + "]", "\"" + std::string(name(t_.ops[i].object)) +
                                                   "\" does not fit " + std::string(name(t_.ops[i].code)));
    for (int i = 0; i < t_.op_count; ++i)
      if (const char* why = target_op_problem(t_, t_.ops[i])) return fail("ops[" + std::to_string(i) + "]", why);
    return true;
  }

  EffectTerm term() const { return t_; }

 private:
  /// `you` for the operations on battle damage, a player for those on Life Points, monsters for the rest.
  static bool object_fits(const Op& o) {
    if (op_on_life_points(o.code)) return object_is_player(o.object);
    if (op_on_player_damage(o.code)) return o.object == Object::You;
    if (o.code == OpCode::CannotDeclareAttacks) return o.object == Object::Opponent;
    if (o.code == OpCode::ChangeAttackTarget) return o.object == Object::Target;
    return !object_is_player(o.object) || !op_takes_object(o.code);
  }

  bool fail(const std::string& field, const std::string& message) {
    err_ = TermError{field, message, line_};
    return false;
  }

  template <typename E, typename F>
  bool named(const std::string& field, const std::string& v, F parse, E& out, std::string_view what) {
    if (auto e = parse(v)) { out = *e; return true; }
    return fail(field, "unknown " + std::string(what) + " " + brief_quote(v));
  }

  bool boolean(const std::string& field, const std::string& v, bool& out) {
    if (v == "true" || v == "false") { out = v == "true"; return true; }
    return fail(field, "expected true or false, got " + brief_quote(v));
  }

  bool scalar(const std::string& key, const std::string& v) {
    if (key == "activation") return named(key, v, parse_activation, t_.activation, "activation");
    if (key == "mandatory") return boolean(key, v, t_.mandatory);
    if (key == "from_hand") return boolean(key, v, t_.from_hand);
    if (key == "window") return named(key, v, parse_window, t_.window, "window");
    if (key == "trigger") return named(key, v, parse_trigger_event, t_.trigger, "trigger event");
    if (key == "card_type") return named(key, v, parse_card_type, t_.card_type, "card type");
    if (key == "cost") return cost(v);
    if (key == "target") return target(v);
    return continuous(v);
  }

  bool cost(const std::string& v) {
    const auto w = words(v);
    if (w.empty() || !named("cost", w[0], parse_cost, t_.cost, "cost")) return w.empty() ? fail("cost", "empty") : false;
    if (t_.cost == Cost::PayLp) {
      const auto n = w.size() == 2 ? term_number(w[1]) : std::nullopt;
      if (!n || *n <= 0 || *n > 8000) return fail("cost", "pay_lp needs an amount from 1 to 8000, e.g. \"pay_lp 2000\"");
      t_.cost_amount = static_cast<std::int16_t>(*n);
    } else if (w.size() != 1) {
      return fail("cost", brief_quote(w[0]) + " takes no amount");
    }
    return true;
  }

  bool target(const std::string& v) {
    std::string error;
    const auto t = parse_target(v, error);
    if (!t) return fail("target", error);
    t_.target = *t;
    return true;
  }

  bool continuous(const std::string& v) {
    std::string error;
    return parse_continuous_spec(v, t_.continuous, error) || fail("continuous", error);
  }

  bool list_item(const std::string& key, std::size_t i, const std::string& v) {
    const std::string field = key + "[" + std::to_string(i) + "]";
    if (key == "timings") {
      const auto t = parse_timing(v);
      if (!t) return fail(field, "unknown timing " + brief_quote(v));
      t_.timings = static_cast<TimingMask>(t_.timings | bit(*t));
      return true;
    }
    if (key == "conditions") {
      const auto& names = condition_names();
      const auto it = std::find(names.begin(), names.end(), v);
      if (it == names.end()) return fail(field, "unknown condition " + brief_quote(v));
      t_.conditions = static_cast<std::uint16_t>(t_.conditions | (1u << (it - names.begin())));
      return true;
    }
    if (t_.op_count >= kMaxOps) return fail(field, "at most " + std::to_string(kMaxOps) + " operations");
    return op(field, v);
  }

  bool op(const std::string& field, const std::string& v) {
    const auto w = words(v);
    Op o;
    if (w.empty() || !parse_op_code(w[0])) return fail(field, "unknown operation " + brief_quote(w.empty() ? v : w[0]));
    o.code = *parse_op_code(w[0]);
    o.object = default_object(o.code);
    if (o.code == OpCode::SpecialSummon) return summon(field, w, o);
    const std::string op = brief_quote(w[0]);
    std::string object, amount, duration, position;  // the word of each kind already read
    const auto once = [&](std::string& seen, const std::string& word, bool takes, std::string_view kind) {
      if (!takes) return fail(field, op + " takes no " + std::string(kind) + ", got " + brief_quote(word));
      if (!seen.empty())
        return fail(field, "two " + std::string(kind) + "s in one operation: " + brief_quote(seen) + " and " + brief_quote(word));
      seen = word;
      return true;
    };
    for (std::size_t i = 1; i < w.size(); ++i) {
      if (auto ob = parse_object(w[i])) {
        if (!once(object, w[i], takes_object(o.code), "object")) return false;
        o.object = *ob;
      } else if (auto d = parse_duration(w[i])) {
        if (!once(duration, w[i], takes_duration(o.code), "duration")) return false;
        o.duration = *d;
      } else if (auto p = parse_position(w[i])) {
        if (!once(position, w[i], o.code == OpCode::ChangePosition, "position")) return false;
        o.position = *p;
      } else if (w[i] == flag_word(o.code)) o.flag = true;
      else if (w[i] == "attacker_atk" && op_on_life_points(o.code) && amount.empty()) o.flag = true, amount = w[i];
      else if (auto n = term_number(w[i])) {
        if (!once(amount, w[i], takes_amount(o.code), "amount")) return false;
        if (*n % 50 != 0 || *n < -12700 || *n > 12700) return fail(field, "amount must be a multiple of 50 between -12700 and 12700");
        o.amount = static_cast<std::int16_t>(*n);
      } else return fail(field, "unknown word " + brief_quote(w[i]) + " in operation " + brief_quote(v));
    }
    // Steps of 50 where the model keeps them (State::atk_mod, def_mod); the battle's ATK changes in 100s.
    if (o.amount % 100 != 0 && o.code != OpCode::SetAtk && o.code != OpCode::ChangeDef &&
        (o.code != OpCode::ChangeAtk || o.duration == Duration::Battle))
      return fail(field, "amount must be a multiple of 100 between -12700 and 12700 (a multiple of 50 only for set_atk "
                         "and change_def, and for a change_atk lasting the turn or the Battle Phase)");
    if (op_on_life_points(o.code) && !o.flag && o.amount <= 0)
      return fail(field, op + " needs a positive amount or attacker_atk, e.g. \"" + w[0] + " opponent 500\"");
    if (op_lasts_turn_only(o.code))
      o.duration = Duration::Turn;  // it lasts the turn, unwritten
    t_.ops[t_.op_count++] = o;
    return true;
  }

  bool summon(const std::string& field, const std::vector<std::string>& w, Op& o) {
    std::size_t end = w.size();
    if (end > 1 && parse_position(w[end - 1])) o.position = *parse_position(w[--end]);
    const std::string monster = join(w, 1, end);
    if (monster.empty()) return fail(field, "special_summon needs a monster name, e.g. \"special_summon Sheep Token defense\"");
    const auto it = std::find(monsters_.begin(), monsters_.end(), monster);
    if (it == monsters_.end()) return fail(field, "unknown monster " + brief_quote(monster) + " (declare it with [[monster]])");
    o.monster = static_cast<std::uint8_t>(it - monsters_.begin());
    t_.ops[t_.op_count++] = o;
    return true;
  }

  Object default_object(OpCode c) const {
    if (op_on_player_damage(c) || c == OpCode::GainLp) return Object::You;
    if (c == OpCode::InflictDamage || c == OpCode::CannotDeclareAttacks) return Object::Opponent;
    if (c == OpCode::ChangeAtk || c == OpCode::SetAtk || c == OpCode::ChangeDef)
      return t_.target.kind == TargetKind::Monster ? Object::Target : Object::OwnBattler;
    return Object::Target;
  }

  const std::vector<std::string>& monsters_;
  TermError& err_;
  EffectTerm t_;
  std::string key_;
  int line_ = 0;
  bool has_activation_ = false;
};

}  // namespace

std::string target_text(const TargetSpec& t) {
  if (t.kind == TargetKind::None) return "none";
  if (t.kind == TargetKind::ChainLink) return "chain_link";
  if (t.kind == TargetKind::SpellTrap) return "spell_trap " + std::string(side_name(t.side));
  if (t.kind == TargetKind::Card) return "card " + std::string(side_name(t.side));
  std::string out = "monster " + std::string(side_name(t.side));
  if (t.face != FaceSel::Any) out += " " + std::string(face_name(t.face));
  if (t.role != RoleSel::Any) out += " " + std::string(role_name(t.role));
  return out;
}

std::optional<TargetSpec> parse_target(std::string_view s, std::string& error) {
  const auto w = words(s);
  TargetSpec t;
  if (w.size() == 1 && w[0] == "none") return t;
  if (w.size() == 1 && w[0] == "chain_link") { t.kind = TargetKind::ChainLink; return t; }
  if (w.size() == 2 && w[0] == "spell_trap" && parse_side(w[1])) return TargetSpec{TargetKind::SpellTrap, *parse_side(w[1])};
  if (w.size() == 2 && w[0] == "card" && parse_side(w[1])) return TargetSpec{TargetKind::Card, *parse_side(w[1])};
  if (w.empty() || w[0] != "monster") {
    error = "expected \"none\", \"chain_link\", \"spell_trap SIDE\", \"card SIDE\" or \"monster SIDE [FACE] [ROLE]\", got " +
            brief_quote(s);
    return std::nullopt;
  }
  t.kind = TargetKind::Monster;
  for (std::size_t i = 1; i < w.size(); ++i) {
    if (auto v = parse_side(w[i])) t.side = *v;
    else if (auto f = parse_face(w[i]); f && w[i] != "any") t.face = *f;
    else if (auto r = parse_role(w[i]); r && w[i] != "any") t.role = *r;
    else if (w[i] == "any") continue;
    else {
      error = "unknown word " + brief_quote(w[i]) + " in target; sides own|opponent|any, faces face_up|face_down, roles battling|attacker|attack_target";
      return std::nullopt;
    }
  }
  return t;
}

std::string op_text(const Op& o, const std::vector<std::string>& monster_names) {
  std::string s(name(o.code));
  if (o.code == OpCode::SpecialSummon) {
    s += " " + (o.monster < monster_names.size() ? monster_names[o.monster] : std::string("?"));
    return s + " " + std::string(name(o.position));
  }
  const bool objectless = o.code == OpCode::NegateActivation || o.code == OpCode::NegateEffect ||
                          o.code == OpCode::NegateAttack || o.code == OpCode::EndBattlePhase || o.code == OpCode::Opaque;
  if (!objectless) s += " " + std::string(name(o.object));
  if (o.code == OpCode::ChangePosition) s += " " + std::string(name(o.position));
  if (o.code == OpCode::ChangeAtk || o.code == OpCode::SetAtk || o.code == OpCode::ChangeDef)
    s += " " + std::to_string(o.amount) + " " + std::string(name(o.duration));
  if (op_on_player_damage(o.code)) s += " " + std::string(name(o.duration));
  if (op_on_life_points(o.code)) return s + (o.flag ? " attacker_atk" : " " + std::to_string(o.amount));
  if (o.flag) s += " " + std::string(flag_word(o.code));
  return s;
}

std::optional<EffectTerm> parse_term(const std::vector<TermField>& fields, const std::vector<std::string>& monster_names,
                                     TermError& error) {
  TermParser p(monster_names, error);
  // Target first: operations default their object from it.
  for (const TermField& f : fields)
    if (f.key == "target" && !p.field(f)) return std::nullopt;
  for (const TermField& f : fields)
    if (f.key != "target" && !p.field(f)) return std::nullopt;
  if (!p.finish()) return std::nullopt;
  return p.term();
}

std::vector<TermField> term_to_fields(const EffectTerm& t, const std::vector<std::string>& monster_names) {
  std::vector<TermField> out;
  const EffectTerm d;
  out.push_back({"activation", {std::string(name(t.activation))}});
  if (t.mandatory) out.push_back({"mandatory", {"true"}});
  if (t.card_type != d.card_type) out.push_back({"card_type", {std::string(name(t.card_type))}});
  if (t.from_hand) out.push_back({"from_hand", {"true"}});
  if (t.window != d.window) out.push_back({"window", {std::string(name(t.window))}});
  if (t.timings != 0) {
    TermField f{"timings", {}};
    for (int i = 0; i < kTimingCount; ++i)
      if (t.timings & bit(static_cast<Timing>(i))) f.values.emplace_back(name(static_cast<Timing>(i)));
    out.push_back(f);
  }
  if (t.conditions != 0) {
    TermField f{"conditions", {}};
    for (std::size_t i = 0; i < condition_names().size(); ++i)
      if (t.conditions & (1u << i)) f.values.emplace_back(condition_names()[i]);
    out.push_back(f);
  }
  if (t.cost != Cost::None)
    out.push_back({"cost", {std::string(name(t.cost)) + (t.cost == Cost::PayLp ? " " + std::to_string(t.cost_amount) : "")}});
  if (t.target.kind != TargetKind::None) out.push_back({"target", {target_text(t.target)}});
  if (t.trigger != TriggerEvent::None) out.push_back({"trigger", {std::string(name(t.trigger))}});
  if (t.op_count > 0) {
    TermField f{"ops", {}};
    for (int i = 0; i < t.op_count; ++i) f.values.push_back(op_text(t.ops[i], monster_names));
    out.push_back(f);
  }
  if (t.continuous.kind != ContinuousKind::None) out.push_back({"continuous", {continuous_text(t.continuous)}});
  return out;
}

const std::vector<std::string>& term_keys() { return kKeys; }

bool term_key_is_list(std::string_view key) { return key == "timings" || key == "conditions" || key == "ops"; }

std::optional<int> term_number(std::string_view s) {
  int v = 0;
  const char* b = s.data();
  if (!s.empty() && s.front() == '+') ++b;
  const auto [p, ec] = std::from_chars(b, s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
  return v;
}

}  // namespace bc
