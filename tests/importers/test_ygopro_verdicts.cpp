/// battlecheck's verdict on every recording, pinned: conformance to the
/// model under mr3 (first divergence: kind and trace line) and the property
/// violations over the whole trace. Why each verdict falls where it does,
/// and whose fault it is (engine or importer/cards file), is written in
/// docs/engines/ygopro.md, "Verdicts on the recordings".
#include <gtest/gtest.h>

#include <algorithm>

#include "checker/conformance/card_audit.hpp"
#include "checker/conformance/conformance.hpp"
#include "model/loaders/loader.hpp"
#include "tests/importers/ygopro_fixture.hpp"

namespace bc::ygopro {
namespace {

struct Expected {
  const char* run;
  std::uint64_t unchecked;   ///< withheld activations not checked (cards with script conditions)
  std::size_t findings;      ///< card audit findings under mr3
  const char* why;           ///< the reason (docs/engines/ygopro.md, "Verdicts on the recordings")
};

ConformanceResult verdict(const ImportResult& r) {
  static const Ruleset rules = load_ruleset("mr3");
  const Model model(r.header.scenario, rules);
  return check_conformance(model, r.header.omits, r.records);
}

/// A run `r` with one legal declaration withheld: not checked while its card's condition is hidden
/// (one unchecked offer more than `before`), and the one withheld action once the condition is read.
Action withheld_once_read(ImportResult r, const ConformanceResult& before) {
  const ConformanceResult hidden = verdict(r);
  EXPECT_TRUE(hidden.conforms());
  EXPECT_EQ(hidden.unchecked_offers, before.unchecked_offers + 1);
  for (CardSpec& c : r.header.scenario.cards) c.hidden_condition = false;
  const ConformanceResult c = verdict(r);
  EXPECT_EQ(c.divergence.kind, DivergenceKind::Offered);
  EXPECT_EQ(c.divergence.withheld.size(), 1u);
  return c.divergence.withheld.empty() ? Action{} : c.divergence.withheld[0];
}

std::vector<std::string> violated(const ConformanceResult& c) {
  std::vector<std::string> ids;
  for (std::size_t i = 0; i < properties().size(); ++i)
    if (c.verdicts.violated[i] && properties()[i].kind != PropertyKind::Sometimes) ids.emplace_back(properties()[i].id);
  return ids;
}

std::size_t card_index(const Scenario& s, const std::string& prefix) {
  for (std::size_t i = 0; i < s.cards.size(); ++i)
    if (s.cards[i].name.rfind(prefix, 0) == 0) return i;
  return kNoCard;
}

/// The procedural fault the tests inject: the first monster destroyed by
/// battle is sent to the Graveyard right at damage calculation (after its
/// destroy_confirmed) instead of at the end of the Damage Step. Returns the
/// trace line of the moved event, 0 when the trace has no such battle.
std::size_t send_battle_destroyed_at_damage_calculation(ImportResult& r) {
  auto leave = std::find_if(r.records.begin(), r.records.end(), [](const TraceRecord& x) {
    return x.kind == RecordKind::Event && x.event.type == EventType::LeftField && x.event.reason == LeaveReason::Battle;
  });
  auto calc = std::find_if(r.records.begin(), r.records.end(), [](const TraceRecord& x) {
    return x.kind == RecordKind::Event && x.event.type == EventType::DestroyConfirmed;
  });
  if (leave == r.records.end() || calc == r.records.end() || leave < calc) return 0;
  const TraceRecord moved = *leave;
  r.records.erase(leave);
  r.records.insert(calc + 1, moved);
  for (std::size_t i = 0; i < r.records.size(); ++i) r.records[i].line = i + 2;
  return static_cast<std::size_t>(calc - r.records.begin()) + 3;
}

/// Level 1, the cores' procedure with the cards as the engines declare them:
/// every recording conforms and holds (docs/engines/ygopro.md, "Verdicts on
/// the recordings", says why for each). Level 2, the card audit, finds the
/// synthetic Quick-Plays' and probes' Damage Step flags wider than the rules.
TEST(YgoproVerdicts, EveryRecordingPinned) {
  constexpr const char* kPlain = "a plain attack, no effects";
  constexpr const char* kReplay = "the Quick-Play's outcome (destroy its own monster) is learnt from the stream; "
                                  "the replay follows the chain and the re-choice is no declaration";
  constexpr const char* kTrap = "the attack trap only prints a message (opaque); one chain at the declaration";
  constexpr const char* kQuickPlays = "the Quick-Plays are offered where their flags declare them; the audit finds "
                                      "ATK changes declared after and at damage calculation";
  constexpr const char* kProbes = "the probes' script condition explains every withheld offer; the audit finds "
                                  "no-battle effects declared in the Damage Step";
  constexpr const char* kFlip = "the flip effect (opaque) after damage calculation, the flip before it";
  const std::vector<Expected> expected = {
      {"fluoro-basic", 0, 0, kPlain},    {"edo-basic", 0, 0, kPlain},
      {"fluoro-replay", 0, 0, kReplay},  {"fluoro-P1", 0, 0, kReplay},     {"edo-P1", 0, 0, kReplay},
      {"edo-P1-single", 0, 0, kReplay},  {"fluoro-P1b", 0, 0, kTrap},      {"edo-P1b", 0, 0, kTrap},
      {"fluoro-P4", 2, 4, kQuickPlays},  {"edo-P4", 2, 4, kQuickPlays},    {"fluoro-P5", 5, 4, kQuickPlays},
      {"edo-P5", 5, 4, kQuickPlays},     {"fluoro-P7", 10, 2, kProbes},    {"fluoro-P9", 0, 0, kFlip},
      {"edo-P9", 0, 0, kFlip},           {"edo-P9-single", 0, 0, kFlip},
  };
  ASSERT_EQ(expected.size(), testing::recordings().size());
  static const Ruleset rules = load_ruleset("mr3");
  for (const Expected& e : expected) {
    const ImportResult r = testing::import_run(e.run);
    ASSERT_TRUE(r.ok()) << e.run;
    const ConformanceResult c = verdict(r);
    SCOPED_TRACE(std::string(e.run) + ": " + e.why);
    EXPECT_EQ(c.divergence.kind, DivergenceKind::None) << e.run << " line " << c.divergence.line;
    EXPECT_TRUE(c.complete) << e.run;
    EXPECT_EQ(violated(c), std::vector<std::string>{}) << e.run;
    EXPECT_EQ(c.unchecked_offers, e.unchecked) << e.run;
    EXPECT_EQ(c.offered_again, std::string(e.run) == "fluoro-P7" ? 4u : 0u) << e.run;
    EXPECT_EQ(audit_cards(r.header.scenario, rules, r.undescribed_cards).size() + r.card_findings.size(), e.findings) << e.run;
  }
}

/// The audit's finding on P4's QP-D: an ATK change declared usable at damage
/// calculation, against the rule for its class (S0 §6.3.4.3, S4 §2.4.3.2).
TEST(YgoproVerdicts, TheAuditNamesTheCardAndTheRule) {
  const ImportResult r = testing::import_run("fluoro-P4");
  const std::vector<CardFinding> f = audit_cards(r.header.scenario, load_ruleset("mr3"));
  const auto d = std::find_if(f.begin(), f.end(), [](const CardFinding& x) { return x.card.rfind("QP-D", 0) == 0; });
  ASSERT_NE(d, f.end());
  EXPECT_NE(d->text.find("damage_calculation"), std::string::npos);
  EXPECT_NE(d->text.find("atk_change_quick"), std::string::npos);
  EXPECT_NE(d->text.find("S0 §6.3.4.3"), std::string::npos);
}

/// Rope of Life's timing at the end of the Damage Step comes from its event (EVENT_BATTLE_DESTROYED,
/// a battle event the cores exempt), not from a flag: the finding says its script declares it.
TEST(YgoproVerdicts, TheAuditSaysTheScriptDeclaresATimingItsEventGives) {
  const ImportResult r = testing::import_real("batch20/edo/edo-rope_of_life_after_a_destruction_by_battle-p000");
  const std::vector<CardFinding> f = audit_cards(r.header.scenario, load_ruleset("mr3"), r.undescribed_cards);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].card, "Rope of Life");
  EXPECT_EQ(f[0].text.rfind("its script declares it usable at end_of_damage_step, but mr3", 0), 0u) << f[0].text;
}

/// A card no script describes (Blade Rabbit: its trigger on EVENT_CHANGE_POS is not read) is read as a
/// quick effect at any timing, which is nobody's declaration: the audit passes over it, where at the
/// twenty-second freeze it said the card's flags declared those timings.
TEST(YgoproVerdicts, TheAuditPassesOverACardNoScriptDescribes) {
  const ImportResult r = testing::import_real("batch23/fluoro/fluoro-desert_sunlight_turns_blade_rabbit_to_defense-p001");
  ASSERT_EQ(r.undescribed_cards.size(), 1u);
  EXPECT_EQ(r.header.scenario.cards[r.undescribed_cards[0]].name, "Blade Rabbit");
  const Ruleset mr3 = load_ruleset("mr3");
  EXPECT_EQ(audit_cards(r.header.scenario, mr3).size(), 1u);
  EXPECT_TRUE(audit_cards(r.header.scenario, mr3, r.undescribed_cards).empty());
}

/// An offer outside the card's own declaration is the engine's procedure
/// fault: P4's offer at damage calculation made to name QP-B (DAMAGE_STEP flag
/// only) instead of QP-D is caught, although nobody activates it.
TEST(YgoproVerdicts, OfferedButIllegalIsFlaggedEvenWhenNotTaken) {
  ImportResult r = testing::import_run("fluoro-P4");
  const std::size_t qpa = card_index(r.header.scenario, "QP-B");
  const std::size_t qpd = card_index(r.header.scenario, "QP-D");
  ASSERT_NE(qpa, kNoCard);
  std::size_t line = 0;
  for (TraceRecord& x : r.records)
    if (x.kind == RecordKind::Offered && x.offered.timing == Timing::DamageCalculation && x.offered.player == Player::P2) {
      ActionList changed;
      for (Action a : x.offered.actions) {
        if (a.type == ActionType::Activate && a.card == qpd) a.card = static_cast<std::uint8_t>(qpa);
        changed.push(a);
      }
      x.offered.actions = changed;
      line = x.line;
      break;
    }
  const ConformanceResult c = verdict(r);
  ASSERT_EQ(c.divergence.kind, DivergenceKind::Offered);
  EXPECT_EQ(c.divergence.line, line);
  ASSERT_EQ(c.divergence.illegal.size(), 1u);
  EXPECT_EQ(c.divergence.illegal[0].card, qpa);
}

/// And the other way: a withheld activation is a fault when nothing hidden
/// could explain it (P4's cards stripped of their script conditions).
TEST(YgoproVerdicts, LegalButWithheldIsFlaggedUnlessAConditionCouldExplainIt) {
  ImportResult p4 = testing::import_run("fluoro-P4");
  for (TraceRecord& x : p4.records)
    if (x.kind == RecordKind::Offered && x.offered.player == Player::P2 && x.offered.timing == Timing::BeforeDamageCalculation) {
      ActionList only_pass;
      only_pass.push(Action{ActionType::Pass});
      x.offered.actions = only_pass;
      break;
    }
  const ConformanceResult hidden = verdict(p4);
  EXPECT_TRUE(hidden.conforms());
  EXPECT_GT(hidden.unchecked_offers, 2u);
  for (CardSpec& c : p4.header.scenario.cards) c.hidden_condition = false;
  const ConformanceResult c = verdict(p4);
  ASSERT_EQ(c.divergence.kind, DivergenceKind::Offered);
  EXPECT_FALSE(c.divergence.withheld.empty());
  EXPECT_TRUE(c.divergence.illegal.empty());
}

/// Rocket Jumper's conditioned "may attack directly" (batch 16): a direct attack
/// the engine withholds is not held against it while the card's condition is
/// hidden, and is a fault once it is not. The recorded offer names no target
/// (every target, the direct attack included); here it names the Defense
/// Position monster only.
TEST(YgoproVerdicts, AWithheldConditionedDirectAttackIsNotChecked) {
  ImportResult r = testing::import_real("batch16/fluoro/fluoro-rocket_jumper_against_defenders-p000");
  const ConformanceResult before = verdict(r);
  ASSERT_TRUE(before.conforms());
  std::size_t narrowed = 0;
  for (TraceRecord& x : r.records) {
    if (x.kind != RecordKind::Offered) continue;
    ActionList only_monster;
    for (Action a : x.offered.actions) {
      if (a.type == ActionType::DeclareAttack && a.target == kNoSlot) {
        a.target = slot_of(Player::P2, 0);
        ++narrowed;
      }
      only_monster.push(a);
    }
    x.offered.actions = only_monster;
  }
  ASSERT_EQ(narrowed, 1u);
  const Action w = withheld_once_read(r, before);
  EXPECT_EQ(w.type, ActionType::DeclareAttack);
  EXPECT_EQ(w.target, kDirect);
}

/// Tyrant Dragon's conditioned "may attack twice" (batch 22): after its first
/// battle the engine offers it a second declaration. Withheld, that is not held
/// against the engine while the condition is hidden, and is a fault once it is
/// not; a first declaration withheld is a fault either way.
TEST(YgoproVerdicts, AWithheldConditionedSecondAttackIsNotChecked) {
  ImportResult r = testing::import_real("batch22/fluoro/fluoro-tyrant_dragon_attacks_a_second_time-p000");
  const ConformanceResult before = verdict(r);
  ASSERT_TRUE(before.conforms());
  const std::uint8_t tyrant = slot_of(Player::P1, 0);
  const auto declares = [&](const Action& a) { return a.type == ActionType::DeclareAttack && a.attacker == tyrant; };
  const auto withhold = [&](ImportResult& run, int which) {
    int seen = 0;
    for (TraceRecord& x : run.records) {
      if (x.kind != RecordKind::Offered) continue;
      const auto& as = x.offered.actions;
      if (std::none_of(as.begin(), as.end(), declares) || seen++ != which) continue;
      ActionList kept;
      for (const Action& a : as)
        if (!declares(a)) kept.push(a);
      x.offered.actions = kept;
      return true;
    }
    return false;
  };
  ImportResult second = r;
  ASSERT_TRUE(withhold(second, 1));
  const Action w = withheld_once_read(second, before);
  EXPECT_EQ(w.type, ActionType::DeclareAttack);
  EXPECT_EQ(w.attacker, tyrant);
  ImportResult first = r;
  ASSERT_TRUE(withhold(first, 0));
  EXPECT_FALSE(verdict(first).conforms());
}

/// A procedural deviation in a real recording is reported at the event, by the
/// property that names the rule: P9's battle-destroyed monster moved to the
/// Graveyard right at damage calculation.
TEST(YgoproVerdicts, AProceduralDeviationIsCaughtAtItsEvent) {
  ImportResult r = testing::import_run("fluoro-P9");
  const std::size_t line = send_battle_destroyed_at_damage_calculation(r);
  ASSERT_GT(line, 0u);
  const ConformanceResult c = verdict(r);
  EXPECT_EQ(c.divergence.kind, DivergenceKind::Event);
  EXPECT_EQ(c.divergence.line, line);
  const int p = property_index("battle_destroyed_leave_at_end_of_damage_step");
  EXPECT_TRUE(c.verdicts.violated[p]);
  EXPECT_EQ(c.violation_line[p], line);
}

/// Conformance goes on past an offer that differs only in activations, so a
/// later procedural fault is reported too: P4 with an activation withheld
/// (and no hidden condition to explain it) and its battle-destroyed monster
/// sent at damage calculation.
TEST(YgoproVerdicts, AnOfferDivergenceDoesNotHideALaterFault) {
  ImportResult r = testing::import_run("fluoro-P4");
  for (CardSpec& c : r.header.scenario.cards) c.hidden_condition = false;
  for (TraceRecord& x : r.records)
    if (x.kind == RecordKind::Offered && x.offered.player == Player::P2 && x.offered.timing == Timing::BeforeDamageCalculation) {
      ActionList only_pass;
      only_pass.push(Action{ActionType::Pass});
      x.offered.actions = only_pass;
      break;
    }
  const std::size_t line = send_battle_destroyed_at_damage_calculation(r);
  ASSERT_GT(line, 0u);
  const ConformanceResult c = verdict(r);
  EXPECT_EQ(c.divergence.kind, DivergenceKind::Offered);
  const auto event = std::find_if(c.later.begin(), c.later.end(), [](const Divergence& d) { return d.kind == DivergenceKind::Event; });
  ASSERT_NE(event, c.later.end());
  EXPECT_EQ(event->line, line);
  EXPECT_EQ(c.violation_line[property_index("battle_destroyed_leave_at_end_of_damage_step")], line);
}

/// A card whose written term is wrong about its resolution (here: banishes
/// where the engine destroys) diverges inside that resolution; conformance
/// takes the engine's outcome as the card's, notes it, and goes on: the rest
/// of P1 (the replay, the re-choice, the battle) is still checked and holds.
TEST(YgoproVerdicts, AWrongCardOutcomeIsResynchronisedOn) {
  ImportResult r = testing::import_run("fluoro-P1");
  CardSpec& qp = r.header.scenario.cards[1];
  ASSERT_EQ(qp.term.ops[0].code, OpCode::Destroy);
  qp.term.ops[0].code = OpCode::Banish;
  qp.kind = class_of(qp.term);
  const ConformanceResult c = verdict(r);
  EXPECT_TRUE(c.holds()) << c.divergence.line;
  ASSERT_EQ(c.card_resyncs.size(), 1u);
  EXPECT_NE(c.card_resyncs[0].find("destroy"), std::string::npos);
  // And a procedural fault after it is still found, at its line.
  const std::size_t line = send_battle_destroyed_at_damage_calculation(r);
  ASSERT_GT(line, 0u);
  const ConformanceResult f = verdict(r);
  EXPECT_EQ(f.card_resyncs.size(), 1u);
  EXPECT_EQ(f.divergence.kind, DivergenceKind::Event);
  EXPECT_EQ(f.divergence.line, line);
  EXPECT_EQ(f.violation_line[property_index("battle_destroyed_leave_at_end_of_damage_step")], line);
}

/// The cores' closing prompts (pass only, for a window the model has left)
/// are not compared; an offer with an activation there always is.
TEST(YgoproVerdicts, ClosingPromptsAreSkippedButNotActivations) {
  ImportResult r = testing::import_run("fluoro-P1");
  const ConformanceResult plain = verdict(r);
  ASSERT_TRUE(plain.holds());
  ASSERT_GT(plain.closing_prompts, 0u);
  // The prompt to P2 right after the Quick-Play's chain ended in the Battle Step,
  // made to offer the attack trap (declared for the attack-declaration window only).
  std::size_t line = 0;
  for (std::size_t i = 1; i < r.records.size() && line == 0; ++i) {
    TraceRecord& x = r.records[i];
    const TraceRecord& before = r.records[i - 1];
    const bool after_chain = before.kind == RecordKind::Offered ||
                             (before.kind == RecordKind::Event && before.event.type == EventType::ChainEnd);
    if (x.kind == RecordKind::Offered && x.offered.player == Player::P2 && x.offered.timing == Timing::BattleStep &&
        after_chain && i >= 2 && r.records[i - 2].kind == RecordKind::Event &&
        r.records[i - 2].event.type == EventType::ChainEnd) {
      x.offered.actions.push(Action{ActionType::Activate, 0});
      line = x.line;
    }
  }
  ASSERT_NE(line, 0u);
  const ConformanceResult c = verdict(r);
  EXPECT_EQ(c.divergence.kind, DivergenceKind::Offered);
  EXPECT_EQ(c.divergence.line, line);
  EXPECT_TRUE(std::any_of(c.divergence.illegal.begin(), c.divergence.illegal.end(),
                          [](const Action& a) { return a.type == ActionType::Activate && a.card == 0; }));
  EXPECT_FALSE(c.holds());
}

/// A resolution that shows nothing the model tracks makes the card's term
/// opaque (resync): a target the engine's activation named stays, so the
/// replay accepts that activation and the divergence stays where the engine
/// departed. Staunch Defender's forced target (batch 14), its AttackTargetForced
/// taken out of the trace: the resync happens, and the activation still conforms.
TEST(YgoproVerdicts, AResyncKeepsATargetTheActivationNamed) {
  ImportResult r = testing::import_real("batch14/edo/edo-staunch_defender_draws_the_attacks-p002");
  ASSERT_FALSE(r.error) << r.error->what;
  std::size_t activation = 0;
  for (const TraceRecord& x : r.records)
    if (x.kind == RecordKind::Event && x.event.type == EventType::Activate && activation == 0) activation = x.line;
  const auto forced = std::find_if(r.records.begin(), r.records.end(), [](const TraceRecord& x) {
    return x.kind == RecordKind::Event && x.event.type == EventType::AttackTargetForced;
  });
  ASSERT_NE(forced, r.records.end());
  ASSERT_NE(activation, 0u);
  r.records.erase(forced);
  const ConformanceResult c = verdict(r);
  EXPECT_FALSE(c.holds());
  ASSERT_EQ(c.card_resyncs.size(), 1u);
  EXPECT_GT(c.divergence.line, activation);
}

}  // namespace
}  // namespace bc::ygopro
