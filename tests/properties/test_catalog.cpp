// The property catalog, the context value type, and a clean full trace.
#include <algorithm>
#include <set>

#include "properties/catalog/ids.hpp"
#include "tests/properties/trace_builder.hpp"

namespace bc::test {
namespace {

/// Every property id the project fixes (brief), in catalog order.
const std::vector<std::string_view> kAlwaysIds = {
    "no_battle_phase_on_first_turn", "start_step_leads_to_battle_step", "end_step_leads_to_main_phase_2",
    "damage_step_returns_to_battle_step", "damage_step_timings_in_order", "turn_player_priority_first",
    "no_opponent_action_before_declaration", "battle_step_ends_after_both_pass", "attacker_face_up_attack_position", "direct_attack_only_on_empty_field",
    "one_declaration_per_monster", "one_attack_at_a_time", "negated_attack_has_no_damage_step",
    "attack_traps_only_at_declaration", "one_chain_at_attack_declaration", "no_replay_in_damage_step",
    "replay_after_chain_resolves", "replay_requires_count_change", "replay_when_count_changes",
    "replay_choice_is_not_declaration", "damage_step_activation_whitelist",
    "atk_change_only_until_before_damage_calculation", "no_effect_negation_in_damage_step",
    "damage_calc_effects_only_at_damage_calculation", "one_chain_at_damage_calculation",
    "one_chain_at_start_of_damage_step", "one_chain_after_damage_calculation", "one_chain_at_end_of_damage_step",
    "face_down_flipped_before_damage_calculation", "no_flip_after_battle_cancelled", "flip_effects_after_damage_calculation",
    "battle_destroyed_leave_at_end_of_damage_step", "battle_destroyed_all_leave_by_end",
    "destroyed_by_battle_not_targeted", "destroyed_by_battle_no_quick_effects",
    "no_damage_calculation_without_both_battlers", "damage_step_completes_after_battler_leaves",
    "battle_damage_matches_calculation", "battle_destruction_matches_calculation",
    "zero_attack_battle_destroys_nothing", "has_battled_requires_damage_calculation",
    "has_attacked_requires_damage_step", "battle_damage_triggers_after_damage_calculation",
    "battle_destroyed_triggers_at_end_of_damage_step", "destroy_without_calc_at_start_of_damage_step",
    "chain_resolves_last_in_first_out", "chain_resolves_after_both_pass", "spell_speed_respected", "simultaneous_triggers_turn_player_first",
    "battle_phase_end_enters_end_step"};

const std::vector<std::string_view> kSometimesIds = {
    "sometimes_activation_at_start_step", "sometimes_activation_at_attack_declaration",
    "sometimes_activation_at_battle_step", "sometimes_activation_at_start_of_damage_step",
    "sometimes_activation_at_before_damage_calculation", "sometimes_activation_at_damage_calculation",
    "sometimes_activation_at_after_damage_calculation", "sometimes_activation_at_end_of_damage_step",
    "sometimes_activation_at_end_step", "sometimes_replay", "sometimes_flip", "sometimes_battle_destroyed_sent",
    "sometimes_attack_negated", "sometimes_direct_attack", "sometimes_no_damage_calculation",
    "sometimes_damage_calculation", "sometimes_trigger_chain_at_damage_calculation"};

/// Added for the sources' claims (issue 5; properties/monitors/source_claims.cpp), Always.
const std::vector<std::string_view> kSourceClaimIds = {
    "main_phase_2_only_after_battle_phase", "damage_step_ends_after_its_chains", "flip_effect_starts_its_own_chain",
    "flip_effect_chains_with_battle_triggers"};

/// Rules the effect terms open (issue 11; properties/monitors/effects.cpp), Always.
const std::vector<std::string_view> kEffectIds = {
    "cost_paid_once_on_activation", "cannot_be_attacked_never_targeted", "mandatory_end_of_battle_triggers_activate",
    "mandatory_triggers_activate",
    // Issue 28: rules a judge's rulings need.
    "attacker_in_attack_position_at_damage_calculation", "target_matches_selector",
    "destroyed_by_battle_position_unchanged", "battle_phase_changes_end_with_it",
    "destroyed_by_battle_not_tributed",
    // Issue 31: summons in the Battle Phase.
    "no_normal_or_flip_summon_in_battle_phase", "flip_summon_triggers_need_a_flip_summon",
    // Issue 31: attack counts and restrictions.
    "cannot_attack_is_obeyed", "cannot_attack_directly_is_obeyed",
    "forced_attack_target_is_obeyed", "each_monster_attacked_once",
    "must_attack_is_obeyed", "declaration_locks_are_obeyed",
    // Issue 31: control change.
    "attack_stops_when_attacker_changes_control",
    // Issue 27: the Battle Step's round after the declaration's chain.
    "stopped_attack_ends_after_battle_step_round"};

TEST(Catalog, ListsEveryFixedIdWithItsKind) {
  EXPECT_EQ(properties().size(),
            kAlwaysIds.size() + 1 + kSometimesIds.size() + kSourceClaimIds.size() + kEffectIds.size());
  EXPECT_EQ(properties().size(), 91u);
  for (std::string_view id : kEffectIds) {
    const int i = property_index(id);
    ASSERT_GE(i, 0) << id;
    EXPECT_EQ(properties()[i].kind, PropertyKind::Always) << id;
  }
  for (std::string_view id : kSourceClaimIds) {
    const int i = property_index(id);
    ASSERT_GE(i, 0) << id;
    EXPECT_EQ(properties()[i].kind, PropertyKind::Always) << id;
  }
  EXPECT_EQ(static_cast<int>(properties().size()), kPropCount);
  for (std::string_view id : kAlwaysIds) {
    const int i = property_index(id);
    ASSERT_GE(i, 0) << id;
    EXPECT_EQ(properties()[i].kind, PropertyKind::Always) << id;
  }
  for (std::string_view id : kSometimesIds) {
    const int i = property_index(id);
    ASSERT_GE(i, 0) << id;
    EXPECT_EQ(properties()[i].kind, PropertyKind::Sometimes) << id;
  }
  ASSERT_GE(property_index("battle_phase_can_end"), 0);
  EXPECT_EQ(properties()[property_index("battle_phase_can_end")].kind, PropertyKind::Eventually);
  EXPECT_EQ(property_index("no_such_property"), -1);
}

TEST(Catalog, IdsAreUniqueAndMatchTheCompileTimeBits) {
  std::set<std::string_view> seen;
  for (const PropertyInfo& p : properties()) EXPECT_TRUE(seen.insert(p.id).second) << p.id;
  EXPECT_EQ(property_index("no_battle_phase_on_first_turn"), static_cast<int>(bit_of(Prop::NoBattlePhaseOnFirstTurn)));
  EXPECT_EQ(property_index("battle_phase_can_end"), static_cast<int>(bit_of(Prop::BattlePhaseCanEnd)));
  EXPECT_EQ(property_index("sometimes_trigger_chain_at_damage_calculation"),
            static_cast<int>(bit_of(Prop::SometimesTriggerChainAtDamageCalculation)));
  // Catalog order = enum order: the Always ids above are listed in enum order.
  for (std::size_t i = 0; i < kAlwaysIds.size(); ++i) EXPECT_EQ(properties()[i].id, kAlwaysIds[i]);
}

TEST(Catalog, EveryPropertyHasAStatementAndCitationsOfKnownSources) {
  const std::set<std::string_view> sources = {"S0", "S1", "S2", "S3", "S4"};
  for (const PropertyInfo& p : properties()) {
    EXPECT_FALSE(p.statement.empty()) << p.id;
    EXPECT_EQ(p.statement.find('\n'), std::string_view::npos) << p.id << ": one line";
    EXPECT_FALSE(p.citations.empty()) << p.id;
    for (const Citation& c : p.citations) {
      EXPECT_TRUE(sources.count(c.source)) << p.id << " cites " << c.source;
      EXPECT_FALSE(c.section.empty()) << p.id;
    }
  }
}

TEST(Context, IsSmallComparableAndHashedByValue) {
  EXPECT_LE(sizeof(TraceContext) - kContextHashFrom, 64u);  // the header part (before kContextHashFrom) is not stored per state
  const TraceContext a = start_context(test_scenario());
  TraceContext b = a;
  EXPECT_EQ(a, b);
  EXPECT_EQ(hash_context(a), hash_context(b));
  b.chain_len = 1;
  EXPECT_NE(a, b);
  EXPECT_NE(hash_context(a), hash_context(b));
}

TEST(Context, StartContextCopiesTheHeader) {
  Scenario s = test_scenario();
  const TraceContext c = start_context(s);
  EXPECT_EQ(c.occupied, slot_bit(P1M0) | slot_bit(P1M1) | slot_bit(P1M2) | slot_bit(P2M0) | slot_bit(P2M1));
  EXPECT_EQ(c.face_down, slot_bit(P2M1));
  EXPECT_EQ(c.defense, slot_bit(P1M2) | slot_bit(P2M1));
  EXPECT_EQ(c.cond_attacked, card_bit(kGoblinAttacked));
  EXPECT_EQ(c.cond_battled, card_bit(kGoblinBattled));
  EXPECT_TRUE(c.card_p2 & card_bit(kCounter));
  EXPECT_FALSE(c.card_p2 & card_bit(kBoost));
  EXPECT_FALSE(c.has(kCtxFirstTurn));
  s.first_turn = true;
  EXPECT_TRUE(start_context(s).has(kCtxFirstTurn));
}

TEST(Context, PerBattleDataIsResetWhenTheBattleEnds) {
  Trace t;
  t.to_battle_step();
  const TraceContext before = t.context();
  t.standard_battle();
  TraceContext after = t.context();
  EXPECT_EQ(after.battle, 0);
  EXPECT_EQ(after.calc, 0);
  EXPECT_EQ(after.attacker, kNoSlot);
  EXPECT_EQ(after.confirmed, 0);
  // Only the Battle Phase facts and the board differ from before the attack.
  after.declared = before.declared;
  after.attacked = before.attacked;
  after.battled = before.battled;
  after.occupied = before.occupied;
  after.face_down = before.face_down;
  after.defense = before.defense;
  after.slot_monster = before.slot_monster;  // the Dragon left its zone
  after.trig_due = before.trig_due;          // obligations span the Battle Phase
  after.trig_done = before.trig_done;
  EXPECT_EQ(after, before);
}

TEST(CleanTrace, AFullLegalBattlePhaseViolatesNothing) {
  Trace t;
  t.to_battle_step().standard_battle().end_battle_phase();
  const Verdicts v = t.run(true);
  EXPECT_CLEAN(v);
  EXPECT_TRUE(witnessed(v, "sometimes_damage_calculation"));
  EXPECT_TRUE(witnessed(v, "sometimes_battle_destroyed_sent"));
  EXPECT_FALSE(witnessed(v, "sometimes_replay"));
}

TEST(CleanTrace, SkippingTheBattlePhaseViolatesNothing) {
  Trace t;
  t.enter(Timing::EndPhase);
  EXPECT_CLEAN(t.run(true));
}

}  // namespace
}  // namespace bc::test
