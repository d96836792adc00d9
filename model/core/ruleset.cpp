#include "model/core/ruleset.hpp"

#include <algorithm>
#include <utility>

#include "model/embed/embedded.hpp"

namespace bc {
namespace {

using V = std::array<std::string_view, 3>;
constexpr V kBool = {"false", "true", ""};
constexpr V kChains = {"one", "several", ""};

// One entry per Knob, in enum order (checked below). The values are the
// names used in ruleset files; a knob's stored value is the index.
constexpr std::array<KnobSpec, kKnobCount> kKnobs = {{
    {Knob::BattlePhaseOnFirstTurn, "battle_phase_on_first_turn", kBool,
     "the turn player may enter the Battle Phase on the duel's first turn"},
    {Knob::StartStepMaySkipToEndStep, "start_step_may_skip_to_end_step", kBool,
     "the turn player may go from the Start Step straight to the End Step"},
    {Knob::OpponentMayActBeforeDeclaration, "opponent_may_act_before_declaration", kBool,
     "the non-turn player gets priority in the Battle Step before an attack is declared"},
    {Knob::FirstPriority, "first_priority", {"turn_player", "non_turn_player", ""},
     "who gets priority first at each timing"},
    {Knob::ChainsStartStep, "chains_start_step", kChains, "how many chains the Start Step allows"},
    {Knob::ChainsAttackDeclaration, "chains_attack_declaration", kChains,
     "how many chains the attack-declaration window allows"},
    {Knob::ChainsBattleStep, "chains_battle_step", kChains,
     "how many chains the Battle Step allows (before and after a declaration)"},
    {Knob::ChainsStartOfDamageStep, "chains_start_of_damage_step", kChains,
     "how many chains the start of the Damage Step allows"},
    {Knob::ChainsBeforeDamageCalculation, "chains_before_damage_calculation", kChains,
     "how many chains the before-damage-calculation timing allows"},
    {Knob::ChainsDamageCalculation, "chains_damage_calculation", kChains,
     "how many chains damage calculation allows"},
    {Knob::ChainsAfterDamageCalculation, "chains_after_damage_calculation", kChains,
     "how many chains the after-damage-calculation timing allows"},
    {Knob::ChainsEndOfDamageStep, "chains_end_of_damage_step", kChains,
     "how many chains the end of the Damage Step allows"},
    {Knob::ChainsEndStep, "chains_end_step", kChains, "how many chains the End Step allows"},
    {Knob::CalcTriggerChainAllowsCalcEffects, "calc_trigger_chain_allows_calc_effects", kBool,
     "effects activated only during damage calculation may join a trigger chain born from the damage-calculation chain"},
    {Knob::FaceDownFlipTiming, "face_down_flip_timing",
     {"start_of_damage_step", "before_damage_calculation", "damage_calculation"},
     "the timing at which an attacked face-down monster is turned face-up"},
    {Knob::FlipTriggersChainWithDamageTriggers, "flip_triggers_chain_with_damage_triggers", kBool,
     "flip effects share one chain with battle-damage and battled triggers after damage calculation"},
    {Knob::BattleDestroyedLeaveTiming, "battle_destroyed_leave_timing",
     {"damage_calculation", "after_damage_calculation", "end_of_damage_step"},
     "when a monster destroyed by battle leaves the field"},
    {Knob::DamageStepExit, "damage_step_exit", {"battle_step", "end_step", ""},
     "where the Battle Phase goes when a Damage Step ends"},
    {Knob::ReplayEnabled, "replay_enabled", kBool,
     "a change in the attacked player's monster count after a declaration causes a replay"},
    {Knob::ReplayInDamageStep, "replay_in_damage_step", kBool,
     "a monster count change during the Damage Step also causes a replay"},
    {Knob::ReplayCheck, "replay_check", {"chain_end", "each_link", ""},
     "when a replay is checked: once the whole chain has resolved, or after each chain link"},
    {Knob::ReplayReopensDeclarationWindow, "replay_reopens_declaration_window", kBool,
     "choosing a new target after a replay counts as an attack declaration (opens the declaration window)"},
    {Knob::NegatedAttackEntersDamageStep, "negated_attack_enters_damage_step", kBool,
     "a negated attack still enters the Damage Step"},
    {Knob::DeclarationsPerMonster, "declarations_per_monster", {"one", "two", ""},
     "how many attack declarations a monster may make per Battle Phase"},
    {Knob::AttackRequiresAttackPosition, "attack_requires_attack_position", kBool,
     "only a face-up Attack Position monster may declare an attack and battle (otherwise any face-up monster)"},
    {Knob::DirectAttackRequiresEmptyField, "direct_attack_requires_empty_field", kBool,
     "a direct attack may be declared only when the opponent controls no monster"},
    {Knob::DamageCalcWhenBattlerLeft, "damage_calc_when_battler_left", kBool,
     "damage calculation still happens when a battling monster left the field"},
    {Knob::DamageStepContinuesAfterBattlerLeaves, "damage_step_continues_after_battler_leaves", kBool,
     "the remaining Damage Step timings still run when a battling monster left the field"},
    {Knob::DestroyedByBattleTargetable, "destroyed_by_battle_targetable", kBool,
     "a monster whose destruction by battle is confirmed can still be targeted"},
    {Knob::DestroyedByBattleMayActivateQuick, "destroyed_by_battle_may_activate_quick", kBool,
     "a monster whose destruction by battle is confirmed may still activate its quick effects"},
    {Knob::EqualAtkDestroysBoth, "equal_atk_destroys_both", kBool,
     "two Attack Position monsters with equal ATK destroy each other"},
    {Knob::ZeroAtkBattleDestroys, "zero_atk_battle_destroys", kBool,
     "two 0-ATK Attack Position monsters destroy each other"},
    {Knob::BattlePhaseEndGoesTo, "battle_phase_end_goes_to", {"end_step", "main_phase_2", ""},
     "where an effect that ends the Battle Phase leads"},
    {Knob::HasAttackedOn, "has_attacked_on", {"damage_step", "declaration", ""},
     "when a monster counts as \"has attacked\": on entering the Damage Step or on declaring"},
    {Knob::CostsPaidAgainOnReplay, "costs_paid_again_on_replay", kBool,
     "a replay makes the effects already activated in the attack pay their costs again"},
    {Knob::AttackRestrictionsApplyOnReplay, "attack_restrictions_apply_on_replay", kBool,
     "a monster that cannot be attacked cannot be chosen by the re-choice after a replay either"},
    {Knob::MandatoryTriggersActivate, "mandatory_triggers_activate", kBool,
     "a mandatory trigger on a timed event (the end of the Damage Step or of the Battle Phase) whose condition holds is activated"},
    {Knob::FlipAfterBattleCancelled, "flip_after_battle_cancelled", kBool,
     "the attacked face-down monster is still turned face-up when its battle was cancelled (the attacker left) before the flip"},
    {Knob::DestroyedByBattlePositionChangeable, "destroyed_by_battle_position_changeable", kBool,
     "an activated effect may still change the battle position of a monster whose destruction by battle is confirmed"},
    {Knob::FlipEffectAfterHostLeft, "flip_effect_after_host_left", kBool,
     "a flip effect is still activated when its monster left the field between the flip and the activation"},
    {Knob::PiercingBattleDamage, "piercing_battle_damage", kBool,
     "a monster with a piercing effect that attacks a Defense Position monster whose DEF is lower than its ATK inflicts the difference as battle damage"},
    {Knob::BattleDamageModifiers, "battle_damage_modifiers", kBool,
     "effects that halve, double or redirect battle damage change the damage when its value is fixed at damage calculation"},
    {Knob::BattleDamageRedirectedOnce, "battle_damage_redirected_once", kBool,
     "battle damage redirected to the other player is not redirected again by that player's own redirection"},
    {Knob::BattlePhaseChangesExpire, "battle_phase_changes_expire", {"end_of_battle_phase", "start_of_end_step", "end_of_turn"},
     "when an ATK/DEF change \"until the end of the Battle Phase\" stops applying: once the End Step is over, as it begins, or not before the turn ends"},
    {Knob::DestroyedByBattleUsableForCost, "destroyed_by_battle_usable_for_cost", kBool,
     "a monster whose destruction by battle is confirmed may still be Tributed for a cost"},
    {Knob::FlipSummonInBattlePhase, "flip_summon_in_battle_phase", kBool,
     "the turn player may Flip Summon a face-down monster during the Battle Phase (in the Battle Step, before an attack is declared)"},
    {Knob::FlipIsFlipSummon, "flip_is_flip_summon", kBool,
     "a face-down monster turned face-up by an attack or by an effect counts as Flip Summoned (its \"when Flip Summoned\" triggers activate)"},
    {Knob::CannotAttackStopsAttack, "cannot_attack_stops_attack", kBool,
     "an effect saying a monster cannot attack, applied to the attacking monster before the Damage Step, stops that attack"},
    {Knob::EffectDamageIsBattleDamage, "effect_damage_is_battle_damage", kBool,
     "damage an effect inflicts (Magic Cylinder) counts as battle damage, rather than being effect damage"},
    {Knob::ReplayStopKeepsDeclaration, "replay_stop_keeps_declaration", kBool,
     "an attacker that chooses not to attack after a replay has still declared: it cannot declare that declaration again"},
    {Knob::UnattackableMonstersBlockDirectAttacks, "unattackable_monsters_block_direct_attacks", kBool,
     "a monster that cannot be targeted for attacks still counts as a monster the opponent controls, so no direct attack while it is there"},
    {Knob::ForcedTargetCausesReplay, "forced_target_causes_replay", kBool,
     "an effect making one monster the only one that may be attacked, applied in the Battle Step after an attack was declared on another target (or directly), replays that attack"},
    {Knob::AttackAllCountsEveryDeclaration, "attack_all_counts_every_declaration", kBool,
     "a monster that may attack each of the opponent's monsters once has used up a monster as soon as it declares an attack on it (or chooses it after a replay, or the attack is moved to it), even if that attack is negated or abandoned; otherwise only once the attack reaches the Damage Step"},
    {Knob::MustAttackBinds, "must_attack_binds", kBool,
     "a monster whose text says it must attack if able keeps the turn player from passing out of the open Battle Step (or skipping to the End Step) while it can declare an attack"},
    {Knob::DeclarationLocksBind, "declaration_locks_bind", kBool,
     "a continuous effect saying monsters of some ATK, Level or Type cannot declare an attack, or a resolved effect saying the turn player cannot declare one this turn, keeps them from declaring one (an attack already declared goes on)"},
    {Knob::ControlChangeStopsAttack, "control_change_stops_attack", kBool,
     "the attacking monster changing control before the Damage Step is no longer the attacking monster: its attack stops (no Damage Step, no replay)"},
    {Knob::StoppedAttackKeepsWindow, "stopped_attack_keeps_window", kBool,
     "an attack negated, or whose attacker can no longer battle, by the chain at its declaration (or in the Battle Step) does not end at once: the Battle Step goes on, priority passes again, and only when both players pass does the attack end without a Damage Step; in that round the monster is no longer the attacking monster"},
    {Knob::MustAttackEntersBattlePhase, "must_attack_enters_battle_phase", kBool,
     "a monster that must attack if able, and could declare an attack, keeps the turn player from skipping the Battle Phase in Main Phase 1"},
}};

constexpr bool specs_in_enum_order() {
  for (int i = 0; i < kKnobCount; ++i)
    if (kKnobs[i].knob != static_cast<Knob>(i)) return false;
  return true;
}
static_assert(specs_in_enum_order(), "kKnobs must list every Knob in enum order");

std::vector<std::string> stems(const std::vector<std::pair<std::string_view, std::string_view>>& files) {
  std::vector<std::string> out;
  for (const auto& [stem, text] : files) out.emplace_back(stem);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

const KnobSpec& knob_spec(Knob k) { return kKnobs[static_cast<std::size_t>(k)]; }

std::optional<Knob> parse_knob(std::string_view name) {
  for (const auto& spec : kKnobs)
    if (spec.name == name) return spec.knob;
  return std::nullopt;
}

bool is_bool_knob(Knob k) { return knob_spec(k).values == kBool; }

int knob_value_count(Knob k) {
  const auto& v = knob_spec(k).values;
  return static_cast<int>(std::count_if(v.begin(), v.end(), [](std::string_view s) { return !s.empty(); }));
}

Knob chains_knob(Timing t) {
  constexpr std::array<std::pair<Timing, Knob>, 8> kOwn = {{
      {Timing::StartStep, Knob::ChainsStartStep}, {Timing::AttackDeclaration, Knob::ChainsAttackDeclaration},
      {Timing::StartOfDamageStep, Knob::ChainsStartOfDamageStep}, {Timing::BeforeDamageCalculation, Knob::ChainsBeforeDamageCalculation},
      {Timing::DamageCalculation, Knob::ChainsDamageCalculation}, {Timing::AfterDamageCalculation, Knob::ChainsAfterDamageCalculation},
      {Timing::EndOfDamageStep, Knob::ChainsEndOfDamageStep}, {Timing::EndStep, Knob::ChainsEndStep}}};
  const auto it = std::find_if(kOwn.begin(), kOwn.end(), [t](const auto& p) { return p.first == t; });
  return it == kOwn.end() ? Knob::ChainsBattleStep : it->second;
}

std::vector<std::string> builtin_ruleset_names() { return stems(embedded::rulesets()); }
std::vector<std::string> builtin_mutant_names() { return stems(embedded::mutants()); }

std::vector<std::string> builtin_source_ruleset_names() {
  std::vector<std::string> out;
  for (const auto& [stem, text] : embedded::rulesets())
    if (text.starts_with("source = ") || text.find("\nsource = ") != std::string_view::npos) out.emplace_back(stem);
  std::sort(out.begin(), out.end());
  return out;
}

namespace {
std::string joined(const Provenance& p) {
  std::string out;
  for (const std::string& s : p.sources) out += (out.empty() ? "" : "; ") + s;
  return out;
}
}  // namespace

std::string Ruleset::citation(Knob k) const {
  return specified(k) ? joined(knob_sources[static_cast<int>(k)]) : std::string();
}

std::string Ruleset::citation(EffectKind k) const {
  return specified(k) ? joined(permission_sources[static_cast<int>(k)]) : std::string();
}

std::vector<Ruleset> alternative_readings(const Ruleset& r) {
  std::vector<Ruleset> out;
  const auto variant = [&](std::string_view entry) {
    Ruleset v = r;
    v.name = r.name + "~" + std::string(entry);
    v.description = r.description + " (with the other reading " + r.source + " gives of " + std::string(entry) + ")";
    v.knob_other.fill(std::nullopt);
    v.permission_other.fill(std::nullopt);
    return v;
  };
  for (int k = 0; k < kKnobCount; ++k) {
    if (!r.knob_other[k]) continue;
    Ruleset v = variant(knob_spec(static_cast<Knob>(k)).name);
    v.knobs[k] = r.knob_other[k]->value;
    v.knob_sources[k] = r.knob_other[k]->provenance;
    out.push_back(std::move(v));
  }
  for (int k = 0; k < kEffectKindCount; ++k) {
    if (!r.permission_other[k]) continue;
    Ruleset v = variant(name(static_cast<EffectKind>(k)));
    v.permissions[k] = r.permission_other[k]->timings;
    v.permission_sources[k] = r.permission_other[k]->provenance;
    out.push_back(std::move(v));
  }
  return out;
}

std::string_view builtin_ruleset_text(std::string_view name) {
  for (const auto& [stem, text] : embedded::rulesets())
    if (stem == name) return text;
  for (const auto& [stem, text] : embedded::mutants())
    if (stem == name) return text;
  return {};
}

TimingMask Ruleset::permitted_timings(const EffectTerm& t) const {
  // The text narrows the class's permission: its timing list always, its
  // window unless the window is what made the class (window_decides_class).
  TimingMask m = window_decides_class(t) ? (t.timings != 0 ? t.timings : kAllTimings) : text_timings(t);
  const PermissionClasses classes = permission_classes(t);
  for (int i = 0; i < classes.count; ++i) m &= permissions[static_cast<int>(classes.kinds[i])];
  return m;
}

}  // namespace bc
