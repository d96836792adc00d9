#pragma once
/// Effects as data (docs/effects.md): an effect is a term built from parts --
/// how it is activated, the window its text names, conditions, a cost, a
/// target selector, a short sequence of primitive operations, the event it
/// triggers on, and a continuous part. The former fixed kinds are presets of
/// it (model/library/presets.toml). The model and the properties read the
/// parts; nothing switches over a preset name. The effect's class (the
/// EffectKind the rulesets give timings to) is derived from the parts by
/// class_of(), so a ruleset states its reading once per attribute class.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/terms/continuous.hpp"
#include "model/terms/ops.hpp"
#include "model/vocabulary/types.hpp"

namespace bc {

/// How an effect starts. Spell speed follows from it: trigger 1, quick 2,
/// counter 3; a continuous effect is never activated (S0 §6.3.4.3, S1 §伤害步骤).
enum class Activation : std::uint8_t { Trigger, Quick, Counter, Continuous };
inline constexpr int kActivationCount = 4;

/// The activation window an effect's own text names. `Any`: whatever the
/// rules allow; the rest are attributes the rulesets' rules read (S0 §6.3.4.3).
enum class Window : std::uint8_t {
  Any,
  AttackDeclared,     ///< "when an (opponent's) monster declares an attack"
  DamageStep,         ///< "during the Damage Step" (Honest-like, S3 §Honest Issues)
  DamageCalculation,  ///< "during damage calculation" (Kuriboh, Injection Fairy Lily)
};
inline constexpr int kWindowCount = 4;

/// The event a trigger effect waits for. Host-bound events concern the card's
/// own monster; the others listen to the whole field.
enum class TriggerEvent : std::uint8_t {
  None,
  AttacksFaceDown,            ///< the host attacks a face-down monster (Mystic Swordsman LV2)
  Flipped,                    ///< the host was flipped face-up (flip effects)
  InflictsBattleDamage,       ///< the host inflicted battle damage
  Battled,                    ///< the host went through damage calculation
  DestroyedByBattle,          ///< the host was destroyed by battle and sent to the GY
  DestroyedOpponentByBattle,  ///< a monster the host battled was destroyed by battle and sent to the GY
  SentToGraveyard,            ///< the host was sent to the GY (any reason but banishment)
  AttackDeclared,             ///< an opponent's monster declared an attack
  TargetedForAttack,          ///< the host was chosen as an attack target
  SpecialSummoned,            ///< the host was special summoned
  OpponentSpecialSummoned,    ///< a monster was special summoned to the opponent's field
  EndOfDamageStep,            ///< the end of the Damage Step, the host having battled
  EndOfBattlePhase,           ///< the end of the Battle Phase (End Step)
  FlipSummoned,               ///< the host was Flip Summoned (not flipped by an attack or an effect: knob flip_is_flip_summon)
  /// The host battles: before damage calculation, after the flip (Reflect
  /// Bounder, Drillroid, Blast Sphere; EVENT_BATTLE_CONFIRM in the cores).
  BeforeDamageCalculation,
  /// Any monster, either side's, inflicts battle damage to a player: the
  /// trigger of a face-up Continuous Trap that listens to the whole field
  /// (Begone, Knave!; EVENT_BATTLE_DAMAGE on a field effect in the cores).
  /// Chained after damage calculation: S2 §マスタールール2以前のダメージステップ
  /// (stage 4 names Begone, Knave!), S0 §6.3.4.3.4.
  MonsterInflictsBattleDamage,
  /// A monster is sent from the opponent's field to the Graveyard (Coffin
  /// Seller; a field effect's EVENT_TO_GRAVE in the cores). A battle-destroyed
  /// monster brings it at the end of the Damage Step: S2
  /// §マスタールール2以前のダメージステップ (stage 6 names Coffin Seller), S0 §6.3.4.3.5.
  OpponentMonsterSentToGraveyard,
  /// Any monster, either side's, is summoned (in the Battle Phase: special
  /// summoned, or Flip Summoned under knob flip_summon_in_battle_phase): a set
  /// Trap that answers a summon (Torrential Tribute; EFFECT_TYPE_ACTIVATE on
  /// EVENT_SUMMON_SUCCESS, EVENT_FLIP_SUMMON_SUCCESS and EVENT_SPSUMMON_SUCCESS
  /// in the cores). Optional, it is other_summon_trigger: not in the Damage
  /// Step (S1 §伤害步骤, its Ehren / Shaddoll Falcon example names Torrential Tribute).
  MonsterSummoned,
  /// The host attacks a face-up Defense Position monster: at the start of the
  /// Damage Step, as for a face-down one (Ninja Grandmaster Sasuke; S3 §Start
  /// of the Damage Step names it, and says such effects do not activate
  /// against a face-down monster; S2 §マスタールール2以前のダメージステップ, stage 1).
  AttacksFaceUpDefense,
  /// The host attacks a monster, whatever its position: at the start of the Damage Step, the two above
  /// its narrower cases (Nanobreaker: its test of a face-up Level 3 or lower target is a condition the
  /// term does not state; S3 §Start of the Damage Step names it, S2's MR2 stage 1 lists it).
  AttacksMonster,
  /// The host battles: as damage calculation begins, its chain that timing's one chain (Cipher Soldier:
  /// S2's MR2 stage 3 names it with the effects worded "during damage calculation", whose classes it
  /// takes, damage_calc_atk_change or damage_calc_no_damage; EVENT_PRE_DAMAGE_CALCULATE in the cores).
  AtDamageCalculation,
};
inline constexpr int kTriggerEventCount = 22;
/// The events up to BeforeDamageCalculation: the random term generator draws
/// a monster's trigger among these (checker/random/term_gen.cpp).
inline constexpr int kHostTriggerEventCount = 16;

/// Simple activation conditions (EffectTerm::conditions).
enum Cond : std::uint16_t {
  kCondBattle = 0x001,           ///< a battle is in progress and not cancelled
  kCondOwnBattling = 0x002,      ///< its controller's monster is battling (battle not cancelled)
  kCondOpponentAttacks = 0x004,  ///< an opponent's monster is attacking
  kCondDirectAttack = 0x008,     ///< the attack is a direct attack
  kCondHostAttacked = 0x010,     ///< the host "has attacked" this Battle Phase
  kCondHostBattled = 0x020,      ///< the host "has battled" this Battle Phase
  kCondTargetOnField = 0x040,    ///< the attack target is still on the field
  kCondHostAttacking = 0x080,    ///< the host is the attacking monster
  /// The monster the host battles (the other battler) is still on the field:
  /// Ryu Kokki's "destroy that monster" at the end of the Damage Step needs it
  /// (the scripts' battle target :IsRelateToBattle; a monster destroyed by
  /// battle has been sent to the Graveyard as that timing begins, S1 §伤害计算时).
  kCondFoeOnField = 0x100,
};

/// What an effect costs, paid on activation and never again (a replay does not repeat it).
enum class Cost : std::uint8_t { None, PayLp, TributeOwnMonster, Discard };
inline constexpr int kCostCount = 4;

/// The selector of a targeting effect. `SpellTrap`: a Spell or Trap card on
/// the field (Mystical Space Typhoon), of the side `side` names; the
/// operations that act on it are Destroy and ReturnToHand. `Card`: either, a
/// monster or a Spell or Trap card on the field ("target 1 card your opponent
/// controls": Nightmare Penguin), removed by Destroy, Banish or ReturnToHand
/// (docs/effects.md "Targets").
enum class TargetKind : std::uint8_t { None, Monster, ChainLink, SpellTrap, Card };
/// The selector may name a monster (a slot), or a Spell or Trap card (a card target).
constexpr bool targets_monsters(TargetKind k) { return k == TargetKind::Monster || k == TargetKind::Card; }
constexpr bool targets_cards(TargetKind k) { return k == TargetKind::SpellTrap || k == TargetKind::Card; }
enum class SideSel : std::uint8_t { Own, Opponent, Any };
enum class FaceSel : std::uint8_t { Any, FaceUp, FaceDown };
enum class RoleSel : std::uint8_t { Any, Battling, Attacker, AttackTarget };

struct TargetSpec {
  TargetKind kind = TargetKind::None;
  SideSel side = SideSel::Opponent;
  FaceSel face = FaceSel::Any;
  RoleSel role = RoleSel::Any;
  bool operator==(const TargetSpec&) const = default;
};

/// What an operation acts on.
enum class Object : std::uint8_t {
  Target,            ///< the effect's target
  Self,              ///< the card's own monster
  OwnBattler,
  OpponentBattler,
  Attacker,
  AttackTarget,
  BothBattlers,
  OpponentsMonsters,        ///< every monster the opponent controls
  OpponentsAttackPosition,  ///< every Attack Position monster the opponent controls
  AllMonsters,
  You,                      ///< the controller, for NoBattleDamage and the Life Point operations
  Opponent,                 ///< the controller's opponent, for the Life Point operations
};
inline constexpr int kObjectCount = 12;
/// Objects that are players, not monsters.
constexpr bool object_is_player(Object o) { return o == Object::You || o == Object::Opponent; }

struct Op {
  OpCode code = OpCode::Opaque;
  Object object = Object::Target;
  Duration duration = Duration::Battle;
  Position position = Position::FaceUpAttack;
  bool flag = false;
  std::int16_t amount = 0;                 ///< ATK/DEF points, a multiple of 100
  std::uint8_t monster = kNoMonster;       ///< SpecialSummon: Scenario::monsters index
  bool operator==(const Op&) const = default;
};
inline constexpr int kMaxOps = 5;  ///< operations a term holds: a learnt outcome summons up to four tokens (Scapegoat)

/// What kind of card holds the effect (a "Trap cannot be activated" rule reads
/// it; a monster's effect needs its monster on the field unless `from_hand`).
enum class CardType : std::uint8_t { Monster, Spell, Trap };

/// One effect as a term.
struct EffectTerm {
  Activation activation = Activation::Quick;
  bool mandatory = false;                 ///< triggers: the rules activate it
  Window window = Window::Any;
  TimingMask timings = 0;                 ///< the timings its text names (0: no narrowing)
  std::uint16_t conditions = 0;           ///< Cond bits
  Cost cost = Cost::None;
  std::int16_t cost_amount = 0;           ///< PayLp: LP
  TargetSpec target;
  TriggerEvent trigger = TriggerEvent::None;
  std::array<Op, kMaxOps> ops{};
  std::uint8_t op_count = 0;
  ContinuousSpec continuous;
  CardType card_type = CardType::Spell;
  bool from_hand = false;                 ///< a monster's effect used from the hand (Kuriboh): no host needed
  bool operator==(const EffectTerm&) const = default;

  bool has_op(OpCode c) const;
  const Op* find_op(OpCode c) const;
};

/// A Continuous Spell or Trap activated during the duel: an activated term
/// with a continuous part, which applies only once the activation has
/// resolved, neither it nor its effect negated (S0 §6.3.4.3, docs/effects.md
/// "Continuous Spells and Traps"). The model, the monitors, the term checks
/// and the importer read this one function.
inline bool continuous_after_activation(const EffectTerm& t) {
  return t.activation != Activation::Continuous && t.continuous.kind != ContinuousKind::None;
}

/// Attribute bits an Activate event carries (Event::attrs): what properties
/// read instead of a kind name. Filled by effect_attrs() from the term.
enum EffectAttr : std::uint32_t {
  kAttrTrigger = 0x0001,
  kAttrCounter = 0x0002,           ///< spell speed 3
  kAttrAtkChange = 0x0004,         ///< changes ATK/DEF
  kAttrCalcOnly = 0x0008,          ///< "during damage calculation"
  kAttrNegatesActivation = 0x0010,
  kAttrNegatesEffect = 0x0020,
  kAttrAttackResponse = 0x0040,    ///< "when an opponent's monster declares an attack"
  kAttrNoBattleDamage = 0x0080,
  kAttrDamageStepText = 0x0100,    ///< its text names the Damage Step
  kAttrTargets = 0x0200,           ///< targets a monster
  kAttrMandatory = 0x0400,
  kAttrTrap = 0x0800,
  kAttrCost = 0x1000,
  kAttrSummons = 0x2000,
  kAttrRemoves = 0x4000,           ///< destroys, banishes or returns a monster
  kAttrPosition = 0x8000,          ///< changes a battle position
  kAttrNoDamageTurn = 0x10000,     ///< its no_battle_damage lasts the turn
  kAttrRedirects = 0x20000,        ///< changes the attack target
  kAttrNegatesAttack = 0x40000,
  kAttrEndsBattlePhase = 0x80000,
  kAttrIndestructible = 0x100000,  ///< a no_battle_damage for the battle also keeps the controller's monsters from
                                   ///< destruction by battle (per operation: see kAttrIndestructibleTurn)
  kAttrEngineTimings = 0x200000,   ///< its timings are an engine's declaration (CardSpec::engine_timings): the
                                   ///< timing properties leave it to the card audit
  kAttrIndestructibleTurn = 0x400000,  ///< the same for a no_battle_damage that lasts the turn
  kAttrPiercing = 0x800000,        ///< continuous: its monster inflicts piercing battle damage (docs/effects.md)
  kAttrNoDeclarations = 0x1000000, ///< its controller's opponent may declare no attack for the rest of the turn
  kAttrDirectOnlyTurn = 0x2000000, ///< its controller's monsters are no attack targets for the rest of the turn
                                   ///< (opponent_attacks_directly, once resolved)
  // bits 26-27 are free: the TriggerEvent has its own field (Event::trigger)
  kAttrHalvesDamage = 0x10000000,  ///< halves the battle damage its controller takes in this battle (model/terms/damage.hpp)
  kAttrRedirectsDamage = 0x20000000,  ///< the battle damage its controller would take in this battle goes to the opponent
  kAttrHalvesDamageTurn = 0x40000000,     ///< the same halving for the rest of the turn
  kAttrRedirectsDamageTurn = 0x80000000,  ///< the same redirection for the rest of the turn
};
/// The trigger event an Activate / Resolve event carries (Event::trigger, filled with its attrs).
constexpr TriggerEvent trigger_of_byte(std::uint8_t b) { return static_cast<TriggerEvent>(b); }

/// An operation that removes a monster from the field (destroy, banish, return to hand).
constexpr bool op_removes(OpCode c) { return c == OpCode::Destroy || c == OpCode::Banish || c == OpCode::ReturnToHand; }
/// An operation that acts on something the term names (a monster, or a Spell
/// or Trap target): not on the chain, the battle or a player, not a summon.
constexpr bool op_takes_object(OpCode c) {
  return c != OpCode::NegateActivation && c != OpCode::NegateEffect && c != OpCode::NegateAttack &&
         c != OpCode::EndBattlePhase && c != OpCode::Opaque && c != OpCode::SpecialSummon && !op_on_player_damage(c) &&
         !op_on_life_points(c) && c != OpCode::CannotDeclareAttacks;
}
/// An operation that changes ATK or DEF.
constexpr bool op_changes_stat(OpCode c) { return c == OpCode::ChangeAtk || c == OpCode::SetAtk || c == OpCode::ChangeDef; }
/// Spell speed of a term: 1 trigger, 2 quick, 3 counter, 0 continuous.
constexpr int spell_speed(const EffectTerm& t) {
  return t.activation == Activation::Trigger ? 1 : t.activation == Activation::Quick ? 2
       : t.activation == Activation::Counter ? 3 : 0;
}
/// Every timing (a mask with no narrowing).
inline constexpr TimingMask kAllTimings = static_cast<TimingMask>((1u << kTimingCount) - 1);
/// The timings the window an effect's text names leaves open: "when an attack
/// is declared" only at the attack declaration (S1 §战斗步骤), "during the
/// Damage Step" its five timings (S0 §6.3.4.3, S1 §伤害步骤), "during damage
/// calculation" only then (S0 §6.3.4.3.3); `any` every timing.
constexpr TimingMask window_timings(Window w) {
  switch (w) {
    case Window::AttackDeclared: return bit(Timing::AttackDeclaration);
    case Window::DamageStep:
      return static_cast<TimingMask>(bit(Timing::StartOfDamageStep) | bit(Timing::BeforeDamageCalculation) |
                                     bit(Timing::DamageCalculation) | bit(Timing::AfterDamageCalculation) |
                                     bit(Timing::EndOfDamageStep));
    case Window::DamageCalculation: return bit(Timing::DamageCalculation);
    case Window::Any: break;
  }
  return kAllTimings;
}
/// The timings an effect's own text leaves open: its window narrowed by its
/// `timings` list (none: no narrowing). The one reading of "when may this card
/// be used, by its text" that the model, the monitors, the coverage situations
/// and the load checks share; a ruleset's class permission narrows it further.
constexpr TimingMask text_timings(const EffectTerm& t) {
  return static_cast<TimingMask>(window_timings(t.window) & (t.timings != 0 ? t.timings : kAllTimings));
}
/// Attribute bits of a term (EffectAttr).
std::uint32_t effect_attrs(const EffectTerm& t);
/// Spell speed from attribute bits (what a trace monitor sees).
constexpr int speed_of_attrs(std::uint32_t a) { return (a & kAttrTrigger) ? 1 : (a & kAttrCounter) ? 3 : 2; }
/// The attribute class the rulesets' permissions are keyed by (docs/effects.md "Classes").
EffectKind class_of(const EffectTerm& t);
/// Whether the window decided the term's class (a Quick Effect "when an attack
/// is declared", "during the Damage Step", "during damage calculation": the
/// classes attack_*_trap, damage_step_atk_change, damage_calc_*). For those the
/// ruleset's permission of the class is the window's rule, so a ruleset (or a
/// mutant) states it; every other window narrows the class's permission.
bool window_decides_class(const EffectTerm& t);
/// The classes whose permission an activation needs: class_of(t) first and,
/// for a quick effect with several operations, the class each operation gives
/// alone (same window and target); for a Counter Trap, the quick class of each
/// operation other than its negation. What an effect does decides where it may be
/// used (S0 §6.3.4.3, S1 §伤害步骤), so an effect is used at a timing only if
/// every part of it may be: a change to face-down Position stays out of the
/// Damage Step even when the same effect also changes DEF.
struct PermissionClasses {
  std::array<EffectKind, kMaxOps + 1> kinds{};
  std::uint8_t count = 0;
};
PermissionClasses permission_classes(const EffectTerm& t);
/// Whether a trigger event needs its host still on the field (a flip effect: knob flip_effect_after_host_left).
bool needs_host_on_field(TriggerEvent e);
/// Whether a trigger event happens to the host monster (all but an attack
/// declaration and an opponent's special summon): without a host it never comes.
bool concerns_host(TriggerEvent e);
/// Whether a term needs a host monster (a monster's own effect on the field),
/// may have one, or must not (a Trap card).
HostRule host_rule(const EffectTerm& t);

std::string_view name(Activation a);
std::string_view name(Window w);
std::string_view name(TriggerEvent e);
std::string_view name(Cost c);
std::string_view name(OpCode o);
std::string_view name(Object o);
std::string_view name(ContinuousKind k);
std::string_view name(CardType c);
std::optional<Activation> parse_activation(std::string_view s);
std::optional<Window> parse_window(std::string_view s);
std::optional<TriggerEvent> parse_trigger_event(std::string_view s);
std::optional<Cost> parse_cost(std::string_view s);
std::optional<OpCode> parse_op_code(std::string_view s);
std::optional<Object> parse_object(std::string_view s);
std::optional<ContinuousKind> parse_continuous(std::string_view s);
std::optional<CardType> parse_card_type(std::string_view s);
/// Names of the condition bits, in bit order.
const std::vector<std::string_view>& condition_names();

// The text form of a term (parse_term, term_to_fields, op_text): model/terms/effect_text.hpp.

}  // namespace bc
