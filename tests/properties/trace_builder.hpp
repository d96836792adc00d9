#pragma once
/// Test-only: a builder of hand-written event traces for the property
/// monitors, over a small hand-made scenario (no dependency on the model's
/// next()). The macros follow the event order of docs/trace-format.md:
/// every window opens with TimingEnter (StepEnter first when the step
/// changes) and gives priority to the turn player first.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "model/vocabulary/event.hpp"
#include "model/core/scenario.hpp"
#include "properties/monitors/context.hpp"
#include "properties/monitors/monitor.hpp"
#include "properties/catalog/property.hpp"

namespace bc::test {

/// Slots of the test scenario.
inline constexpr std::uint8_t P1M0 = 0;  ///< Warrior 1800/1000, Attack Position
inline constexpr std::uint8_t P1M1 = 1;  ///< Knight 1200/1200, Attack Position
inline constexpr std::uint8_t P1M2 = 2;  ///< Guard 1000/2000, face-up Defense Position
inline constexpr std::uint8_t P1M3 = 3;  ///< empty
inline constexpr std::uint8_t P2M0 = 5;  ///< Dragon 1500/1200, Attack Position
inline constexpr std::uint8_t P2M1 = 6;  ///< Bug 300/1300, face-down Defense Position
inline constexpr std::uint8_t P2M2 = 7;  ///< empty

/// Monsters of the test scenario.
enum Monster : std::uint8_t { kWarrior, kKnight, kGuard, kDragon, kBug, kToken };

/// Cards of the test scenario (index = card).
enum Card : std::uint8_t {
  kCounter,        ///< counter_trap, P2
  kBoost,          ///< atk_change_quick, P1
  kLily,           ///< damage_calc_atk_change, P1, host Warrior
  kKuriboh,        ///< damage_calc_no_damage, P2
  kStardust,       ///< negate_activation_quick, P2, host Dragon
  kShootingStar,   ///< negate_effect_quick, P2, host Dragon
  kNegateAttack,   ///< attack_negate_trap, P2
  kSakuretsu,      ///< attack_destroy_trap, P2
  kCall,           ///< special_summon_quick, P2, summons Token
  kEvacuation,     ///< remove_monster_quick, P1
  kFader,          ///< end_battle_phase_quick, P2
  kMystic,         ///< destroy_no_calc_trigger, P1, host Warrior
  kManEater,       ///< flip_trigger, P2, host Bug
  kReaper,         ///< battle_damage_trigger, P1, host Warrior
  kGoblinAttacked, ///< end_of_battle_trigger, P1, host Knight, condition host_attacked
  kGoblinBattled,  ///< end_of_battle_trigger, P1, host Warrior, condition host_battled
};

Scenario test_scenario();

/// Builder of an event trace plus the run of the monitors over it.
class Trace {
 public:
  explicit Trace(Scenario sc = test_scenario());

  // ---- raw events ----
  Trace& add(const Event& e);
  Trace& step(Step s);
  Trace& timing(Timing t);
  /// StepEnter when the step changes, then TimingEnter.
  Trace& enter(Timing t);
  Trace& priority(Player p);
  Trace& declared(std::uint8_t attacker, std::uint8_t target);
  Trace& attack_negated();
  Trace& attack_stopped();
  Trace& replay();
  Trace& replay_choice(std::uint8_t target);
  Trace& damage_step_begin();
  Trace& flipped(std::uint8_t slot);
  Trace& negated(std::uint8_t link, Negation n = Negation::Activation);
  Trace& calc(CalcMode mode, int value, int value2);
  Trace& calc(std::uint8_t attacker, std::uint8_t target, CalcMode mode, int value, int value2);
  Trace& no_calc();
  Trace& damage(Player p, int value);
  Trace& destroyed(std::uint8_t slot);
  Trace& left(std::uint8_t slot, LeaveReason r);
  Trace& summoned(std::uint8_t slot, Player p, Position pos = Position::FaceUpAttack);
  /// A Normal Summon (type NormalSummoned) or a Flip Summon (FlipSummoned) of `monster` in `slot` by `p`.
  Trace& summon_by(EventType type, std::uint8_t slot, Player p, std::uint8_t monster);
  Trace& position_changed(std::uint8_t slot, Position pos);
  Trace& battle_phase_ended();

  // ---- chains ----
  /// A player activates a scenario card (Activate, then priority to the opponent).
  Trace& activate(Card card, std::uint8_t target = kNoSlot);
  /// An activation with no scenario card (card = none), then priority to the opponent.
  Trace& activate_kind(Player p, EffectKind k, std::uint8_t host = kNoSlot, std::uint8_t target = kNoSlot);
  /// A trigger chained by the rules (Activate only, no priority change).
  Trace& trigger(Card card, std::uint8_t target = kNoSlot);
  Trace& trigger_kind(Player p, EffectKind k, std::uint8_t host = kNoSlot, std::uint8_t target = kNoSlot);
  /// Resolve the top unresolved link (Resolve event only).
  Trace& resolve_link();
  Trace& chain_end();
  /// Resolve every remaining link, last first, then ChainEnd.
  Trace& resolve();

  // ---- windows and flow macros ----
  /// Both players pass: Priority P1 then Priority P2.
  Trace& passes();
  /// enter(t) and both players pass.
  Trace& window(Timing t);
  /// Main Phase 1 -> Start Step (both pass) -> battle_step_open with P1's priority.
  Trace& to_battle_step();
  /// Back to battle_step_open, P1's priority.
  Trace& open();
  /// P1 M0 attacks the face-down P2 M1 and its Mystic Swordsman trigger
  /// destroys it at the start of the Damage Step (ends with ChainEnd).
  Trace& swordsman_destroys_target();
  /// AttackDeclared, then the attack-declaration window with both passing.
  Trace& declare(std::uint8_t attacker, std::uint8_t target);
  /// The rest of the Battle Step (both pass), then the Damage Step up to the
  /// start of the Damage Step with both passing.
  Trace& to_damage_step();
  /// A full quiet battle P1 M0 (1800) vs P2 M0 (1500 ATK): 300 damage, Dragon destroyed.
  Trace& standard_battle();
  /// End Step (both pass) then Main Phase 2.
  Trace& end_battle_phase();

  const std::vector<Event>& events() const { return events_; }
  const Scenario& scenario() const { return sc_; }

  /// Observe every event; finish(complete) if asked.
  Verdicts run(bool finish_trace = false, bool complete = true) const;
  /// The context after every event.
  TraceContext context() const;

 private:
  struct Link {
    std::uint8_t card;
    EffectKind kind;
    Player player;
  };
  Event make(EventType t) const;
  std::uint8_t host_slot(std::uint8_t card) const;
  Trace& push_link(Player p, EffectKind k, std::uint8_t card, std::uint8_t host, std::uint8_t target, bool give);

  Scenario sc_;
  std::vector<Event> events_;
  std::vector<Link> chain_;
  std::size_t resolved_ = 0;
  Step step_ = Step::MainPhase1;
  std::uint8_t attacker_ = kNoSlot;
  std::uint8_t target_ = kNoSlot;
};

/// Ids of the violated properties, for readable failures.
std::vector<std::string> violated_ids(const Verdicts& v);
std::vector<std::string> witnessed_ids(const Verdicts& v);
/// The property with this id is violated / witnessed (fails the test on an unknown id).
bool violated(const Verdicts& v, std::string_view id);
bool witnessed(const Verdicts& v, std::string_view id);

/// A near miss: nothing at all is violated.
#define EXPECT_CLEAN(verdicts) EXPECT_EQ(::bc::test::violated_ids(verdicts), std::vector<std::string>{})
/// The property is violated.
#define EXPECT_VIOLATES(verdicts, id) \
  EXPECT_TRUE(::bc::test::violated(verdicts, id)) << "violated: " << ::testing::PrintToString(::bc::test::violated_ids(verdicts))
/// The property is not violated.
#define EXPECT_HOLDS(verdicts, id) \
  EXPECT_FALSE(::bc::test::violated(verdicts, id)) << "violated: " << ::testing::PrintToString(::bc::test::violated_ids(verdicts))

}  // namespace bc::test
