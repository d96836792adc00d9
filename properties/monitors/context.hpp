#pragma once
/// TraceContext: what the property monitors remember about the trace so far.
/// Built only from the trace header (the Scenario) and the events; a small
/// fixed-size value with no padding, so the checker can keep it in its
/// product state, compare it with == and hash its bytes. Per-battle data is
/// reset when a battle ends so equal futures give equal contexts.
#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "model/terms/damage.hpp"
#include "model/terms/effect.hpp"
#include "model/vocabulary/types.hpp"
#include "properties/monitors/monitor.hpp"
#include "model/terms/targets.hpp"

namespace bc {

/// TraceContext::flags: facts about the whole trace.
enum TraceFlag : std::uint8_t {
  kCtxFirstTurn = 0x01,  ///< header: the duel's first turn
  kCtxBpEnded = 0x02,    ///< an effect ended the Battle Phase; the next step is pending
  kCtxNoDamageTurnP1 = 0x04,  ///< a resolved "no battle damage this turn" protects P1
  kCtxNoDamageTurnP2 = 0x08,
  kCtxCostDue = 0x10,        ///< the last event activated an effect with a cost not yet paid
  kCtxSafeTurnP1 = 0x20,     ///< a resolved "cannot be destroyed by battle this turn" protects P1's monsters
  kCtxSafeTurnP2 = 0x40,
  kCtxBpChangesExpired = 0x80,  ///< the changes lasting until the end of the Battle Phase ended (ChangeExpired)
};

/// TraceContext::battle: facts about the current attack (reset between attacks).
enum BattleFlag : std::uint16_t {
  kBtlActive = 0x0001,        ///< an attack was declared and has not come back to battle_step_open
  kBtlEnded = 0x0002,         ///< the attack was negated, stopped, or abandoned after a replay
  kBtlNegated = 0x0004,       ///< AttackNegated was seen for this attack
  kBtlCountChanged = 0x0008,  ///< the attacked side's monster count changed since the declaration / last replay
  kBtlReplayed = 0x0010,      ///< a Replay happened in this attack
  kBtlBattlerLeft = 0x0020,   ///< a battling monster left the field, or damage calculation was skipped
  kBtlNoDamageP1 = 0x0040,    ///< a resolved "no battle damage" effect protects P1 in this battle
  kBtlNoDamageP2 = 0x0080,
  kBtlDamageDealt = 0x0100,   ///< battle damage was inflicted in this battle
  kBtlLeftByBattleP1 = 0x0200,///< a P1 monster was sent away by battle in this battle
  kBtlLeftByBattleP2 = 0x0400,
  kBtlSafeP1 = 0x0800,        ///< a resolved "cannot be destroyed by battle" protects P1's monsters in this battle
  kBtlSafeP2 = 0x1000,
  kBtlHiddenAtCalc = 0x2000,  ///< the attack target was face-down when damage calculation began
  kBtlForcedAway = 0x4000,    ///< a forced attack target elsewhere made a replay possible (S1 §战斗步骤的卷回)
  kBtlAttackerTaken = 0x8000, ///< the attacking monster changed control: it is no longer the attacking monster
};
/// What makes a replay possible: a count change, or a forced target elsewhere.
inline constexpr std::uint16_t kBtlReplayDue = kBtlCountChanged | kBtlForcedAway;

/// TraceContext::calc: the outcome expected from the last DamageCalculation,
/// open until the next TimingEnter / StepEnter.
enum CalcFlag : std::uint16_t {
  kCalcOpen = 0x0001,
  kCalcDamageToP1 = 0x0002,   ///< expected: P1 takes calc_damage
  kCalcDamageToP2 = 0x0004,
  kCalcDamageSeen = 0x0008,
  kCalcZero = 0x0010,         ///< 0 ATK vs 0 ATK, both in Attack Position
  kCalcExpectAttacker = 0x0020,  ///< expected: the attacker is destroyed
  kCalcExpectTarget = 0x0040,
  kCalcSeenAttacker = 0x0080,    ///< DestroyConfirmed seen for the attacker
  kCalcSeenTarget = 0x0100,
  kCalcMaybeAttacker = 0x0200,   ///< the attacker's "cannot be destroyed by battle" may be negated, or granted unseen: either way
  kCalcMaybeTarget = 0x0400,
  kCalcDamageUnknown = 0x0800,   ///< a battler's damage-changing continuous effect may be negated: the amount is not checked
};

/// TraceContext::chain: the current chain and timing window.
enum ChainFlag : std::uint8_t {
  kChResolving = 0x01,     ///< a Resolve was seen; no more links may be added
  kChBuilding = 0x02,      ///< simultaneous triggers are being chained (no Priority yet)
  kChBuildingP2 = 0x04,    ///< a P2 trigger was chained in the current building run
  kChTriggerChain = 0x08,  ///< this chain was started by a trigger after an earlier chain of this window
  kChWindowHadChain = 0x10,///< a chain was started in the current timing window
  kChAwaitPriority = 0x20, ///< no Priority yet since the window opened / the chain ended
  kChSpeedShift = 6,       ///< bits 6-7: spell speed of the last link (0 = empty chain)
};

/// In TraceContext::card_indestructible_atk: the ATK is the most the part holds against.
inline constexpr std::uint8_t kIndestructibleUpTo = 0x80;

/// TraceContext::window: the open Battle Step's priority (S1 §战斗步骤), and
/// in a spare bit one fact that lasts the turn (kWinNoDeclarationsTurn).
enum WindowFlag : std::uint8_t {
  kWinTurnPassed = 0x01,   ///< open Battle Step, no chain: the turn player just had priority, or the opponent holds it after that pass
  kWinSawPriority = 0x02,  ///< the trace writes Priority events (an importer may omit them)
  kWinOpponentHad = 0x04,  ///< the opponent received priority in this open Battle Step window, with no chain
  kWinP1Passed = 0x08,     ///< since the chain's last link P1 had priority (and passed, as nothing followed)
  kWinP2Passed = 0x10,     ///< ... P2 had priority
  /// Not a window fact (kept by fold_window): an effect of P2's that bans P1's
  /// attack declarations for the rest of the turn resolved (kAttrNoDeclarations).
  kWinNoDeclarationsTurn = 0x20,
  /// Not a window fact either: a card whose lock is in locked_monsters was
  /// destroyed (CardDestroyed). Which monsters the other locks still stop is
  /// not kept, so no declaration is checked against locked_monsters again.
  kWinLocksReleased = 0x40,
  /// Not a window fact: an effect of P2's that makes P1's monsters attack directly for the
  /// rest of the turn resolved (kAttrDirectOnlyTurn): P2's monsters keep no direct attack away.
  kWinDirectOnlyTurn = 0x80,
};

/// TraceContext::damage_mods: halvings and redirections of the battle damage a
/// player takes, resolved by an effect (model/terms/damage.hpp).
enum DamageModFlag : std::uint8_t {
  kDmgHalveP1 = 0x01,        ///< in this battle
  kDmgHalveP2 = 0x02,
  kDmgRedirectP1 = 0x04,
  kDmgRedirectP2 = 0x08,
  kDmgHalveTurnP1 = 0x10,    ///< for the rest of the turn
  kDmgHalveTurnP2 = 0x20,
  kDmgRedirectTurnP1 = 0x40,
  kDmgRedirectTurnP2 = 0x80,
};

/// An array of N bytes all equal to v (member initialisers).
template <std::size_t N>
constexpr std::array<std::uint8_t, N> filled(std::uint8_t v) {
  std::array<std::uint8_t, N> a{};
  a.fill(v);
  return a;
}

/// Marker for "no step / timing seen yet".
inline constexpr std::uint8_t kCtxNone = 0xFF;

struct TraceContext {
  // Trace header (constant for a trace, so left out of hash_context):
  // static card data as bitmasks over card indices and per card.
  /// Bit m: monster m may not declare an attack, by a lock on the field from
  /// the start that reads its printed Level or Type (printed_lock_stops).
  /// (Two 16-bit words, so that the context keeps a 2-byte alignment.)
  std::array<std::uint16_t, 2> locked_monsters{};
  std::uint16_t card_printed_lock = 0;  ///< bit c: card c's lock is in locked_monsters (printed_lock_facts)
  std::uint16_t card_p2 = 0;        ///< bit c: card c is held by P2
  std::uint16_t cond_attacked = 0;  ///< bit c: card c needs its host to have attacked
  std::uint16_t cond_battled = 0;   ///< bit c: card c needs its host to have battled
  std::array<std::uint8_t, kMaxCards> card_event{};  ///< TriggerEvent of an obliged trigger, None if not obliged
  std::array<std::uint8_t, kMaxCards> card_host = filled<kMaxCards>(kNoMonster);  ///< each card's monster
  std::uint16_t card_unattackable = 0;   ///< bit c: card c makes its host "cannot be attacked" (either kind)
  std::uint16_t card_direct_ok = 0;      ///< bit c: card c lets its host attack directly
  std::uint16_t card_eob_attacked = 0;   ///< bit c: card c is an obliged end-of-Battle-Phase trigger needing "attacked"
  std::uint16_t card_eob_battled = 0;    ///< ... needing "battled"
  std::uint16_t card_piercing = 0;       ///< bit c: card c gives its host piercing battle damage
  std::uint16_t card_double_damage = 0;  ///< bit c: card c doubles the battle damage its host inflicts
  std::uint16_t card_redirect_damage = 0;  ///< bit c: card c redirects the damage its controller takes from its host's battles
  std::uint16_t card_no_damage = 0;      ///< bit c: card c's no_battle_damage part on its host, always in force (a monster's own)
  std::uint16_t card_damage_unknown = 0;  ///< bit c: a part whose effect on the amount the events do not place (a no_battle_damage hostless or in force once resolved; a type_piercing)
  std::uint16_t card_second_attack = 0;  ///< bit c: card c lets its host declare a second attack
  std::uint16_t card_no_direct = 0;      ///< bit c: card c says its host cannot attack directly
  std::uint16_t card_ignored = 0;        ///< bit c: its host cannot be targeted for attacks but lets direct attacks through
  std::uint16_t card_attack_all = 0;     ///< bit c: its host may attack each of the opponent's monsters once
  std::uint16_t card_must_attack = 0;    ///< bit c: its host must attack if able
  std::uint16_t card_indestructible = 0; ///< bit c: its host cannot be destroyed by battle
  /// Each such part's least foe ATK in hundreds (0: any; indestructible_against), below
  /// kIndestructibleUpTo: with it, the most (kUpToAtk).
  std::array<std::uint8_t, kMaxCards> card_indestructible_atk{};
  /// bit c: its operation keeps a monster from destruction by battle for the turn
  /// (indestructible_by_battle): which monster, the events do not keep.
  std::uint16_t card_safe_unknown = 0;
  std::uint16_t card_attack_lock = 0;    ///< bit c: a lock on declarations a trace cannot follow (by ATK; by Level or Type, a monster's own or a Continuous Spell or Trap's activated in the trace)
  std::array<std::uint8_t, kMaxCards> card_selector{};  ///< each card's target selector (pack_selector)
  /// bit c: another card of the header may negate card c's effects (negates_effects:
  /// every other Trap, or every monster's effect), so a trace cannot tell whether its
  /// continuous part applies: checks that need it to apply, or not to, leave it alone.
  std::uint16_t card_negatable = 0;
  // Everything from here on changes along a trace (kContextHashFrom).
  // Board, bit = slot.
  std::uint16_t occupied = 0;
  std::uint16_t face_down = 0;
  std::uint16_t defense = 0;        ///< face-up or face-down Defense Position
  // This Battle Phase, bit = slot (cleared when that slot's monster leaves).
  std::uint16_t declared = 0;       ///< declared an attack
  /// Attack counts beyond "declared": on the attacking side, a monster that
  /// declared its second attack, or, for one that attacks each opponent's
  /// monster once, that declared a direct attack (it attacks no more); on the
  /// defending side, a monster such an attacker already attacked.
  std::uint16_t attack_tally = 0;
  std::uint16_t attacked = 0;       ///< entered a Damage Step as the attacker
  std::uint16_t battled = 0;        ///< went through damage calculation
  // This battle.
  std::uint16_t confirmed = 0;      ///< destruction by battle confirmed, still on the field
  std::uint16_t battle = 0;         ///< BattleFlag
  std::uint16_t calc = 0;           ///< CalcFlag
  std::uint16_t calc_damage = 0;    ///< expected battle damage (clamped to 65535)
  // Effect terms (header slot masks, cleared when that slot's monster leaves).
  std::uint16_t eob_attacked = 0;   ///< hosts of mandatory end-of-Battle-Phase triggers needing "attacked"
  std::uint16_t eob_battled = 0;    ///< ... needing "battled"
  std::uint16_t eob_due = 0;        ///< in the End Step: hosts whose trigger is due and not yet activated
  // Small fields.
  std::uint8_t step = kCtxNone;     ///< Step of the last StepEnter
  std::uint8_t timing = kCtxNone;   ///< Timing of the last TimingEnter
  std::uint8_t attacker = kNoSlot;
  std::uint8_t target = kNoSlot;    ///< slot, kDirect or kNoSlot
  std::uint8_t ds_timing = 0;       ///< 0 = none yet, 1..5 = last Damage Step timing entered
  std::uint8_t chain_len = 0;       ///< links activated in the current chain
  std::uint8_t resolved = 0;        ///< links of the current chain already resolved
  std::uint8_t negated_links = 0;   ///< bit k-1: link k was negated
  std::uint8_t chain = 0;           ///< ChainFlag (+ last spell speed)
  std::uint8_t flags = 0;           ///< TraceFlag
  std::uint8_t window = 0;          ///< WindowFlag
  std::uint8_t damage_mods = 0;     ///< DamageModFlag
  // Mandatory trigger obligations (properties/monitors/obligations.cpp).
  std::uint16_t trig_due = 0;       ///< cards whose trigger event happened, condition met, not yet activated
  std::uint16_t trig_done = 0;      ///< cards activated in this trace (a card triggers once a turn)
  std::array<std::uint8_t, kSlotCount> slot_monster = filled<kSlotCount>(kNoMonster);  ///< the monster in each zone
  /// Slots whose monster carries an ATK/DEF change lasting until the end of the
  /// Battle Phase (StatChanged), until ChangeExpired or until it leaves.
  std::uint16_t bp_changed = 0;
  /// Slots whose monster was Flip Summoned (FlipSummoned), until it leaves.
  std::uint16_t flip_summoned = 0;
  /// Slots whose monster was turned face-up since the current timing window
  /// opened (cleared by TimingEnter): their flip effects are new triggers.
  std::uint16_t window_flipped = 0;
  /// Slots whose monster an effect made unable to attack for the rest of the
  /// turn (AttackForbidden), until it leaves.
  std::uint16_t forbidden = 0;
  /// Slots whose monster the opponent's monsters may attack only, for the
  /// rest of the turn (AttackTargetForced), until it leaves. The last two
  /// bytes: the search's nodes (state + this context's changing part) stay
  /// whole 8-byte words (checker/parallel/parallel_bfs_chunks.hpp).
  std::uint16_t forced = 0;

  bool operator==(const TraceContext&) const = default;

  bool has(BattleFlag f) const { return (battle & f) != 0; }
  /// Monster `m` may not declare an attack (locked_monsters, while no card of theirs was destroyed).
  bool monster_locked(std::uint8_t m) const {
    return m < 32 && !(window & kWinLocksReleased) && ((locked_monsters[m / 16] >> (m % 16)) & 1u) != 0;
  }
  bool has(CalcFlag f) const { return (calc & f) != 0; }
  bool has(ChainFlag f) const { return (chain & f) != 0; }
  bool has(TraceFlag f) const { return (flags & f) != 0; }
  bool has(WindowFlag f) const { return (window & f) != 0; }
  int last_speed() const { return chain >> kChSpeedShift; }
  bool in_step(Step s) const { return step == static_cast<std::uint8_t>(s); }
  bool at(Timing t) const { return timing == static_cast<std::uint8_t>(t); }
  /// The current timing is one of the five Damage Step timings.
  bool in_damage_step_timing() const {
    return timing >= static_cast<std::uint8_t>(Timing::StartOfDamageStep) &&
           timing <= static_cast<std::uint8_t>(Timing::EndOfDamageStep);
  }
};

static_assert(std::has_unique_object_representations_v<TraceContext>, "TraceContext must have no padding");
// Part of the product state; the obligation tables (header data and zone
// occupants) take half of it, still small beside the model state.
/// The first byte hash_context() reads: the header before it is the same
/// for every state of one exploration.
inline constexpr std::size_t kContextHashFrom = offsetof(TraceContext, occupied);

// The header before kContextHashFrom is not stored per state (the searches
// pack a context without it): the tight bound is on the changing part.
static_assert(sizeof(TraceContext) - kContextHashFrom <= 64, "the changing part is in every search node: keep it small");
static_assert(sizeof(TraceContext) <= 176, "TraceContext is passed around by value: keep it small");

/// Bit of a monster slot in the slot masks (0 for kNoSlot / kDirect).
constexpr std::uint16_t slot_bit(std::uint8_t slot) {
  return slot < kSlotCount ? static_cast<std::uint16_t>(1u << slot) : std::uint16_t{0};
}
/// Slot mask of one side's five zones.
constexpr std::uint16_t side_mask(Player p) { return static_cast<std::uint16_t>(0x1Fu << (index_of(p) * kZonesPerSide)); }
/// Bit of a card in the card masks (0 for kNoCard or out of range).
constexpr std::uint16_t card_bit(std::uint8_t card) {
  return card < kMaxCards ? static_cast<std::uint16_t>(1u << card) : std::uint16_t{0};
}

/// Whether card's monster selector admits the monster in slot as the trace
/// shows it (selector_admits, the model's own reading: side, face, role);
/// false for a card without a monster selector or an empty zone.
inline bool selector_admits_slot(const TraceContext& c, std::uint8_t card, std::uint8_t slot) {
  if (card >= kMaxCards || slot >= kSlotCount || !(c.occupied & slot_bit(slot))) return false;
  const TargetSpec sel = unpack_selector(c.card_selector[card]);
  const Player owner = (c.card_p2 & card_bit(card)) ? Player::P2 : Player::P1;
  const TargetFacts m{side_of(slot) == owner, (c.face_down & slot_bit(slot)) != 0,
                      c.attacker != kNoSlot && slot == c.attacker, c.target < kSlotCount && slot == c.target};
  return targets_monsters(sel.kind) && selector_admits(sel, m);
}

/// Whether the monster in `slot` has a piercing effect of its own (a card of
/// the header with kAttrPiercing hosted by it). Read at damage calculation,
/// where an attacker is face-up and its destruction not yet confirmed, so the
/// effect applies (S2 §マスタールール2以前のダメージステップ).
inline bool slot_pierces(const TraceContext& c, std::uint8_t slot) {
  if (slot >= kSlotCount || c.slot_monster[slot] == kNoMonster) return false;
  for (std::uint8_t i = 0; i < kMaxCards; ++i)
    if ((c.card_piercing & card_bit(i)) && c.card_host[i] == c.slot_monster[slot]) return true;
  return false;
}

/// Whether a card of the header in `mask` is hosted by the monster in `slot`
/// and applies there: the monster face-up, as at damage calculation.
inline bool slot_hosts(const TraceContext& c, std::uint16_t mask, std::uint8_t slot) {
  if (slot >= kSlotCount || c.slot_monster[slot] == kNoMonster || (c.face_down & slot_bit(slot))) return false;
  for (std::uint8_t i = 0; i < kMaxCards; ++i)
    if ((mask & card_bit(i)) && c.card_host[i] == c.slot_monster[slot]) return true;
  return false;
}

/// Whether a continuous effect of the header in `mask` applies to the monster
/// in `slot` at any time: hosted there, face-up, and its destruction by battle
/// not confirmed (its continuous effects stop then, S0 §6.3.4.3.3). Derived
/// from the zone occupants, so the searches store no mask per effect kind.
inline bool slot_applies(const TraceContext& c, std::uint16_t mask, std::uint8_t slot) {
  return slot_hosts(c, mask, slot) && !(c.confirmed & slot_bit(slot));
}

/// The slots among `slots` where a continuous effect in `mask` applies (slot_applies).
inline std::uint16_t slots_applying(const TraceContext& c, std::uint16_t mask, std::uint16_t slots) {
  std::uint16_t out = 0;
  for (std::uint8_t s = 0; s < kSlotCount; ++s)
    if ((slots & slot_bit(s)) && slot_applies(c, mask, s)) out = static_cast<std::uint16_t>(out | slot_bit(s));
  return out;
}

/// The battle damage a DamageCalculation event gives in context `c` (S0
/// §6.3.4.3.3, piercing included): who takes how much, with the modifiers in
/// force (model/terms/damage.hpp), or with only "no battle damage" when
/// `modifiers` is false. Defined in calculation.cpp; coverage reads it too.
DamageOutcome expected_battle_damage(const TraceContext& c, const Event& e, bool modifiers = true);

/// A monster arrives in a slot (on the starting board or by a summon): the
/// continuous effects and End Step obligations of its cards now concern that
/// slot, whether it was there at the start or came later (S1 §战斗步骤的卷回).
inline void place_host_facts(TraceContext& c, std::uint8_t monster, std::uint16_t slot_b) {
  if (monster == kNoMonster) return;
  for (std::uint8_t i = 0; i < kMaxCards; ++i) {
    if (c.card_host[i] != monster) continue;
    const std::uint16_t cb = card_bit(i);
    if (c.card_eob_attacked & cb) c.eob_attacked |= slot_b;
    if (c.card_eob_battled & cb) c.eob_battled |= slot_b;
  }
}

}  // namespace bc
