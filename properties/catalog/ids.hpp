#pragma once
/// Compile-time property ids: the bit of each property in PropertyBits. The
/// catalog (properties/catalog/catalog.cpp) lists the properties in exactly this
/// order, so monitors set bits without any string lookup in the hot path.
#include <cstddef>
#include <cstdint>

#include "properties/catalog/property.hpp"

namespace bc {

/// One enumerator per property id, in catalog order (snake_case id = name).
enum class Prop : std::uint8_t {
  // Flow of steps and priority
  NoBattlePhaseOnFirstTurn,
  StartStepLeadsToBattleStep,
  EndStepLeadsToMainPhase2,
  DamageStepReturnsToBattleStep,
  DamageStepTimingsInOrder,
  TurnPlayerPriorityFirst,
  NoOpponentActionBeforeDeclaration,
  BattleStepEndsAfterBothPass,
  // Attacks
  AttackerFaceUpAttackPosition,
  DirectAttackOnlyOnEmptyField,
  OneDeclarationPerMonster,
  OneAttackAtATime,
  NegatedAttackHasNoDamageStep,
  AttackTrapsOnlyAtDeclaration,
  OneChainAtAttackDeclaration,
  // Replay
  NoReplayInDamageStep,
  ReplayAfterChainResolves,
  ReplayRequiresCountChange,
  ReplayWhenCountChanges,
  ReplayChoiceIsNotDeclaration,
  // Damage Step activations and chains
  DamageStepActivationWhitelist,
  AtkChangeOnlyUntilBeforeDamageCalculation,
  NoEffectNegationInDamageStep,
  DamageCalcEffectsOnlyAtDamageCalculation,
  OneChainAtDamageCalculation,
  OneChainAtStartOfDamageStep,
  OneChainAfterDamageCalculation,
  OneChainAtEndOfDamageStep,
  FaceDownFlippedBeforeDamageCalculation,
  NoFlipAfterBattleCancelled,
  FlipEffectsAfterDamageCalculation,
  BattleDestroyedLeaveAtEndOfDamageStep,
  BattleDestroyedAllLeaveByEnd,
  DestroyedByBattleNotTargeted,
  DestroyedByBattleNoQuickEffects,
  NoDamageCalculationWithoutBothBattlers,
  DamageStepCompletesAfterBattlerLeaves,
  // Damage calculation
  BattleDamageMatchesCalculation,
  BattleDestructionMatchesCalculation,
  ZeroAttackBattleDestroysNothing,
  HasBattledRequiresDamageCalculation,
  HasAttackedRequiresDamageStep,
  // Triggers and chains
  BattleDamageTriggersAfterDamageCalculation,
  BattleDestroyedTriggersAtEndOfDamageStep,
  DestroyWithoutCalcAtStartOfDamageStep,
  ChainResolvesLastInFirstOut,
  ChainResolvesAfterBothPass,
  SpellSpeedRespected,
  SimultaneousTriggersTurnPlayerFirst,
  BattlePhaseEndEntersEndStep,
  // Eventually
  BattlePhaseCanEnd,
  // Sometimes
  SometimesActivationAtStartStep,
  SometimesActivationAtAttackDeclaration,
  SometimesActivationAtBattleStep,
  SometimesActivationAtStartOfDamageStep,
  SometimesActivationAtBeforeDamageCalculation,
  SometimesActivationAtDamageCalculation,
  SometimesActivationAtAfterDamageCalculation,
  SometimesActivationAtEndOfDamageStep,
  SometimesActivationAtEndStep,
  SometimesReplay,
  SometimesFlip,
  SometimesBattleDestroyedSent,
  SometimesAttackNegated,
  SometimesDirectAttack,
  SometimesNoDamageCalculation,
  SometimesDamageCalculation,
  SometimesTriggerChainAtDamageCalculation,
  // Sources' claims no earlier property states (properties/monitors/source_claims.cpp)
  MainPhase2OnlyAfterBattlePhase,
  DamageStepEndsAfterItsChains,
  FlipEffectStartsItsOwnChain,
  FlipEffectChainsWithBattleTriggers,
  // Rules the effect terms open (properties/monitors/effects.cpp)
  CostPaidOnceOnActivation,
  CannotBeAttackedNeverTargeted,
  MandatoryEndOfBattleTriggersActivate,
  MandatoryTriggersActivate,
  // Rules a judge's rulings need (issue 28; properties/monitors/effects.cpp)
  AttackerInAttackPositionAtDamageCalculation,
  TargetMatchesSelector,
  DestroyedByBattlePositionUnchanged,
  BattlePhaseChangesEndWithIt,
  DestroyedByBattleNotTributed,
  NoSummonInBattlePhase,
  FlipSummonTriggersNeedFlipSummon,
  // Attack counts and restrictions (issue 31; properties/monitors/effects.cpp)
  CannotAttackIsObeyed,
  CannotAttackDirectlyIsObeyed,
  ForcedAttackTargetIsObeyed,
  EachMonsterAttackedOnce,
  MustAttackIsObeyed,
  DeclarationLocksAreObeyed,
  // Control change (issue 31; properties/monitors/effects.cpp)
  AttackStopsWhenAttackerChangesControl,
  // The Battle Step after a declaration's chain (issue 27; properties/monitors/effects.cpp)
  StoppedAttackEndsAfterBattleStepRound,
  Count
};
inline constexpr int kPropCount = static_cast<int>(Prop::Count);
static_assert(kPropCount <= kMaxProperties, "PropertyBits too small");

/// Bit index of a property.
constexpr std::size_t bit_of(Prop p) { return static_cast<std::size_t>(p); }

/// Record a violation of an Always/Eventually property.
inline void violate(Verdicts& v, Prop p) { v.violated[bit_of(p)] = true; }
/// Record that a Sometimes property was seen to happen.
inline void witness(Verdicts& v, Prop p) { v.witnessed[bit_of(p)] = true; }

}  // namespace bc
