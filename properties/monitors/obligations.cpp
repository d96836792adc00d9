/// mandatory_triggers_activate: a mandatory trigger whose event the trace
/// shows, with its condition met, is activated before the Battle Phase ends;
/// it never vanishes. The trace header says which cards carry such a trigger
/// and on which monster; the events say when each trigger event happens
/// (one table row per TriggerEvent, no card names), and the Activate events
/// discharge the obligation. Triggers whose activation the events cannot
/// decide (a target to choose, a cost, a free zone, a condition on the
/// battle at activation time, timings of their own) are left to the other
/// properties and to conformance.
#include "model/core/scenario.hpp"
#include "properties/monitors/checks.hpp"

namespace bc {

namespace {

/// Whether the events alone decide that `card`'s trigger must be activated.
bool obliged(const CardSpec& card) {
  const EffectTerm& t = card.term;
  if (t.activation != Activation::Trigger || !t.mandatory || t.timings != 0) return false;
  // The end of the Battle Phase has its own property (mandatory_end_of_battle_triggers_activate).
  if (t.trigger == TriggerEvent::None || t.trigger == TriggerEvent::EndOfBattlePhase) return false;
  if (t.target.kind != TargetKind::None || t.cost != Cost::None || t.has_op(OpCode::SpecialSummon)) return false;
  if (t.conditions & ~(kCondHostAttacked | kCondHostBattled)) return false;
  if (card.hidden_condition) return false;  // its condition may fail: the model lets it go unactivated
  return !(needs_host_on_field(t.trigger) && card.host == kNoMonster);
}

}  // namespace

void obligation_facts(TraceContext& c, const Scenario& header) {
  for (std::size_t i = 0; i < header.cards.size() && i < static_cast<std::size_t>(kMaxCards); ++i) {
    const CardSpec& card = header.cards[i];
    c.card_host[i] = card.host;
    // An effect of a face-up card is due only once that card's activation has
    // resolved: from the start when it resolved before the Battle Phase; a
    // later resolution is left to conformance (the model's face_up_for).
    const bool face_up = card.effect_of == kNoCard ||
                         (header.cards[card.effect_of].resolved_before && !header.cards[card.effect_of].destroyed_before);
    if (obliged(card) && face_up) c.card_event[i] = static_cast<std::uint8_t>(card.term.trigger);
  }
  for (int side = 0; side < 2; ++side)
    for (int z = 0; z < kZonesPerSide; ++z)
      c.slot_monster[slot_of(static_cast<Player>(side), z)] = header.board[side][z].monster;
}

namespace checks {

namespace {

std::uint8_t monster_at(const Ctx& c, std::uint8_t slot) {
  return slot < kSlotCount ? c.slot_monster[slot] : kNoMonster;
}

std::uint8_t slot_of_monster(const Ctx& c, std::uint8_t monster) {
  for (std::uint8_t s = 0; s < kSlotCount; ++s)
    if (monster != kNoMonster && c.slot_monster[s] == monster && (c.occupied & slot_bit(s))) return s;
  return kNoSlot;
}

/// The host's "attacked" / "battled" conditions (header card masks), read
/// once the event is folded: the host must be on the field and have done it.
bool conditions_met(const Ctx& c, std::uint8_t card) {
  const std::uint16_t cb = card_bit(card);
  if (!((c.cond_attacked | c.cond_battled) & cb)) return true;
  const std::uint16_t b = slot_bit(slot_of_monster(c, c.card_host[card]));
  if ((c.cond_attacked & cb) && !(c.attacked & b)) return false;
  return !((c.cond_battled & cb) && !(c.battled & b));
}

/// Cards hosted by `monster` whose obliged trigger is `event` become due.
void hosted(Ctx& c, TriggerEvent event, std::uint8_t monster) {
  if (monster == kNoMonster) return;
  for (std::uint8_t i = 0; i < kMaxCards; ++i)
    if (c.card_event[i] == static_cast<std::uint8_t>(event) && c.card_host[i] == monster &&
        !(c.trig_done & card_bit(i)) && conditions_met(c, i))
      c.trig_due |= card_bit(i);
}

/// Cards held by `listener` whose obliged trigger is `event` become due.
void listening(Ctx& c, TriggerEvent event, Player listener) {
  for (std::uint8_t i = 0; i < kMaxCards; ++i)
    if (c.card_event[i] == static_cast<std::uint8_t>(event) && ((c.card_p2 & card_bit(i)) != 0) == (listener == Player::P2) &&
        !(c.trig_done & card_bit(i)) && conditions_met(c, i))
      c.trig_due |= card_bit(i);
}

/// Obligations end with their monster when the trigger needs it on the field.
void host_left(Ctx& c, std::uint8_t monster) {
  for (std::uint8_t i = 0; i < kMaxCards; ++i)
    if (c.card_host[i] == monster && needs_host_on_field(static_cast<TriggerEvent>(c.card_event[i])))
      c.trig_due &= static_cast<std::uint16_t>(~card_bit(i));
}

void on_left(Ctx& c, const Event& e) {
  const std::uint8_t m = e.monster != kNoMonster ? e.monster : monster_at(c, e.slot);
  host_left(c, m);
  if (e.reason != LeaveReason::Banish && e.reason != LeaveReason::ReturnToHand) {
    hosted(c, TriggerEvent::SentToGraveyard, m);
    if (e.slot < kSlotCount) listening(c, TriggerEvent::OpponentMonsterSentToGraveyard, other(side_of(e.slot)));
  }
  if (e.reason == LeaveReason::Battle) {
    hosted(c, TriggerEvent::DestroyedByBattle, m);
    const std::uint8_t foe = e.slot == c.attacker ? c.target : e.slot == c.target ? c.attacker : kNoSlot;
    if (c.occupied & slot_bit(foe)) hosted(c, TriggerEvent::DestroyedOpponentByBattle, monster_at(c, foe));
  }
  if (e.slot < kSlotCount) c.slot_monster[e.slot] = kNoMonster;
}

void on_battle_damage(Ctx& c, const Event& e) {
  const std::uint8_t dealer = e.player == Player::P1 ? c.target : c.attacker;
  if (!(c.occupied & slot_bit(dealer))) return;
  hosted(c, TriggerEvent::InflictsBattleDamage, monster_at(c, dealer));
  for (Player p : {Player::P1, Player::P2}) listening(c, TriggerEvent::MonsterInflictsBattleDamage, p);
}

void on_calc(Ctx& c, const Event& e) {
  hosted(c, TriggerEvent::Battled, monster_at(c, e.slot));
  if (e.target < kSlotCount) hosted(c, TriggerEvent::Battled, monster_at(c, e.target));
}

void on_declared(Ctx& c, const Event& e) {
  if (e.slot < kSlotCount) listening(c, TriggerEvent::AttackDeclared, other(side_of(e.slot)));
  hosted(c, TriggerEvent::TargetedForAttack, monster_at(c, e.target));
}

void on_summoned(Ctx& c, const Event& e) {
  if (e.slot < kSlotCount) c.slot_monster[e.slot] = e.monster;
  hosted(c, TriggerEvent::SpecialSummoned, e.monster);
  listening(c, TriggerEvent::OpponentSpecialSummoned, other(e.player));
  for (Player p : {Player::P1, Player::P2}) listening(c, TriggerEvent::MonsterSummoned, p);
}

/// Before damage calculation, and as damage calculation begins: the battlers'
/// triggers on their battle, while both are still on the field (the model's
/// on_entry reads the same).
void on_calculation_ahead(Ctx& c, TriggerEvent event) {
  if (c.attacker >= kSlotCount || !(c.occupied & slot_bit(c.attacker))) return;
  if (c.target != kDirect && (c.target >= kSlotCount || !(c.occupied & slot_bit(c.target)))) return;
  for (std::uint8_t slot : {c.attacker, c.target})
    if (slot < kSlotCount) hosted(c, event, monster_at(c, slot));
}

void on_end_of_damage_step(Ctx& c) {
  for (std::uint8_t slot : {c.attacker, c.target})
    if (c.occupied & slot_bit(slot)) hosted(c, TriggerEvent::EndOfDamageStep, monster_at(c, slot));
}

}  // namespace

/// Folds the obligations: run after the other folds (the masks are the
/// event's outcome) and before the zone occupants change.
void fold_obligations(Ctx& c, const Event& e) {
  switch (e.type) {
    case EventType::Activate:
      if (e.card < kMaxCards) {
        c.trig_done |= card_bit(e.card);
        c.trig_due &= static_cast<std::uint16_t>(~card_bit(e.card));
      }
      break;
    case EventType::DamageStepBegin:
      if (c.face_down & c.occupied & slot_bit(c.target)) hosted(c, TriggerEvent::AttacksFaceDown, monster_at(c, c.attacker));
      else if (c.defense & c.occupied & slot_bit(c.target))
        hosted(c, TriggerEvent::AttacksFaceUpDefense, monster_at(c, c.attacker));
      if (c.occupied & slot_bit(c.target)) hosted(c, TriggerEvent::AttacksMonster, monster_at(c, c.attacker));
      break;
    case EventType::FlippedFaceUp: hosted(c, TriggerEvent::Flipped, monster_at(c, e.slot)); break;
    case EventType::BattleDamage: on_battle_damage(c, e); break;
    case EventType::DamageCalculation: on_calc(c, e); break;
    case EventType::LeftField: on_left(c, e); break;
    case EventType::AttackDeclared: on_declared(c, e); break;
    case EventType::ReplayChoice:  // the monster re-chosen after a replay is targeted for an attack
      if (e.target < kSlotCount) hosted(c, TriggerEvent::TargetedForAttack, monster_at(c, e.target));
      break;
    case EventType::Summoned: on_summoned(c, e); break;
    case EventType::ControlChanged:  // the same monster in another zone: no trigger of the model's
      if (e.slot < kSlotCount) c.slot_monster[e.slot] = kNoMonster;
      if (e.target < kSlotCount) c.slot_monster[e.target] = e.monster;
      break;
    case EventType::NormalSummoned:
      if (e.slot < kSlotCount) c.slot_monster[e.slot] = e.monster;
      break;
    case EventType::FlipSummoned:  // a Flip Summon also flips: both kinds of trigger
      hosted(c, TriggerEvent::Flipped, monster_at(c, e.slot));
      hosted(c, TriggerEvent::FlipSummoned, monster_at(c, e.slot));
      for (Player p : {Player::P1, Player::P2}) listening(c, TriggerEvent::MonsterSummoned, p);
      break;
    case EventType::TimingEnter:
      if (e.timing == Timing::EndOfDamageStep) on_end_of_damage_step(c);
      if (e.timing == Timing::BeforeDamageCalculation) on_calculation_ahead(c, TriggerEvent::BeforeDamageCalculation);
      if (e.timing == Timing::DamageCalculation) on_calculation_ahead(c, TriggerEvent::AtDamageCalculation);
      break;
    default: break;
  }
}

/// mandatory_triggers_activate: when the Battle Phase is over (Main Phase 2
/// or the End Phase begins) no obliged trigger is still due.
void trigger_obligations(const Ctx& c, const Event& e, Verdicts& v) {
  const bool over = e.step == Step::MainPhase2 || e.step == Step::EndPhase;
  if (over && c.trig_due != 0) violate(v, Prop::MandatoryTriggersActivate);
}

}  // namespace checks

}  // namespace bc
