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

/// Position of a monster on the field.
enum class Position : std::uint8_t { FaceUpAttack, FaceUpDefense, FaceDownDefense };

/// Abstract effect kinds: each has a spell speed, a resolution (model/effects.cpp)
/// and timing permissions that come from the ruleset file.
enum class EffectKind : std::uint8_t {
  CounterTrap,             ///< SS3: negate an activation (and destroy a monster source), e.g. Divine Wrath
  AtkBoostQuick,           ///< SS2: +value ATK to own battling monster, e.g. Rush Recklessly
  DamageCalcBoost,         ///< SS2, "during damage calculation": +value ATK, e.g. Injection Fairy Lily
  DamageCalcNoDamage,      ///< SS2, "during damage calculation": no battle damage to you, e.g. Kuriboh
  NegateActivationQuick,   ///< SS2 quick effect negating an activation, e.g. Stardust Dragon
  NegateEffectQuick,       ///< SS2 quick effect negating only an effect, e.g. Shooting Star Dragon
  AttackNegateTrap,        ///< SS2 trap "when an attack is declared": negate the attack, e.g. Negate Attack
  AttackDestroyTrap,       ///< SS2 trap "when an attack is declared": destroy the attacker, e.g. Sakuretsu Armor
  SpecialSummonQuick,      ///< SS2: special summon a token to your field, e.g. Call of the Haunted
  RemoveMonsterQuick,      ///< SS2: banish a target monster, e.g. Compulsory Evacuation Device
  EndBattlePhaseQuick,     ///< SS2: end the Battle Phase, e.g. Battle Fader / Swift Scarecrow
  FreeChainQuick,          ///< SS2 with no battle effect, e.g. Jar of Greed
  DestroyNoCalcTrigger,    ///< SS1 trigger of the attacker vs a face-down monster, e.g. Mystic Swordsman LV2
  FlipTrigger,             ///< SS1 flip effect: destroy a target monster, e.g. Man-Eater Bug
  BattleDamageTrigger,     ///< SS1 "inflicts battle damage", e.g. Spirit Reaper
  BattledTrigger,          ///< SS1 "after damage calculation, if this card battled": banish both, e.g. D.D. Warrior Lady
  BattleDestroyedTrigger,  ///< SS1 "destroyed by battle and sent to the GY": summon a token, e.g. Killer Tomato
  SentToGraveTrigger,      ///< SS1 "sent to the GY": summon a token, e.g. Dandylion
  EndOfBattleTrigger,      ///< SS1 "at the end of the Battle Phase", e.g. Goblin Attack Force
};
inline constexpr int kEffectKindCount = 19;

/// Extra activation condition of an end-of-Battle-Phase trigger (S0 §6.3.4.3 examples).
enum class Condition : std::uint8_t { None, HostAttacked, HostBattled };

/// Why a monster left the field.
enum class LeaveReason : std::uint8_t { Battle, EffectDestroy, Banish };

/// What a negation removed.
enum class Negation : std::uint8_t { Activation, Effect };

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

constexpr std::uint8_t slot_of(Player side, int zone) { return static_cast<std::uint8_t>(index_of(side) * kZonesPerSide + zone); }
constexpr Player side_of(std::uint8_t slot) { return slot < kZonesPerSide ? Player::P1 : Player::P2; }
constexpr int zone_of(std::uint8_t slot) { return slot % kZonesPerSide; }

/// Static facts of an effect kind: its text name and spell speed.
struct KindInfo {
  std::string_view name;
  int spell_speed;
  bool trigger;         ///< activated by the rules when its event happens
  bool monster_effect;  ///< needs a host monster
  std::string_view summary;
};

const KindInfo& info(EffectKind k);

/// Whether a card of this kind names a host monster: monster effects must,
/// traps must not, and quick effects that exist both as spells/traps and as
/// monster effects (Injection Fairy Lily, Honest, Kuriboh...) may.
enum class HostRule : std::uint8_t { Required, Optional, Forbidden };
HostRule host_rule(EffectKind k);
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

}  // namespace bc
