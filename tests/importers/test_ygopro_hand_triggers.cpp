// Batch 11's mended readings (docs/engines/ygopro.md, "Real cards, batch 11"):
// a monster's trigger from the hand and the cores' order of its offer (Battle
// Fader), a Trap that negates the other Traps for the turn (Trap Stun), and a
// mandatory trigger whose condition the term cannot state (D.D. Assailant).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "checker/conformance/conformance.hpp"
#include "importers/ygopro/ygopro_terms.hpp"
#include "model/loaders/loader.hpp"
#include "tests/importers/ygopro_fixture.hpp"

namespace bc::ygopro {
namespace {

using nlohmann::json;
using testing::import_real;

ConformanceResult verdict(const ImportResult& r) {
  static const Ruleset rules = load_ruleset("mr3");
  const Model model(r.header.scenario, rules);
  return check_conformance(model, r.header.omits, r.records);
}

/// The offered records at `t`, in order: (player, whether it offers an activation).
std::vector<std::pair<Player, bool>> offers_at(const ImportResult& r, Timing t) {
  std::vector<std::pair<Player, bool>> out;
  for (const TraceRecord& x : r.records) {
    if (x.kind != RecordKind::Offered || x.offered.timing != t) continue;
    bool activation = false;
    for (const Action& a : x.offered.actions) activation = activation || a.type == ActionType::Activate;
    out.emplace_back(x.offered.player, activation);
  }
  return out;
}

TEST(YgoproHandTriggers, ATriggerWhoseRangeIsTheHandNeedsNoHost) {
  const json fader = {{"effect_type", "EFFECT_TYPE_FIELD|EFFECT_TYPE_TRIGGER_O"},
                      {"event_code", "EVENT_ATTACK_ANNOUNCE"},
                      {"range", "LOCATION_HAND"},
                      {"operation_uses", json::array({"Duel.SpecialSummon", "Duel.SkipPhase", "PHASE_BATTLE"})}};
  const ScriptReading r = read_script_effect(fader, 0x21, "");
  ASSERT_TRUE(r.term.has_value());
  EXPECT_EQ(r.term->trigger, TriggerEvent::AttackDeclared);
  EXPECT_TRUE(r.term->from_hand);
  EXPECT_TRUE(r.term->has_op(OpCode::EndBattlePhase));
  json field = fader;
  field["range"] = "LOCATION_MZONE";
  EXPECT_FALSE(read_script_effect(field, 0x21, "").term->from_hand);
}

// P2's Battle Fader in the hand, a direct attack: the core asks P1 (only a
// pass) before offering the trigger to P2. Declined (p000): P2's offer comes
// first. Activated (p001): P1's pass-only prompt before it is dropped.
TEST(YgoproHandTriggers, TheHandTriggersOfferGoesBeforeAPassOnlyPrompt) {
  const ImportResult declined = import_real("batch11/fluoro/fluoro-battle_fader_on_a_direct_attack-p000");
  ASSERT_FALSE(declined.error) << declined.error->what;
  const auto d = offers_at(declined, Timing::AttackDeclaration);
  ASSERT_GE(d.size(), 2u);
  EXPECT_EQ(d[0], std::pair(Player::P2, true));
  EXPECT_EQ(d[1], std::pair(Player::P1, false));
  EXPECT_TRUE(verdict(declined).holds());
  const ImportResult used = import_real("batch11/fluoro/fluoro-battle_fader_on_a_direct_attack-p001");
  ASSERT_FALSE(used.error) << used.error->what;
  const auto u = offers_at(used, Timing::AttackDeclaration);
  ASSERT_GE(u.size(), 3u);
  EXPECT_EQ(u[0], std::pair(Player::P2, true));
  EXPECT_EQ(u[1], std::pair(Player::P1, false));  // priority after the trigger's activation
  EXPECT_GE(used.dropped_prompts, 1u);
  EXPECT_TRUE(verdict(used).holds());
}

TEST(YgoproHandTriggers, AnOperationThatDisablesTrapsForTheTurnNegatesThem) {
  json stun = {{"effect_type", "EFFECT_TYPE_ACTIVATE"},
               {"event_code", "EVENT_FREE_CHAIN"},
               {"operation_uses", json::array({"Duel.RegisterEffect", "EFFECT_DISABLE", "EFFECT_TYPE_FIELD", "LOCATION_SZONE",
                                               "TYPE_TRAP", "RESET_PHASE", "PHASE_END"})}};
  const ScriptReading r = read_script_effect(stun, 0x4, "");
  ASSERT_TRUE(r.term.has_value());
  EXPECT_EQ(r.term->continuous.kind, ContinuousKind::NegateTrapEffects);
  EXPECT_EQ(r.term->op_count, 0);
  EXPECT_FALSE(r.open_outcome);
  // On monsters (an Effect Monster type test), it is not this reading.
  stun["operation_uses"].push_back("TYPE_MONSTER");
  EXPECT_NE(read_script_effect(stun, 0x4, "").term->continuous.kind, ContinuousKind::NegateTrapEffects);
}

// P1's Trap Stun chained to Mirror Force: Mirror Force resolves negated.
TEST(YgoproHandTriggers, TrapStunNegatesTheTrapBelowIt) {
  const ImportResult r = import_real("batch11/edo/edo-trap_stun_against_mirror_force-p005");
  ASSERT_FALSE(r.error) << r.error->what;
  EXPECT_TRUE(verdict(r).holds());
}

// D.D. Assailant attacks and survives: its "destroyed by battle" condition
// fails and the core does not chain its mandatory trigger. With the condition
// hidden the model lets it go; without, it insists on the activation.
TEST(YgoproHandTriggers, AMandatoryTriggerWithAHiddenConditionMayGoUnactivated) {
  ImportResult r = import_real("batch11/fluoro/fluoro-fiendish_chain_on_the_attacker-p000");
  ASSERT_FALSE(r.error) << r.error->what;
  ASSERT_EQ(r.header.scenario.cards[0].name, "D.D. Assailant");
  ASSERT_TRUE(r.header.scenario.cards[0].term.mandatory);
  EXPECT_TRUE(verdict(r).holds());
  r.header.scenario.cards[0].hidden_condition = false;
  const ConformanceResult strict = verdict(r);
  EXPECT_FALSE(strict.conforms());
  EXPECT_EQ(strict.divergence.kind, DivergenceKind::Event);
}

}  // namespace
}  // namespace bc::ygopro
