/// The Model facade: initial state, legal actions in deterministic order,
/// next(). The work is done by detail::Stepper (flow, battle, chain, effects).
#include "model/rules/model.hpp"

#include <algorithm>

#include "model/rules/stepper.hpp"

namespace bc {

using detail::Stepper;

Model::Model(const Scenario& scenario, const Ruleset& rules) : scenario_(scenario), rules_(rules) {
  for (std::size_t c = 0; c < scenario.cards.size() && c < usable_.size(); ++c) {
    const CardSpec& card = scenario.cards[c];
    // An engine's card keeps the timings it declares (CardSpec::engine_timings).
    usable_[c] = card.engine_timings ? (card.term.timings != 0 ? card.term.timings : kAllTimings)
                                     : rules.permitted_timings(card.term);
  }
}

State Model::initial(EventBuffer& events) const {
  State s;
  for (int side = 0; side < 2; ++side)
    for (int z = 0; z < kZonesPerSide; ++z) {
      const ZoneSpec& spec = scenario_.board[side][z];
      ZoneState& zone = s.zones[side * kZonesPerSide + z];
      zone.monster = spec.monster;
      if (spec.monster != kNoMonster) zone.set_position(spec.position);
    }
  apply_resolved_before(s);
  Event step;
  step.type = EventType::StepEnter;
  step.step = Step::MainPhase1;
  events.push(step);
  Event timing;
  timing.type = EventType::TimingEnter;
  timing.timing = Timing::MainPhase1;
  events.push(timing);
  return s;
}

/// Cards that resolved in Main Phase 1: used for the turn, and their
/// operations that last the turn applied (those "for this battle" have no
/// battle to act on yet).
void Model::apply_resolved_before(State& s) const {
  if (std::none_of(scenario_.cards.begin(), scenario_.cards.end(),
                   [](const CardSpec& c) { return c.resolved_before || c.destroyed_before; }))
    return;
  EventBuffer ignored;  // the start of the trace shows none of it
  detail::Stepper st{scenario_, rules_, s, ignored, usable_.data()};
  for (std::size_t c = 0; c < scenario_.cards.size(); ++c) {
    const CardSpec& card = scenario_.cards[c];
    const auto b = static_cast<std::uint16_t>(1u << c);
    if (card.destroyed_before) s.used |= b;  // gone before the board was read: nothing of it is in force
    if (!card.resolved_before) continue;
    s.used |= b;
    if (!card.destroyed_before) st.come_into_force(static_cast<std::uint8_t>(c));
    LinkState link;
    link.card = static_cast<std::uint8_t>(c);
    link.target = card.resolved_target;
    for (int i = 0; i < card.term.op_count; ++i)  // a ban on declarations lasts the turn, with no duration to say so
      if (card.term.ops[i].duration != Duration::Battle || card.term.ops[i].code == OpCode::CannotDeclareAttacks)
        st.apply_op(link, card.term.ops[i]);
  }
}

State Model::initial() const {
  EventBuffer ignored;
  return initial(ignored);
}

std::optional<State> Model::retarget_trigger(const State& s, std::uint8_t link, std::uint8_t slot) const {
  if (link == 0 || link > s.chain_len || (slot >= kSlotCount && !is_card_target(slot))) return std::nullopt;
  const std::uint8_t card = s.chain[link - 1].card;
  if (card >= scenario_.cards.size()) return std::nullopt;
  const EffectTerm& term = scenario_.cards[card].term;
  if (term.activation != Activation::Trigger || !(slot < kSlotCount ? targets_monsters(term.target.kind) : targets_cards(term.target.kind)))
    return std::nullopt;
  State t = s;
  EventBuffer ignored;
  const detail::Stepper st{scenario_, rules_, t, ignored, usable_.data()};
  if (!st.legal_target(card, slot)) return std::nullopt;
  t.chain[link - 1].target = slot;
  return t;
}

bool Model::is_terminal(const State& s) { return s.timing == Timing::MainPhase2 || s.timing == Timing::EndPhase; }

namespace {

/// Queries never emit: one buffer per thread instead of a 2.7 KB one per call.
EventBuffer& scratch_events() {
  thread_local EventBuffer buffer;
  buffer.clear();
  return buffer;
}

/// Whether the monster in `slot` may declare an attack now: one declaration
/// per Battle Phase (S4 §2.4.2, "basically"), a second one with a
/// second-attack effect of its own (S1 §战斗步骤) or under knob
/// declarations_per_monster = two.
bool may_attack(const State& s, const Ruleset& r, const Stepper& st, std::uint8_t slot) {
  const ZoneState& z = s.zones[slot];
  if (!z.occupied() || z.has(kDestroyConfirmed)) return false;
  if (z.position() == Position::FaceDownDefense) return false;
  if (z.position() != Position::FaceUpAttack && r.flag(Knob::AttackRequiresAttackPosition)) return false;
  if (z.has(kDeclarationsSpent)) return false;  // declared twice, or cannot attack (an effect)
  if (!z.has(kDeclared)) return true;
  return r.get(Knob::DeclarationsPerMonster) == 1 || st.hosts(ContinuousKind::SecondAttack, slot) ||
         st.hosts(ContinuousKind::AttackAllOnceEach, slot);
}

/// A mutant's reading (knob replay_stop_keeps_declaration = false): the
/// declaration an attacker stopped after a replay made is undone.
void give_declaration_back(ZoneState& z) {
  z.bits = static_cast<std::uint8_t>(z.bits & ~(z.has(kDeclarationsSpent) ? kDeclarationsSpent : kDeclared));
}

/// A monster that must attack if able and can declare an attack now: the
/// turn player may not end the Battle Step without attacking (knob `binds`:
/// must_attack_binds; must_attack_enters_battle_phase for skipping the Battle
/// Phase; the card's own text, S1 §攻击被无效 speaks of such a forced attack).
bool attack_obliged(const State& s, const Ruleset& r, const Scenario& sc, const Stepper& st, Knob binds) {
  if (!r.flag(binds)) return false;
  if (std::none_of(sc.cards.begin(), sc.cards.end(),
                   [](const CardSpec& c) { return c.term.continuous.kind == ContinuousKind::MustAttack; }))
    return false;
  for (int z = 0; z < kZonesPerSide; ++z) {
    const std::uint8_t slot = slot_of(Player::P1, z);
    if (!st.hosts(ContinuousKind::MustAttack, slot) || !may_attack(s, r, st, slot) || !st.may_declare(slot)) continue;
    ActionList targets;
    st.list_attack_targets(ActionType::DeclareAttack, slot, targets);
    if (targets.size() > 0) return true;
  }
  return false;
}

}  // namespace

void Model::actions(const State& s, ActionList& out) const {
  out.clear();
  if (s.resume != TriggerResume::None) {  // an optional trigger's controller chooses
    State copy = s;
    const std::uint8_t c = Stepper{scenario_, rules_, copy, scratch_events(), usable_.data()}.trigger_choice();
    out.push(Action{ActionType::Activate, c});
    // No choice for this model in a state another left mid-choice (a diagnosis
    // tries changed rules or cards on the engine's states): the one action resumes.
    if (c != kNoCard) out.push(Action{ActionType::DeclineTrigger, c});
    return;
  }
  switch (s.timing) {
    case Timing::MainPhase1: {
      const bool may_enter = !scenario_.first_turn || rules_.flag(Knob::BattlePhaseOnFirstTurn);
      if (may_enter) out.push(Action{ActionType::EnterBattlePhase});
      State copy = s;
      const Stepper st{scenario_, rules_, copy, scratch_events(), usable_.data()};
      // A monster that must attack if able and could: the Battle Phase is not skipped (knob must_attack_enters_battle_phase).
      if (!may_enter || !attack_obliged(s, rules_, scenario_, st, Knob::MustAttackEntersBattlePhase))
        out.push(Action{ActionType::SkipBattlePhase});
      return;
    }
    case Timing::MainPhase2:
    case Timing::EndPhase:
      return;
    case Timing::ReplayChoice: {
      State copy = s;
      Stepper{scenario_, rules_, copy, scratch_events(), usable_.data()}.list_attack_targets(ActionType::ReplayTarget, s.attacker, out);
      out.push(Action{ActionType::ReplayStop, kNoCard, s.attacker});
      return;
    }
    default:
      break;
  }
  const bool turn_player_free = s.priority == Player::P1 && s.chain_len == 0;
  State copy = s;
  const Stepper st{scenario_, rules_, copy, scratch_events(), usable_.data()};
  const bool may_end = !turn_player_free || (s.timing != Timing::BattleStepOpen && s.timing != Timing::StartStep) ||
                       !attack_obliged(s, rules_, scenario_, st, Knob::MustAttackBinds);
  if (may_end || s.timing != Timing::BattleStepOpen) out.push(Action{ActionType::Pass});
  if (s.timing == Timing::BattleStepOpen && turn_player_free)
    for (int z = 0; z < kZonesPerSide; ++z)
      if (may_attack(s, rules_, st, slot_of(Player::P1, z)) && st.may_declare(slot_of(Player::P1, z)))
        st.list_attack_targets(ActionType::DeclareAttack, slot_of(Player::P1, z), out);
  if (s.timing == Timing::BattleStepOpen && turn_player_free && rules_.flag(Knob::FlipSummonInBattlePhase))
    for (int z = 0; z < kZonesPerSide; ++z)
      if (s.zones[slot_of(Player::P1, z)].occupied() && s.zones[slot_of(Player::P1, z)].position() == Position::FaceDownDefense)
        out.push(Action{ActionType::FlipSummon, kNoCard, kNoSlot, slot_of(Player::P1, z)});
  st.list_activations(out);
  if (s.timing == Timing::StartStep && turn_player_free && may_end && rules_.flag(Knob::StartStepMaySkipToEndStep))
    out.push(Action{ActionType::SkipToEndStep});
}

State Model::next(const State& s, const Action& a, EventBuffer& events) const {
  State n = s;
  Stepper st{scenario_, rules_, n, events, usable_.data()};
  switch (a.type) {
    case ActionType::EnterBattlePhase: st.enter(Timing::StartStep); break;
    case ActionType::SkipBattlePhase: st.enter(Timing::EndPhase); break;
    case ActionType::SkipToEndStep: st.enter(Timing::EndStep); break;
    case ActionType::Pass: st.pass(); break;
    case ActionType::Activate:
      if (s.resume != TriggerResume::None) st.choose_trigger(a.card, true);
      else st.activate(a.card, a.target, a.cost);
      break;
    case ActionType::DeclineTrigger: st.choose_trigger(a.card, false); break;
    case ActionType::FlipSummon: st.flip_summon(a.target); break;
    case ActionType::DeclareAttack: {
      st.count_declaration(a.attacker, a.target);
      if (rules_.get(Knob::HasAttackedOn) == 1) n.zones[a.attacker].bits |= kAttacked;
      n.attacker = a.attacker;
      n.target = a.target;
      Event e;
      e.type = EventType::AttackDeclared;
      e.player = Player::P1;
      e.slot = a.attacker;
      e.target = a.target;
      events.push(e);
      st.declared_triggers();
      st.enter(Timing::AttackDeclaration);
      break;
    }
    case ActionType::ReplayTarget:
    case ActionType::ReplayStop: {
      Event e;
      e.type = EventType::ReplayChoice;
      e.slot = n.attacker;
      e.target = a.type == ActionType::ReplayTarget ? a.target : kNoSlot;
      events.push(e);
      if (a.type == ActionType::ReplayStop) {
        if (!rules_.flag(Knob::ReplayStopKeepsDeclaration)) give_declaration_back(n.zones[n.attacker]);
        st.end_attack();
        break;
      }
      n.target = a.target;
      st.choose_for_attack_all(n.attacker, a.target);
      // The re-choice is no declaration, but the monster chosen is targeted for
      // an attack: its own "when this card is targeted for an attack" trigger
      // activates (S1 §战斗步骤的卷回, S4 §2.4.2).
      if (a.target < kSlotCount) st.make_pending(n.zones[a.target].monster, TriggerEvent::TargetedForAttack);
      if (rules_.flag(Knob::ReplayReopensDeclarationWindow)) {
        Event d;
        d.type = EventType::AttackDeclared;
        d.slot = n.attacker;
        d.target = a.target;
        events.push(d);
        st.enter(Timing::AttackDeclaration);
      } else {
        st.enter(Timing::BattleStep);
      }
      break;
    }
  }
  return n;
}

std::string Model::describe(const State& s, const Action& a) const {
  auto monster = [&](std::uint8_t slot) -> std::string {
    if (slot == kDirect) return "a direct attack";
    if (is_card_target(slot) && card_of_target(slot) < scenario_.cards.size())
      return scenario_.cards[card_of_target(slot)].name + " (" + slot_name(slot) + ")";
    if (slot >= kSlotCount || !s.zones[slot].occupied()) return slot_name(slot);
    return scenario_.monsters[s.zones[slot].monster].name + " (" + slot_name(slot) + ")";
  };
  switch (a.type) {
    case ActionType::EnterBattlePhase: return "P1 enters the Battle Phase";
    case ActionType::SkipBattlePhase: return "P1 skips the Battle Phase";
    case ActionType::SkipToEndStep: return "P1 goes from the Start Step straight to the End Step";
    case ActionType::Pass: return (s.priority == Player::P1 ? "P1" : "P2") + std::string(" passes");
    case ActionType::Activate: {
      const CardSpec& c = scenario_.cards[a.card];
      std::string t = (c.owner == Player::P1 ? "P1" : "P2") + std::string(" activates ") + c.name + " (" +
                      std::string(name(c.kind)) + ")";
      if (a.target != kNoSlot) t += " targeting " + monster(a.target);
      if (a.cost != kNoSlot) t += ", Tributing " + monster(a.cost);
      return t;
    }
    case ActionType::DeclareAttack: return "P1 declares an attack: " + monster(a.attacker) + " -> " + monster(a.target);
    case ActionType::ReplayTarget: return "P1 re-chooses after the replay: " + monster(a.target);
    case ActionType::ReplayStop: return "P1 chooses not to attack after the replay";
    case ActionType::FlipSummon: return "P1 Flip Summons " + monster(a.target);
    case ActionType::DeclineTrigger: {
      const CardSpec& c = scenario_.cards[a.card];
      return (c.owner == Player::P1 ? "P1" : "P2") + std::string(" does not activate ") + c.name + " (optional trigger)";
    }
  }
  return "?";
}

}  // namespace bc
