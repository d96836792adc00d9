/// The property catalog: id, kind, one-line statement and citations of every
/// property, in the order of enum Prop (properties/catalog/ids.hpp). Statements
/// paraphrase the sources (S0-S4, shared/seeds/README.md); where sources
/// disagree the statement or the comment says so, and only the supporting
/// sources are cited.
#include <string_view>

#include "properties/catalog/ids.hpp"

namespace bc {
namespace {

using K = PropertyKind;

std::vector<PropertyInfo> flow_properties() {
  return {
      {"no_battle_phase_on_first_turn", K::Always,
       "The player who goes first does not conduct a Battle Phase on the duel's first turn.",
       {{"S1", "写在前面"}, {"S3", "Battle Phase"}, {"S4", "2.4"}}},
      // S3 §Start lets the turn player go from the start of the Battle Phase
      // straight to its end when not attacking: a disagreement with S1.
      {"start_step_leads_to_battle_step", K::Always,
       "After the Start Step the Battle Step begins; it cannot go straight to the End Step unless an effect "
       "ends the Battle Phase (S3 §Start disagrees: no attack may go straight to the end).",
       {{"S1", "开始步骤=战斗阶段开始时"}, {"S1", "结束步骤=战斗阶段结束时"}}},
      {"end_step_leads_to_main_phase_2", K::Always,
       "After the End Step (end of the Battle Phase) Main Phase 2 begins.",
       {{"S1", "写在前面"}, {"S1", "结束步骤=战斗阶段结束时"}, {"S4", "2.5"}}},
      {"damage_step_returns_to_battle_step", K::Always,
       "When the Damage Step ends the game returns to the Battle Step, never directly to the End Step.",
       {{"S0", "6.3.4.3.5"}, {"S1", "伤害步骤"}, {"S1", "伤害步骤结束时"}, {"S2", "ダメージステップ"},
        {"S2", "FAQ 11/01/09"}, {"S4", "2.4.2"}}},
      // S2 §参考 and S3 §The Damage Step describe the older six-stage division; the order of
      // the shared stages is the same.
      {"damage_step_timings_in_order", K::Always,
       "The Damage Step runs its five timings in order (start, before calculation, calculation, after "
       "calculation, end) with none skipped, and damage calculation happens at its own timing.",
       {{"S0", "6.3.4.3"}, {"S2", "ダメージステップ内の5つのタイミング"}, {"S4", "2.4.3"}}},
      {"turn_player_priority_first", K::Always,
       "At each timing, and after a chain has resolved, the turn player is the first to be able to act.",
       {{"S0", "6.3.4.3.1"}, {"S0", "6.3.4.3.2"}, {"S1", "开始步骤=战斗阶段开始时"}, {"S1", "结束步骤=战斗阶段结束时"},
        {"S3", "Start"}}},
      {"no_opponent_action_before_declaration", K::Always,
       "In the Battle Step before an attack is declared, with nothing activated, the turn player holds priority "
       "first; the non-turn player gets it only when the turn player passes it, and activates only while holding it.",
       {{"S1", "战斗步骤"}, {"S1", "伤害步骤结束时"}}},
      // S3 §Start has a turn player who declares no attack go straight to the end of the Battle Phase.
      {"battle_step_ends_after_both_pass", K::Always,
       "The Battle Step ends for the End Step only after both players pass in turn: when the turn player declines "
       "to attack, the non-turn player receives priority and may still act (unless an effect ended the Battle Phase).",
       {{"S1", "战斗步骤"}, {"S1", "开始步骤=战斗阶段开始时"}}},
  };
}

std::vector<PropertyInfo> attack_properties() {
  return {
      // S4 says only "face-up"; S1 also notes card-specific exceptions (attacking in Defense Position).
      {"attacker_face_up_attack_position", K::Always,
       "Only a face-up Attack Position monster can declare an attack.",
       {{"S1", "战斗步骤"}, {"S4", "2.4.2"}}},
      {"direct_attack_only_on_empty_field", K::Always,
       "A direct attack is declared (or chosen after a replay) only when the opponent controls no monster.",
       {{"S1", "战斗步骤"}, {"S4", "2.4.2"}}},
      {"one_declaration_per_monster", K::Always,
       "A monster declares at most one attack per Battle Phase, two with a second-attack effect of its own; a "
       "negated attack or one abandoned after a replay still counts.",
       {{"S1", "战斗步骤"}, {"S1", "攻击被无效"}, {"S1", "战斗步骤的卷回"}, {"S4", "2.4.2"}}},
      {"one_attack_at_a_time", K::Always,
       "Attacks are handled one at a time: a new attack is declared only after the previous one is over.",
       {{"S3", "Back to Battle Step"}, {"S4", "2.4.2"}}},
      {"negated_attack_has_no_damage_step", K::Always,
       "An attack that is negated, or stopped because the attacker can no longer battle, enters no Damage Step.",
       {{"S1", "战斗步骤"}, {"S1", "攻击被无效"}}},
      {"attack_traps_only_at_declaration", K::Always,
       "Cards activated only \"when an attack is declared\" are activated only at the attack declaration.",
       {{"S1", "战斗步骤"}, {"S3", "Start/Attack Declaration"}, {"S4", "2.4.2"}}},
      {"one_chain_at_attack_declaration", K::Always,
       "Only one chain is built in response to an attack declaration; after it resolves the timing has passed.",
       {{"S1", "战斗步骤"}, {"S3", "Start/Attack Declaration"}, {"S4", "2.4.2"}}},
  };
}

std::vector<PropertyInfo> replay_properties() {
  return {
      {"no_replay_in_damage_step", K::Always,
       "A replay never happens in the Damage Step, even if the opponent's monster count changes there.",
       {{"S0", "6.3.4.3"}, {"S1", "战斗步骤的卷回"}, {"S4", "2.4.2"}}},
      {"replay_after_chain_resolves", K::Always,
       "When the monster count changes during a chain, the replay happens only after the whole chain has resolved.",
       {{"S1", "战斗步骤的卷回"}}},
      // S1 lists other causes (loss of a direct-attack ability, an untargetable target) the model
      // does not have; S4 speaks of "the monsters on the field" without naming the attacked side.
      {"replay_requires_count_change", K::Always,
       "A replay happens only after the attacked player's monster count changed since the declaration "
       "(S4 says the field's count, without naming a side), or after an effect left the attacker only another "
       "monster to attack (S1: a forced attack target).",
       {{"S1", "战斗步骤的卷回"}, {"S4", "2.4.2"}}},
      {"replay_when_count_changes", K::Always,
       "If the attacked player's monster count changes in the Battle Step after a declaration, or an effect "
       "leaves the attacker only another monster to attack (S1: a forced attack target), a replay occurs before "
       "any Damage Step.",
       {{"S1", "战斗步骤的卷回"}, {"S4", "2.4.2"}}},
      {"replay_choice_is_not_declaration", K::Always,
       "Choosing a new target (or no attack) after a replay is not an attack declaration: no declaration "
       "and no attack-declaration timing follow it.",
       {{"S1", "战斗步骤的卷回"}, {"S4", "2.4.2"}}},
  };
}

std::vector<PropertyInfo> damage_step_properties() {
  return {
      // S2 §カード発動制限 (rulebook 1.0) names only ATK/DEF changes and counter traps;
      // S3 adds card-specific allowances. The broader MR3 list is used.
      {"damage_step_activation_whitelist", K::Always,
       "In the Damage Step only counter traps, ATK/DEF changes, damage-calculation effects, activation "
       "negation and the listed triggers can be activated (S2's rulebook quote is narrower).",
       {{"S0", "6.3.4.3"}, {"S1", "伤害步骤"}, {"S3", "The Damage Step"}, {"S4", "2.4.3"}}},
      {"atk_change_only_until_before_damage_calculation", K::Always,
       "Quick effects that change ATK/DEF are activated in the Damage Step only up to before damage calculation.",
       {{"S0", "6.3.4.3"}, {"S1", "伤害步骤"}, {"S2", "カード発動制限"}, {"S3", "Damage Calculation"},
        {"S4", "2.4.3.2"}}},
      {"no_effect_negation_in_damage_step", K::Always,
       "Quick effects that negate only an effect (not its activation) cannot be activated in the Damage Step.",
       {{"S2", "FAQ 14/03/26"}, {"S1", "伤害步骤"}}},
      // S3 §Honest Issues lets Honest be activated from the start of the Damage Step through
      // damage calculation: a disagreement for effects of that kind.
      {"damage_calc_effects_only_at_damage_calculation", K::Always,
       "Effects activated \"during damage calculation\" are activated only at the damage calculation timing "
       "(S3 §Honest Issues allows some earlier).",
       {{"S0", "6.3.4.3.3"}, {"S2", "ダメージステップ内の5つのタイミング"}, {"S3", "Damage Calculation"},
        {"S4", "2.4.3.3"}}},
      {"one_chain_at_damage_calculation", K::Always,
       "Damage calculation allows a single chain; a later chain may only be started by triggers born from it, "
       "and \"during damage calculation\" effects cannot be activated in that trigger chain.",
       {{"S2", "FAQ 14/03/26"}, {"S3", "Damage Calculation"}, {"S3", "Example 4: Honest Vs. Honest"},
        {"S4", "2.4.3.3"}, {"S0", "6.3.4.3"}, {"S1", "伤害步骤"}}},
      // S1 §伤害步骤开始时 and §伤害步骤 let SS2+ effects start further chains here: disagreement.
      {"one_chain_at_start_of_damage_step", K::Always,
       "At the start of the Damage Step only one chain is built (S1 disagrees and allows separate chains).",
       {{"S2", "FAQ 14/03/26"}, {"S4", "2.4.3.1"}}},
      {"one_chain_after_damage_calculation", K::Always,
       "After damage calculation only one chain is built; only new triggers may start another.",
       {{"S2", "FAQ 14/03/26"}, {"S1", "伤害计算后"}, {"S1", "伤害步骤"}, {"S4", "2.4.3.4"}}},
      {"one_chain_at_end_of_damage_step", K::Always,
       "At the end of the Damage Step only one chain is built; only new triggers may start another.",
       {{"S2", "FAQ 14/03/26"}, {"S1", "伤害步骤结束时"}, {"S1", "伤害步骤"}}},
      {"face_down_flipped_before_damage_calculation", K::Always,
       "A face-down monster involved in battle is turned face-up at before damage calculation, not at the "
       "start of the Damage Step, and is face-up when damage calculation begins.",
       {{"S0", "6.3.4.3.2"}, {"S1", "伤害步骤开始时"}, {"S1", "伤害计算前"}, {"S2", "ダメージステップ内の5つのタイミング"},
        {"S3", "Flipping the Face-Down Monster Face-Up"}, {"S4", "2.4.3.2"}}},
      // S2, S3 and S4 phrase the flip by the attack and are silent on an attacker that left.
      {"no_flip_after_battle_cancelled", K::Always,
       "The attacked face-down monster is turned face-up only while its battle goes on: once a battling monster "
       "has left the field, nothing battles it and it stays face-down.",
       {{"S0", "6.3.4.3.2"}, {"S1", "伤害计算前"}, {"S1", "伤害步骤"}}},
      // S2 §参考 (MR2) gives flip effects their own stage after the battle-damage triggers: still after calculation.
      {"flip_effects_after_damage_calculation", K::Always,
       "In the Damage Step, flip effects (of a monster flipped by the attack or by an effect) are activated after "
       "damage calculation, not when it flips; outside it a monster flipped by an effect activates at the next window.",
       {{"S0", "6.3.4.3"}, {"S0", "6.3.4.3.2"}, {"S0", "6.3.4.3.4"}, {"S1", "伤害计算前"}, {"S2", "リバースした場合に発動するモンスター効果"},
        {"S3", "Battle Damage - After Damage Calculation"}, {"S4", "2.4.3.4"}}},
      {"battle_destroyed_leave_at_end_of_damage_step", K::Always,
       "Monsters destroyed by battle are sent to the Graveyard only at the end of the Damage Step.",
       {{"S0", "6.3.4.3.3"}, {"S0", "6.3.4.3.5"}, {"S1", "伤害计算时"}, {"S2", "ダメージステップ内の5つのタイミング"},
        {"S3", "End of the Damage Step - Monster(s) Destroyed by Battle are Sent to the Graveyard"},
        {"S4", "2.4.3.5"}}},
      {"battle_destroyed_all_leave_by_end", K::Always,
       "Exactly the monsters confirmed destroyed by battle leave by battle, and all of them are gone when the "
       "Damage Step ends.",
       {{"S0", "6.3.4.3.5"}, {"S1", "伤害步骤结束时"}, {"S1", "伤害计算后"},
        {"S3", "End of the Damage Step - Monster(s) Destroyed by Battle are Sent to the Graveyard"},
        {"S4", "2.4.3.5"}}},
      // S4 §2.4.3.3 says such a monster cannot be destroyed by effects: a related, different claim.
      {"destroyed_by_battle_not_targeted", K::Always,
       "A monster whose destruction by battle is confirmed cannot be targeted by effects until it is sent away.",
       {{"S0", "6.3.4.3.3"}, {"S1", "伤害计算后"}, {"S2", "リバースした場合に発動するモンスター効果"},
        {"S3", "Battle Damage - After Damage Calculation"}}},
      {"destroyed_by_battle_no_quick_effects", K::Always,
       "A monster whose destruction by battle is confirmed cannot activate its optional quick effects.",
       {{"S1", "伤害计算后"}}},
      {"no_damage_calculation_without_both_battlers", K::Always,
       "If a battling monster leaves the field before damage calculation, damage calculation is not performed.",
       {{"S0", "6.3.4.3"}, {"S0", "6.3.4.3.3"}, {"S1", "战斗步骤的卷回"}, {"S1", "伤害步骤"},
        {"S3", "Damage Calculation"}, {"S4", "2.4.2"}}},
      // S4 §2.4.2 reads as the battle ending and play returning to the Battle Step at once.
      {"damage_step_completes_after_battler_leaves", K::Always,
       "When a battling monster leaves during the Damage Step, the remaining timings still run before "
       "returning to the Battle Step (S4 §2.4.2 reads as returning at once).",
       {{"S1", "伤害步骤"}, {"S3", "Before Damage Calculation"}, {"S3", "Damage Calculation"}}},
  };
}

std::vector<PropertyInfo> calculation_properties() {
  return {
      {"battle_damage_matches_calculation", K::Always,
       "Battle damage follows the comparison: the difference to the weaker side's player (to the attacker's "
       "controller against a higher DEF), the full ATK on a direct attack, none on a tie or when protected; "
       "a piercing attacker inflicts the difference over a lower DEF too; halvings, doublings and redirections "
       "apply in the order of model/terms/damage.hpp.",
       {{"S0", "6.3.4.3.3"}, {"S0", "6.3.4.3.3.2"}, {"S1", "伤害计算时"}, {"S3", "Damage Calculation"},
        {"S2", "マスタールール2以前のダメージステップ"}}},
      {"battle_destruction_matches_calculation", K::Always,
       "Destruction by battle follows the comparison: the lower ATK, both on equal ATK, a defender with DEF "
       "below the ATK; nothing on a direct attack.",
       {{"S0", "6.3.4.3.3"}, {"S1", "伤害计算时"}}},
      {"zero_attack_battle_destroys_nothing", K::Always,
       "When two Attack Position monsters with 0 ATK battle, neither is destroyed and no damage is dealt.",
       {{"S0", "6.3.4.3.3.1"}, {"S1", "伤害计算时"}}},
      {"has_battled_requires_damage_calculation", K::Always,
       "A monster counts as having battled only if damage calculation was performed for its battle.",
       {{"S0", "6.3.4.3.3"}, {"S1", "伤害计算时"}}},
      {"has_attacked_requires_damage_step", K::Always,
       "A monster counts as having attacked once its attack enters the Damage Step, not merely by declaring.",
       {{"S0", "6.3.4.3"}, {"S1", "伤害步骤"}, {"S1", "攻击被无效"}}},
  };
}

std::vector<PropertyInfo> trigger_properties() {
  return {
      {"battle_damage_triggers_after_damage_calculation", K::Always,
       "Effects triggered by inflicting battle damage, or by having battled, are activated after damage "
       "calculation, and battle-damage triggers only if battle damage was dealt.",
       {{"S0", "6.3.4.3.4"}, {"S1", "伤害计算后"}, {"S2", "ダメージステップ内の5つのタイミング"},
        {"S3", "Battle Damage - After Damage Calculation"}, {"S4", "2.4.3.4"}}},
      // S4 §2.4.3.4 notes double-attack effects triggered by destroying by battle activate after
      // damage calculation: an exception the model does not have.
      {"battle_destroyed_triggers_at_end_of_damage_step", K::Always,
       "Effects triggered by being destroyed by battle and sent to the Graveyard activate at the end of the "
       "Damage Step, after such a monster left by battle.",
       {{"S0", "6.3.4.3.5"}, {"S1", "伤害步骤结束时"}, {"S2", "ダメージステップ内の5つのタイミング"},
        {"S3", "End of the Damage Step - Monster(s) Destroyed by Battle are Sent to the Graveyard"},
        {"S4", "2.4.3.5"}}},
      // S3 §Before Damage Calculation and S4 §2.4.3.2 place some "without damage calculation"
      // effects (against flipped monsters) at before damage calculation.
      {"destroy_without_calc_at_start_of_damage_step", K::Always,
       "Triggers that destroy a face-down attacked monster without damage calculation activate at the start "
       "of the Damage Step (some sources put other such effects at before damage calculation).",
       {{"S0", "6.3.4.3.1"}, {"S2", "ダメージステップ内の5つのタイミング"}, {"S3", "Start of the Damage Step"},
        {"S4", "2.4.3.1"}}},
      {"chain_resolves_last_in_first_out", K::Always,
       "Chain links are numbered in order and resolve from the last link back to the first.",
       {{"S1", "战斗步骤的卷回"}, {"S3", "Damage Calculation"}, {"S3", "Example 2: Injection Fairy Lily and Divine Wrath"}}},
      // The sources say play moves on when both players pass in turn; a chain resolving is play moving on.
      {"chain_resolves_after_both_pass", K::Always,
       "A chain starts to resolve only once both players have passed priority in turn after its last link (for a "
       "chain the rules built from triggers, the turn player first).",
       {{"S0", "6.3.4.3.1"}, {"S0", "6.3.4.3.2"}, {"S1", "开始步骤=战斗阶段开始时"}}},
      // The general chain rule on spell speeds is assumed by the sources rather than stated.
      {"spell_speed_respected", K::Always,
       "A chain link has at least the spell speed of the link it responds to; spell speed 1 effects only "
       "join a chain as simultaneous triggers.",
       {{"S1", "伤害步骤"}, {"S1", "伤害步骤开始时"}, {"S3", "Start"}}},
      {"simultaneous_triggers_turn_player_first", K::Always,
       "Simultaneous triggers are chained with the turn player's first.",
       {{"S0", "6.3.4.3.1"}, {"S0", "6.3.4.3.4"}, {"S1", "结束步骤=战斗阶段结束时"}}},
      {"battle_phase_end_enters_end_step", K::Always,
       "An effect that ends the Battle Phase leads to the End Step, and Main Phase 2 is entered only from the "
       "End Step.",
       {{"S1", "结束步骤=战斗阶段结束时"}, {"S1", "写在前面"}}},
      {"battle_phase_can_end", K::Eventually,
       "Every complete run of the turn reaches Main Phase 2 or the End Phase.",
       {{"S1", "写在前面"}, {"S3", "Battle Phase"}}},
  };
}

std::vector<PropertyInfo> sometimes_properties() {
  return {
      {"sometimes_activation_at_start_step", K::Sometimes, "Some run activates an effect in the Start Step.",
       {{"S1", "开始步骤=战斗阶段开始时"}, {"S3", "Start"}}},
      {"sometimes_activation_at_attack_declaration", K::Sometimes,
       "Some run activates an effect at an attack declaration.", {{"S1", "战斗步骤"}, {"S3", "Start/Attack Declaration"}}},
      {"sometimes_activation_at_battle_step", K::Sometimes, "Some run activates an effect in the Battle Step.",
       {{"S3", "Before Damage Step"}, {"S4", "2.4.2"}}},
      {"sometimes_activation_at_start_of_damage_step", K::Sometimes,
       "Some run activates an effect at the start of the Damage Step.", {{"S0", "6.3.4.3.1"}}},
      {"sometimes_activation_at_before_damage_calculation", K::Sometimes,
       "Some run activates an effect at before damage calculation.", {{"S0", "6.3.4.3.2"}}},
      {"sometimes_activation_at_damage_calculation", K::Sometimes,
       "Some run activates an effect during damage calculation.", {{"S0", "6.3.4.3.3"}}},
      {"sometimes_activation_at_after_damage_calculation", K::Sometimes,
       "Some run activates an effect after damage calculation.", {{"S0", "6.3.4.3.4"}}},
      {"sometimes_activation_at_end_of_damage_step", K::Sometimes,
       "Some run activates an effect at the end of the Damage Step.", {{"S0", "6.3.4.3.5"}}},
      {"sometimes_activation_at_end_step", K::Sometimes, "Some run activates an effect in the End Step.",
       {{"S1", "结束步骤=战斗阶段结束时"}, {"S3", "End of Battle Phase"}}},
      {"sometimes_replay", K::Sometimes, "Some run has a replay.", {{"S1", "战斗步骤的卷回"}, {"S4", "2.4.2"}}},
      {"sometimes_flip", K::Sometimes, "Some run turns an attacked face-down monster face-up.",
       {{"S0", "6.3.4.3.2"}}},
      {"sometimes_battle_destroyed_sent", K::Sometimes,
       "Some run sends a monster destroyed by battle to the Graveyard.", {{"S0", "6.3.4.3.5"}}},
      {"sometimes_attack_negated", K::Sometimes, "Some run negates an attack.", {{"S1", "攻击被无效"}}},
      {"sometimes_direct_attack", K::Sometimes, "Some run has a direct attack.", {{"S1", "战斗步骤"}, {"S4", "2.4.2"}}},
      {"sometimes_no_damage_calculation", K::Sometimes,
       "Some run skips damage calculation because a battling monster left.", {{"S0", "6.3.4.3.3"}}},
      {"sometimes_damage_calculation", K::Sometimes, "Some run performs damage calculation.", {{"S0", "6.3.4.3.3"}}},
      {"sometimes_trigger_chain_at_damage_calculation", K::Sometimes,
       "Some run builds a chain of triggers born from the damage-calculation chain.",
       {{"S4", "2.4.3.3"}, {"S0", "6.3.4.3"}}},
  };
}

}  // namespace

/// properties/monitors/source_claims.cpp: the sources' claims no earlier property states.
std::vector<PropertyInfo> source_claim_properties();
/// properties/monitors/effects.cpp: rules the effect terms open.
std::vector<PropertyInfo> effect_properties();

namespace {

std::vector<PropertyInfo> build_catalog() {
  std::vector<PropertyInfo> all;
  for (auto part : {flow_properties, attack_properties, replay_properties, damage_step_properties,
                    calculation_properties, trigger_properties, sometimes_properties,
                    source_claim_properties, effect_properties}) {
    auto props = part();
    all.insert(all.end(), props.begin(), props.end());
  }
  return all;
}

}  // namespace

const std::vector<PropertyInfo>& properties() {
  static const std::vector<PropertyInfo> catalog = build_catalog();
  return catalog;
}

PropertyBits disputed_properties(const Ruleset& rules) {
  PropertyBits out;
  for (const Dispute& d : rules.disputes)
    if (const int i = property_index(d.property); i >= 0) out[i] = true;
  return out;
}

int property_index(std::string_view id) {
  const auto& all = properties();
  for (std::size_t i = 0; i < all.size(); ++i)
    if (all[i].id == id) return static_cast<int>(i);
  return -1;
}

}  // namespace bc
