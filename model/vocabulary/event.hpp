#pragma once
/// Observable events: the only thing properties see. The model's next()
/// produces them, and an engine's trace (docs/trace-format.md) carries the
/// same vocabulary, so one monitor checks both.
#include <array>
#include <cstdint>
#include <string>
#include <type_traits>

#include "model/vocabulary/types.hpp"

namespace bc {

enum class EventType : std::uint8_t {
  StepEnter,            ///< step: a new step (or phase) begins
  TimingEnter,          ///< timing: a new timing window begins
  Priority,             ///< player: that player may act now
  AttackDeclared,       ///< player, slot = attacker, target = slot or kDirect
  AttackNegated,        ///< slot = attacker: the attack was negated (no Damage Step)
  AttackStopped,        ///< slot = attacker: the attack ends without a Damage Step
  Replay,               ///< slot = attacker: the attacked side's monster count changed
  ReplayChoice,         ///< slot = attacker, target = new target, kDirect or kNoSlot (no attack)
  DamageStepBegin,      ///< slot = attacker, target: the attacker now "has attacked"
  FlippedFaceUp,        ///< slot: a face-down battling monster turned face-up
  Activate,             ///< player, card, kind, link, target (kNoSlot if none), slot = host monster (kNoSlot for spells/traps), attrs
  Negated,              ///< link, negation: that chain link's activation or effect was negated
  Resolve,              ///< link, card, kind: the chain link resolves (after a negation too)
  ChainEnd,             ///< the whole chain has resolved
  DamageCalculation,    ///< slot = attacker, target, mode, value = attacker value, value2 = target value
  NoDamageCalculation,  ///< damage calculation skipped: a battling monster left or the battle was cancelled
  BattleDamage,         ///< player takes value battle damage
  DestroyConfirmed,     ///< slot: destroyed by battle (confirmed), still on the field
  LeftField,            ///< slot, reason, monster: the monster left the field (to the GY or banished)
  Summoned,             ///< slot, monster, player: a monster was special summoned
  PositionChanged,      ///< slot, position
  BattlePhaseEnded,     ///< an effect ended the Battle Phase
  AttackTargetChanged,  ///< slot = attacker, target = the new target: an effect changed the attack target (no replay)
  StatChanged,          ///< slot, monster, duration: an effect changed its ATK/DEF; value = ATK, value2 = DEF now
  ChangeExpired,        ///< slot, monster, duration: a change of that duration ended; value = ATK, value2 = DEF now
  NormalSummoned,       ///< slot, monster, player: a monster was Normal (or Tribute) Summoned
  FlipSummoned,         ///< slot, monster, player: a face-down monster was Flip Summoned (not flipped by an attack or an effect)
  AttackForbidden,      ///< slot, monster: an effect made that monster unable to attack for the rest of the turn
  LifePointsChanged,    ///< player, value: an effect changed that player's LP outside battle (value < 0: effect damage, > 0: a gain)
  AttackTargetForced,   ///< slot, monster: this turn the opponent's monsters may attack only that monster
  ControlChanged,       ///< slot (the zone it left), target (the zone it arrives in), monster, player (its new controller), position
  CardDestroyed,        ///< card, player (its controller): a Spell or Trap card on the field was destroyed; its continuous part stops
};
inline constexpr int kEventTypeCount = 32;

/// One observable event. A flat value: unused fields keep their defaults.
struct Event {
  EventType type{};
  Player player{};
  Step step{};
  Timing timing{};
  std::uint8_t slot = kNoSlot;
  std::uint8_t target = kNoSlot;
  std::uint8_t card = kNoCard;
  std::uint8_t link = 0;        ///< chain link number, 1-based
  std::uint8_t monster = kNoMonster;
  EffectKind kind{};
  LeaveReason reason{};
  Negation negation{};
  CalcMode mode{};
  Position position{};
  Duration duration{};          ///< StatChanged / ChangeExpired: how long the change lasts
  /// Activate / Resolve: the effect's TriggerEvent (model/terms/effect.hpp),
  /// filled with `attrs` and, like them, not written in traces.
  std::uint8_t trigger = 0;
  std::int32_t value = 0;
  std::int32_t value2 = 0;
  /// Activate / Resolve: the effect's attribute bits (EffectAttr, model/terms/effect.hpp),
  /// what the properties read instead of a kind name. Not written in traces:
  /// a reader fills them from the header's card (annotate_effects()).
  std::uint32_t attrs = 0;
  bool operator==(const Event&) const = default;
};

static_assert(std::has_unique_object_representations_v<Event>, "Event must have no padding: it is hashed by its bytes");

struct Scenario;
/// Fill the attribute bits of Activate / Resolve events from the scenario's
/// cards (by card index; from the kind's preset when the index is not a card).
void annotate_effects(Event& e, const Scenario& scenario);

/// Fixed-capacity event buffer: next() fills it without touching the heap.
class EventBuffer {
 public:
  static constexpr int kCapacity = 96;
  void clear() { size_ = 0; overflow_ = false; }
  void push(const Event& e) {
    if (size_ < kCapacity) items_[size_++] = e; else overflow_ = true;
  }
  int size() const { return size_; }
  bool overflowed() const { return overflow_; }
  const Event& operator[](int i) const { return items_[i]; }
  const Event* begin() const { return items_.data(); }
  const Event* end() const { return items_.data() + size_; }

 private:
  std::array<Event, kCapacity> items_{};
  int size_ = 0;
  bool overflow_ = false;
};

std::string_view name(EventType t);
std::optional<EventType> parse_event_type(std::string_view s);

}  // namespace bc
