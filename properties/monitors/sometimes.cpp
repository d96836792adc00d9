/// Sometimes properties: witnesses that a timing or event is reachable at
/// all, so a vacuous model cannot pass the Always properties.
#include "properties/monitors/checks.hpp"

namespace bc::checks {
namespace {

/// The sometimes_activation_at_<timing> property of a timing, or Prop::Count.
Prop activation_property(std::uint8_t timing) {
  switch (static_cast<Timing>(timing)) {
    case Timing::StartStep: return Prop::SometimesActivationAtStartStep;
    case Timing::AttackDeclaration: return Prop::SometimesActivationAtAttackDeclaration;
    case Timing::BattleStepOpen:
    case Timing::BattleStep: return Prop::SometimesActivationAtBattleStep;
    case Timing::StartOfDamageStep: return Prop::SometimesActivationAtStartOfDamageStep;
    case Timing::BeforeDamageCalculation: return Prop::SometimesActivationAtBeforeDamageCalculation;
    case Timing::DamageCalculation: return Prop::SometimesActivationAtDamageCalculation;
    case Timing::AfterDamageCalculation: return Prop::SometimesActivationAtAfterDamageCalculation;
    case Timing::EndOfDamageStep: return Prop::SometimesActivationAtEndOfDamageStep;
    case Timing::EndStep: return Prop::SometimesActivationAtEndStep;
    default: return Prop::Count;
  }
}

}  // namespace

void seen_activation(const Ctx& c, const Event& e, Verdicts& v) {
  const Prop p = activation_property(c.timing);
  if (p != Prop::Count) witness(v, p);
  const bool trigger_chain = c.chain_len == 0 && c.has(kChWindowHadChain) && is_trigger(e);
  if (trigger_chain && c.at(Timing::DamageCalculation)) witness(v, Prop::SometimesTriggerChainAtDamageCalculation);
}

void seen_replay(const Ctx&, const Event&, Verdicts& v) { witness(v, Prop::SometimesReplay); }
void seen_flip(const Ctx&, const Event&, Verdicts& v) { witness(v, Prop::SometimesFlip); }
void seen_attack_negated(const Ctx&, const Event&, Verdicts& v) { witness(v, Prop::SometimesAttackNegated); }
void seen_no_damage_calculation(const Ctx&, const Event&, Verdicts& v) { witness(v, Prop::SometimesNoDamageCalculation); }
void seen_damage_calculation(const Ctx&, const Event&, Verdicts& v) { witness(v, Prop::SometimesDamageCalculation); }

void seen_battle_destroyed_sent(const Ctx&, const Event& e, Verdicts& v) {
  if (e.reason == LeaveReason::Battle) witness(v, Prop::SometimesBattleDestroyedSent);
}

void seen_direct_attack(const Ctx&, const Event& e, Verdicts& v) {
  if (e.target == kDirect) witness(v, Prop::SometimesDirectAttack);
}

}  // namespace bc::checks
