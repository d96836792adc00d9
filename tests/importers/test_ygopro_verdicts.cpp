/// battlecheck's verdict on every recording, pinned: conformance to the
/// model under mr3 (first divergence: kind and trace line) and the property
/// violations over the whole trace. Why each verdict falls where it does,
/// and whose fault it is (engine or importer/cards file), is written in
/// docs/engines/ygopro.md, "Verdicts on the recordings".
#include <gtest/gtest.h>

#include "checker/conformance.hpp"
#include "model/loader.hpp"
#include "tests/importers/ygopro_fixture.hpp"

namespace bc::ygopro {
namespace {

struct Expected {
  const char* run;
  DivergenceKind kind;
  std::size_t line;                 ///< trace line of the first divergence (0 = conforms)
  const char* property;             ///< the one Always property violated, or ""
  std::size_t property_line;
};

ConformanceResult verdict(const ImportResult& r) {
  static const Ruleset rules = load_ruleset("mr3");
  const Model model(r.header.scenario, rules);
  return check_conformance(model, r.header.omits, r.records);
}

std::vector<std::string> violated(const ConformanceResult& c) {
  std::vector<std::string> ids;
  for (std::size_t i = 0; i < properties().size(); ++i)
    if (c.verdicts.violated[i] && properties()[i].kind != PropertyKind::Sometimes) ids.emplace_back(properties()[i].id);
  return ids;
}

TEST(YgoproVerdicts, EveryRecordingPinned) {
  using K = DivergenceKind;
  const std::vector<Expected> expected = {
      {"fluoro-basic", K::None, 0, "", 0},
      {"edo-basic", K::None, 0, "", 0},
      // card vocabulary: the Quick-Play destroys its owner's own monster; remove_monster_quick targets the opponent's
      {"fluoro-replay", K::Event, 14, "", 0},
      {"fluoro-P1", K::Event, 17, "", 0},
      {"edo-P1", K::Event, 17, "", 0},
      {"edo-P1-single", K::Event, 17, "", 0},
      // card vocabulary: the synthetic attack trap has no effect; attack_negate_trap negates the attack
      {"fluoro-P1b", K::Event, 18, "", 0},
      {"edo-P1b", K::Event, 18, "", 0},
      // engine (script flags): an ATK-change Quick-Play offered at damage calculation
      {"fluoro-P4", K::Offered, 40, "", 0},
      {"edo-P4", K::Offered, 40, "", 0},
      {"fluoro-P5", K::Offered, 27, "", 0},
      {"edo-P5", K::Offered, 27, "", 0},
      // cards file: the probes' own condition (after damage calculation only) is not in free_chain_quick;
      // engine (script flags): an effect with no battle effect activated in the Damage Step
      {"fluoro-P7", K::Offered, 9, "damage_step_activation_whitelist", 33},
      // card vocabulary: the synthetic flip effect has no target; flip_trigger destroys a target
      {"fluoro-P9", K::Event, 32, "", 0},
      {"edo-P9", K::Event, 32, "", 0},
      {"edo-P9-single", K::Event, 32, "", 0},
  };
  ASSERT_EQ(expected.size(), testing::recordings().size());
  for (const Expected& e : expected) {
    const ImportResult r = testing::import_run(e.run);
    ASSERT_TRUE(r.ok()) << e.run;
    const ConformanceResult c = verdict(r);
    EXPECT_EQ(c.divergence.kind, e.kind) << e.run;
    EXPECT_EQ(c.divergence.line, e.line) << e.run;
    const std::vector<std::string> ids = violated(c);
    if (*e.property) {
      ASSERT_EQ(ids, std::vector<std::string>{e.property}) << e.run;
      EXPECT_EQ(c.violation_line[property_index(e.property)], e.property_line) << e.run;
    } else {
      EXPECT_TRUE(ids.empty()) << e.run << ": " << (ids.empty() ? "" : ids.front());
    }
  }
}

/// The point of offered records: P4's offer of QP-D at damage calculation is
/// caught although nobody activates it.
TEST(YgoproVerdicts, OfferedButIllegalIsFlaggedEvenWhenNotTaken) {
  const ConformanceResult c = verdict(testing::import_run("fluoro-P4"));
  ASSERT_EQ(c.divergence.kind, DivergenceKind::Offered);
  EXPECT_EQ(c.divergence.offered.timing, Timing::DamageCalculation);
  EXPECT_EQ(c.divergence.offered.player, Player::P2);
  ASSERT_EQ(c.divergence.illegal.size(), 1u);
  EXPECT_EQ(c.divergence.illegal[0].type, ActionType::Activate);
  EXPECT_TRUE(c.divergence.withheld.empty());
}

/// And the other way: an offer that leaves out a legal activation.
TEST(YgoproVerdicts, LegalButWithheldIsFlagged) {
  ImportResult r = testing::import_run("fluoro-basic");
  ImportResult p4 = testing::import_run("fluoro-P4");
  // P4's trace with the first offer to P2 at before damage calculation cut down to "pass".
  for (TraceRecord& x : p4.records)
    if (x.kind == RecordKind::Offered && x.offered.player == Player::P2 && x.offered.timing == Timing::BeforeDamageCalculation) {
      ActionList only_pass;
      only_pass.push(Action{ActionType::Pass});
      x.offered.actions = only_pass;
      break;
    }
  const ConformanceResult c = verdict(p4);
  ASSERT_EQ(c.divergence.kind, DivergenceKind::Offered);
  EXPECT_FALSE(c.divergence.withheld.empty());
  EXPECT_TRUE(c.divergence.illegal.empty());
  EXPECT_TRUE(verdict(r).holds());
}

}  // namespace
}  // namespace bc::ygopro
