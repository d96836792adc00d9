/// The situation table (docs/coverage.md): every branch of the model's rules (model/rules/flow.cpp,
/// battle.cpp, chain.cpp, effects.cpp, continuous.cpp) as a situation recognised on the event
/// trace. One row per situation: id, description, citation, the event types it reads, predicate.
#include "checker/coverage/situations.hpp"
#include "checker/coverage/damage_situations.hpp"
#include "checker/coverage/term_situations.hpp"
#include "model/terms/effect.hpp"
#include "model/core/scenario.hpp"

namespace bc {
namespace {
using V = SituationView;
using T = EventType;

constexpr std::uint32_t on(T t) { return 1u << static_cast<int>(t); }

const TraceContext& tc(const V& v) { return v.before.trace; }
bool is_trigger(const Event& e) { return (e.attrs & kAttrTrigger) != 0; }
bool attack_live(const TraceContext& c) { return c.has(kBtlActive) && !c.has(kBtlEnded); }
bool battle_step(const TraceContext& c) { return c.at(Timing::AttackDeclaration) || c.at(Timing::BattleStep); }
Player attacked_side(const TraceContext& c) { return other(c.attacker < kSlotCount ? side_of(c.attacker) : Player::P1); }
bool is_battler(const TraceContext& c, std::uint8_t s) { return s < kSlotCount && (s == c.attacker || s == c.target); }
/// The zone holding a card's host monster, kNoSlot when it has none on the field.
std::uint8_t host_slot(const V& v, std::size_t card) {
  const std::uint8_t host = v.header.cards[card].host;
  if (host == kNoMonster) return kNoSlot;
  for (std::uint8_t s = 0; s < kSlotCount; ++s)
    if (v.before.monster[s] == host) return s;
  return kNoSlot;
}
/// A card whose term satisfies `want` has its host on a battler.
template <class Want>
bool battler_hosts(const V& v, Want want) {
  for (std::size_t c = 0; c < v.header.cards.size(); ++c)
    if (want(v.header.cards[c].term) && is_battler(tc(v), host_slot(v, c))) return true;
  return false;
}
bool needs_battled(const EffectTerm& t) { return (t.conditions & kCondHostBattled) != 0; }
bool needs_attacked(const EffectTerm& t) { return (t.conditions & kCondHostAttacked) != 0; }
bool battled_trigger(const EffectTerm& t) { return t.trigger == TriggerEvent::Battled; }

/// Printed ATK / DEF of the monster in a zone (-1 if none).
int printed(const V& v, std::uint8_t slot, bool def) {
  if (slot >= kSlotCount || v.before.monster[slot] >= v.header.monsters.size()) return -1;
  const MonsterSpec& m = v.header.monsters[v.before.monster[slot]];
  return def ? m.def : m.atk;
}

/// Damage calculation outcomes, from the event's values (S0 §6.3.4.3.3).
bool calc(const V& v, CalcMode m) { return v.event.mode == m; }
bool always(const V&) { return true; }

// ---- families: one template per rule that repeats over a vocabulary --------

template <Timing W>
bool activated_at(const V& v) { return tc(v).at(W); }
template <EffectKind K>
bool kind_activated(const V& v) { return v.event.kind == K; }
template <TriggerEvent E>
bool trigger_activated(const V& v) { return is_trigger(v.event) && trigger_of_byte(v.event.trigger) == E; }
template <Timing W>
bool battler_left_at(const V& v) { return tc(v).at(W) && tc(v).has(kBtlActive) && is_battler(tc(v), v.event.slot); }
template <LeaveReason R>
bool left_by(const V& v) { return v.event.reason == R; }

/// A target is chosen while a monster the selector admits is confirmed destroyed (selector_admits_slot).
bool spared_destroyed_monster(const V& v) {
  for (std::uint8_t slot = 0; slot < kSlotCount && v.event.target < kSlotCount; ++slot)
    if ((tc(v).confirmed & slot_bit(slot)) && selector_admits_slot(tc(v), v.event.card, slot)) return true;
  return false;
}

#define ACT(text, timing, cite) \
  {"activation_at:" #text, "an effect is activated at this timing", cite, on(T::Activate), activated_at<Timing::timing>}
#define KIND(text, kind, cite) \
  {"activated:" #text, "an effect of this class is activated (docs/effects.md \"Classes\")", cite, on(T::Activate), \
   kind_activated<EffectKind::kind>}
#define TRIG(text, event, cite) \
  {"trigger:" #text, "a trigger effect on this event is activated", cite, on(T::Activate), \
   trigger_activated<TriggerEvent::event>}
#define LEFT_AT(text, timing, cite)                                                                         \
  {"battler_left_at:" #text, "a battling monster leaves the field at this Damage Step timing", cite, \
   on(T::LeftField), battler_left_at<Timing::timing>}
#define LEFT(text, reason, cite)                                                                \
  {"left_field:" #text, "a monster leaves the field for this reason", cite, on(T::LeftField), \
   left_by<LeaveReason::reason>}

const std::vector<Situation> kCoreSituations = {
    // ---- steps (model/rules/flow.cpp, model/rules/model.cpp) ---------------------------
    {"battle_phase_skipped", "Main Phase 1 goes straight to the End Phase", "S1 §写在前面", on(T::StepEnter),
     [](const V& v) { return v.event.step == Step::EndPhase && tc(v).in_step(Step::MainPhase1); }},
    {"start_step_to_battle_step", "the Start Step leads to the Battle Step", "S1 §开始步骤", on(T::StepEnter),
     [](const V& v) { return v.event.step == Step::BattleStep && tc(v).in_step(Step::StartStep); }},
    {"end_step_without_attack", "the Battle Step ends with no attack declared", "S1 §战斗步骤; S3 §Start",
     on(T::StepEnter),
     [](const V& v) {
       return v.event.step == Step::EndStep && tc(v).in_step(Step::BattleStep) && tc(v).declared == 0;
     }},
    {"back_to_battle_step", "the end of the Damage Step returns to the Battle Step", "S0 §6.3.4.3.5; S2 §FAQ 11/01/09",
     on(T::StepEnter), [](const V& v) { return v.event.step == Step::BattleStep && tc(v).in_step(Step::DamageStep); }},
    {"second_attack", "a second monster declares an attack in the same Battle Phase", "S0 §6.3.4.3.5; S1 §战斗步骤",
     on(T::AttackDeclared), [](const V& v) { return (tc(v).declared & ~slot_bit(v.event.slot)) != 0; }},
    {"opponent_acts_before_declaration",
     "the non-turn player starts a chain in the Battle Step with no attack in progress", "S1 §战斗步骤",
     on(T::Activate),
     [](const V& v) {
       return v.event.player == Player::P2 && tc(v).at(Timing::BattleStepOpen) && tc(v).chain_len == 0 &&
              !is_trigger(v.event);
     }},
    {"battle_phase_ended_by_effect", "an effect ends the Battle Phase", "S1 §结束步骤", on(T::BattlePhaseEnded), always},
    // ---- activations at each timing (S0 §6.3.4.3.1-§6.3.4.3.5) ------------
    ACT(start_step, StartStep, "S1 §开始步骤"),
    ACT(battle_step_open, BattleStepOpen, "S1 §战斗步骤"),
    ACT(attack_declaration, AttackDeclaration, "S1 §战斗步骤; S4 §2.4.2"),
    ACT(battle_step, BattleStep, "S3 §Before Damage Step; S4 §2.4.2"),
    ACT(start_of_damage_step, StartOfDamageStep, "S0 §6.3.4.3.1; S4 §2.4.3.1"),
    ACT(before_damage_calculation, BeforeDamageCalculation, "S0 §6.3.4.3.2; S4 §2.4.3.2"),
    ACT(damage_calculation, DamageCalculation, "S0 §6.3.4.3.3; S4 §2.4.3.3"),
    ACT(after_damage_calculation, AfterDamageCalculation, "S0 §6.3.4.3.4; S4 §2.4.3.4"),
    ACT(end_of_damage_step, EndOfDamageStep, "S0 §6.3.4.3.5; S4 §2.4.3.5"),
    ACT(end_step, EndStep, "S1 §结束步骤"),
    // ---- every activated class (model/rulesets/mr3.toml [permissions]) -----
    KIND(counter_trap, CounterTrap, "S0 §6.3.4.3; S4 §2.4.3"),
    KIND(atk_change_quick, AtkChangeQuick, "S0 §6.3.4.3; S1 §伤害步骤"),
    KIND(damage_calc_atk_change, DamageCalcAtkChange, "S0 §6.3.4.3.3; S1 §伤害计算时"),
    KIND(damage_calc_no_damage, DamageCalcNoDamage, "S0 §6.3.4.3.3; S1 §伤害计算时"),
    KIND(negate_activation_quick, NegateActivationQuick, "S0 §6.3.4.3; S2 §FAQ 14/03/26"),
    KIND(negate_effect_quick, NegateEffectQuick, "S2 §FAQ 14/03/26; S1 §伤害步骤"),
    KIND(attack_negate_trap, AttackNegateTrap, "S1 §战斗步骤; S4 §2.4.2"),
    KIND(attack_destroy_trap, AttackDestroyTrap, "S1 §战斗步骤; S4 §2.4.2"),
    KIND(special_summon_quick, SpecialSummonQuick, "S0 §6.3.4.3; S4 §2.4.2"),
    KIND(remove_monster_quick, RemoveMonsterQuick, "S0 §6.3.4.3; S4 §2.4.2"),
    KIND(end_battle_phase_quick, EndBattlePhaseQuick, "S1 §结束步骤"),
    KIND(free_chain_quick, FreeChainQuick, "S0 §6.3.4.3; S2 §カード発動制限"),
    KIND(destroy_no_calc_trigger, DestroyNoCalcTrigger, "S0 §6.3.4.3.1; S4 §2.4.3.1"),
    KIND(flip_trigger, FlipTrigger, "S0 §6.3.4.3.4; S1 §伤害计算后"),
    KIND(battle_damage_trigger, BattleDamageTrigger, "S0 §6.3.4.3.4; S1 §伤害计算后"),
    KIND(battled_trigger, BattledTrigger, "S0 §6.3.4.3.4; S1 §伤害计算后"),
    KIND(battle_destroyed_trigger, BattleDestroyedTrigger, "S0 §6.3.4.3.5; S1 §伤害步骤结束时"),
    KIND(sent_to_grave_trigger, SentToGraveTrigger, "S0 §6.3.4.3; S1 §伤害步骤"),
    KIND(end_of_battle_trigger, EndOfBattleTrigger, "S3 §End of Battle Phase; S1 §结束步骤"),
    KIND(damage_step_atk_change, DamageStepAtkChange, "S0 §6.3.4.3.2; S1 §伤害计算前"),
    KIND(position_change_quick, PositionChangeQuick, "S0 §6.3.4.3; S4 §2.4.2"),
    KIND(protection_quick, ProtectionQuick, "S0 §6.3.4.3; S1 §伤害步骤"),
    KIND(attack_trigger, AttackTrigger, "S1 §战斗步骤; S4 §2.4.2"),
    KIND(summon_trigger, SummonTrigger, "S0 §6.3.4.3; S4 §2.4.3"),
    KIND(other_summon_trigger, OtherSummonTrigger, "S0 §6.3.4.3; S1 §伤害步骤"),
    KIND(end_of_damage_step_trigger, EndOfDamageStepTrigger, "S0 §6.3.4.3.5; S1 §伤害步骤结束时"),
    KIND(before_calc_trigger, BeforeCalcTrigger, "S3 §Before Damage Calculation; S4 §2.4.3.2"),
    // ---- every trigger event (docs/effects.md "Trigger events") -----------
    TRIG(attacks_face_down, AttacksFaceDown, "S0 §6.3.4.3.1"),
    TRIG(flipped, Flipped, "S0 §6.3.4.3.2; S0 §6.3.4.3.4"),
    TRIG(inflicts_battle_damage, InflictsBattleDamage, "S0 §6.3.4.3.4"),
    TRIG(battled, Battled, "S0 §6.3.4.3.4"),
    TRIG(destroyed_by_battle, DestroyedByBattle, "S0 §6.3.4.3.5"),
    TRIG(destroyed_opponent_by_battle, DestroyedOpponentByBattle, "S0 §6.3.4.3.5"),
    TRIG(sent_to_graveyard, SentToGraveyard, "S0 §6.3.4.3"),
    TRIG(attack_declared, AttackDeclared, "S4 §2.4.2"),
    TRIG(targeted_for_attack, TargetedForAttack, "S4 §2.4.2"),
    TRIG(special_summoned, SpecialSummoned, "S0 §6.3.4.3"),
    TRIG(opponent_special_summoned, OpponentSpecialSummoned, "S1 §伤害步骤"),
    TRIG(end_of_damage_step, EndOfDamageStep, "S0 §6.3.4.3.5"),
    TRIG(end_of_battle_phase, EndOfBattlePhase, "S3 §End of Battle Phase; S1 §结束步骤"),
    TRIG(before_damage_calculation, BeforeDamageCalculation, "S3 §Before Damage Calculation; S4 §2.4.3.2"),
    TRIG(monster_inflicts_battle_damage, MonsterInflictsBattleDamage, "S0 §6.3.4.3.4; S1 §伤害计算后"),
    TRIG(opponent_monster_sent_to_graveyard, OpponentMonsterSentToGraveyard, "S0 §6.3.4.3; S1 §伤害步骤结束时"),
    TRIG(monster_summoned, MonsterSummoned, "S1 §伤害步骤"),
    TRIG(attacks_face_up_defense, AttacksFaceUpDefense, "S3 §Start of the Damage Step"),
    TRIG(at_damage_calculation, AtDamageCalculation, "S2 §参考:マスタールール2以前のダメージステップ; S0 §6.3.4.3.3"),
    TRIG(attacks_monster, AttacksMonster, "S3 §Start of the Damage Step; S2 §参考:マスタールール2以前のダメージステップ"),
    // ---- attacks (model/rules/model.cpp, flow.cpp battle_step_consequences) -----
    {"direct_attack", "a direct attack is declared", "S1 §战斗步骤; S4 §2.4.2", on(T::AttackDeclared),
     [](const V& v) { return v.event.target == kDirect; }},
    {"direct_attack_past_monsters", "a monster that may attack directly does so while the opponent controls monsters",
     "S1 §战斗步骤", on(T::AttackDeclared),
     [](const V& v) {
       return v.event.target == kDirect && (tc(v).occupied & side_mask(other(side_of(v.event.slot)))) != 0;
     }},
    {"attack_past_unattackable", "an attack is declared while the opponent has a monster that cannot be attacked",
     "S1 §战斗步骤的卷回", on(T::AttackDeclared),
     [](const V& v) { return slots_applying(tc(v), tc(v).card_unattackable, side_mask(other(side_of(v.event.slot)))) != 0; }},
    {"attack_negated", "an attack is negated: no Damage Step", "S1 §攻击被无效", on(T::AttackNegated), always},
    {"attack_stopped_attacker_left", "the attacker leaves the field in the Battle Step: the attack ends",
     "S1 §战斗步骤", on(T::AttackStopped),
     [](const V& v) { return !(tc(v).occupied & slot_bit(v.event.slot)); }},
    {"attack_stopped_not_in_attack_position", "the attacker leaves Attack Position in the Battle Step: the attack ends",
     "S1 §战斗步骤", on(T::AttackStopped),
     [](const V& v) { return (tc(v).occupied & tc(v).defense & slot_bit(v.event.slot)) != 0; }},
    {"attack_target_changed", "an effect changes the attack target (no replay)", "S1 §战斗步骤的卷回",
     on(T::AttackTargetChanged), always},
    // ---- replays (flow.cpp replay, effects.cpp note_count_change) ----------
    {"replay", "the attacked side's monster count changes in the Battle Step: a replay", "S1 §战斗步骤的卷回; S4 §2.4.2",
     on(T::Replay), always},
    {"replay_cause_target_left", "the attack target leaves the field in the Battle Step", "S1 §战斗步骤的卷回",
     on(T::LeftField),
     [](const V& v) { return attack_live(tc(v)) && battle_step(tc(v)) && v.event.slot == tc(v).target; }},
    {"replay_cause_summon", "a monster is special summoned to the attacked side in the Battle Step",
     "S1 §战斗步骤的卷回", on(T::Summoned),
     [](const V& v) {
       return attack_live(tc(v)) && battle_step(tc(v)) && (side_mask(attacked_side(tc(v))) & slot_bit(v.event.slot));
     }},
    {"replay_choice_monster", "after a replay the attacker chooses a monster", "S1 §战斗步骤的卷回", on(T::ReplayChoice),
     [](const V& v) { return v.event.target < kSlotCount; }},
    {"replay_choice_direct", "after a replay the attacker attacks directly", "S1 §战斗步骤的卷回", on(T::ReplayChoice),
     [](const V& v) { return v.event.target == kDirect; }},
    {"replay_choice_no_attack", "after a replay the attacker does not attack", "S1 §战斗步骤的卷回", on(T::ReplayChoice),
     [](const V& v) { return v.event.target == kNoSlot; }},
    // ---- the Damage Step (flow.cpp, effects.cpp leave_field) --------------
    {"face_down_target_flipped", "a face-down attack target is turned face-up in the Damage Step",
     "S0 §6.3.4.3.2; S1 §伤害计算前", on(T::FlippedFaceUp),
     [](const V& v) { return v.event.slot == tc(v).target && tc(v).in_damage_step_timing(); }},
    {"damage_step_count_change_no_replay", "the attacked side's monster count changes in the Damage Step (no replay)",
     "S0 §6.3.4.3; S1 §战斗步骤的卷回", on(T::LeftField) | on(T::Summoned),
     [](const V& v) {
       return tc(v).in_damage_step_timing() && (side_mask(attacked_side(tc(v))) & slot_bit(v.event.slot));
     }},
    LEFT_AT(start_of_damage_step, StartOfDamageStep, "S0 §6.3.4.3.1; S0 §6.3.4.3.3"),
    LEFT_AT(before_damage_calculation, BeforeDamageCalculation, "S0 §6.3.4.3.2; S0 §6.3.4.3.3"),
    LEFT_AT(damage_calculation, DamageCalculation, "S0 §6.3.4.3; S0 §6.3.4.3.3"),
    LEFT_AT(after_damage_calculation, AfterDamageCalculation, "S0 §6.3.4.3.4; S1 §伤害计算后"),
    LEFT_AT(end_of_damage_step, EndOfDamageStep, "S0 §6.3.4.3.5"),
    {"no_damage_calculation", "a battle cancelled before damage calculation", "S0 §6.3.4.3.3; S1 §伤害计算时",
     on(T::NoDamageCalculation), always},
    {"no_damage_calculation_attacker_in_defense",
     "the attacker left Attack Position in the Damage Step: no damage calculation", "S1 §伤害步骤; S1 §伤害计算时",
     on(T::NoDamageCalculation),
     [](const V& v) { return (tc(v).occupied & tc(v).defense & slot_bit(tc(v).attacker)) != 0; }},
    {"cancelled_battle_host_battled_condition",
     "a battle is cancelled before damage calculation while a battler has a \"has battled\" effect",
     "S0 §6.3.4.3.3; S1 §伤害计算时", on(T::NoDamageCalculation),
     [](const V& v) { return battler_hosts(v, needs_battled); }},
    {"cancelled_battle_host_attacked_condition",
     "a battle is cancelled before damage calculation while a battler has a \"has attacked\" effect", "S0 §6.3.4.3",
     on(T::NoDamageCalculation), [](const V& v) { return battler_hosts(v, needs_attacked); }},
    {"cancelled_battle_battled_trigger",
     "a battle is cancelled before damage calculation while a battler has a \"battled\" trigger",
     "S0 §6.3.4.3.3; S0 §6.3.4.3.4", on(T::NoDamageCalculation),
     [](const V& v) { return battler_hosts(v, battled_trigger); }},
    {"end_step_attacked_not_battled",
     "the End Step begins with a monster that attacked but did not battle and has a \"has attacked\"/\"has battled\" "
     "effect",
     "S0 §6.3.4.3; S0 §6.3.4.3.3", on(T::StepEnter),
     [](const V& v) {
       if (v.event.step != Step::EndStep) return false;
       const TraceContext& c = tc(v);
       for (std::size_t i = 0; i < v.header.cards.size(); ++i) {
         const std::uint16_t h = slot_bit(host_slot(v, i));
         const bool conditioned = needs_attacked(v.header.cards[i].term) || needs_battled(v.header.cards[i].term);
         if (conditioned && (c.attacked & h) && !(c.battled & h)) return true;
       }
       return false;
     }},
    // ---- damage calculation (model/rules/battle.cpp) ----------------------------
    {"calc_direct", "damage calculation of a direct attack", "S0 §6.3.4.3.3", on(T::DamageCalculation),
     [](const V& v) { return calc(v, CalcMode::Direct); }},
    {"calc_atk_greater_than_atk", "attacker ATK > Attack Position target ATK", "S0 §6.3.4.3.3",
     on(T::DamageCalculation),
     [](const V& v) { return calc(v, CalcMode::VsAttack) && v.event.value > v.event.value2; }},
    {"calc_atk_less_than_atk", "attacker ATK < Attack Position target ATK", "S0 §6.3.4.3.3", on(T::DamageCalculation),
     [](const V& v) { return calc(v, CalcMode::VsAttack) && v.event.value < v.event.value2; }},
    {"calc_atk_equal_atk", "attacker ATK == Attack Position target ATK (not 0): both destroyed", "S0 §6.3.4.3.3",
     on(T::DamageCalculation),
     [](const V& v) { return calc(v, CalcMode::VsAttack) && v.event.value == v.event.value2 && v.event.value > 0; }},
    {"calc_zero_atk_vs_zero_atk", "0 ATK vs 0 ATK in Attack Position: nothing happens",
     "S0 §6.3.4.3.3.1; S1 §伤害计算时", on(T::DamageCalculation),
     [](const V& v) { return calc(v, CalcMode::VsAttack) && v.event.value == 0 && v.event.value2 == 0; }},
    {"calc_atk_greater_than_def", "attacker ATK > Defense Position target DEF", "S0 §6.3.4.3.3",
     on(T::DamageCalculation),
     [](const V& v) { return calc(v, CalcMode::VsDefense) && v.event.value > v.event.value2; }},
    {"calc_atk_less_than_def", "attacker ATK < Defense Position target DEF", "S0 §6.3.4.3.3", on(T::DamageCalculation),
     [](const V& v) { return calc(v, CalcMode::VsDefense) && v.event.value < v.event.value2; }},
    {"calc_atk_equal_def", "attacker ATK == Defense Position target DEF: no damage, nothing destroyed",
     "S0 §6.3.4.3.3", on(T::DamageCalculation),
     [](const V& v) { return calc(v, CalcMode::VsDefense) && v.event.value == v.event.value2; }},
    {"calc_battle_damage_prevented", "damage calculation whose battle damage an effect prevents",
     "S0 §6.3.4.3.3; S4 §2.4.3.3", on(T::DamageCalculation), damage_prevented},
    {"calc_destruction_prevented", "damage calculation whose destruction by battle an effect prevents",
     "S0 §6.3.4.3.3; S4 §2.4.3", on(T::DamageCalculation), destruction_prevented},
    {"calc_modified_atk", "a battler's ATK at damage calculation differs from its printed ATK",
     "S0 §6.3.4.3.3; S1 §伤害计算时", on(T::DamageCalculation),
     [](const V& v) {
       const Event& e = v.event;
       const int own = printed(v, e.slot, false);
       const int foe = e.mode == CalcMode::VsAttack ? printed(v, e.target, false) : -1;
       return (own >= 0 && e.value != own) || (foe >= 0 && e.value2 != foe);
     }},
    {"calc_modified_def", "the target's DEF at damage calculation differs from its printed DEF", "S0 §6.3.4.3.3",
     on(T::DamageCalculation),
     [](const V& v) {
       const int def = printed(v, v.event.target, true);
       return calc(v, CalcMode::VsDefense) && def >= 0 && v.event.value2 != def;
     }},
    {"battle_destroyed_sent_at_end_of_damage_step",
     "a monster destroyed by battle goes to the GY at the end of the Damage Step", "S0 §6.3.4.3.5; S4 §2.4.3.5",
     on(T::LeftField),
     [](const V& v) { return v.event.reason == LeaveReason::Battle && tc(v).at(Timing::EndOfDamageStep); }},
    // ---- the board (model/rules/effects.cpp, continuous.cpp) ---------------------
    LEFT(battle, Battle, "S0 §6.3.4.3.5"),
    LEFT(effect_destroy, EffectDestroy, "S0 §6.3.4.3"),
    LEFT(banish, Banish, "S0 §6.3.4.3.4"),
    LEFT(return_to_hand, ReturnToHand, "S1 §战斗步骤的卷回"),
    LEFT(cost, Cost, "S0 §6.3.4.3; S1 §战斗步骤的卷回"),
    {"special_summon", "a monster is special summoned", "S0 §6.3.4.3", on(T::Summoned), always},
    {"position_changed", "an effect changes a battle position", "S1 §战斗步骤的卷回", on(T::PositionChanged), always},
    {"self_destruction", "a continuous effect destroys its own monster (no chain)", "S1 §伤害计算前", on(T::LeftField),
     [](const V& v) { return v.event.reason == LeaveReason::EffectDestroy && tc(v).chain_len == 0; }},
    // ---- chains (model/rules/chain.cpp) -----------------------------------------
    {"chain_response", "an effect is activated in response to a chain link",
     "S0 §6.3.4.3; S3 §Start/Attack Declaration", on(T::Activate),
     [](const V& v) { return tc(v).chain_len >= 1 && !is_trigger(v.event); }},
    {"chain_activation_negated", "an activation is negated", "S0 §6.3.4.3", on(T::Negated),
     [](const V& v) { return v.event.negation == Negation::Activation; }},
    {"chain_effect_negated", "an effect is negated (not its activation)", "S2 §FAQ 14/03/26", on(T::Negated),
     [](const V& v) { return v.event.negation == Negation::Effect; }},
    {"chain_triggers_of_both_players", "simultaneous triggers of both players form one chain, turn player's first",
     "S0 §6.3.4.3.4; S2 §FAQ 09/08/01", on(T::Activate),
     [](const V& v) {
       const TraceContext& c = tc(v);
       return is_trigger(v.event) && v.event.player == Player::P2 && c.chain_len >= 1 && c.has(kChBuilding) &&
              !c.has(kChBuildingP2);
     }},
    {"second_chain_in_window", "a second chain is started in the same timing window",
     "S1 §开始步骤; S3 §Before Damage Step", on(T::Activate),
     [](const V& v) { return tc(v).chain_len == 0 && tc(v).has(kChWindowHadChain) && !is_trigger(v.event); }},
    {"trigger_chain_at_damage_calculation", "a trigger chain follows a chain at damage calculation", "S0 §6.3.4.3",
     on(T::Activate),
     [](const V& v) {
       return tc(v).chain_len == 0 && tc(v).has(kChWindowHadChain) && is_trigger(v.event) &&
              tc(v).at(Timing::DamageCalculation);
     }},
    {"flip_effect_joins_damage_triggers", "a flip effect chains with other triggers after damage calculation",
     "S0 §6.3.4.3.4; S1 §伤害计算后", on(T::Activate),
     [](const V& v) {
       return trigger_activated<TriggerEvent::Flipped>(v) && tc(v).chain_len >= 1 && tc(v).has(kChBuilding) &&
              tc(v).at(Timing::AfterDamageCalculation);
     }},
    {"target_after_destruction_confirmed",
     "an effect targets a monster while another's destruction by battle is confirmed", "S0 §6.3.4.3.3",
     on(T::Activate),
     [](const V& v) { return v.event.target < kSlotCount && tc(v).confirmed != 0; }},
    {"destroyed_monster_spared_as_target", "an effect targets while a monster its selector admits is confirmed "
     "destroyed by battle (so it may not be chosen)", "S1 §伤害计算后; S3 §Resolve effects", on(T::Activate), spared_destroyed_monster},
    {"destroyed_monster_keeps_position", "an effect that changes battle positions resolves while a monster's destruction by battle is confirmed (its position stays)",
     "S1 §伤害计算后", on(T::Resolve), [](const V& v) { return (v.event.attrs & kAttrPosition) && tc(v).confirmed != 0; }},
    {"piercing_damage", "a piercing attacker battles a Defense Position monster whose DEF is lower than its ATK (the difference is battle damage)",
     "S2 §マスタールール2以前のダメージステップ", on(T::DamageCalculation), piercing_damage},
    {"battle_damage_scaled", "damage calculation whose battle damage a halving or doubling effect changes",
     "S2 §マスタールール2以前のダメージステップ", on(T::DamageCalculation), battle_damage_scaled},
    {"battle_damage_redirected", "damage calculation whose battle damage the other player takes instead (a redirection)",
     "S1 §伤害计算时", on(T::DamageCalculation), battle_damage_redirected},
    // ---- durations and costs (issue 28; model/rules/stats.cpp, chain.cpp) -------------
    {"change_until_end_of_battle_phase", "an effect changes a monster's ATK or DEF until the end of the Battle Phase",
     "S1 §结束步骤=战斗阶段结束时", on(T::StatChanged), [](const V& v) { return v.event.duration == Duration::BattlePhase; }},
    {"battle_phase_change_expires", "a change until the end of the Battle Phase ends, once the End Step is over",
     "S1 §结束步骤=战斗阶段结束时", on(T::ChangeExpired), always},
    {"destroyed_monster_spared_as_cost", "a Tribute cost takes a monster while another of its side is confirmed "
     "destroyed by battle (which may not be chosen)", "S1 §伤害计算后", on(T::LeftField), tribute_spares_destroyed},
};

#undef ACT
#undef KIND
#undef TRIG
#undef LEFT_AT
#undef LEFT

}  // namespace

const std::vector<Situation>& situations() {
  static const std::vector<Situation> all = [] {
    std::vector<Situation> out = kCoreSituations;
    for (const Situation& s : term_situations()) out.push_back(s);  // issue 31's mechanics, last
    return out;
  }();
  return all;
}

}  // namespace bc
