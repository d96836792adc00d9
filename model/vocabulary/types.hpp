#pragma once
/// Basic vocabulary of the Battle Phase model: players, steps, timings,
/// positions and abstract effect kinds. Everything here is a small enum
/// with a stable text name used by files, traces and reports.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace bc {

/// The turn player is always P1 in the model; P2 is the non-turn player.
enum class Player : std::uint8_t { P1 = 0, P2 = 1 };

/// The other player.
constexpr Player other(Player p) { return p == Player::P1 ? Player::P2 : Player::P1; }
constexpr int index_of(Player p) { return static_cast<int>(p); }

/// Steps of the turn that the model visits (S1 §战斗阶段流程).
enum class Step : std::uint8_t { MainPhase1, StartStep, BattleStep, DamageStep, EndStep, MainPhase2, EndPhase };
inline constexpr int kStepCount = 7;

/// A timing window: the finest point at which players may act. The Battle
/// Step has three windows (before any declaration, the attack-declaration
/// window, the rest of the step) plus the replay re-choice; the Damage Step
/// has the five timings of S0 §6.3.4.3.1-6.3.4.3.5.
enum class Timing : std::uint8_t {
  MainPhase1,
  StartStep,
  BattleStepOpen,         ///< Battle Step, no attack in progress
  AttackDeclaration,      ///< the window right after an attack declaration
  BattleStep,             ///< rest of the Battle Step after a declaration
  ReplayChoice,           ///< attacker re-chooses after a replay
  StartOfDamageStep,
  BeforeDamageCalculation,
  DamageCalculation,
  AfterDamageCalculation,
  EndOfDamageStep,
  EndStep,
  MainPhase2,
  EndPhase,
};
inline constexpr int kTimingCount = 14;

/// Timing bitmask: bit t set = allowed at Timing t.
using TimingMask = std::uint16_t;
constexpr TimingMask bit(Timing t) { return static_cast<TimingMask>(1u << static_cast<int>(t)); }

/// Position of a monster on the field.
enum class Position : std::uint8_t { FaceUpAttack, FaceUpDefense, FaceDownDefense };

/// Effect classes: the attribute families the rulesets give timings to
/// (S0 §6.3.4.3, S1 §伤害步骤, S4 §2.4.3 list which families may be used in
/// the Damage Step). A card's class is derived from its effect term by
/// class_of() (model/terms/effect.hpp); the first 19 are also the names of the
/// presets (model/library/presets.toml) that scenarios and traces use as kinds.
enum class EffectKind : std::uint8_t {
  CounterTrap,             ///< spell speed 3 (counter trap), e.g. Divine Wrath
  AtkChangeQuick,           ///< changes ATK/DEF, e.g. Rush Recklessly
  DamageCalcAtkChange,         ///< "during damage calculation", changes ATK, e.g. Injection Fairy Lily
  DamageCalcNoDamage,      ///< "during damage calculation", anything else, e.g. Kuriboh
  NegateActivationQuick,   ///< negates an activation, e.g. Stardust Dragon
  NegateEffectQuick,       ///< negates only an effect, e.g. Shooting Star Dragon
  AttackNegateTrap,        ///< answers an attack declaration by negating or redirecting it, e.g. Negate Attack
  AttackDestroyTrap,       ///< answers an attack declaration otherwise, e.g. Sakuretsu Armor
  SpecialSummonQuick,      ///< special summons, e.g. Call of the Haunted
  RemoveMonsterQuick,      ///< destroys, banishes or returns a monster, e.g. Compulsory Evacuation Device
  EndBattlePhaseQuick,     ///< ends the Battle Phase, e.g. Battle Fader / Swift Scarecrow
  FreeChainQuick,          ///< does nothing to the battle, e.g. Jar of Greed
  DestroyNoCalcTrigger,    ///< trigger: the host attacks a face-down monster, e.g. Mystic Swordsman LV2
  FlipTrigger,             ///< trigger: flipped, e.g. Man-Eater Bug
  BattleDamageTrigger,     ///< trigger: inflicts battle damage, e.g. Spirit Reaper
  BattledTrigger,          ///< trigger: battled, e.g. D.D. Warrior Lady
  BattleDestroyedTrigger,  ///< trigger: destroyed by battle (or destroyed one by battle), e.g. Killer Tomato
  SentToGraveTrigger,      ///< trigger: sent to the GY, e.g. Dandylion
  EndOfBattleTrigger,      ///< trigger: end of the Battle Phase, e.g. Goblin Attack Force
  DamageStepAtkChange,      ///< changes ATK/DEF and its text names the Damage Step, e.g. Honest
  PositionChangeQuick,     ///< changes a battle position, e.g. Book of Moon
  ProtectionQuick,         ///< no battle damage / not destroyed by battle outside damage calculation, e.g. Waboku
  AttackTrigger,           ///< trigger: an attack declared / targeted for an attack, e.g. Battle Fader
  SummonTrigger,           ///< trigger: special summoned, e.g. a monster's "when Special Summoned"
  EndOfDamageStepTrigger,  ///< trigger: at the end of the Damage Step, e.g. Mirror Wall-like
  Continuous,              ///< never activated: applies while on the field, e.g. Skyscraper
  OtherSummonTrigger,      ///< optional trigger: another monster is special summoned (the opponent's), e.g. Trap Hole-like
  BeforeCalcTrigger,       ///< trigger: its monster battles, before damage calculation, e.g. Reflect Bounder
};
inline constexpr int kEffectKindCount = 28;

/// Extra activation condition of an end-of-Battle-Phase trigger (S0 §6.3.4.3 examples).
enum class Condition : std::uint8_t { None, HostAttacked, HostBattled };

/// Why a monster left the field.
enum class LeaveReason : std::uint8_t { Battle, EffectDestroy, Banish, ReturnToHand, Cost };

/// What a negation removed.
enum class Negation : std::uint8_t { Activation, Effect };

/// How long an ATK/DEF change or a damage prevention lasts: this battle, until
/// the end of the Battle Phase (S1 §结束步骤: it applies until the End Step is
/// over), or the rest of the turn.
enum class Duration : std::uint8_t { Battle, Turn, BattlePhase };

/// What the attacker's value was compared against at damage calculation.
enum class CalcMode : std::uint8_t { VsAttack, VsDefense, Direct };

/// Monster slot: side * 5 + zone (side 0 = P1). kNoSlot when absent,
/// kDirect as a target for a direct attack.
inline constexpr std::uint8_t kZonesPerSide = 5;
inline constexpr std::uint8_t kSlotCount = 10;
inline constexpr std::uint8_t kNoSlot = 0xFF;
inline constexpr std::uint8_t kDirect = 0xFE;
inline constexpr std::uint8_t kNoCard = 0xFF;
inline constexpr std::uint8_t kNoMonster = 0xFF;
inline constexpr int kMaxCards = 16;          ///< effect cards in a scenario, both players
inline constexpr int kMaxCardsPerPlayer = 8;
inline constexpr int kMaxMonsterSpecs = 32;   ///< monsters plus token templates
inline constexpr int kMaxChain = 6;

/// An effect's target that is a Spell or Trap card on the field, not a
/// monster (TargetKind::SpellTrap): the card's index, offset past the slots so
/// one byte names either (Action::target, LinkState::target, Event::target;
/// written "card3" in traces, version 7).
inline constexpr std::uint8_t kCardTargetBase = 0x40;
constexpr std::uint8_t card_target(std::uint8_t card) { return static_cast<std::uint8_t>(kCardTargetBase + card); }
constexpr bool is_card_target(std::uint8_t t) { return t >= kCardTargetBase && t < kCardTargetBase + kMaxCards; }
constexpr std::uint8_t card_of_target(std::uint8_t t) { return static_cast<std::uint8_t>(t - kCardTargetBase); }

constexpr std::uint8_t slot_of(Player side, int zone) { return static_cast<std::uint8_t>(index_of(side) * kZonesPerSide + zone); }
constexpr Player side_of(std::uint8_t slot) { return slot < kZonesPerSide ? Player::P1 : Player::P2; }
constexpr int zone_of(std::uint8_t slot) { return slot % kZonesPerSide; }

/// Static facts of an effect class: its text name and a summary.
struct KindInfo {
  std::string_view name;
  std::string_view summary;
};

const KindInfo& info(EffectKind k);

/// Whether a card names a host monster: a monster's own effect must, a Trap
/// must not, anything else may (model/terms/effect.hpp host_rule(EffectTerm)).
enum class HostRule : std::uint8_t { Required, Optional, Forbidden };
Step step_of(Timing t);
bool in_damage_step(Timing t);

std::string_view name(Player p);
std::string_view name(Step s);
std::string_view name(Timing t);
std::string_view name(Position p);
std::string_view name(EffectKind k);
std::string_view name(Condition c);
std::string_view name(LeaveReason r);
std::string_view name(Negation n);
std::string_view name(CalcMode m);
std::string_view name(Duration d);

/// Human wording of a timing in the sources' vocabulary ("before damage calculation").
std::string_view phrase(Timing t);
/// "P1 M0" style short name of a slot, "direct" or "none".
std::string slot_name(std::uint8_t slot);

std::optional<Player> parse_player(std::string_view s);
std::optional<Step> parse_step(std::string_view s);
std::optional<Timing> parse_timing(std::string_view s);
std::optional<Position> parse_position(std::string_view s);
std::optional<EffectKind> parse_kind(std::string_view s);
std::optional<Condition> parse_condition(std::string_view s);
std::optional<LeaveReason> parse_leave_reason(std::string_view s);
std::optional<Negation> parse_negation(std::string_view s);
std::optional<CalcMode> parse_calc_mode(std::string_view s);
std::optional<Duration> parse_duration(std::string_view s);

}  // namespace bc
