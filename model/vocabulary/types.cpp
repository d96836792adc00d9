#include "model/vocabulary/types.hpp"
#include "model/vocabulary/name_table.hpp"

#include <algorithm>

#include "model/vocabulary/action.hpp"
#include "model/vocabulary/event.hpp"

namespace bc {
namespace {

using names::find;
using names::lookup;

constexpr std::array<std::string_view, 2> kPlayers = {"p1", "p2"};
constexpr std::array<std::string_view, kStepCount> kSteps = {
    "main_phase_1", "start_step", "battle_step", "damage_step", "end_step", "main_phase_2", "end_phase"};
constexpr std::array<std::string_view, kTimingCount> kTimings = {
    "main_phase_1", "start_step", "battle_step_open", "attack_declaration", "battle_step", "replay_choice",
    "start_of_damage_step", "before_damage_calculation", "damage_calculation", "after_damage_calculation",
    "end_of_damage_step", "end_step", "main_phase_2", "end_phase"};
constexpr std::array<std::string_view, kTimingCount> kPhrases = {
    "Main Phase 1", "Start Step", "Battle Step", "attack declaration", "Battle Step", "replay",
    "start of the Damage Step", "before damage calculation", "damage calculation", "after damage calculation",
    "end of the Damage Step", "End Step", "Main Phase 2", "End Phase"};
constexpr std::array<std::string_view, 3> kPositions = {"attack", "defense", "facedown"};
constexpr std::array<std::string_view, 3> kConditions = {"none", "host_attacked", "host_battled"};
constexpr std::array<std::string_view, 5> kReasons = {"battle", "effect_destroy", "banish", "return_to_hand", "cost"};
constexpr std::array<std::string_view, 2> kNegations = {"activation", "effect"};
constexpr std::array<std::string_view, 3> kModes = {"vs_attack", "vs_defense", "direct"};
constexpr std::array<std::string_view, 3> kDurations = {"battle", "turn", "battle_phase"};

constexpr std::array<KindInfo, kEffectKindCount> kKinds = {{
    {"counter_trap", "spell speed 3: a counter trap"},
    {"atk_change_quick", "changes ATK or DEF"},
    {"damage_calc_atk_change", "\"during damage calculation\": changes ATK"},
    {"damage_calc_no_damage", "\"during damage calculation\": anything but an ATK change (no battle damage...)"},
    {"negate_activation_quick", "negates an activation"},
    {"negate_effect_quick", "negates an effect (not its activation)"},
    {"attack_negate_trap", "\"when an attack is declared\": negates or redirects the attack"},
    {"attack_destroy_trap", "\"when an attack is declared\": anything else (destroys the attacker...)"},
    {"special_summon_quick", "special summons a monster"},
    {"remove_monster_quick", "destroys, banishes or returns a monster"},
    {"end_battle_phase_quick", "ends the Battle Phase"},
    {"free_chain_quick", "does nothing to the battle"},
    {"destroy_no_calc_trigger", "trigger: its monster attacks a face-down monster"},
    {"flip_trigger", "trigger: its monster is flipped face-up"},
    {"battle_damage_trigger", "trigger: its monster inflicts battle damage"},
    {"battled_trigger", "trigger: its monster battled"},
    {"battle_destroyed_trigger", "trigger: destroyed by battle, or destroyed a monster by battle"},
    {"sent_to_grave_trigger", "trigger: its monster is sent to the GY"},
    {"end_of_battle_trigger", "trigger: at the end of the Battle Phase"},
    {"damage_step_atk_change", "changes ATK or DEF, and its text names the Damage Step"},
    {"position_change_quick", "changes a battle position"},
    {"protection_quick", "no battle damage or no destruction by battle, outside damage calculation"},
    {"attack_trigger", "trigger: an attack is declared, or its monster is targeted for an attack"},
    {"summon_trigger", "trigger: its monster is special summoned (or, mandatory, another monster is)"},
    {"end_of_damage_step_trigger", "trigger: at the end of the Damage Step"},
    {"continuous", "never activated: applies while on the field"},
    {"other_summon_trigger", "optional trigger: another monster (the opponent's) is special summoned"},
    {"before_calc_trigger", "trigger: its monster battles, before damage calculation (after the flip)"},
}};

constexpr std::array<std::string_view, kEventTypeCount> kEventTypes = {
    "step_enter", "timing_enter", "priority", "attack_declared", "attack_negated", "attack_stopped",
    "replay", "replay_choice", "damage_step_begin", "flipped_face_up", "activate", "negated", "resolve",
    "chain_end", "damage_calculation", "no_damage_calculation", "battle_damage", "destroy_confirmed",
    "left_field", "summoned", "position_changed", "battle_phase_ended", "attack_target_changed",
    "stat_changed", "change_expired", "normal_summoned", "flip_summoned",
    "attack_forbidden", "life_points_changed", "attack_target_forced", "control_changed", "card_destroyed"};
constexpr std::array<std::string_view, 10> kActionTypes = {
    "enter_battle_phase", "skip_battle_phase", "pass", "activate", "declare_attack", "replay_target",
    "replay_stop", "skip_to_end_step", "decline_trigger", "flip_summon"};

}  // namespace

const KindInfo& info(EffectKind k) { return kKinds[static_cast<std::size_t>(k)]; }

Step step_of(Timing t) {
  switch (t) {
    case Timing::MainPhase1: return Step::MainPhase1;
    case Timing::StartStep: return Step::StartStep;
    case Timing::BattleStepOpen:
    case Timing::AttackDeclaration:
    case Timing::BattleStep:
    case Timing::ReplayChoice: return Step::BattleStep;
    case Timing::EndStep: return Step::EndStep;
    case Timing::MainPhase2: return Step::MainPhase2;
    case Timing::EndPhase: return Step::EndPhase;
    default: return Step::DamageStep;
  }
}

bool in_damage_step(Timing t) { return step_of(t) == Step::DamageStep; }

std::string_view name(Player p) { return lookup(kPlayers, p); }
std::string_view name(Step s) { return lookup(kSteps, s); }
std::string_view name(Timing t) { return lookup(kTimings, t); }
std::string_view name(Position p) { return lookup(kPositions, p); }
std::string_view name(EffectKind k) { return info(k).name; }
std::string_view name(Condition c) { return lookup(kConditions, c); }
std::string_view name(LeaveReason r) { return lookup(kReasons, r); }
std::string_view name(Negation n) { return lookup(kNegations, n); }
std::string_view name(CalcMode m) { return lookup(kModes, m); }
std::string_view name(Duration d) { return lookup(kDurations, d); }
std::optional<Duration> parse_duration(std::string_view s) { return find<Duration>(kDurations, s); }
std::string_view name(EventType t) { return lookup(kEventTypes, t); }
std::string_view name(ActionType t) { return lookup(kActionTypes, t); }
std::string_view phrase(Timing t) { return lookup(kPhrases, t); }

std::string slot_name(std::uint8_t slot) {
  if (slot == kDirect) return "direct";
  if (is_card_target(slot)) return "card" + std::to_string(card_of_target(slot));
  if (slot >= kSlotCount) return "none";
  return std::string(name(side_of(slot))) + "_m" + std::to_string(zone_of(slot));
}

std::optional<Player> parse_player(std::string_view s) { return find<Player>(kPlayers, s); }
std::optional<Step> parse_step(std::string_view s) { return find<Step>(kSteps, s); }
std::optional<Timing> parse_timing(std::string_view s) { return find<Timing>(kTimings, s); }
std::optional<Position> parse_position(std::string_view s) { return find<Position>(kPositions, s); }
std::optional<Condition> parse_condition(std::string_view s) { return find<Condition>(kConditions, s); }
std::optional<LeaveReason> parse_leave_reason(std::string_view s) { return find<LeaveReason>(kReasons, s); }
std::optional<Negation> parse_negation(std::string_view s) { return find<Negation>(kNegations, s); }
std::optional<CalcMode> parse_calc_mode(std::string_view s) { return find<CalcMode>(kModes, s); }
std::optional<EventType> parse_event_type(std::string_view s) { return find<EventType>(kEventTypes, s); }

std::optional<EffectKind> parse_kind(std::string_view s) {
  for (int i = 0; i < kEffectKindCount; ++i)
    if (kKinds[i].name == s) return static_cast<EffectKind>(i);
  // The names before issue 30 said "boost" of classes that also lower ATK;
  // files written with them still load.
  if (s == "atk_boost_quick") return EffectKind::AtkChangeQuick;
  if (s == "damage_calc_boost") return EffectKind::DamageCalcAtkChange;
  if (s == "damage_step_atk_boost") return EffectKind::DamageStepAtkChange;
  return std::nullopt;
}

}  // namespace bc
