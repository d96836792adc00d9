// Summons in the Battle Phase (properties/monitors/effects.cpp, issue 31):
// no Normal or Flip Summon from the Start Step to the End Step, and a
// "when Flip Summoned" trigger only after a Flip Summon, never after a flip
// by an attack. Each has a violating trace and a near miss that holds.
#include "model/terms/effect_text.hpp"
#include "tests/properties/trace_builder.hpp"

namespace bc::test {
namespace {

constexpr std::string_view kNoSummon = "no_normal_or_flip_summon_in_battle_phase";
constexpr std::string_view kFlipSummon = "flip_summon_triggers_need_a_flip_summon";

TEST(NoSummonInBattlePhase, ViolatedByAFlipSummonInTheBattleStep) {
  Trace t(test_scenario());
  t.to_battle_step().summon_by(EventType::FlipSummoned, P1M0, Player::P1, kWarrior);
  EXPECT_VIOLATES(t.run(), kNoSummon);
}

TEST(NoSummonInBattlePhase, ViolatedByANormalSummonInTheEndStep) {
  Trace t(test_scenario());
  t.to_battle_step().step(Step::EndStep).summon_by(EventType::NormalSummoned, P1M3, Player::P1, kToken);
  EXPECT_VIOLATES(t.run(), kNoSummon);
}

TEST(NoSummonInBattlePhase, HoldsForSummonsInTheMainPhasesAndSpecialSummons) {
  Trace t(test_scenario());
  t.summon_by(EventType::NormalSummoned, P1M3, Player::P1, kToken);
  t.to_battle_step().summoned(P2M2, Player::P2).open();
  EXPECT_HOLDS(t.run(), kNoSummon);
}

/// The test board plus a mandatory "when this card is Flip Summoned" trigger on P2's face-down Bug.
Scenario flip_summon_bug() {
  Scenario s = test_scenario();
  CardSpec c;
  c.name = "Des Lacooda";
  c.owner = Player::P2;
  c.host = kBug;
  c.custom = true;
  std::vector<std::string> monsters;
  for (const MonsterSpec& m : s.monsters) monsters.push_back(m.name);
  TermError error;
  const auto term = parse_term({{"activation", {"trigger"}}, {"mandatory", {"true"}}, {"card_type", {"monster"}},
                                {"trigger", {"flip_summoned"}}, {"ops", {"opaque"}}},
                               monsters, error);
  EXPECT_TRUE(term.has_value()) << error.field << ": " << error.message;
  if (term) c.term = *term;
  c.kind = class_of(c.term);
  s.cards.push_back(c);
  return s;
}

constexpr auto kDesLacooda = static_cast<Card>(kGoblinBattled + 1);

TEST(FlipSummonTriggersNeedAFlipSummon, ViolatedAfterAFlipByAnAttack) {
  Trace t(flip_summon_bug());
  t.to_battle_step().declare(P1M0, P2M1).to_damage_step().enter(Timing::BeforeDamageCalculation).flipped(P2M1);
  t.trigger(kDesLacooda);
  EXPECT_VIOLATES(t.run(), kFlipSummon);
}

TEST(FlipSummonTriggersNeedAFlipSummon, HoldsAfterAFlipSummon) {
  Trace t(flip_summon_bug());
  t.summon_by(EventType::FlipSummoned, P2M1, Player::P2, kBug).trigger(kDesLacooda);
  EXPECT_HOLDS(t.run(), kFlipSummon);
}

}  // namespace
}  // namespace bc::test
