// Source rulesets (issue 5 §1): each loads, states exactly the knobs pinned
// here, falls back to mr3 for the rest, cites only its own source, and the
// loader rejects a source ruleset that leaves an entry unaccounted for.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "model/loaders/loader.hpp"
#include "tests/model/input_error.hpp"

namespace bc {
namespace {

using test::error_of;

const Ruleset& mr3() {
  static const Ruleset r = load_ruleset("mr3");
  return r;
}

std::set<std::string> specified_knobs(const Ruleset& r) {
  std::set<std::string> out;
  for (int k = 0; k < kKnobCount; ++k)
    if (r.specified(static_cast<Knob>(k))) out.emplace(knob_spec(static_cast<Knob>(k)).name);
  return out;
}

const std::map<std::string, std::set<std::string>> kPinned = {
    {"s0", {"first_priority", "chains_start_of_damage_step", "chains_before_damage_calculation",
            "chains_damage_calculation", "calc_trigger_chain_allows_calc_effects", "face_down_flip_timing",
            "flip_triggers_chain_with_damage_triggers", "battle_destroyed_leave_timing", "damage_step_exit",
            "replay_in_damage_step", "damage_calc_when_battler_left", "destroyed_by_battle_targetable",
            "equal_atk_destroys_both", "zero_atk_battle_destroys", "has_attacked_on",
            "flip_after_battle_cancelled", "effect_damage_is_battle_damage"}},
    {"s2", {"chains_start_of_damage_step", "chains_before_damage_calculation", "chains_damage_calculation",
            "chains_after_damage_calculation", "chains_end_of_damage_step", "face_down_flip_timing",
            "flip_triggers_chain_with_damage_triggers", "battle_destroyed_leave_timing", "damage_step_exit",
            "destroyed_by_battle_targetable"}},
    {"s2-mr2", {"chains_start_of_damage_step", "chains_before_damage_calculation", "chains_damage_calculation",
                "face_down_flip_timing", "flip_triggers_chain_with_damage_triggers", "battle_destroyed_leave_timing",
                "flip_effect_after_host_left", "piercing_battle_damage"}},
    {"s3", {"battle_phase_on_first_turn", "start_step_may_skip_to_end_step", "first_priority",
            "chains_attack_declaration", "chains_battle_step", "chains_before_damage_calculation",
            "chains_damage_calculation", "face_down_flip_timing", "flip_triggers_chain_with_damage_triggers",
            "battle_destroyed_leave_timing", "damage_step_exit", "damage_calc_when_battler_left",
            "damage_step_continues_after_battler_leaves", "destroyed_by_battle_targetable"}},
    {"s4", {"battle_phase_on_first_turn", "chains_attack_declaration", "chains_battle_step",
            "chains_start_of_damage_step", "chains_before_damage_calculation", "chains_damage_calculation",
            "chains_after_damage_calculation", "chains_end_of_damage_step", "calc_trigger_chain_allows_calc_effects",
            "face_down_flip_timing", "flip_triggers_chain_with_damage_triggers", "battle_destroyed_leave_timing",
            "damage_step_exit", "replay_enabled", "replay_in_damage_step", "declarations_per_monster",
            "attack_requires_attack_position", "direct_attack_requires_empty_field", "damage_calc_when_battler_left",
            "damage_step_continues_after_battler_leaves", "destroyed_by_battle_targetable",
            "flip_effect_after_host_left", "flip_summon_in_battle_phase", "unattackable_monsters_block_direct_attacks"}},
};

TEST(SourceRulesets, BuiltInNamesInOrder) {
  EXPECT_EQ(builtin_source_ruleset_names(), (std::vector<std::string>{"s0", "s1", "s2", "s2-mr2", "s3", "s4"}));
  EXPECT_FALSE(mr3().is_source());
  EXPECT_TRUE(mr3().specified(Knob::ReplayCheck));
}

TEST(SourceRulesets, EachStatesExactlyThePinnedKnobs) {
  for (const auto& [n, knobs] : kPinned) EXPECT_EQ(specified_knobs(load_ruleset(n)), knobs) << n;
  // S1 speaks to every knob but the three the effect terms opened (costs and
  // attack restrictions at a replay, mandatory triggers), which no source
  // states, piercing, which only S2's Master Rule 2 procedure names, and the
  // two on summons in the Battle Phase (S4 alone speaks to one), and the two
  // on "must attack if able", which no source states.
  EXPECT_EQ(specified_knobs(load_ruleset("s1")).size(), static_cast<std::size_t>(kKnobCount) - 10);
}

TEST(SourceRulesets, UnspecifiedEntriesFallBackToMr3AndHaveNoCitation) {
  for (const std::string& n : builtin_source_ruleset_names()) {
    const Ruleset r = load_ruleset(n);
    EXPECT_TRUE(r.is_source());
    EXPECT_EQ(r.source, n.substr(0, 2) == "s2" ? "S2" : "S" + n.substr(1, 1)) << n;
    for (int k = 0; k < kKnobCount; ++k) {
      const Knob knob = static_cast<Knob>(k);
      if (r.specified(knob)) {
        EXPECT_FALSE(r.citation(knob).empty()) << n << " " << knob_spec(knob).name;
        for (const std::string& s : r.knob_sources[k].sources) EXPECT_EQ(s.rfind(r.source + " §", 0), 0u) << n << " " << s;
      } else {
        EXPECT_EQ(r.get(knob), mr3().get(knob)) << n << " " << knob_spec(knob).name;
        EXPECT_EQ(r.citation(knob), "") << n;
      }
    }
    for (int k = 0; k < kEffectKindCount; ++k) {
      const EffectKind kind = static_cast<EffectKind>(k);
      if (!r.specified(kind)) EXPECT_EQ(r.permissions[k], mr3().permissions[k]) << n << " " << name(kind);
    }
  }
}

TEST(SourceRulesets, GenuineDisagreementsAreDifferentValues) {
  const Ruleset s0 = load_ruleset("s0"), s1 = load_ruleset("s1"), s2 = load_ruleset("s2"), mr2 = load_ruleset("s2-mr2"),
                s3 = load_ruleset("s3"), s4 = load_ruleset("s4");
  EXPECT_TRUE(s3.flag(Knob::StartStepMaySkipToEndStep));
  EXPECT_FALSE(s1.flag(Knob::StartStepMaySkipToEndStep));
  EXPECT_TRUE(s0.flag(Knob::FlipTriggersChainWithDamageTriggers));
  EXPECT_FALSE(s3.flag(Knob::FlipTriggersChainWithDamageTriggers));
  EXPECT_FALSE(mr2.flag(Knob::FlipTriggersChainWithDamageTriggers));
  EXPECT_TRUE(s1.several(Knob::ChainsStartOfDamageStep));
  EXPECT_TRUE(s0.several(Knob::ChainsStartOfDamageStep));
  EXPECT_FALSE(s2.several(Knob::ChainsStartOfDamageStep));
  EXPECT_FALSE(s4.several(Knob::ChainsStartOfDamageStep));
  EXPECT_TRUE(mr2.several(Knob::ChainsStartOfDamageStep));
  EXPECT_TRUE(s1.flag(Knob::DamageStepContinuesAfterBattlerLeaves));
  EXPECT_FALSE(s4.flag(Knob::DamageStepContinuesAfterBattlerLeaves));
  EXPECT_FALSE(s4.flag(Knob::AttackRequiresAttackPosition));
  EXPECT_TRUE(s1.flag(Knob::AttackRequiresAttackPosition));
  EXPECT_FALSE(s2.allowed(EffectKind::CounterTrap, Timing::DamageCalculation));
  EXPECT_TRUE(s3.allowed(EffectKind::CounterTrap, Timing::DamageCalculation));
}

TEST(SourceRulesets, SecondReadingsInsideS2AndS4) {
  for (const std::string& n : builtin_source_ruleset_names()) {
    const Ruleset r = load_ruleset(n);
    const auto alts = alternative_readings(r);
    if (n == "s2") {
      ASSERT_EQ(alts.size(), 1u);
      EXPECT_EQ(alts[0].name, "s2~negate_activation_quick");
      EXPECT_FALSE(alts[0].allowed(EffectKind::NegateActivationQuick, Timing::DamageCalculation));
      EXPECT_TRUE(r.allowed(EffectKind::NegateActivationQuick, Timing::DamageCalculation));
    } else if (n == "s4") {
      ASSERT_EQ(alts.size(), 1u);
      EXPECT_EQ(alts[0].name, "s4~destroy_no_calc_trigger");
      EXPECT_TRUE(alts[0].allowed(EffectKind::DestroyNoCalcTrigger, Timing::DamageCalculation));
      EXPECT_EQ(alts[0].permission_sources[static_cast<int>(EffectKind::DestroyNoCalcTrigger)].sources,
                std::vector<std::string>{"S4 §2.4.3.2"});
    } else {
      EXPECT_TRUE(alts.empty()) << n;
    }
  }
}

// ---------------------------------------------------------------- loader errors

const std::string kHead = "name = \"x\"\nsource = \"S9\"\nextends = \"mr3\"\n";

std::string all_unspecified_but(const std::string& knob) {
  std::string knobs, perms;
  for (int k = 0; k < kKnobCount; ++k)
    if (knob_spec(static_cast<Knob>(k)).name != knob) knobs += "\"" + std::string(knob_spec(static_cast<Knob>(k)).name) + "\", ";
  for (int k = 0; k < kEffectKindCount; ++k) perms += "\"" + std::string(name(static_cast<EffectKind>(k))) + "\", ";
  return "[unspecified]\nknobs = [" + knobs + "]\npermissions = [" + perms + "]\n";
}

std::string error(const std::string& text) {
  return error_of([&] { parse_ruleset(text, "src.toml"); });
}

TEST(SourceRulesetErrors, AKnobNeitherSetNorListed) {
  EXPECT_INPUT_ERROR(error(kHead + all_unspecified_but("replay_check")), "src.toml:4: knobs.replay_check: ",
                     "not accounted for");
}

TEST(SourceRulesetErrors, SetAndListedUnspecified) {
  const std::string text = kHead + "[knobs.replay_check]\nvalue = \"chain_end\"\nsources = [\"S9 §A\"]\n" + all_unspecified_but("");
  EXPECT_INPUT_ERROR(error(text), "src.toml:8: unspecified.knobs[", "also listed as unspecified");
}

TEST(SourceRulesetErrors, CitesAnotherSource) {
  const std::string text = kHead + "[knobs.replay_check]\nvalue = \"chain_end\"\nsources = [\"S1 §A\"]\n" +
                           all_unspecified_but("replay_check");
  EXPECT_INPUT_ERROR(error(text), "src.toml:4: knobs.replay_check.sources[0]: ", "cites only S9");
}

TEST(SourceRulesetErrors, UncitedEntry) {
  const std::string text = kHead + "[knobs]\nreplay_check = \"chain_end\"\n" + all_unspecified_but("replay_check");
  EXPECT_INPUT_ERROR(error(text), "src.toml:5: knobs.replay_check: ", "as a table with its `sources`");
}

TEST(SourceRulesetErrors, ClaimOfAnotherSource) {
  const std::string text = kHead + all_unspecified_but("") + "[[claims]]\nproperty = \"one_attack_at_a_time\"\nsection = \"S3 §X\"\n";
  EXPECT_INPUT_ERROR(error(text), "src.toml:9: claims[0].section: ", "must cite this ruleset's source");
}

TEST(SourceRulesetErrors, SourceKeysWithoutSource) {
  EXPECT_INPUT_ERROR(error("name = \"x\"\nextends = \"mr3\"\n[unspecified]\nknobs = []\n"), "src.toml:3: unspecified: ",
                     "only a source ruleset");
  EXPECT_INPUT_ERROR(error("name = \"x\"\nsource = \"S9\"\n"), "src.toml:2: extends: ", "missing");
  EXPECT_INPUT_ERROR(error("name = \"x\"\nsource = \"three\"\nextends = \"mr3\"\n"), "src.toml:2: source: ", "source id");
}

TEST(SourceRulesetErrors, OtherReadingEqualToTheMainOne) {
  const std::string text = kHead + "[knobs.replay_check]\nvalue = \"chain_end\"\nsources = [\"S9 §A\"]\n" +
                           "[knobs.replay_check.other_reading]\nvalue = \"chain_end\"\nsources = [\"S9 §B\"]\n" +
                           all_unspecified_but("replay_check");
  EXPECT_INPUT_ERROR(error(text), "src.toml:7: knobs.replay_check.other_reading.value: ", "equals the main value");
}

}  // namespace
}  // namespace bc
