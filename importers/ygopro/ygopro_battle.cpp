/// Battle, move and chain messages -> trace events (docs/engines/ygopro.md,
/// "Mapping" and "The subtle parts").
#include <algorithm>

#include "importers/ygopro/ygopro_mapper.hpp"

namespace bc::ygopro::detail {

namespace {

Position model_position(std::uint32_t p) {
  if (p & pos::kFaceUpAttack) return Position::FaceUpAttack;
  if (p & pos::kFaceUpDefense) return Position::FaceUpDefense;
  return Position::FaceDownDefense;
}

bool face_down(std::uint32_t p) { return (p & (pos::kFaceDownAttack | pos::kFaceDownDefense)) != 0; }

Event event(EventType t) {
  Event e;
  e.type = t;
  return e;
}

}  // namespace

/// Whether the link resolving now moves the attack (Duel.ChangeAttackTarget,
/// Shift): the core then writes a new MSG_ATTACK for the same attacker.
bool Mapper::retargeting() const {
  if (!resolving_ || resolving_ >= links_.size() || links_[resolving_].card >= scenario_.cards.size()) return false;
  return scenario_.cards[links_[resolving_].card].term.has_op(OpCode::ChangeAttackTarget);
}

/// A second MSG_ATTACK while the same attack is still in progress (no
/// Damage Step, no new battle command in between) is the attack moved by the
/// resolving link (Shift: the target changes without a replay, since the
/// monster count did not change) or else the turn player's re-choice after a
/// replay; never a new declaration (S1 §战斗步骤的卷回).
bool Mapper::on_attack(const Message& m) {
  if (stage_ != Stage::InBattle) return true;
  const std::uint8_t a = slot(m.attacker);
  const std::uint8_t t = m.target.location == 0 ? kDirect : slot(m.target);
  if (a == kNoSlot || t == kNoSlot) return fail(m, "an attack from or to a zone the model does not have (extra monster zone?)");
  if (attack_ && a == attacker_ && !replay_open_ && retargeting()) {
    Event c = event(EventType::AttackTargetChanged);
    c.slot = a;
    c.target = t;
    push(c);
    target_ = t;
    return true;
  }
  if (attack_ && a == attacker_) {
    if (!replay_open_) {
      Event r = event(EventType::Replay);
      r.slot = a;
      push(r);
      enter(Timing::ReplayChoice);
    }
    Event c = event(EventType::ReplayChoice);
    c.slot = a;
    c.target = t;
    push(c);
    replay_open_ = false;
    target_ = t;
    enter(Timing::BattleStep);
    return true;
  }
  if (negated_early_) warn("an attack negation written at its card's resolution was never confirmed by MSG_ATTACK_DISABLED");
  attack_ = true;
  attack_negated_ = false;
  negated_early_ = false;
  replay_open_ = false;
  attacker_ = a;
  target_ = t;
  Event d = event(EventType::AttackDeclared);
  d.player = Player::P1;
  d.slot = a;
  d.target = t;
  push(d);
  declared_count_ = defender_count();
  enter(Timing::AttackDeclaration);
  return true;
}

/// The attack ended in the Battle Step (a new battle command arrived).
void Mapper::end_attack_without_damage_step() {
  if (replay_open_) {  // the turn player answered "no" to the replay prompt
    Event c = event(EventType::ReplayChoice);
    c.slot = attacker_;
    c.target = kNoSlot;
    push(c);
  } else if (!attack_negated_ && attacker_ < kSlotCount) {
    Event s = event(EventType::AttackStopped);
    s.slot = attacker_;
    push(s);
  }
  attack_ = false;
  replay_open_ = false;
  attacker_ = target_ = kNoSlot;
}

void Mapper::on_battle(const Message& m) {
  if (stage_ != Stage::InBattle) return;
  const std::uint8_t a = slot(m.attacker);
  const bool direct = m.target.location == 0;
  const std::uint8_t t = direct ? kDirect : slot(m.target);
  Event e = event(EventType::DamageCalculation);
  e.slot = a;
  e.target = t;
  e.value = m.atk[0];
  if (direct) {
    e.mode = CalcMode::Direct;
  } else if (m.target.position & pos::kFaceUpAttack) {
    e.mode = CalcMode::VsAttack;
    e.value2 = m.atk[1];
  } else {
    e.mode = CalcMode::VsDefense;
    e.value2 = m.def[1];
  }
  learn_monster_stats(m);
  learn_amount(m);
  learn_atk_outcome(m);
  expect_battle_damage(m);
  push(e);
  calc_seen_ = true;
  calc_open_ = true;
  confirm_ = {m.destroyed[0] ? a : kNoSlot, (m.destroyed[1] && !direct) ? t : kNoSlot};
}

/// MSG_DAMAGE right after MSG_BATTLE is battle damage (MSG_RECOVER, that
/// damage reversed: a gain); other damage and gains come from effects, not read.
void Mapper::on_damage(const Message& m) {
  if (stage_ != Stage::InBattle) return;
  const bool gain = m.code == msg::kRecover;  // right after MSG_BATTLE: the damage reversed (Rainbow Life)
  if (!calc_open_) {
    if (!effect_damage_warned_ && !gain) warn("effect damage (MSG_DAMAGE not after MSG_BATTLE) is not in the trace vocabulary: skipped");
    effect_damage_warned_ = effect_damage_warned_ || !gain;
    return;
  }
  Event e = event(gain ? EventType::LifePointsChanged : EventType::BattleDamage);
  e.player = side(m.player);
  e.value = static_cast<std::int32_t>(m.data);
  if (!gain) calc_damage_[static_cast<int>(e.player)] += e.value;
  push(e);
}

void Mapper::flush_confirmed() {
  if (calc_open_) learn_damage_outcome();
  calc_open_ = false;
  for (std::uint8_t s : confirm_)
    if (s < kSlotCount) {
      Event e = event(EventType::DestroyConfirmed);
      e.slot = s;
      push(e);
    }
  confirm_ = {kNoSlot, kNoSlot};
}

/// Battle-destroyed monsters leave at the end of the Damage Step: the
/// engine moves them after the after-damage-calculation window and before
/// hinting the end-of-Damage-Step window, so the move is written right
/// after that window's timing_enter (docs/engines/ygopro.md).
void Mapper::flush_battle_leaves() {
  std::sort(leaves_.begin(), leaves_.end());
  for (const auto& [s, monster] : leaves_) {
    Event e = event(EventType::LeftField);
    e.slot = s;
    e.reason = LeaveReason::Battle;
    e.monster = monster;
    push(e);
  }
  leaves_.clear();
}

/// A battle flip seen after the start-of-Damage-Step window closed (both
/// players passed) and before the next window's hint is that next window's
/// entry event: the engine turns the monster face-up on its way into
/// "before damage calculation" and only then hints the window.
void Mapper::flush_flip() {
  if (deferred_flip_ == kNoSlot) return;
  Event e = event(EventType::FlippedFaceUp);
  e.slot = deferred_flip_;
  deferred_flip_ = kNoSlot;
  push(e);
  if (!deferred_position_) return;
  Event p = event(EventType::PositionChanged);
  p.slot = e.slot;
  p.position = *deferred_position_;
  deferred_position_.reset();
  push(p);
}

bool Mapper::on_move(const Message& m) {
  if (stage_ != Stage::InBattle) {
    if (stage_ == Stage::BeforeBattle) early_move(m);
    track_move(m);
    return true;
  }
  if (m.from.location == loc::kSzone && ((m.move_reason & reason::kDestroy) || m.to.location == loc::kHand ||
                                         m.to.location == loc::kRemoved))
    note_card_destroyed(m);
  if (m.to.location == loc::kMzone && !map_extra_zone(m.to.controller, m.to.sequence))
    return fail(m, "a monster enters an Extra Monster Zone, but its side has no free zone in the model's five");
  const std::uint8_t from = slot(m.from), to = slot(m.to);
  if (from != kNoSlot && to == kNoSlot) {
    const std::uint8_t monster = monster_index(board_[m.from.controller][m.from.sequence].code ? board_[m.from.controller][m.from.sequence].code : m.card);
    LeaveReason reason = LeaveReason::Banish;  // any other way off the field: not destroyed
    if (m.move_reason & reason::kBattle) reason = LeaveReason::Battle;
    else if (m.move_reason & reason::kCost) reason = LeaveReason::Cost;  // a Tribute or a banishment paid as a cost
    else if (m.to.location == loc::kRemoved) reason = LeaveReason::Banish;
    else if (m.to.location == loc::kHand && !(m.move_reason & reason::kDestroy)) reason = LeaveReason::ReturnToHand;
    else if (m.move_reason & reason::kDestroy) reason = LeaveReason::EffectDestroy;
    if (reason == LeaveReason::Cost) learn_cost(from, m);
    if (resolving_ && links_[resolving_].card < scenario_.cards.size() &&
        targets_monsters(scenario_.cards[links_[resolving_].card].term.target.kind)) {
      Event& a = out_.records[links_[resolving_].record].event;
      if (a.target == kNoSlot) a.target = from;
    }
    if (reason == LeaveReason::Battle && step_ == Step::DamageStep && timing_ != Timing::EndOfDamageStep) {
      leaves_.emplace_back(from, monster);
    } else {
      if (reason == LeaveReason::Banish) outcome_left_to_ |= destination_category(m.to.location);
      Event e = event(EventType::LeftField);
      e.slot = from;
      e.reason = reason;
      e.monster = monster;
      push(e);
    }
  } else if (to != kNoSlot && from != kNoSlot && m.from.controller != m.to.controller) {
    control_change(from, to, model_position(m.to.position), m);
  } else if (to != kNoSlot && from == kNoSlot) {
    std::uint8_t monster = monster_index(m.card);
    if (monster == kNoMonster) monster = learn_monster(m.card);
    if (monster == kNoMonster)
      return fail(m, "monster " + std::to_string(m.card) + " enters the field but the cards file does not list it, and the model holds no more monsters");
    Event e = event(EventType::Summoned);
    e.slot = to;
    e.monster = monster;
    e.player = side(m.to.controller);
    e.position = model_position(m.to.position);
    push(e);
  }
  track_move(m);
  return true;
}

void Mapper::on_position(const Message& m) {
  track_position(m);
  if (stage_ != Stage::InBattle) return;
  const std::uint8_t s = slot(m.from);
  if (s == kNoSlot || model_position(m.from.position) == model_position(m.to.position)) return;
  const bool battle_flip = face_down(m.from.position) && !face_down(m.to.position) && step_ == Step::DamageStep && s == target_;
  if (battle_flip && resolving_ == 0 && timing_ == Timing::StartOfDamageStep) {
    deferred_flip_ = s;  // the engine flips on its way to the next window: it belongs there
    return;
  }
  if (s == deferred_flip_) {
    // The flipped monster's position changes again before the flip is pushed
    // (a continuous effect forcing a position, Final Attack Orders): the change follows the flip.
    deferred_position_ = model_position(m.to.position);
    return;
  }
  // No chain after HINT 29: the core is in its End Step's phase event (process_phase_event
  // step 0), a continuous effect on EVENT_PHASE+PHASE_BATTLE (Goblin Attack Force).
  if (battle_step_ending_ && timing_ == Timing::BattleStepOpen && resolving_ == 0 && links_[1].card == kNoCard)
    enter(Timing::EndStep);
  Event e = event(battle_flip ? EventType::FlippedFaceUp : EventType::PositionChanged);
  e.slot = s;
  if (e.type == EventType::PositionChanged) e.position = model_position(m.to.position);
  push(e);
}

bool Mapper::on_chaining(const Message& m) {
  if (stage_ == Stage::BeforeBattle) early_chaining(m);
  if (stage_ != Stage::InBattle) return true;
  const std::uint8_t card = ensure_card(m.card, m.from);
  if (card == kNoCard) return fail(m, "card " + std::to_string(m.card) + " is activated but the model holds no more effect cards for its player");
  if (m.link == 0 || m.link >= links_.size()) return fail(m, "chain link " + std::to_string(m.link) + " out of range");
  const CardSpec& spec = scenario_.cards[card];
  Event e = event(EventType::Activate);
  e.player = spec.owner;
  e.card = card;
  e.kind = spec.kind;
  e.link = m.link;
  e.slot = m.from.location == loc::kMzone ? slot(m.from) : kNoSlot;
  links_[m.link] = LinkInfo{card, spec.kind, spec.owner, out_.records.size()};
  battle_step_ending_ = false;  // a chain at HINT 29 returns to the turn player's battle command
  activated_ |= 1u << card;
  push(e);
  out_.records.back().card_name = spec.name;
  activating_ = m.link;
  return true;
}

/// A script's Duel.SetTargetCard writes MSG_BECOME_TARGET whether or not the
/// effect targets in the rules' sense: only EFFECT_FLAG_CARD_TARGET does
/// (Negate Attack keeps the attacker with SetTargetCard and has no such flag).
/// So the activation's target is set only for a card whose term targets a
/// monster, or whose outcome is still open and whose script may target
/// (learn_outcome reads the target; Dark Magician of Chaos names the monster
/// it banishes with SetTargetCard, without the flag: no target).
void Mapper::on_become_target(const Message& m) {
  if (stage_ == Stage::BeforeBattle) early_target(m);
  if (stage_ != Stage::InBattle || activating_ == 0 || activating_ >= links_.size()) return;
  const std::uint8_t card = links_[activating_].card;
  if (card >= scenario_.cards.size()) return;
  const bool open = card < open_outcome_.size() && open_outcome_[card];
  const bool no_target = card < no_target_.size() && no_target_[card];
  const TargetKind kind = scenario_.cards[card].term.target.kind;
  if (!targets_monsters(kind) && !targets_cards(kind) && (!open || no_target)) return;
  Event& a = out_.records[links_[activating_].record].event;
  for (const Choice& c : m.cards) {
    if (a.target != kNoSlot) break;
    if (targets_cards(kind) && c.where.location == loc::kSzone) a.target = spell_trap_target(c.where);
    else if (kind != TargetKind::SpellTrap && c.where.location == loc::kMzone) a.target = slot(c.where);
  }
}

/// Duel.NegateAttack only marks the attacker (EFFECT_ATTACK_DISABLED); the
/// core writes MSG_ATTACK_DISABLED when it next looks at the attack, after the
/// chain and a round of priority (processor.cpp, field::process_battle_command,
/// step 11, in both cores). In the rules an effect applies as its link
/// resolves, and a negated attack ends the battle there (S1 §战斗步骤,
/// S1 §攻击被无效), so the negation is written at the resolution of a link
/// whose term negates the attack. When the core's message never follows, the
/// importer says so.
void Mapper::negate_at_resolution(std::uint8_t link) {
  if (!link || link >= links_.size() || links_[link].card >= scenario_.cards.size()) return;
  if (!attack_ || attack_negated_ || attacker_ >= kSlotCount) return;
  if (links_[link].negated || !scenario_.cards[links_[link].card].term.has_op(OpCode::NegateAttack)) return;
  Event e = event(EventType::AttackNegated);
  e.slot = attacker_;
  push(e);
  attack_negated_ = true;
  negated_early_ = true;
}

void Mapper::on_chain(const Message& m) {
  if (stage_ == Stage::BeforeBattle) early_chain(m);
  if (stage_ != Stage::InBattle) return;
  const LinkInfo& l = links_[m.link < links_.size() ? m.link : 0];
  switch (m.code) {
    case msg::kChainSolving: {
      Event e = event(EventType::Resolve);
      e.link = m.link;
      e.card = l.card;
      e.kind = l.kind;
      e.player = l.player;
      push(e);
      resolving_ = m.link < links_.size() ? m.link : 0;
      outcome_.clear();
      outcome_left_to_ = 0;
      resolve_field_ = resolve_attack_ = 0;
      for (std::uint8_t c = 0; c < 2; ++c)
        for (std::uint32_t z = 0; z < 7; ++z) {
          const std::uint8_t s = board_[c][z].code ? slot(Location{c, loc::kMzone, z, 0}) : kNoSlot;
          if (s == kNoSlot) continue;
          resolve_field_ |= static_cast<std::uint16_t>(1u << s);
          if (board_[c][z].position & pos::kFaceUpAttack) resolve_attack_ |= static_cast<std::uint16_t>(1u << s);
        }
      return;
    }
    case msg::kChainSolved:
      links_[resolving_].resolved = true;
      if (step_ == Step::DamageStep && !links_[resolving_].negated && links_[resolving_].card < scenario_.cards.size() &&
          scenario_.cards[links_[resolving_].card].term.has_op(OpCode::EndBattlePhase))
        phase_ended_in_damage_step_ = true;
      negate_at_resolution(resolving_);
      forbid_at_resolution(resolving_);
      force_at_resolution(resolving_);
      note_amount(resolving_);
      learn_outcome(resolving_);
      resolving_ = 0;
      return;
    case msg::kChainNegated:
    case msg::kChainDisabled: {
      if (m.link < links_.size()) links_[m.link].negated = true;
      if (m.link < links_.size() && m.code == msg::kChainNegated) links_[m.link].activation_negated = true;
      Event e = event(EventType::Negated);
      e.link = m.link;
      e.negation = m.code == msg::kChainNegated ? Negation::Activation : Negation::Effect;
      TraceRecord* last = out_.records.empty() ? nullptr : &out_.records.back();
      if (last && last->kind == RecordKind::Event && last->event.type == EventType::Resolve && last->event.link == m.link) {
        // Negated as it resolves (Royal Decree's EVENT_CHAIN_SOLVING, a disabled
        // monster): the model writes the negation first, then the link's resolution.
        std::swap(last->event, e);
        push(e);
        return;
      }
      push(e);
      return;
    }
    case msg::kChainEnd:
      push(event(EventType::ChainEnd));
      links_.fill(LinkInfo{});
      resolving_ = 0;
      post_chain_ = (timing_ == Timing::BattleStepOpen && !attack_) || phase_loop_window();
      declaration_round_ = timing_ == Timing::AttackDeclaration && attack_ && defender_count() == declared_count_;
      return;
    case msg::kAttackDisabled: {
      if (negated_early_) {  // written at the resolution (negate_at_resolution)
        negated_early_ = false;
        return;
      }
      Event e = event(EventType::AttackNegated);
      e.slot = attacker_;
      push(e);
      attack_negated_ = true;
      return;
    }
    default: return;
  }
}

}  // namespace bc::ygopro::detail
