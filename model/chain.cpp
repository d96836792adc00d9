/// Priority, activation legality, chain building and resolution, and the
/// gathering of simultaneous triggers (turn player's first).
#include <bit>

#include "model/stepper.hpp"

namespace bc::detail {

namespace {
bool needs_link(EffectKind k) {
  return k == EffectKind::CounterTrap || k == EffectKind::NegateActivationQuick || k == EffectKind::NegateEffectQuick;
}
bool calc_only(EffectKind k) { return k == EffectKind::DamageCalcBoost || k == EffectKind::DamageCalcNoDamage; }
}  // namespace

void Stepper::make_pending(std::uint8_t monster, EffectKind kind) {
  if (monster == kNoMonster) return;
  for (std::uint8_t c = 0; c < sc.cards.size(); ++c)
    if (sc.cards[c].host == monster && sc.cards[c].kind == kind && !(s.used & (1u << c))) s.pending |= 1u << c;
}

/// Window rules shared by every voluntary activation.
bool Stepper::can_activate(std::uint8_t card) const {
  const CardSpec& c = sc.cards[card];
  const KindInfo& k = info(c.kind);
  if (c.owner != s.priority || (s.used & (1u << card)) || k.trigger) return false;
  if (!r.allowed(c.kind, s.timing) || s.chain_len >= kMaxChain) return false;
  if (s.chain_len == 0) {
    if (needs_link(c.kind)) return false;
    if (one_chain_window() && s.chains_in_window > 0) return false;
  } else {
    const auto& top = sc.cards[s.chain[s.chain_len - 1].card];
    if (k.spell_speed < info(top.kind).spell_speed || k.spell_speed < 2) return false;
  }
  if (calc_only(c.kind) && s.timing == Timing::DamageCalculation && !r.flag(Knob::CalcTriggerChainAllowsCalcEffects)) {
    const bool first_chain = s.chain_len == 0 ? s.chains_in_window == 0 : (s.chains_in_window == 1 && !s.has(kTriggerChain));
    if (!first_chain && !r.several(Knob::ChainsDamageCalculation)) return false;
  }
  if (k.monster_effect || c.host != kNoMonster) {  // a monster's own effect: it must be face-up on the field
    const std::uint8_t h = host_slot(card);
    if (h == kNoSlot || s.zones[h].position() == Position::FaceDownDefense) return false;
    if (s.zones[h].has(kDestroyConfirmed) && !r.flag(Knob::DestroyedByBattleMayActivateQuick)) return false;
  }
  switch (c.kind) {
    case EffectKind::AtkBoostQuick:
    case EffectKind::DamageCalcBoost:
      return battling_slot(c.owner) != kNoSlot && !s.has(kBattleCancelled);
    case EffectKind::DamageCalcNoDamage:
      return attack_in_progress() && !s.has(kBattleCancelled);
    case EffectKind::CounterTrap:
    case EffectKind::NegateActivationQuick:
      return !(s.chain[s.chain_len - 1].bits & kLinkActivationNegated);
    case EffectKind::AttackNegateTrap:
    case EffectKind::AttackDestroyTrap:
      return attack_in_progress() && c.owner == Player::P2;
    case EffectKind::SpecialSummonQuick:
      for (int z = 0; z < kZonesPerSide; ++z)
        if (!s.zones[slot_of(c.owner, z)].occupied()) return true;
      return false;
    default:
      return true;
  }
}

void Stepper::list_activations(ActionList& out_actions) const {
  for (std::uint8_t c = 0; c < sc.cards.size(); ++c) {
    if (!can_activate(c)) continue;
    if (sc.cards[c].kind != EffectKind::RemoveMonsterQuick) {
      out_actions.push(Action{ActionType::Activate, c, kNoSlot, kNoSlot});
      continue;
    }
    const Player foe = other(sc.cards[c].owner);
    for (int z = 0; z < kZonesPerSide; ++z) {
      const std::uint8_t slot = slot_of(foe, z);
      const ZoneState& t = s.zones[slot];
      if (!t.occupied()) continue;
      if (t.has(kDestroyConfirmed) && !r.flag(Knob::DestroyedByBattleTargetable)) continue;
      out_actions.push(Action{ActionType::Activate, c, kNoSlot, slot});
    }
  }
}

void Stepper::push_link(std::uint8_t card, std::uint8_t target) {
  if (s.chain_len == 0) ++s.chains_in_window;
  if (needs_link(sc.cards[card].kind)) target = static_cast<std::uint8_t>(s.chain_len - 1);
  s.chain[s.chain_len] = LinkState{card, target, 0};
  ++s.chain_len;
  s.used |= static_cast<std::uint16_t>(1u << card);
  s.pending &= static_cast<std::uint16_t>(~(1u << card));
  Event e = ev(EventType::Activate);
  e.player = sc.cards[card].owner;
  e.card = card;
  e.kind = sc.cards[card].kind;
  e.link = s.chain_len;
  e.target = needs_link(e.kind) ? kNoSlot : target;
  e.slot = host_slot(card);
  emit(e);
}

void Stepper::activate(std::uint8_t card, std::uint8_t target) {
  push_link(card, target);
  s.passes = 0;
  give_priority(other(sc.cards[card].owner));
}

void Stepper::pass() {
  if (s.chain_len > 0) {
    if (s.passes == 1) { resolve_chain(); return; }
  } else {
    const bool open_only_turn = s.timing == Timing::BattleStepOpen && !r.flag(Knob::OpponentMayActBeforeDeclaration);
    if (s.passes == 1 || open_only_turn) { leave_window(); return; }
  }
  s.passes = 1;
  give_priority(other(s.priority));
}

void Stepper::resolve_chain() {
  while (s.chain_len > 0) {
    const int i = s.chain_len - 1;
    const LinkState link = s.chain[i];
    Event e = ev(EventType::Resolve);
    e.link = static_cast<std::uint8_t>(i + 1);
    e.card = link.card;
    e.kind = sc.cards[link.card].kind;
    e.player = sc.cards[link.card].owner;
    emit(e);
    if (!(link.bits & (kLinkActivationNegated | kLinkEffectNegated))) apply(i);
    s.chain[i] = LinkState{};
    --s.chain_len;
    if (r.get(Knob::ReplayCheck) == 1 && s.has(kReplayPending) && battle_window() && r.flag(Knob::ReplayEnabled) &&
        s.chain_len > 0) {
      s.battle &= static_cast<std::uint16_t>(~kReplayPending);
      Event rp = ev(EventType::Replay);
      rp.slot = s.attacker;
      emit(rp);
      s.battle |= kReplayPending;  // the re-choice still follows the chain
    }
  }
  emit(ev(EventType::ChainEnd));
  after_chain();
}

bool Stepper::trigger_valid(std::uint8_t card) const {
  const CardSpec& c = sc.cards[card];
  const std::uint8_t h = host_slot(card);
  switch (c.kind) {
    case EffectKind::DestroyNoCalcTrigger:  // face-down was checked when it became pending
      return h != kNoSlot && h == s.attacker && s.target < kSlotCount && s.zones[s.target].occupied();
    case EffectKind::FlipTrigger:
    case EffectKind::BattleDamageTrigger:
    case EffectKind::BattledTrigger:
      return h != kNoSlot;
    case EffectKind::EndOfBattleTrigger:
      if (h == kNoSlot) return false;
      if (c.condition == Condition::HostAttacked) return s.zones[h].has(kAttacked);
      if (c.condition == Condition::HostBattled) return s.zones[h].has(kBattled);
      return true;
    default:
      return true;  // graveyard triggers: the host has left by definition
  }
}

std::uint8_t Stepper::trigger_target(std::uint8_t card) const {
  const CardSpec& c = sc.cards[card];
  if (c.kind == EffectKind::DestroyNoCalcTrigger) return s.target;
  if (c.kind != EffectKind::FlipTrigger) return kNoSlot;
  const Player foe = other(c.owner);
  const bool targetable_destroyed = r.flag(Knob::DestroyedByBattleTargetable);
  const std::uint8_t battler = battling_slot(foe);
  auto ok = [&](std::uint8_t slot) {
    return slot < kSlotCount && s.zones[slot].occupied() && (targetable_destroyed || !s.zones[slot].has(kDestroyConfirmed));
  };
  if (ok(battler)) return battler;
  for (int z = 0; z < kZonesPerSide; ++z)
    if (ok(slot_of(foe, z))) return slot_of(foe, z);
  return kNoSlot;
}

/// Chain every pending trigger permitted at this timing, turn player's first
/// (S0 §6.3.4.3.4, S2 §FAQ 09/08/01). Returns true if a chain was started.
bool Stepper::gather_triggers() {
  if (s.pending == 0) return false;
  std::uint16_t ready = 0;
  bool damage_triggers = false;
  for (std::uint8_t c = 0; c < sc.cards.size(); ++c) {
    if (!(s.pending & (1u << c)) || !r.allowed(sc.cards[c].kind, s.timing)) continue;
    if (!trigger_valid(c)) { s.pending &= static_cast<std::uint16_t>(~(1u << c)); continue; }
    ready |= static_cast<std::uint16_t>(1u << c);
    if (sc.cards[c].kind != EffectKind::FlipTrigger) damage_triggers = true;
  }
  if (damage_triggers && s.timing == Timing::AfterDamageCalculation && !r.flag(Knob::FlipTriggersChainWithDamageTriggers))
    for (std::uint8_t c = 0; c < sc.cards.size(); ++c)
      if (sc.cards[c].kind == EffectKind::FlipTrigger) ready &= static_cast<std::uint16_t>(~(1u << c));
  if (ready == 0 || s.chain_len + std::popcount(ready) > kMaxChain) return false;
  for (Player p : {Player::P1, Player::P2})
    for (std::uint8_t c = 0; c < sc.cards.size(); ++c)
      if ((ready & (1u << c)) && sc.cards[c].owner == p) push_link(c, trigger_target(c));
  s.battle |= kTriggerChain;
  s.passes = 0;
  return true;
}

}  // namespace bc::detail
