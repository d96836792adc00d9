// Triggers on a battle event before damage calculation (EVENT_BATTLE_CONFIRM)
// and a monster's further triggers as model cards of their own
// (docs/engines/ygopro.md, "A card with several effects"): Reflect Bounder
// deals its damage before damage calculation, then destroys itself after it.
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "importers/ygopro/ygopro_terms.hpp"
#include "tests/importers/ygopro_fixture.hpp"

namespace bc::ygopro {
namespace {

using nlohmann::json;

using testing::import_real;

TEST(YgoproTriggers, BattleConfirmIsATriggerBeforeDamageCalculation) {
  const json e = {{"effect_type", "EFFECT_TYPE_SINGLE|EFFECT_TYPE_TRIGGER_F"}, {"event_code", "EVENT_BATTLE_CONFIRM"}};
  const ScriptReading r = read_script_effect(e, 0x21, "");
  ASSERT_TRUE(r.term.has_value());
  EXPECT_EQ(r.term->trigger, TriggerEvent::BeforeDamageCalculation);
  EXPECT_TRUE(r.term->mandatory);
  EXPECT_EQ(class_of(*r.term), EffectKind::BeforeCalcTrigger);
  // By value alone (1133), as a file without names gives it.
  const ScriptReading v = read_script_effect(json::parse(R"({"effect_type_value": 513, "event_code_value": 1133})"), 0x21, "");
  ASSERT_TRUE(v.term.has_value());
  EXPECT_EQ(v.term->trigger, TriggerEvent::BeforeDamageCalculation);
}

// The recorded run: P1's Luster Dragon attacks P2's face-up Reflect Bounder.
// Its damage is activated as damage calculation is about to begin, its
// destruction after damage calculation: two model cards on the same monster,
// each activation to the one whose trigger is the timing's.
TEST(YgoproTriggers, AMonstersSecondTriggerIsACardOfItsOwn) {
  const ImportResult r = import_real("batch2/fluoro/fluoro-reflect_bounder-p000");
  ASSERT_FALSE(r.error) << r.error->what;
  const auto& cards = r.header.scenario.cards;
  ASSERT_EQ(cards.size(), 2u);
  EXPECT_EQ(cards[0].name, "Reflect Bounder");
  EXPECT_EQ(cards[1].name, "Reflect Bounder");
  EXPECT_EQ(cards[0].term.trigger, TriggerEvent::BeforeDamageCalculation);
  EXPECT_EQ(cards[1].term.trigger, TriggerEvent::Battled);
  EXPECT_EQ(cards[0].host, cards[1].host);
  std::vector<std::pair<Timing, std::uint8_t>> activations;
  Timing now = Timing::MainPhase1;
  for (const TraceRecord& rec : r.records) {
    if (rec.kind != RecordKind::Event) continue;
    if (rec.event.type == EventType::TimingEnter) now = rec.event.timing;
    if (rec.event.type == EventType::Activate) activations.emplace_back(now, rec.event.card);
  }
  const std::vector<std::pair<Timing, std::uint8_t>> expected = {{Timing::BeforeDamageCalculation, 0},
                                                                 {Timing::AfterDamageCalculation, 1}};
  EXPECT_EQ(activations, expected);
}

}  // namespace
}  // namespace bc::ygopro
