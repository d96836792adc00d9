/// Priority, activation legality, chain building and resolution, and the
/// gathering of simultaneous triggers (turn player's first). Everything reads
/// the card's effect term (model/terms/effect.hpp); no card kind is named here.
#include <bit>

#include "model/rules/stepper.hpp"
#include "model/terms/targets.hpp"

namespace bc::detail {

void Stepper::make_pending(std::uint8_t monster, TriggerEvent event) {
  if (monster == kNoMonster) return;
  for (std::uint8_t c = 0; c < sc.cards.size(); ++c)
    if (sc.cards[c].host == monster && sc.cards[c].term.trigger == event && !(s.used & (1u << c)) && face_up_for(c))
      s.pending |= 1u << c;
}

void Stepper::make_pending_for(Player listener, TriggerEvent event) {
  for (std::uint8_t c = 0; c < sc.cards.size(); ++c)
    if (sc.cards[c].owner == listener && sc.cards[c].term.trigger == event && !(s.used & (1u << c)) && face_up_for(c))
      s.pending |= 1u << c;
}

/// The term's own activation conditions (Cond bits) in the current state.
bool Stepper::conditions_hold(std::uint8_t card) const {
  const CardSpec& c = sc.cards[card];
  const std::uint16_t need = c.term.conditions;
  if (need == 0) return true;
  const std::uint8_t h = host_slot(card);
  const bool live = attack_live() && !s.has(kBattleCancelled);
  if ((need & kCondBattle) && !live) return false;
  if ((need & kCondOwnBattling) && (battling_slot(c.owner) == kNoSlot || !live)) return false;
  if ((need & kCondOpponentAttacks) && (!attack_live() || side_of(s.attacker) == c.owner)) return false;
  if ((need & kCondDirectAttack) && s.target != kDirect) return false;
  if ((need & kCondHostAttacked) && !has_attacked(h)) return false;
  if ((need & kCondHostBattled) && (h == kNoSlot || !s.zones[h].has(kBattled))) return false;
  if ((need & kCondTargetOnField) && !(s.target < kSlotCount && s.zones[s.target].occupied())) return false;
  if ((need & kCondHostAttacking) && (h == kNoSlot || h != s.attacker)) return false;
  if (need & kCondFoeOnField) {
    const std::uint8_t foe = h == kNoSlot ? kNoSlot : h == s.attacker ? s.target : h == s.target ? s.attacker : kNoSlot;
    if (foe >= kSlotCount || !s.zones[foe].occupied()) return false;
  }
  return true;
}

/// What the resolution needs before it may be activated: a link to negate, a
/// free zone to summon into, a monster to tribute.
bool Stepper::resolution_possible(std::uint8_t card) const {
  const CardSpec& c = sc.cards[card];
  if (c.term.target.kind == TargetKind::ChainLink) {
    if (s.chain_len == 0) return false;
    if (c.term.has_op(OpCode::NegateActivation) && (s.chain[s.chain_len - 1].bits & kLinkActivationNegated)) return false;
  }
  if ((c.term.has_op(OpCode::SpecialSummon) || c.term.has_op(OpCode::TakeControl)) && free_zone(c.owner) == kNoSlot)
    return false;
  if (c.term.cost == Cost::TributeOwnMonster && tribute_slot(card) == kNoSlot) return false;
  return true;
}

/// Window rules shared by every voluntary activation.
bool Stepper::can_activate(std::uint8_t card) const {
  const CardSpec& c = sc.cards[card];
  const int speed = spell_speed(c.term);
  if (c.owner != s.priority || (s.used & (1u << card)) || speed < 2 || !face_up_for(card)) return false;
  if (!allowed_at(card, s.timing) || s.chain_len >= kMaxChain) return false;
  if (c.term.card_type == CardType::Trap && traps_locked(c.owner)) return false;
  if (c.term.card_type != CardType::Monster && spell_traps_locked(c.owner)) return false;
  if (s.chain_len == 0) {
    if (one_chain_window() && s.chains_in_window > 0) return false;
  } else if (speed < spell_speed(sc.cards[s.chain[s.chain_len - 1].card].term)) {
    return false;
  }
  if (c.term.window == Window::DamageCalculation && s.timing == Timing::DamageCalculation &&
      !r.flag(Knob::CalcTriggerChainAllowsCalcEffects)) {
    // A chain of triggers born from the first one is not damage calculation; one
    // that opens it (Cipher Soldier's, pending as the timing began) is its chain.
    const bool first_chain = s.chain_len == 0 ? s.chains_in_window == 0 : s.chains_in_window == 1;
    if (!first_chain && !r.several(Knob::ChainsDamageCalculation)) return false;
  }
  if (host_rule(c.term) == HostRule::Required || c.host != kNoMonster) {  // a monster's own effect: face-up on the field
    const std::uint8_t h = host_slot(card);
    if (h == kNoSlot || s.zones[h].position() == Position::FaceDownDefense) return false;
    if (s.zones[h].has(kDestroyConfirmed) && !r.flag(Knob::DestroyedByBattleMayActivateQuick)) return false;
  }
  return conditions_hold(card) && resolution_possible(card) && bp_room(card);
}

/// The class permissions (the ruleset's rule for the effect's attributes,
/// every part of it), narrowed by the window and timings its own text names:
/// Ruleset::permitted_timings, computed once per card by the Model.
bool Stepper::allowed_at(std::uint8_t card, Timing t) const { return (usable[card] & bit(t)) != 0; }

bool Stepper::target_ok(const TargetSpec& sel, Player owner, std::uint8_t slot) const {
  const ZoneState& z = s.zones[slot];
  if (!z.occupied()) return false;
  const TargetFacts facts{side_of(slot) == owner, z.position() == Position::FaceDownDefense,
                          attack_live() && slot == s.attacker, attack_live() && slot == s.target};
  if (!selector_admits(sel, facts)) return false;
  return !z.has(kDestroyConfirmed) || r.flag(Knob::DestroyedByBattleTargetable);
}

/// Legal monster targets in a fixed order: the selector's side(s), zone by zone
/// (the opponent's side first for "any", so presets keep their old order).
void Stepper::for_each_target(std::uint8_t card, const auto& fn) const {
  const CardSpec& c = sc.cards[card];
  const Player foe = other(c.owner);
  // Each side in turn, the opponent's first: its monsters zone by zone, then
  // its Spell and Trap cards in card order.
  for (Player side : {foe, c.owner}) {
    if (targets_monsters(c.term.target.kind))
      for (int z = 0; z < kZonesPerSide; ++z)
        if (target_ok(c.term.target, c.owner, slot_of(side, z))) fn(slot_of(side, z));
    if (targets_cards(c.term.target.kind))
      for (std::uint8_t t = 0; t < sc.cards.size(); ++t)
        if (t != card && sc.cards[t].owner == side && side_admits(c.term.target.side, side == c.owner) && card_on_field(t))
          fn(card_target(t));
  }
}

void Stepper::list_activations(ActionList& out_actions) const {
  for (std::uint8_t c = 0; c < sc.cards.size(); ++c) {
    if (!can_activate(c)) continue;
    const TargetKind kind = sc.cards[c].term.target.kind;
    if (!targets_monsters(kind) && !targets_cards(kind)) {
      push_activations(c, kNoSlot, out_actions);
      continue;
    }
    for_each_target(c, [&](std::uint8_t slot) { push_activations(c, slot, out_actions); });
  }
}

/// One activation of `card` on `target` per monster its Tribute cost may take
/// (its controller chooses, in zone order; never the target itself).
void Stepper::push_activations(std::uint8_t card, std::uint8_t target, ActionList& out_actions) const {
  const CardSpec& c = sc.cards[card];
  if (c.term.cost != Cost::TributeOwnMonster) {
    out_actions.push(Action{ActionType::Activate, card, kNoSlot, target});
    return;
  }
  for (int z = 0; z < kZonesPerSide; ++z) {
    const std::uint8_t slot = slot_of(c.owner, z);
    if (slot != target && tributable(card, slot)) out_actions.push(Action{ActionType::Activate, card, kNoSlot, target, slot});
  }
}

void Stepper::push_link(std::uint8_t card, std::uint8_t target, std::uint8_t cost) {
  const CardSpec& c = sc.cards[card];
  const bool link_target = c.term.target.kind == TargetKind::ChainLink;
  if (s.chain_len == 0) ++s.chains_in_window;
  if (link_target) target = static_cast<std::uint8_t>(s.chain_len - 1);
  s.chain[s.chain_len] = LinkState{card, target, 0};
  ++s.chain_len;
  s.used |= static_cast<std::uint16_t>(1u << card);
  s.pending &= static_cast<std::uint16_t>(~(1u << card));
  Event e = ev(EventType::Activate);
  e.player = c.owner;
  e.card = card;
  e.kind = c.kind;
  e.link = s.chain_len;
  e.target = link_target ? kNoSlot : target;
  e.slot = host_slot(card);
  e.attrs = card_attrs(c);
  e.trigger = static_cast<std::uint8_t>(c.term.trigger);
  emit(e);
  pay_cost(card, cost);
}

/// Costs are paid once, on activation (a replay never repeats them): the
/// monster its controller chose, or the first one when nobody chooses.
void Stepper::pay_cost(std::uint8_t card, std::uint8_t cost) {
  if (sc.cards[card].term.cost != Cost::TributeOwnMonster) return;
  const std::uint8_t slot = tributable(card, cost) ? cost : tribute_slot(card);
  if (slot != kNoSlot) leave_field(slot, LeaveReason::Cost);
}

void Stepper::activate(std::uint8_t card, std::uint8_t target, std::uint8_t cost) {
  push_link(card, target, cost);
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
    LinkState link = s.chain[i];
    if (!(link.bits & (kLinkActivationNegated | kLinkEffectNegated)) && negated_by_continuous(link.card)) {
      // A continuous negation (Royal Decree, Skill Drain) applies as the link resolves.
      link.bits |= kLinkEffectNegated;
      Event n = ev(EventType::Negated);
      n.link = static_cast<std::uint8_t>(i + 1);
      n.negation = Negation::Effect;
      emit(n);
    }
    Event e = ev(EventType::Resolve);
    e.link = static_cast<std::uint8_t>(i + 1);
    e.card = link.card;
    e.kind = sc.cards[link.card].kind;
    e.player = sc.cards[link.card].owner;
    e.attrs = card_attrs(sc.cards[link.card]);
    e.trigger = static_cast<std::uint8_t>(sc.cards[link.card].term.trigger);
    emit(e);
    if (!(link.bits & (kLinkActivationNegated | kLinkEffectNegated))) {
      apply(i);
      if (!(link.bits & kLinkCardGone)) come_into_force(link.card);
      destroy_if_targeted(link);
    }
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

/// A pending trigger is still valid: its host is where the event needs it,
/// and its conditions hold.
bool Stepper::trigger_valid(std::uint8_t card) const {
  const CardSpec& c = sc.cards[card];
  // A flip effect still activates once its monster has left (S1 §伤害步骤,
  // S4 §2.4.3.2): the knob says whether the host must still be there.
  const bool flip_needs_host = c.term.trigger == TriggerEvent::Flipped && !r.flag(Knob::FlipEffectAfterHostLeft);
  if ((needs_host_on_field(c.term.trigger) || flip_needs_host) && host_slot(card) == kNoSlot) return false;
  // A negation answers an activation it is chained to (S1 §伤害步骤, S3
  // §Example 2): with no chain link below it there is nothing to negate.
  if (c.term.target.kind == TargetKind::ChainLink && s.chain_len == 0) return false;
  return conditions_hold(card);
}

/// A trigger's target, chosen by the rules: the first legal target, the
/// battling monster of the selector's side first.
std::uint8_t Stepper::trigger_target(std::uint8_t card) const {
  const CardSpec& c = sc.cards[card];
  if (!targets_monsters(c.term.target.kind) && !targets_cards(c.term.target.kind)) return kNoSlot;
  const Player side = c.term.target.side == SideSel::Own ? c.owner : other(c.owner);
  const std::uint8_t battler = battling_slot(side);
  if (targets_monsters(c.term.target.kind) && battler != kNoSlot && target_ok(c.term.target, c.owner, battler))
    return battler;
  std::uint8_t first = kNoSlot;
  for_each_target(card, [&](std::uint8_t slot) { if (first == kNoSlot) first = slot; });
  return first;
}

/// Whether `slot` is one of the card's legal targets now.
bool Stepper::legal_target(std::uint8_t card, std::uint8_t slot) const {
  bool legal = false;
  for_each_target(card, [&](std::uint8_t t) { legal = legal || t == slot; });
  return legal;
}

/// The pending triggers permitted at this timing whose event and conditions
/// still hold. After damage calculation, flip effects wait for their own chain
/// unless the ruleset chains them with the damage triggers (S1 §伤害计算后).
std::uint16_t Stepper::ready_triggers() const {
  std::uint16_t ready = 0;
  bool damage_triggers = false;
  for (std::uint8_t c = 0; c < sc.cards.size(); ++c) {
    if (!(s.pending & (1u << c)) || !allowed_at(c, s.timing) || !trigger_valid(c)) continue;
    ready |= static_cast<std::uint16_t>(1u << c);
    if (sc.cards[c].term.trigger != TriggerEvent::Flipped) damage_triggers = true;
  }
  if (damage_triggers && s.timing == Timing::AfterDamageCalculation && !r.flag(Knob::FlipTriggersChainWithDamageTriggers))
    for (std::uint8_t c = 0; c < sc.cards.size(); ++c)
      if (sc.cards[c].term.trigger == TriggerEvent::Flipped) ready &= static_cast<std::uint16_t>(~(1u << c));
  return ready;
}

/// An optional trigger ("you can") is activated only if its controller
/// chooses to: the triggers of a timing are decided, activated or not, as it
/// begins (S1 §伤害步骤开始时), and a ruling asks "if both use their effects"
/// of two optional triggers (S2 §FAQ 12/08/01); the turn player decides first.
/// A mandatory trigger whose card has a condition the term cannot state
/// (CardSpec::hidden_condition) is decided the same way: its decline stands
/// for that condition failing (an engine's card: docs/engines/ygopro.md).
std::uint8_t Stepper::trigger_choice() const {
  const std::uint16_t open = static_cast<std::uint16_t>(ready_triggers() & ~s.accepted);
  for (Player p : {Player::P1, Player::P2})
    for (std::uint8_t c = 0; c < sc.cards.size(); ++c)
      if ((open & (1u << c)) && sc.cards[c].owner == p && (!sc.cards[c].term.mandatory || sc.cards[c].hidden_condition))
        return c;
  return kNoCard;
}

/// Chain every pending trigger permitted at this timing, turn player's first
/// (S0 §6.3.4.3.4, S2 §FAQ 09/08/01), once every optional one is decided.
Stepper::Gather Stepper::gather_triggers(TriggerResume resume) {
  if (s.pending == 0) return Gather::None;
  for (std::uint8_t c = 0; c < sc.cards.size(); ++c)
    if ((s.pending & (1u << c)) && allowed_at(c, s.timing) && !trigger_valid(c)) s.pending &= static_cast<std::uint16_t>(~(1u << c));
  const std::uint16_t ready = ready_triggers();
  if (ready == 0 || s.chain_len + std::popcount(ready) > kMaxChain) return Gather::None;
  const std::uint8_t choice = trigger_choice();
  if (choice != kNoCard) {
    s.resume = resume;
    s.priority = sc.cards[choice].owner;
    return Gather::Choosing;
  }
  for (Player p : {Player::P1, Player::P2})
    for (std::uint8_t c = 0; c < sc.cards.size(); ++c)
      if ((ready & (1u << c)) && sc.cards[c].owner == p) push_link(c, trigger_target(c));
  s.accepted = 0;
  s.battle |= kTriggerChain;
  s.passes = 0;
  return Gather::Chained;
}

void Stepper::choose_trigger(std::uint8_t card, bool activate) {
  if (card < sc.cards.size() && activate) s.accepted |= static_cast<std::uint16_t>(1u << card);
  else if (card < sc.cards.size()) s.pending &= static_cast<std::uint16_t>(~(1u << card));
  const TriggerResume how = s.resume;
  s.resume = TriggerResume::None;
  switch (how) {
    case TriggerResume::OpenPriority: continue_priority(false); break;
    case TriggerResume::OpenPriorityAfterDestruction: continue_priority(true); break;
    case TriggerResume::AfterChain: after_chain(); break;
    case TriggerResume::None: break;
  }
}

}  // namespace bc::detail
