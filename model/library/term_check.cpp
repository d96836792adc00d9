/// The load check of a term's meaning (model/library/term_check.hpp).
#include "model/library/term_check.hpp"

#include <array>
#include <string>

#include "model/core/state.hpp"
#include "model/terms/durations.hpp"
#include "model/rulesets/ruleset_loader.hpp"

namespace bc {
namespace {

std::string timing_list(TimingMask m) {
  std::string out;
  for (int i = 0; i < kTimingCount; ++i)
    if (m & bit(static_cast<Timing>(i))) out += (out.empty() ? "" : ", ") + std::string(name(static_cast<Timing>(i)));
  return out.empty() ? "none" : out;
}

std::string quoted(std::string_view s) {
  std::string out(1, '"');
  out += s;
  out += '"';
  return out;
}

/// Continuous parts that act on the card's own monster.
bool host_bound(ContinuousKind k) { return continuous_needs_host(k); }

/// Conditions that ask about the card's own monster.
constexpr std::uint16_t kHostConditions = kCondHostAttacked | kCondHostBattled | kCondHostAttacking | kCondFoeOnField;

/// Why a part about the card's own monster can never apply, or empty when the
/// card has a host (or may still get one).
std::string without_host(const EffectTerm& t, TermHost host) {
  const bool trap = host_rule(t) == HostRule::Forbidden;
  if (host == TermHost::Present || (host == TermHost::Unknown && !trap)) return {};
  return trap ? "a trap card has no monster of its own (no host)"
              : "this card has no host (the monster whose effect it is)";
}

std::optional<TermError> host_parts(const EffectTerm& t, TermHost host) {
  const std::string why = without_host(t, host);
  if (why.empty()) return std::nullopt;
  if (host_bound(t.continuous.kind))
    return TermError{"continuous", quoted(name(t.continuous.kind)) + " applies to the card's own monster, and " + why};
  if (t.conditions & kHostConditions) {
    const auto& names = condition_names();
    for (std::size_t i = 0; i < names.size(); ++i)
      if (t.conditions & kHostConditions & (1u << i))
        return TermError{"conditions", quoted(names[i]) + " asks about the card's own monster, and " + why};
  }
  if (t.activation == Activation::Trigger && concerns_host(t.trigger))
    return TermError{"trigger", quoted(name(t.trigger)) + " happens to the card's own monster, and " + why +
                                    ": the trigger never comes"};
  for (int i = 0; i < t.op_count; ++i)
    if (t.ops[i].object == Object::Self && t.ops[i].code != OpCode::SpecialSummon)
      return TermError{"ops[" + std::to_string(i) + "]", "\"self\" is the card's own monster, and " + why};
  return std::nullopt;
}

/// The timings its text leaves open against its window and against what any
/// built-in ruleset permits its class.
std::optional<TermError> timing_parts(const EffectTerm& t, bool engine_timings) {
  if (t.activation == Activation::Continuous) return std::nullopt;  // never activated
  const TimingMask window = window_timings(t.window);
  if (t.timings != 0 && (window & t.timings) == 0)
    return TermError{"timings", "none of " + timing_list(t.timings) + " is in its window " + quoted(name(t.window)) +
                                    " (" + timing_list(window) + ")"};
  if (engine_timings) return std::nullopt;
  const EffectKind k = class_of(t);
  const TimingMask permitted = builtin_permitted_timings(k);
  if ((text_timings(t) & permitted) != 0) return std::nullopt;
  return TermError{t.timings != 0 ? "timings" : "window",
                   "its text leaves open only " + timing_list(text_timings(t)) + ", and no built-in ruleset lets a " +
                       std::string(name(k)) + " be activated there (together they permit " + timing_list(permitted) +
                       "): the card could never be used"};
}

/// Objects naming one monster: a change until the end of the Battle Phase is
/// recorded per monster in the state, a few at a time (State::bp_changes).
bool one_monster(Object o) {
  return o == Object::Target || o == Object::Self || o == Object::OwnBattler || o == Object::OpponentBattler ||
         o == Object::Attacker || o == Object::AttackTarget;
}

/// "Until the end of the Battle Phase" is for ATK/DEF changes of one monster.
std::optional<TermError> duration_parts(const EffectTerm& t) {
  for (int i = 0; i < t.op_count; ++i) {
    const Op& o = t.ops[i];
    if (o.duration != Duration::BattlePhase) continue;
    const std::string field = "ops[" + std::to_string(i) + "]";
    if (!op_changes_stats(o.code))
      return TermError{field, "\"battle_phase\" (until the end of the Battle Phase) is a duration of ATK/DEF changes; "
                              "use \"battle\" or \"turn\" here"};
    if (!one_monster(o.object))
      return TermError{field, "a change until the end of the Battle Phase is kept per monster: give it one monster "
                              "(target, self, own_battler, opponent_battler, attacker, attack_target)"};
  }
  if (bp_stat_ops(t) > kMaxBpChanges)
    return TermError{"ops", "at most " + std::to_string(kMaxBpChanges) + " changes until the end of the Battle Phase"};
  return std::nullopt;
}

}  // namespace

TimingMask builtin_permitted_timings(EffectKind k) {
  static const std::array<TimingMask, kEffectKindCount> table = [] {
    std::array<TimingMask, kEffectKindCount> out{};
    for (const std::string& n : builtin_ruleset_names()) {
      const Ruleset r = load_ruleset(n);
      for (int c = 0; c < kEffectKindCount; ++c)
        for (int i = 0; i < kTimingCount; ++i)
          if (r.allowed(static_cast<EffectKind>(c), static_cast<Timing>(i)))
            out[c] = static_cast<TimingMask>(out[c] | bit(static_cast<Timing>(i)));
    }
    return out;
  }();
  return table[static_cast<std::size_t>(k)];
}

bool has_host_part(const EffectTerm& t) { return host_parts(t, TermHost::None).has_value(); }

std::optional<TermError> check_term_meaning(const EffectTerm& t, TermHost host, bool engine_timings) {
  if (t.activation == Activation::Counter && t.card_type == CardType::Monster)
    return TermError{"activation", "counter speed (spell speed 3) is a Counter Trap's; a monster effect is at most "
                                   "a quick effect (activation = \"quick\")"};
  if (t.activation == Activation::Continuous && t.op_count > 0)
    return TermError{"ops", "a continuous effect is never activated, so its operations never resolve; drop ops or "
                            "make the effect activated"};
  if (auto e = host_parts(t, host)) return e;
  if (auto e = duration_parts(t)) return e;
  return timing_parts(t, engine_timings);
}

}  // namespace bc
