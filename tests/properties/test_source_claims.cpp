// The sources' claims (issue 5 §1): every claim of every source ruleset names
// a property of the catalog, and the properties added for claims no earlier
// property stated can fail (a hand-written violating trace each) and hold on
// a near miss.
#include <set>

#include "model/loaders/loader.hpp"
#include "tests/properties/trace_builder.hpp"

namespace bc::test {
namespace {

TEST(SourceClaims, EveryClaimNamesAProperty) {
  int claims = 0;
  for (const std::string& n : builtin_source_ruleset_names()) {
    const Ruleset r = load_ruleset(n);
    ASSERT_TRUE(r.is_source()) << n;
    EXPECT_FALSE(r.claims.empty()) << n;
    for (const Claim& c : r.claims) {
      EXPECT_GE(property_index(c.property), 0) << n << ": " << c.property << " (" << c.section << ")";
      EXPECT_EQ(c.section.rfind(r.source + " §", 0), 0u) << n << ": " << c.section;
      ++claims;
    }
  }
  EXPECT_EQ(claims, 22 + 30 + 12 + 7 + 16 + 16);
}

TEST(SourceClaims, EveryDisputeOfABuiltInRulesetNamesAClaimOfAnotherSource) {
  std::set<std::string> claimed;
  for (const std::string& n : builtin_source_ruleset_names())
    for (const Claim& c : load_ruleset(n).claims) claimed.insert(c.property);
  for (const std::string& n : builtin_ruleset_names()) {
    const Ruleset r = load_ruleset(n);
    const PropertyBits bits = disputed_properties(r);
    EXPECT_EQ(bits.count(), r.disputes.size()) << n;
    for (const Dispute& d : r.disputes) {
      EXPECT_GE(property_index(d.property), 0) << n << ": " << d.property;
      EXPECT_TRUE(claimed.count(d.property)) << n << " disputes " << d.property << ", which no source claims";
    }
  }
}

TEST(SourceClaims, AddedPropertiesCiteEverySourceThatClaimsThem) {
  for (const std::string& n : builtin_source_ruleset_names()) {
    const Ruleset r = load_ruleset(n);
    for (const Claim& c : r.claims) {
      if (c.property != "main_phase_2_only_after_battle_phase" && c.property != "damage_step_ends_after_its_chains" &&
          c.property != "flip_effect_starts_its_own_chain")
        continue;
      std::set<std::string> cited;
      for (const Citation& cit : properties()[property_index(c.property)].citations) cited.emplace(cit.source);
      EXPECT_TRUE(cited.count(r.source)) << c.property << " is claimed by " << r.source << " but does not cite it";
    }
  }
}

TEST(MainPhase2OnlyAfterBattlePhase, ViolatedBySkippingTheBattlePhaseIntoMainPhase2) {
  Trace t;
  t.enter(Timing::MainPhase2);
  EXPECT_VIOLATES(t.run(true), "main_phase_2_only_after_battle_phase");
}

TEST(MainPhase2OnlyAfterBattlePhase, HoldsAfterTheEndStep) {
  Trace t;
  t.to_battle_step().end_battle_phase();
  EXPECT_HOLDS(t.run(true), "main_phase_2_only_after_battle_phase");
}

TEST(DamageStepEndsAfterItsChains, ViolatedByLeavingWithAChainOpen) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M0).to_damage_step();
  t.enter(Timing::BeforeDamageCalculation).priority(Player::P1).activate(kBoost);
  t.open();
  EXPECT_VIOLATES(t.run(), "damage_step_ends_after_its_chains");
}

TEST(DamageStepEndsAfterItsChains, HoldsOnAWholeBattle) {
  Trace t;
  t.to_battle_step().standard_battle().end_battle_phase();
  EXPECT_CLEAN(t.run(true));
}

TEST(FlipEffectStartsItsOwnChain, ViolatedByAFlipEffectAddedToABattleDamageChain) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M1).to_damage_step();
  t.enter(Timing::BeforeDamageCalculation).flipped(P2M1).passes();
  t.window(Timing::DamageCalculation).calc(CalcMode::VsDefense, 1800, 1300).destroyed(P2M1);
  t.enter(Timing::AfterDamageCalculation).trigger(kReaper).trigger(kManEater, P1M1);
  const Verdicts v = t.run();
  EXPECT_VIOLATES(v, "flip_effect_starts_its_own_chain");
}

TEST(FlipEffectStartsItsOwnChain, HoldsWhenTheFlipEffectIsLinkOne) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M1).to_damage_step();
  t.enter(Timing::BeforeDamageCalculation).flipped(P2M1).passes();
  t.window(Timing::DamageCalculation).calc(CalcMode::VsDefense, 1800, 1300).destroyed(P2M1);
  t.enter(Timing::AfterDamageCalculation).trigger(kManEater, P1M1);
  EXPECT_HOLDS(t.run(), "flip_effect_starts_its_own_chain");
}

/// Warrior attacks the face-down Bug: flipped before damage calculation, then
/// destroyed; the trace stands at the start of after damage calculation.
Trace& warrior_flips_bug(Trace& t) {
  t.to_battle_step().declare(P1M0, P2M1).to_damage_step();
  t.enter(Timing::BeforeDamageCalculation).flipped(P2M1).passes();
  t.window(Timing::DamageCalculation).calc(CalcMode::VsDefense, 1800, 1300).destroyed(P2M1);
  return t.enter(Timing::AfterDamageCalculation);
}

TEST(FlipEffectChainsWithBattleTriggers, ViolatedByAFlipEffectInALaterChain) {
  Trace t;
  warrior_flips_bug(t).trigger(kReaper).passes().resolve();
  t.trigger(kManEater, P1M1);
  EXPECT_VIOLATES(t.run(), "flip_effect_chains_with_battle_triggers");
}

TEST(FlipEffectChainsWithBattleTriggers, HoldsWhenTheFlipEffectJoinsTheFirstChain) {
  Trace t;
  warrior_flips_bug(t).trigger(kReaper).trigger(kManEater, P1M1);
  EXPECT_HOLDS(t.run(), "flip_effect_chains_with_battle_triggers");
}

TEST(FlipEffectChainsWithBattleTriggers, HoldsForAMonsterFlippedByTheFirstChain) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M0).to_damage_step().enter(Timing::BeforeDamageCalculation).passes();
  t.window(Timing::DamageCalculation).calc(CalcMode::VsAttack, 1800, 1500).damage(Player::P2, 300).destroyed(P2M0);
  t.enter(Timing::AfterDamageCalculation).trigger(kReaper).passes().resolve_link();
  t.position_changed(P2M1, Position::FaceUpDefense).chain_end();
  t.trigger(kManEater, P1M1);
  EXPECT_HOLDS(t.run(), "flip_effect_chains_with_battle_triggers");
}

}  // namespace
}  // namespace bc::test
