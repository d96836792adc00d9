#pragma once
/// The model state: a small value type (at most 84 bytes, no pointers, no
/// heap), compared with == and hashed over its bytes.
#include <array>
#include <cstdint>
#include <cstring>

#include "model/vocabulary/types.hpp"

namespace bc {

/// Per-zone status bits (ZoneState::bits); the low two bits are the Position.
enum ZoneBit : std::uint8_t {
  kPositionMask = 0x03,
  kDeclared = 0x04,          ///< declared an attack this Battle Phase
  kDeclarationsSpent = 0x08, ///< no further declaration this turn: declared twice (declarations_per_monster = two),
                             ///< or an effect says it cannot attack (OpCode::CannotAttack)
  kAttacked = 0x10,          ///< "has attacked": entered a Damage Step as the attacker
  kBattled = 0x20,           ///< "has battled": went through damage calculation
  kDestroyConfirmed = 0x40,  ///< destroyed by battle, still on the field
  kFlippedByBattle = 0x80,   ///< turned face-up by this battle (flip triggers pending)
};

struct ZoneState {
  std::uint8_t monster = kNoMonster;  ///< Scenario::monsters index, kNoMonster if empty
  std::uint8_t bits = 0;
  bool operator==(const ZoneState&) const = default;
  bool occupied() const { return monster != kNoMonster; }
  Position position() const { return static_cast<Position>(bits & kPositionMask); }
  void set_position(Position p) { bits = static_cast<std::uint8_t>((bits & ~kPositionMask) | static_cast<std::uint8_t>(p)); }
  bool has(std::uint8_t b) const { return (bits & b) != 0; }
};

/// On the zones of the player who is not attacking this turn (P2), where no
/// monster declares: the turn player's monsters may attack only this monster
/// (OpCode::AttractAttacks; S1 §战斗步骤的卷回). Shares kDeclared's bit.
inline constexpr std::uint8_t kAttractsAttacks = kDeclared;

/// On the zones of the player who is not attacking: a monster that a monster
/// attacking each opponent's monster once already attacked this Battle Phase,
/// even if that attack was negated, abandoned or moved (S1 §攻击被无效).
/// Shares kAttacked's bit ("has attacked" is the attacker's).
inline constexpr std::uint8_t kAttackedByAll = kAttacked;

/// Chain link flags. kLinkCardGone: the link's Spell or Trap card was
/// destroyed on the chain before it resolved (an effect targeting it, e.g.
/// Mystical Space Typhoon): its continuous part never applies.
enum LinkBit : std::uint8_t { kLinkActivationNegated = 0x01, kLinkEffectNegated = 0x02, kLinkCardGone = 0x04 };

struct LinkState {
  std::uint8_t card = kNoCard;
  std::uint8_t target = kNoSlot;
  std::uint8_t bits = 0;
  bool operator==(const LinkState&) const = default;
};

/// Battle flags (State::battle).
enum BattleBit : std::uint16_t {
  kAttackNegated = 0x001,
  kReplayPending = 0x002,     ///< the attacked side's monster count changed
  kBattleCancelled = 0x004,   ///< a battling monster left: no damage calculation
  kNoDamageP1 = 0x008,        ///< P1 takes no battle damage this battle
  kNoDamageP2 = 0x010,
  kEndBattlePending = 0x020,  ///< an effect ended the Battle Phase
  kTriggerChain = 0x040,      ///< the current chain was started by trigger effects
  kDamageCalculated = 0x080,
  kFlipChainDone = 0x100,     ///< MR2 reading: flip triggers already had their own chain
  kAttackerGone = 0x200,      ///< the attacker left the field, or can no longer attack (S1 §战斗步骤): the attack
                              ///< stops, and a monster later put in its zone is not the attacker
  kNoDamageTurnP1 = 0x400,    ///< P1 takes no battle damage for the rest of the turn
  kNoDamageTurnP2 = 0x800,
  kSafeP1 = 0x1000,           ///< P1's monsters cannot be destroyed by battle in this battle
  kSafeP2 = 0x2000,
  kSafeTurnP1 = 0x4000,       ///< ... for the rest of the turn
  kSafeTurnP2 = 0x8000,
};

/// Battle damage modifiers resolved by an effect (State::damage_mods): per
/// player, for this battle or for the rest of the turn (model/terms/damage.hpp).
enum DamageModBit : std::uint16_t {
  kHalveP1 = 0x01,           ///< the battle damage P1 takes is halved in this battle
  kHalveP2 = 0x02,
  kRedirectP1 = 0x04,        ///< the battle damage P1 would take in this battle goes to P2
  kRedirectP2 = 0x08,
  kHalveTurnP1 = 0x10,       ///< ... for the rest of the turn
  kHalveTurnP2 = 0x20,
  kRedirectTurnP1 = 0x40,
  kRedirectTurnP2 = 0x80,
  /// Not a damage modifier, kept in the same word's free bits: the turn player
  /// may declare no attack for the rest of the turn (OpCode::CannotDeclareAttacks
  /// resolved by the opponent's effect; S1 §战斗步骤).
  kNoDeclarationsTurn = 0x100,
  /// Nor these: the turn player's monster in zone z (bit kPiercingTurnZone0 << z)
  /// inflicts piercing battle damage for the rest of the turn (OpCode::GrantPiercing;
  /// only the turn player's monsters attack). Cleared when it leaves the zone.
  kPiercingTurnZone0 = 0x200,
  /// The damage P1 (P2) would take is a gain of Life Points instead, for the
  /// rest of the turn (OpCode::ReverseDamage; read last, model/terms/damage.hpp).
  kReverseTurnP1 = 0x4000,
  kReverseTurnP2 = 0x8000,
};
/// The five bits of kPiercingTurnZone0 << zone.
inline constexpr std::uint16_t kPiercingTurnZones = kPiercingTurnZone0 * 0x1F;
/// Damage modifiers (and the ban on declarations, the granted piercings) that outlive one battle.
inline constexpr std::uint16_t kDamageModsKeptAfterBattle =
    kHalveTurnP1 | kHalveTurnP2 | kRedirectTurnP1 | kRedirectTurnP2 | kNoDeclarationsTurn | kPiercingTurnZones |
    kReverseTurnP1 | kReverseTurnP2;

/// Where the model resumes once every optional trigger waiting to be chained
/// has been activated or declined by its controller (State::resume): the
/// window that was opening (after a self-destruction or not), or the end of a chain.
enum class TriggerResume : std::uint8_t { None, OpenPriority, OpenPriorityAfterDestruction, AfterChain };

/// A change to one monster's ATK or DEF lasting until the end of the Battle
/// Phase (State::bp_changes): the zone, and the part of its turn modifier
/// (State::atk_mod / def_mod, steps of 50) to take back when the phase ends.
/// Flagged, the record is a grant to the monster for the rest of the turn, no
/// stat change: kBpChangeSafe, it cannot be destroyed by battle
/// (OpCode::IndestructibleByBattle; delta 0); kBpChangeHalve, the battle damage
/// the players of mask `delta` (1: P1, 2: P2) take from its battles is halved (OpCode::HalveDamageInvolving).
/// No battle follows the Battle Phase, so its end with the phase ends nothing a battle can see.
/// Flagged kBpChangeBattle, it is a change for this battle only, cleared as the battle ends: its delta
/// holds kBattleTwiceP1/P2 (the battle damage those players take from the monster's battles is doubled,
/// OpCode::DoubleDamageInvolving) and kBattleDestroyAfterCalc / kBattleDestroyAtEnd (the monster is
/// destroyed after damage calculation, or as the End of the Damage Step begins: OpCode::DestroyAfterCalculation).
struct BpChange {
  std::uint8_t slot = kNoSlot;  ///< the zone | kBpChangeDef for a DEF change | a grant's flag; kNoSlot: unused
  std::int8_t delta = 0;
  bool operator==(const BpChange&) const = default;
  bool used() const { return slot != kNoSlot; }
  bool safe() const { return used() && (slot & kBpChangeSafe) != 0; }
  bool halve() const { return used() && (slot & kBpChangeHalve) != 0; }
  bool battle() const { return used() && (slot & kBpChangeBattle) != 0; }
  bool grant() const { return safe() || halve() || battle(); }
  std::uint8_t zone_slot() const { return static_cast<std::uint8_t>(slot & ~kFlags); }
  std::uint8_t flags() const { return static_cast<std::uint8_t>(slot & kFlags); }
  static constexpr std::uint8_t kBpChangeDef = 0x80;
  static constexpr std::uint8_t kBpChangeSafe = 0x40;
  static constexpr std::uint8_t kBpChangeHalve = 0x20;
  static constexpr std::uint8_t kBpChangeBattle = 0x10;
  static constexpr std::uint8_t kFlags = kBpChangeDef | kBpChangeSafe | kBpChangeHalve | kBpChangeBattle;
  static constexpr std::int8_t kBattleTwiceP1 = 1;
  static constexpr std::int8_t kBattleTwiceP2 = 2;
  static constexpr std::int8_t kBattleDestroyAfterCalc = 4;
  static constexpr std::int8_t kBattleDestroyAtEnd = 8;
};
inline constexpr int kMaxBpChanges = 3;
static_assert(kSlotCount <= BpChange::kBpChangeBattle, "a zone fits below the records' flags");

/// Battle flags that outlive one battle (the rest is cleared when it ends).
inline constexpr std::uint16_t kKeptAfterBattle =
    kEndBattlePending | kNoDamageTurnP1 | kNoDamageTurnP2 | kSafeTurnP1 | kSafeTurnP2;

struct State {
  Timing timing = Timing::MainPhase1;
  Player priority = Player::P1;
  // Three small counters share one byte (bit-fields filling it whole, so the
  // state's bytes stay free of padding for hash_state).
  std::uint8_t passes : 1 = 0;            ///< consecutive passes (0 or 1)
  /// Chains started in this timing window: at most one a card and a trigger
  /// batch, so never above kMaxCards (16) + 1 within 5 bits.
  std::uint8_t chains_in_window : 5 = 0;
  /// Not None: an optional trigger's controller chooses whether to activate it
  /// (Model::actions lists Activate and DeclineTrigger for it, nothing else).
  TriggerResume resume : 2 = TriggerResume::None;
  std::uint8_t chain_len = 0;
  std::uint8_t attacker = kNoSlot;    ///< the attacking monster's slot
  std::uint8_t target = kNoSlot;      ///< attack target slot, kDirect, or kNoSlot
  std::int8_t attacker_boost = 0;     ///< ATK change on the attacker this battle, in 100s
  std::int8_t target_boost = 0;
  std::uint16_t battle = 0;           ///< BattleBit flags
  std::uint16_t used = 0;             ///< cards already activated this turn
  std::uint16_t pending = 0;          ///< trigger effects waiting to be chained
  std::uint16_t accepted = 0;         ///< optional pending triggers their controller chose to activate
  /// Cards whose activation has resolved this turn, neither it nor its effect
  /// negated: a Continuous Spell or Trap's continuous part applies from then
  /// on (Stepper::continuous_active; docs/effects.md "Continuous Spells and Traps").
  std::uint16_t resolved = 0;
  std::array<ZoneState, kSlotCount> zones{};
  std::array<LinkState, kMaxChain> chain{};
  /// ATK / DEF changes lasting the turn, per zone, in steps of 50 (cleared when the monster leaves).
  std::array<std::int8_t, kSlotCount> atk_mod{};
  std::array<std::int8_t, kSlotCount> def_mod{};
  std::uint16_t damage_mods = 0;      ///< DamageModBit: halvings and redirections resolved
  /// Changes lasting until the end of the Battle Phase, taken back from
  /// atk_mod / def_mod when it ends (S1 §结束步骤). Three fit in the bytes that
  /// keep the search's nodes whole 8-byte words (checker/parallel/parallel_bfs_chunks.hpp);
  /// a card that would need a fourth is not offered (Stepper::bp_room).
  std::array<BpChange, kMaxBpChanges> bp_changes{};

  bool operator==(const State&) const = default;
  bool has(std::uint16_t b) const { return (battle & b) != 0; }
};
static_assert(sizeof(State) <= 84, "State must stay small");

/// Fast 64-bit hash of a state's bytes (never 0).
std::uint64_t hash_state(const State& s);

}  // namespace bc
