// Ruleset loading: bad input names file, line and field; mr3 is complete and
// cited; every built-in mutant differs from mr3 in exactly what it names.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "model/loaders/loader.hpp"
#include "tests/model/input_error.hpp"

namespace bc {
namespace {

namespace fs = std::filesystem;

using test::error_of;

std::string ruleset_error(const std::string& text) {
  return error_of([&] { parse_ruleset(text, "bad.toml"); });
}

const std::string kChild = "name = \"child\"\nextends = \"mr3\"\n";

const Ruleset& mr3() {
  static const Ruleset r = load_ruleset("mr3");
  return r;
}

TimingMask mask(std::initializer_list<Timing> ts) {
  TimingMask m = 0;
  for (const Timing t : ts) m = static_cast<TimingMask>(m | bit(t));
  return m;
}

/// A temporary folder removed at the end of the test.
struct TempDir {
  fs::path path;
  TempDir() {
    path = fs::temp_directory_path() / ("bc-loader-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
                                        "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
  std::string write(const std::string& file, const std::string& text) const {
    std::ofstream(path / file) << text;
    return (path / file).string();
  }
};

// ---------------------------------------------------------------- knob table

TEST(Knobs, SpecTableIsInEnumOrderAndRoundTrips) {
  for (int i = 0; i < kKnobCount; ++i) {
    const Knob k = static_cast<Knob>(i);
    EXPECT_EQ(knob_spec(k).knob, k);
    EXPECT_EQ(parse_knob(knob_spec(k).name), k);
    EXPECT_FALSE(knob_spec(k).summary.empty());
    EXPECT_GE(knob_value_count(k), 2);
  }
  EXPECT_EQ(parse_knob("no_such_knob"), std::nullopt);
  EXPECT_EQ(knob_spec(Knob::HasAttackedOn).name, "has_attacked_on");
  EXPECT_TRUE(is_bool_knob(Knob::ReplayInDamageStep));
  EXPECT_FALSE(is_bool_knob(Knob::ChainsDamageCalculation));
  EXPECT_EQ(knob_value_count(Knob::FaceDownFlipTiming), 3);
  EXPECT_EQ(knob_spec(Knob::FaceDownFlipTiming).values[1], "before_damage_calculation");
}

// ---------------------------------------------------------------- bad input

TEST(RulesetErrors, SyntaxErrorCarriesTomlLine) {
  EXPECT_INPUT_ERROR(ruleset_error("name = \"x\"\n\n[knobs\n"), "bad.toml:3: TOML syntax: ", "");
}

TEST(RulesetErrors, UnknownTopLevelKey) {
  EXPECT_INPUT_ERROR(ruleset_error(kChild + "extend = \"mr3\"\n"), "bad.toml:3: extend: ",
                     "unknown key (did you mean extends?)");
}

TEST(RulesetErrors, UnknownKnob) {
  EXPECT_INPUT_ERROR(ruleset_error(kChild + "[knobs.replay_in_damage_stp]\nvalue = true\n"),
                     "bad.toml:3: knobs.replay_in_damage_stp: ", "unknown knob (did you mean replay_in_damage_step?)");
}

TEST(RulesetErrors, BadEnumKnobValueListsAllowedValues) {
  EXPECT_INPUT_ERROR(ruleset_error(kChild + "[knobs.chains_damage_calculation]\nvalue = \"two\"\n"),
                     "bad.toml:4: knobs.chains_damage_calculation.value: ", "must be \"one\" or \"several\", got \"two\"");
  EXPECT_INPUT_ERROR(ruleset_error(kChild + "[knobs]\nface_down_flip_timing = 3\n"),
                     "bad.toml:4: knobs.face_down_flip_timing: ",
                     "must be \"start_of_damage_step\", \"before_damage_calculation\" or \"damage_calculation\", got 3");
}

TEST(RulesetErrors, BadBoolKnobValue) {
  EXPECT_INPUT_ERROR(ruleset_error(kChild + "[knobs.replay_enabled]\nvalue = \"yes\"\n"),
                     "bad.toml:4: knobs.replay_enabled.value: ", "must be true or false, got \"yes\"");
}

TEST(RulesetErrors, KnobEntryWithoutValueOrWithUnknownKey) {
  EXPECT_INPUT_ERROR(ruleset_error(kChild + "[knobs.replay_enabled]\nsources = [\"S1 §x\"]\n"),
                     "bad.toml:3: knobs.replay_enabled.value: ", "missing");
  EXPECT_INPUT_ERROR(ruleset_error(kChild + "[knobs.replay_enabled]\nvalue = true\nnotes = \"x\"\n"),
                     "bad.toml:5: knobs.replay_enabled.notes: ", "unknown key (did you mean note?)");
}

TEST(RulesetErrors, BadCitation) {
  EXPECT_INPUT_ERROR(ruleset_error(kChild + "[knobs.replay_enabled]\nvalue = true\nsources = [\"S1 §a\", \"rulebook\"]\n"),
                     "bad.toml:5: knobs.replay_enabled.sources[1]: ", "must cite a source as \"S<id> §<section>\"");
}

TEST(RulesetErrors, MissingKnobInRootRuleset) {
  EXPECT_INPUT_ERROR(ruleset_error("name = \"root\"\n"), "bad.toml:1: knobs.battle_phase_on_first_turn: ",
                     "missing: a ruleset without `extends` must set every knob");
  // mr3 without its last knob entry: the error names that knob and the [knobs...] line.
  std::string text(builtin_ruleset_text("mr3"));
  const auto from = text.find("[knobs.has_attacked_on]");
  const auto to = text.find("[permissions.counter_trap]");
  ASSERT_NE(from, std::string::npos);
  text.erase(from, to - from);
  const int knobs_line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + text.find("[knobs."), '\n'));
  EXPECT_INPUT_ERROR(error_of([&] { parse_ruleset(text, "cut.toml"); }),
                     "cut.toml:" + std::to_string(knobs_line) + ": knobs.has_attacked_on: ", "missing");
}

TEST(RulesetErrors, MissingPermissionInRootRuleset) {
  std::string text(builtin_ruleset_text("mr3"));
  text.erase(text.find("[permissions.end_of_battle_trigger]"));
  const std::string m = error_of([&] { parse_ruleset(text, "cut.toml"); });
  EXPECT_NE(m.find(": permissions.end_of_battle_trigger: missing: a ruleset without `extends` must set the timings"),
            std::string::npos) << m;
  EXPECT_EQ(m.rfind("cut.toml:", 0), 0u) << m;
}

TEST(RulesetErrors, UnknownEffectKind) {
  EXPECT_INPUT_ERROR(ruleset_error(kChild + "[permissions.counter_trapp]\ntimings = [\"end_step\"]\n"),
                     "bad.toml:3: permissions.counter_trapp: ", "unknown effect kind (did you mean counter_trap?)");
}

TEST(RulesetErrors, UnknownTiming) {
  EXPECT_INPUT_ERROR(
      ruleset_error(kChild + "[permissions.counter_trap]\ntimings = [\n  \"end_step\",\n  \"damage_calcultion\",\n]\n"),
      "bad.toml:6: permissions.counter_trap.timings[1]: ",
      "unknown timing \"damage_calcultion\" (did you mean damage_calculation?)");
}

TEST(RulesetErrors, TimingOutsideTheBattlePhaseOrTwice) {
  EXPECT_INPUT_ERROR(ruleset_error(kChild + "[permissions.counter_trap]\ntimings = [\"main_phase_2\"]\n"),
                     "bad.toml:4: permissions.counter_trap.timings[0]: ", "is outside the Battle Phase");
  EXPECT_INPUT_ERROR(ruleset_error(kChild + "[permissions.counter_trap]\ntimings = [\"end_step\", \"end_step\"]\n"),
                     "bad.toml:4: permissions.counter_trap.timings[1]: ", "\"end_step\" is listed twice");
}

TEST(RulesetErrors, PermissionOfWrongShape) {
  EXPECT_INPUT_ERROR(ruleset_error(kChild + "[permissions]\ncounter_trap = \"end_step\"\n"),
                     "bad.toml:4: permissions.counter_trap: ", "must be a table or an array of timings");
  EXPECT_INPUT_ERROR(ruleset_error(kChild + "[permissions.counter_trap]\nsources = [\"S1 §x\"]\n"),
                     "bad.toml:3: permissions.counter_trap.timings: ", "missing");
}

TEST(RulesetErrors, AddTimingsNeedAParent) {
  std::string text(builtin_ruleset_text("mr3"));
  const auto at = text.find("[permissions.end_of_battle_trigger]\ntimings = [\"end_step\"]");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, std::string("[permissions.end_of_battle_trigger]\ntimings").size(),
               "[permissions.end_of_battle_trigger]\nadd_timings");
  const std::string m = error_of([&] { parse_ruleset(text, "root.toml"); });
  EXPECT_NE(m.find(": permissions.end_of_battle_trigger: add_timings/remove_timings need a parent ruleset"),
            std::string::npos) << m;
}

TEST(RulesetErrors, UnknownParent) {
  EXPECT_INPUT_ERROR(ruleset_error("name = \"x\"\nextends = \"mr4\"\n"), "bad.toml:2: extends: ",
                     "unknown ruleset \"mr4\": not built in (built-in rulesets: mr3, s0, s1, s2, s2-mr2, s3 or s4;");
}

TEST(RulesetErrors, ExtendsCycle) {
  TempDir dir;
  dir.write("b.toml", "extends = \"a.toml\"\n");
  const std::string a = dir.write("a.toml", "# a\nextends = \"b\"\n");
  const std::string m = error_of([&] { load_ruleset(a); });
  EXPECT_NE(m.find(": extends: cycle: "), std::string::npos) << m;
  EXPECT_NE(m.find("a.toml -> "), std::string::npos) << m;
  EXPECT_NE(m.find("b.toml -> "), std::string::npos) << m;
  // The error is reported in b.toml, whose `extends` closes the cycle, on line 1.
  EXPECT_NE(m.find("b.toml:1: extends: cycle"), std::string::npos) << m;
  const std::string self = dir.write("self.toml", "extends = \"self.toml\"\n");
  EXPECT_NE(error_of([&] { load_ruleset(self); }).find("self.toml:1: extends: cycle"), std::string::npos);
}

TEST(RulesetErrors, FileNotFoundOrUnknownName) {
  const std::string m = error_of([] { load_ruleset("/nonexistent/rules.toml"); });
  EXPECT_EQ(m.rfind("/nonexistent/rules.toml: no such ruleset file, and not a built-in name (built-in rulesets: mr3, s0, s1, s2, s2-mr2, s3 or s4;", 0),
            0u) << m;
  EXPECT_NE(error_of([] { load_mutant("no-such-mutant"); }).find("no-such-mutant: unknown mutant; mutants: "),
            std::string::npos);
  EXPECT_EQ(error_of([] { load_mutant("mr3"); }).rfind("mr3: unknown mutant", 0), 0u);
}

TEST(RulesetErrors, MutantNeedsItsExpectations) {
  EXPECT_INPUT_ERROR(ruleset_error(kChild + "mutant_of = \"mr3\"\nmax_counterexample_length = 10\n"),
                     "bad.toml:3: expect_violation: ", "missing: a mutant must name the property");
  EXPECT_INPUT_ERROR(ruleset_error(kChild + "mutant_of = \"mr3\"\nexpect_violation = \"x\"\n"),
                     "bad.toml:3: max_counterexample_length: ", "missing");
  EXPECT_INPUT_ERROR(ruleset_error(kChild + "max_counterexample_length = 0\n"), "bad.toml:3: max_counterexample_length: ",
                     "must be between 1 and 1000, got 0");
  EXPECT_INPUT_ERROR(ruleset_error(kChild + "scenario = \"../x.toml\"\n"), "bad.toml:3: scenario: ",
                     "must be a file name in scenarios/");
}

TEST(RulesetErrors, GarbageNeverCrashes) {
  for (const std::string& text : {std::string("\xff\xfe\x00", 3), std::string("knobs = 3\n"),
                                  std::string("extends = 3\n"), std::string("[knobs]\nreplay_enabled = [1]\n"),
                                  kChild + "[permissions.counter_trap]\ntimings = [1]\n",
                                  kChild + "[knobs.replay_check]\nvalue = {a = 1}\n"}) {
    const std::string m = ruleset_error(text);
    EXPECT_EQ(m.rfind("bad.toml:", 0), 0u) << m;
  }
}

// ---------------------------------------------------------------- extends

TEST(Extends, ChildInheritsAndOverrides) {
  const Ruleset r = parse_ruleset(kChild + "description = \"d\"\n[knobs]\nreplay_in_damage_step = true\n"
                                           "[permissions.counter_trap]\nremove_timings = [\"damage_calculation\"]\n"
                                           "[permissions]\nflip_trigger = [\"end_step\"]\n",
                                  "child.toml");
  EXPECT_EQ(r.name, "child");
  EXPECT_EQ(r.extends, "mr3");
  EXPECT_EQ(r.description, "d");
  EXPECT_TRUE(r.flag(Knob::ReplayInDamageStep));
  EXPECT_TRUE(r.knob_sources[static_cast<int>(Knob::ReplayInDamageStep)].sources.empty());
  EXPECT_FALSE(r.allowed(EffectKind::CounterTrap, Timing::DamageCalculation));
  EXPECT_TRUE(r.allowed(EffectKind::CounterTrap, Timing::BeforeDamageCalculation));
  EXPECT_EQ(r.permissions[static_cast<int>(EffectKind::FlipTrigger)], bit(Timing::EndStep));
  for (int k = 0; k < kKnobCount; ++k)
    if (static_cast<Knob>(k) != Knob::ReplayInDamageStep) { EXPECT_EQ(r.knobs[k], mr3().knobs[k]); }
}

TEST(Disputes, Mr3DisputesThePreMr3FlipClaimAndMutantsInheritItSourcesDoNot) {
  ASSERT_EQ(mr3().disputes.size(), 1u);
  EXPECT_EQ(mr3().disputes[0].property, "flip_effect_starts_its_own_chain");
  EXPECT_EQ(mr3().disputes[0].provenance.sources,
            (std::vector<std::string>{"S0 §6.3.4.3.4", "S1 §伤害计算后", "S4 §2.4.3.4"}));
  EXPECT_EQ(load_mutant("no-replay").disputes.size(), 1u);
  const Ruleset child = parse_ruleset(kChild + "[[disputes]]\nproperty = \"one_chain_at_damage_calculation\"\n"
                                               "sources = [\"S3 §Damage Calculation\"]\nnote = \"why\"\n",
                                      "child.toml");
  ASSERT_EQ(child.disputes.size(), 2u);
  EXPECT_EQ(child.disputes[1].property, "one_chain_at_damage_calculation");
  EXPECT_EQ(child.disputes[1].provenance.note, "why");
  for (const std::string& source : builtin_source_ruleset_names()) EXPECT_TRUE(load_ruleset(source).disputes.empty()) << source;
}

TEST(RulesetErrors, BadDisputes) {
  const std::string head = kChild + "[[disputes]]\n";
  EXPECT_INPUT_ERROR(ruleset_error(head + "property = \"Flip\"\nsources = [\"S0 §1\"]\n"), "bad.toml:4: disputes[0].property: ",
                     "must be a property id");
  EXPECT_INPUT_ERROR(ruleset_error(head + "property = \"x\"\n"), "bad.toml:4: disputes[0].sources: ", "missing");
  EXPECT_INPUT_ERROR(ruleset_error(head + "property = \"x\"\nsources = [\"rulebook\"]\n"),
                     "bad.toml:5: disputes[0].sources[0]: ", "must cite a source");
  EXPECT_INPUT_ERROR(ruleset_error(head + "property = \"x\"\nsources = [\"S0 §1\"]\nwhy = 1\n"), "bad.toml:6: disputes[0].why: ",
                     "unknown key");
  EXPECT_INPUT_ERROR(ruleset_error(head + "property = \"flip_effect_starts_its_own_chain\"\nsources = [\"S0 §1\"]\n"),
                     "bad.toml:4: disputes[0].property: ", "disputed twice");
}

TEST(Extends, FileParentRelativeToChild) {
  TempDir dir;
  dir.write("base.toml", "extends = \"mr3\"\n[knobs]\nzero_atk_battle_destroys = true\n");
  const std::string child = dir.write("child.toml", "extends = \"base\"\n[knobs]\nreplay_enabled = false\n");
  const Ruleset r = load_ruleset(child);
  EXPECT_EQ(r.name, "child");
  EXPECT_EQ(r.extends, "base");
  EXPECT_TRUE(r.flag(Knob::ZeroAtkBattleDestroys));
  EXPECT_FALSE(r.flag(Knob::ReplayEnabled));
}

// ---------------------------------------------------------------- mr3

TEST(Mr3, IsARootThatSetsAndCitesEverything) {
  const Ruleset& r = mr3();
  EXPECT_EQ(r.name, "mr3");
  EXPECT_TRUE(r.extends.empty());
  EXPECT_TRUE(r.mutant_of.empty());
  // Parsed as a root, the loader itself enforced that every knob and permission is set.
  for (int k = 0; k < kKnobCount; ++k)
    EXPECT_FALSE(r.knob_sources[k].sources.empty()) << knob_spec(static_cast<Knob>(k)).name;
  for (int k = 0; k < kEffectKindCount; ++k) {
    EXPECT_FALSE(r.permission_sources[k].sources.empty()) << name(static_cast<EffectKind>(k));
    if (static_cast<EffectKind>(k) != EffectKind::Continuous) {
      EXPECT_NE(r.permissions[k], 0) << name(static_cast<EffectKind>(k));
    }
  }
  EXPECT_EQ(builtin_ruleset_names(), (std::vector<std::string>{"mr3", "s0", "s1", "s2", "s2-mr2", "s3", "s4"}));
}

TEST(Mr3, KnobValues) {
  const Ruleset& r = mr3();
  EXPECT_FALSE(r.flag(Knob::BattlePhaseOnFirstTurn));
  EXPECT_FALSE(r.flag(Knob::StartStepMaySkipToEndStep));
  EXPECT_TRUE(r.flag(Knob::OpponentMayActBeforeDeclaration));  // S1 §战斗步骤, since issue 13
  EXPECT_EQ(r.get(Knob::FirstPriority), 0);
  EXPECT_TRUE(r.several(Knob::ChainsStartStep));
  EXPECT_FALSE(r.several(Knob::ChainsAttackDeclaration));
  EXPECT_TRUE(r.several(Knob::ChainsBattleStep));
  EXPECT_FALSE(r.several(Knob::ChainsStartOfDamageStep));
  EXPECT_TRUE(r.several(Knob::ChainsBeforeDamageCalculation));
  EXPECT_FALSE(r.several(Knob::ChainsDamageCalculation));
  EXPECT_FALSE(r.several(Knob::ChainsAfterDamageCalculation));
  EXPECT_FALSE(r.several(Knob::ChainsEndOfDamageStep));
  EXPECT_TRUE(r.several(Knob::ChainsEndStep));
  EXPECT_FALSE(r.flag(Knob::CalcTriggerChainAllowsCalcEffects));
  EXPECT_EQ(r.get(Knob::FaceDownFlipTiming), 1);          // before_damage_calculation
  EXPECT_TRUE(r.flag(Knob::FlipTriggersChainWithDamageTriggers));
  EXPECT_EQ(r.get(Knob::BattleDestroyedLeaveTiming), 2);  // end_of_damage_step
  EXPECT_EQ(r.get(Knob::DamageStepExit), 0);              // battle_step
  EXPECT_TRUE(r.flag(Knob::ReplayEnabled));
  EXPECT_FALSE(r.flag(Knob::ReplayInDamageStep));
  EXPECT_EQ(r.get(Knob::ReplayCheck), 0);                 // chain_end
  EXPECT_FALSE(r.flag(Knob::ReplayReopensDeclarationWindow));
  EXPECT_FALSE(r.flag(Knob::NegatedAttackEntersDamageStep));
  EXPECT_EQ(r.get(Knob::DeclarationsPerMonster), 0);      // one
  EXPECT_TRUE(r.flag(Knob::AttackRequiresAttackPosition));
  EXPECT_TRUE(r.flag(Knob::DirectAttackRequiresEmptyField));
  EXPECT_FALSE(r.flag(Knob::DamageCalcWhenBattlerLeft));
  EXPECT_TRUE(r.flag(Knob::DamageStepContinuesAfterBattlerLeaves));
  EXPECT_FALSE(r.flag(Knob::DestroyedByBattleTargetable));
  EXPECT_FALSE(r.flag(Knob::DestroyedByBattleMayActivateQuick));
  EXPECT_TRUE(r.flag(Knob::EqualAtkDestroysBoth));
  EXPECT_FALSE(r.flag(Knob::ZeroAtkBattleDestroys));
  EXPECT_EQ(r.get(Knob::BattlePhaseEndGoesTo), 0);        // end_step
  EXPECT_EQ(r.get(Knob::HasAttackedOn), 0);               // damage_step
}

TEST(Mr3, Permissions) {
  using T = Timing;
  const TimingMask outside = mask({T::StartStep, T::BattleStepOpen, T::AttackDeclaration, T::BattleStep, T::EndStep});
  const TimingMask damage_step = mask({T::StartOfDamageStep, T::BeforeDamageCalculation, T::DamageCalculation,
                                       T::AfterDamageCalculation, T::EndOfDamageStep});
  const std::map<EffectKind, TimingMask> want = {
      {EffectKind::CounterTrap, outside | damage_step},
      {EffectKind::AtkChangeQuick, outside | mask({T::StartOfDamageStep, T::BeforeDamageCalculation})},
      {EffectKind::DamageCalcAtkChange, mask({T::DamageCalculation})},
      {EffectKind::DamageCalcNoDamage, mask({T::DamageCalculation})},
      {EffectKind::NegateActivationQuick, outside | damage_step},
      {EffectKind::NegateEffectQuick, outside},
      {EffectKind::AttackNegateTrap, mask({T::AttackDeclaration})},
      {EffectKind::AttackDestroyTrap, mask({T::AttackDeclaration})},
      {EffectKind::SpecialSummonQuick, outside},
      {EffectKind::RemoveMonsterQuick, outside},
      {EffectKind::EndBattlePhaseQuick, mask({T::StartStep, T::BattleStepOpen, T::AttackDeclaration, T::BattleStep})},  // the class, not Battle Fader (issue 28)
      {EffectKind::FreeChainQuick, outside},
      {EffectKind::DestroyNoCalcTrigger, mask({T::StartOfDamageStep, T::BeforeDamageCalculation})},
      {EffectKind::FlipTrigger, outside | mask({T::AfterDamageCalculation})},  // outside the Damage Step: flipped by an effect
      {EffectKind::BattleDamageTrigger, mask({T::AfterDamageCalculation})},
      {EffectKind::BattledTrigger, mask({T::AfterDamageCalculation})},
      {EffectKind::BattleDestroyedTrigger, mask({T::EndOfDamageStep})},
      {EffectKind::SentToGraveTrigger, outside | damage_step},
      {EffectKind::EndOfBattleTrigger, mask({T::EndStep})},
      {EffectKind::DamageStepAtkChange, mask({T::StartOfDamageStep, T::BeforeDamageCalculation})},
      {EffectKind::PositionChangeQuick, outside},
      {EffectKind::ProtectionQuick, outside},
      {EffectKind::AttackTrigger, mask({T::AttackDeclaration, T::BattleStep})},
      {EffectKind::SummonTrigger, outside | damage_step},
      {EffectKind::EndOfDamageStepTrigger, mask({T::EndOfDamageStep})},
      {EffectKind::Continuous, 0},
      {EffectKind::OtherSummonTrigger, outside},
      {EffectKind::BeforeCalcTrigger, mask({T::BeforeDamageCalculation})},
  };
  ASSERT_EQ(want.size(), static_cast<std::size_t>(kEffectKindCount));
  for (const auto& [kind, m] : want)
    EXPECT_EQ(mr3().permissions[static_cast<int>(kind)], m) << name(kind);
}

TEST(Mr3, DisagreementsAreNoted) {
  for (const Knob k : {Knob::StartStepMaySkipToEndStep, Knob::ChainsStartOfDamageStep,
                       Knob::FlipTriggersChainWithDamageTriggers, Knob::DamageStepContinuesAfterBattlerLeaves,
                       Knob::AttackRequiresAttackPosition})
    EXPECT_NE(mr3().knob_sources[static_cast<int>(k)].note.find("isagreement"), std::string::npos)
        << knob_spec(k).name;
  for (const EffectKind k : {EffectKind::CounterTrap, EffectKind::DestroyNoCalcTrigger})
    EXPECT_NE(mr3().permission_sources[static_cast<int>(k)].note.find("isagreement"), std::string::npos) << name(k);
}

}  // namespace
}  // namespace bc
