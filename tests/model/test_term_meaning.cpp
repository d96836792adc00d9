// A term that cannot mean anything is refused on load (issue 26, docs/effects.md
// "Terms that are refused"): each case gets an InputError naming
// FILE:LINE: card[N].effect.FIELD, a near miss still loads, and the messages
// stay bounded whatever the input holds.
#include <gtest/gtest.h>

#include "model/library/cards.hpp"
#include "model/library/presets.hpp"
#include "model/library/term_check.hpp"
#include "model/loaders/loader.hpp"
#include "model/terms/effect_text.hpp"
#include "model/terms/targets.hpp"
#include "tests/model/input_error.hpp"

namespace bc {
namespace {

using test::error_of;

// Monster A on p1 (lines 1-5), face-down B on p2 (6-11), token template Tok (12-15).
const std::string kBoard = R"([[monster]]
name = "A"
atk = 1000
def = 1000
player = "p1"
[[monster]]
name = "B"
atk = 500
def = 500
player = "p2"
position = "facedown"
[[monster]]
name = "Tok"
atk = 0
def = 0
)";

/// The board and one card: [[card]] on line 16, `extra` on 18, the effect on 19.
std::string with_card(const std::string& effect, const std::string& extra = "player = \"p1\"") {
  return kBoard + "[[card]]\nname = \"X\"\n" + extra + "\neffect = " + effect + "\n";
}

std::string scenario_error(const std::string& effect, const std::string& extra = "player = \"p1\"") {
  return error_of([&] { parse_scenario(with_card(effect, extra), "s.toml"); });
}

void expect_loads(const std::string& effect, const std::string& extra = "player = \"p1\"") {
  EXPECT_EQ(scenario_error(effect, extra), "no error") << effect;
}

// ---------------------------------------------------------------- 1. parts about a host, on a card without one

TEST(TermMeaning, HostBoundContinuousPartNeedsAHost) {
  const std::string e = R"({ activation = "continuous", continuous = "cannot_be_attacked" })";
  EXPECT_INPUT_ERROR(scenario_error(e), "s.toml:19: card[0].effect.continuous: ",
                     "\"cannot_be_attacked\" applies to the card's own monster, and this card has no host");
  expect_loads(e, "host = \"A\"");
  EXPECT_INPUT_ERROR(scenario_error(R"({ activation = "continuous", continuous = "may_attack_directly" })"),
                     "s.toml:19: card[0].effect.continuous: ", "no host");
  EXPECT_INPUT_ERROR(scenario_error(R"({ activation = "continuous", continuous = "self_destruct_no_other_monster" })"),
                     "s.toml:19: card[0].effect.continuous: ", "no host");
  expect_loads(R"({ activation = "continuous", continuous = "no_trap_activation" })");  // the whole field: no host
}

TEST(TermMeaning, HostConditionOnATrapIsRefused) {
  EXPECT_INPUT_ERROR(
      scenario_error(R"({ activation = "quick", card_type = "trap", conditions = ["battle", "host_attacked"], ops = ["opaque"] })"),
      "s.toml:19: card[0].effect.conditions: ", "\"host_attacked\" asks about the card's own monster, and a trap card has no");
  EXPECT_INPUT_ERROR(scenario_error(R"({ activation = "quick", conditions = ["host_attacking"], ops = ["opaque"] })"),
                     "s.toml:19: card[0].effect.conditions: ", "\"host_attacking\"");
  expect_loads(R"({ activation = "quick", conditions = ["host_battled"], ops = ["opaque"] })", "host = \"A\"");
}

TEST(TermMeaning, TriggerOnTheHostNeedsAHost) {
  const std::string flip = R"({ activation = "trigger", card_type = "monster", from_hand = true, trigger = "flipped", ops = ["opaque"] })";
  EXPECT_INPUT_ERROR(scenario_error(flip, "player = \"p2\""), "s.toml:19: card[0].effect.trigger: ",
                     "\"flipped\" happens to the card's own monster, and this card has no host");
  expect_loads(flip, "host = \"B\"");
  EXPECT_INPUT_ERROR(scenario_error(R"({ activation = "trigger", trigger = "sent_to_graveyard", ops = ["opaque"] })"),
                     "s.toml:19: card[0].effect.trigger: ", "never comes");
  // An attack declaration is the whole field's event: a spell may wait for it.
  expect_loads(R"({ activation = "trigger", trigger = "attack_declared", ops = ["opaque"] })", "player = \"p2\"");
}

TEST(TermMeaning, SelfOnACardWithoutHostIsRefused) {
  EXPECT_INPUT_ERROR(scenario_error(R"({ activation = "quick", ops = ["banish self"] })"),
                     "s.toml:19: card[0].effect.ops[0]: ", "\"self\" is the card's own monster");
  expect_loads(R"({ activation = "quick", ops = ["banish self"] })", "host = \"A\"");
}

TEST(TermMeaning, LibraryRefusesOnlyWhatNoHostCouldFix) {
  const auto library_error = [](const std::string& type, const std::string& effect) {
    return error_of([&] {
      parse_card_library("[[card]]\nname = \"C\"\ntype = \"" + type + "\"\natk = 0\ndef = 0\nnote = \"n\"\neffect = " + effect + "\n",
                         "c.toml");
    });
  };
  const std::string guard = R"({ activation = "continuous", card_type = "monster", continuous = "cannot_be_attacked" })";
  EXPECT_EQ(library_error("monster", guard), "no error");  // its host is the scenario's [[monster]] of its name
  EXPECT_INPUT_ERROR(library_error("spell", guard), "c.toml:7: card[0].effect.continuous: ", "no host");
  EXPECT_INPUT_ERROR(library_error("trap", R"({ activation = "trigger", card_type = "trap", trigger = "battled", ops = ["opaque"] })"),
                     "c.toml:7: card[0].effect.trigger: ", "a trap card has no monster of its own");
  EXPECT_EQ(library_error("monster", R"({ activation = "trigger", card_type = "monster", from_hand = true, trigger = "flipped", ops = ["opaque"] })"),
            "no error");
  // A guard against strong monsters only (Obnoxious Celtic Guard): a positive ATK, or none.
  EXPECT_EQ(library_error("monster", R"({ activation = "continuous", card_type = "monster", continuous = "indestructible_by_battle 1900" })"),
            "no error");
  EXPECT_INPUT_ERROR(library_error("monster", R"({ activation = "continuous", card_type = "monster", continuous = "indestructible_by_battle 0" })"),
                     "c.toml:7: card[0].effect.continuous: ", "the least ATK (above 0) it holds against");
  EXPECT_INPUT_ERROR(library_error("monster", R"({ activation = "continuous", card_type = "monster", continuous = "indestructible_by_battle 1950" })"),
                     "c.toml:7: card[0].effect.continuous: ", "multiple of 100");
  // No battle damage from its host's attacks (Exploder Dragon): the players it spares are named.
  EXPECT_EQ(library_error("monster", R"({ activation = "continuous", card_type = "monster", continuous = "no_battle_damage_attacking opponent" })"),
            "no error");
  EXPECT_INPUT_ERROR(library_error("monster", R"({ activation = "continuous", card_type = "monster", continuous = "no_battle_damage_attacking" })"),
                     "c.toml:7: card[0].effect.continuous: ", "needs the players it spares: you, opponent or both");
}

// ---------------------------------------------------------------- 2. operations with two objects or amounts

TEST(TermMeaning, OperationWithTwoObjectsOrAmountsIsRefused) {
  const std::string target = R"(target = "monster own", )";
  EXPECT_INPUT_ERROR(scenario_error("{ activation = \"quick\", " + target + "ops = [\"change_atk target own_battler 500\"] }"),
                     "s.toml:19: card[0].effect.ops[0]: ", "two objects in one operation: \"target\" and \"own_battler\"");
  EXPECT_INPUT_ERROR(scenario_error(R"({ activation = "quick", ops = ["change_atk 500 700"] })"),
                     "s.toml:19: card[0].effect.ops[0]: ", "two amounts in one operation: \"500\" and \"700\"");
  EXPECT_INPUT_ERROR(scenario_error("{ activation = \"quick\", " + target + "ops = [\"destroy target 500\"] }"),
                     "s.toml:19: card[0].effect.ops[0]: ", "\"destroy\" takes no amount, got \"500\"");
  EXPECT_INPUT_ERROR(scenario_error(R"({ activation = "quick", ops = ["opaque", "change_atk own_battler 500 battle turn"] })"),
                     "s.toml:19: card[0].effect.ops[1]: ", "two durations");
  EXPECT_INPUT_ERROR(scenario_error(R"({ activation = "quick", ops = ["negate_attack attacker"] })"),
                     "s.toml:19: card[0].effect.ops[0]: ", "\"negate_attack\" takes no object");
  expect_loads("{ activation = \"quick\", " + target + "ops = [\"change_atk target -500 turn\", \"set_atk target 0 battle\"] }");
}

/// A quick term with target `word any` refuses operation `op` with `message`,
/// and a face word where its side goes.
void expect_target_limits(const std::string& word, const std::string& op, const std::string& message) {
  EXPECT_INPUT_ERROR(scenario_error("{ activation = \"quick\", target = \"" + word + " any\", ops = [\"" + op + "\"] }"),
                     "s.toml:19: card[0].effect.ops[0]: ", message);
  EXPECT_INPUT_ERROR(scenario_error("{ activation = \"quick\", target = \"" + word + " face_up\", ops = [\"destroy target\"] }"),
                     "s.toml:19: card[0].effect.target: ", "\"" + word + " SIDE\"");
}

/// A target's text parses to `kind` and is written back the same.
void expect_target_reads(const std::string& text, TargetKind kind) {
  std::string error;
  const auto parsed = parse_target(text, error);
  ASSERT_TRUE(parsed) << error;
  EXPECT_EQ(parsed->kind, kind);
  EXPECT_EQ(target_text(*parsed), text);
}

// A Spell or Trap target ("spell_trap SIDE") is only destroyed or returned; its side is its only word.
TEST(TermMeaning, ASpellOrTrapTargetIsOnlyDestroyedOrReturned) {
  const std::string target = R"(target = "spell_trap any", )";
  expect_loads("{ activation = \"quick\", " + target + "ops = [\"destroy target\"] }");
  expect_loads("{ activation = \"quick\", " + target + "ops = [\"return_to_hand target\"] }");
  expect_target_limits("spell_trap", "banish target",
                       "a Spell or Trap target is only destroyed or returned (\"destroy target\", \"return_to_hand target\")");
  expect_target_reads("spell_trap opponent", TargetKind::SpellTrap);
}

// Any card on the field ("card SIDE": a monster or a Spell or Trap, Nightmare
// Penguin) is only removed: destroyed, banished or returned to the hand.
TEST(TermMeaning, ACardTargetIsOnlyRemoved) {
  const std::string target = R"(target = "card opponent", )";
  for (const char* op : {"destroy target", "banish target", "return_to_hand target"})
    expect_loads("{ activation = \"quick\", " + target + "ops = [\"" + op + "\"] }");
  expect_target_limits("card", "change_atk target -500",
                       "a card target (a monster or a Spell or Trap) is only destroyed, banished or returned");
  expect_target_reads("card any", TargetKind::Card);
  // The monitors keep each card's selector in one byte: every selector comes back.
  for (int k = 0; k < 5; ++k)
    for (int side = 0; side < 3; ++side)
      for (int face = 0; face < 3; ++face)
        for (int role = 0; role < 4; ++role) {
          const TargetSpec sel{static_cast<TargetKind>(k), static_cast<SideSel>(side), static_cast<FaceSel>(face),
                               static_cast<RoleSel>(role)};
          EXPECT_EQ(unpack_selector(pack_selector(sel)), sel);
        }
}

// ---------------------------------------------------------------- 3. operations on a continuous effect

TEST(TermMeaning, ContinuousEffectWithOperationsIsRefused) {
  EXPECT_INPUT_ERROR(scenario_error(R"({ activation = "continuous", continuous = "no_trap_activation", ops = ["destroy attacker"] })"),
                     "s.toml:19: card[0].effect.ops: ", "a continuous effect is never activated");
}

// ---------------------------------------------------------------- 4. a window its timings contradict

TEST(TermMeaning, WindowContradictingTheTimingsIsRefused) {
  EXPECT_INPUT_ERROR(scenario_error(R"({ activation = "quick", window = "damage_calculation", timings = ["battle_step"], ops = ["opaque"] })"),
                     "s.toml:19: card[0].effect.timings: ",
                     "none of battle_step is in its window \"damage_calculation\" (damage_calculation)");
  expect_loads(R"({ activation = "quick", window = "damage_step", timings = ["start_of_damage_step"], ops = ["change_atk own_battler 500"] })");
}

// ---------------------------------------------------------------- 5. timings no built-in ruleset permits the class

TEST(TermMeaning, TimingsNoRulesetPermitsTheClassAreRefused) {
  // A flip effect "during damage calculation": in the Damage Step flip triggers come after damage calculation in every ruleset.
  EXPECT_INPUT_ERROR(scenario_error(R"({ activation = "trigger", card_type = "monster", window = "damage_calculation", trigger = "flipped", ops = ["opaque"] })",
                                    "host = \"B\""),
                     "s.toml:19: card[0].effect.window: ",
                     "its text leaves open only damage_calculation, and no built-in ruleset lets a flip_trigger be activated there");
  EXPECT_INPUT_ERROR(scenario_error(R"({ activation = "trigger", card_type = "monster", trigger = "end_of_battle_phase", timings = ["battle_step"], ops = ["opaque"] })",
                                    "host = \"A\""),
                     "s.toml:19: card[0].effect.timings: ", "could never be used");
  EXPECT_NE(builtin_permitted_timings(EffectKind::FlipTrigger) & bit(Timing::AfterDamageCalculation), 0);
  EXPECT_EQ(builtin_permitted_timings(EffectKind::FlipTrigger) & bit(Timing::DamageCalculation), 0);
  // Continuous effects are never activated: no timing to check.
  EXPECT_EQ(check_term_meaning(preset_term(EffectKind::Continuous, 0, kNoMonster, Condition::None), TermHost::None), std::nullopt);
}

// ---------------------------------------------------------------- 6. counter speed on a monster effect

TEST(TermMeaning, CounterSpeedMonsterEffectIsRefused) {
  EXPECT_INPUT_ERROR(scenario_error(R"({ activation = "counter", card_type = "monster", target = "chain_link", ops = ["negate_activation"] })",
                                    "host = \"A\""),
                     "s.toml:19: card[0].effect.activation: ", "a monster effect is at most a quick effect");
  expect_loads(R"({ activation = "counter", card_type = "trap", target = "chain_link", ops = ["negate_activation"] })");
}

// ---------------------------------------------------------------- 7. ops as one string; no activation

TEST(TermMeaning, OpsAsABareStringIsRefused) {
  EXPECT_INPUT_ERROR(scenario_error(R"({ activation = "quick", target = "monster any", ops = "destroy" })"),
                     "s.toml:19: card[0].effect.ops: ", "expected an array of strings, e.g. ops = [\"destroy\"]");
  EXPECT_INPUT_ERROR(scenario_error(R"({ activation = ["quick"], ops = ["opaque"] })"), "s.toml:19: card[0].effect.activation: ",
                     "expected one value, not an array");
}

TEST(TermMeaning, MissingActivationIsRefused) {
  EXPECT_INPUT_ERROR(scenario_error(R"({ card_type = "spell", ops = ["opaque"] })"), "s.toml:19: card[0].effect.activation: ",
                     "missing: how the effect starts");
}

// ---------------------------------------------------------------- 8. bounded messages

TEST(TermMeaning, HugeOperationNameGivesAShortMessage) {
  const std::string huge(1 << 20, 'd');
  const std::string m = scenario_error("{ activation = \"quick\", ops = [\"" + huge + "\"] }");
  EXPECT_INPUT_ERROR(m, "s.toml:19: card[0].effect.ops[0]: ", "unknown operation \"ddd");
  EXPECT_LT(m.size(), 300u) << m.substr(0, 400);
  EXPECT_NE(m.find("...\""), std::string::npos) << m;
  // A huge unknown key and a huge card name are cut the same way.
  const std::string key = scenario_error("{ activation = \"quick\", " + huge + " = \"x\", ops = [\"opaque\"] }");
  EXPECT_LT(key.size(), 400u) << key.substr(0, 500);
  const std::string card = error_of([&] { parse_scenario("[[card]]\ncard = \"" + huge + "\"\n", "s.toml"); });
  EXPECT_INPUT_ERROR(card, "s.toml:2: card[0].card: ", "unknown card \"ddd");
  EXPECT_LT(card.size(), 300u) << card.substr(0, 400);
}

TEST(TermMeaning, ControlBytesAreShownEscaped) {
  const std::string m = scenario_error(R"({ activation = "quick", ops = ["de\u0000st\u001bory"] })");
  EXPECT_INPUT_ERROR(m, "s.toml:19: card[0].effect.ops[0]: ", R"(unknown operation "de\x00st\x1bory")");
  EXPECT_EQ(m.find('\0'), std::string::npos);
  EXPECT_EQ(brief_text("a\tb\x7f", 80), "a\\x09b\\x7f");
  EXPECT_EQ(brief_quote("\xc3\xa9\xc3\xa9", 3), "\"\xc3\xa9...\"");  // never cut inside a character
}

}  // namespace
}  // namespace bc
