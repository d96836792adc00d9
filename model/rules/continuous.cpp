/// Continuous effects (docs/effects.md "Continuous part"): never activated,
/// they apply while their card is on the field (a monster's only while it is
/// face-up). The model reads them where the rule they change is applied.
#include "model/rules/stepper.hpp"

namespace bc::detail {

/// A monster's continuous effect stops applying once its destruction by
/// battle is confirmed, although the monster stays on the field until the end
/// of the Damage Step (S0 §6.3.4.3.3, S1 §伤害计算时, S3 §Flipping the
/// Face-Down Monster Face-Up: a self-destructing monster destroyed by the
/// battle is not destroyed by its effect).
/// A Continuous Spell or Trap (an activated term with a continuous part)
/// applies its part once its activation has resolved (State::resolved).
/// A card whose effects another card's continuous part negates (Royal
/// Decree, Skill Drain) applies none of its own.
bool Stepper::continuous_active(std::uint8_t card) const {
  return continuous_in_force(card) && !negated_by_continuous(card);
}

bool Stepper::face_up_for(std::uint8_t card) const {
  const std::uint8_t of = sc.cards[card].effect_of;
  return of == kNoCard || (s.resolved & (1u << of)) != 0;
}

bool Stepper::has_later_effects(std::uint8_t card) const {
  for (const CardSpec& c : sc.cards)
    if (c.effect_of == card) return true;
  return false;
}

bool Stepper::continuous_in_force(std::uint8_t card) const {
  const CardSpec& c = sc.cards[card];
  if (!face_up_for(card)) return false;
  if (c.term.activation != Activation::Continuous)
    return continuous_after_activation(c.term) && (s.resolved & (1u << card)) != 0;
  if (c.host == kNoMonster) return !(s.used & (1u << card));  // face-up from the start, until an effect destroys it
  const std::uint8_t h = host_slot(card);
  return h != kNoSlot && s.zones[h].position() != Position::FaceDownDefense && !s.zones[h].has(kDestroyConfirmed);
}

/// Another card's continuous part negates this card's effects now: every
/// other Trap's (negate_trap_effects), or a monster's while it is face-up on
/// the field (negate_monster_effects). The negating card's own part is read
/// as in force, whether or not a third card negates it (docs/effects.md).
bool Stepper::negated_by_continuous(std::uint8_t card) const {
  const EffectTerm& t = sc.cards[card].term;
  if (t.card_type == CardType::Spell) return false;
  for (std::uint8_t n = 0; n < sc.cards.size(); ++n) {
    const ContinuousKind k = sc.cards[n].term.continuous.kind;
    if (n == card || !negates_effects(k) || !continuous_in_force(n)) continue;
    if (k == ContinuousKind::NegateTrapEffects && t.card_type == CardType::Trap) return true;
    if (k != ContinuousKind::NegateMonsterEffects || t.card_type != CardType::Monster) continue;
    const std::uint8_t h = host_slot(card);
    if (h != kNoSlot && s.zones[h].position() != Position::FaceDownDefense) return true;
  }
  return false;
}

/// Skyscraper-like modifiers: during damage calculation only, or during the
/// Damage Step only, to the controller's battling monster (S1 §伤害计算时,
/// S4 §2.4.3.3: applied before the damage calculation chain and re-checked);
/// and the changes by printed Type or Attribute, at any time.
int Stepper::continuous_atk(std::uint8_t slot) const {
  int sum = printed_atk(slot);
  if (!attack_in_progress() || (slot != s.attacker && slot != s.target)) return sum;
  const std::uint8_t foe = slot == s.attacker ? s.target : s.attacker;
  const bool foe_here = foe < kSlotCount && s.zones[foe].occupied();
  const MonsterSpec* f = foe_here ? &sc.monsters[s.zones[foe].monster] : nullptr;
  const bool foe_up = foe_here && s.zones[foe].position() != Position::FaceDownDefense;
  for (std::uint8_t c = 0; c < sc.cards.size(); ++c) {
    const ContinuousSpec& k = sc.cards[c].term.continuous;
    const bool calc = k.kind == ContinuousKind::CalcAtkModifier && s.timing == Timing::DamageCalculation;
    const bool ds = k.kind == ContinuousKind::DamageStepAtkModifier && in_damage_step(s.timing);
    if (!(calc || ds) || side_of(slot) != sc.cards[c].owner || !continuous_active(c)) continue;
    if (sc.cards[c].host != kNoMonster && host_slot(c) != slot) continue;  // a monster's own change
    const bool any = k.foe_attribute == 0 && k.foe_type == 0;
    if (any || (f && battle_foe_matches(k, foe_up, f->type, f->attribute))) sum += k.amount;
  }
  return sum;
}

/// ATK changes by printed Type or Attribute (Command Knight, Nightmare
/// Penguin, Hoshiningen): to a face-up monster, from each card that applies
/// whose part names it (printed_atk_change), its controller's monsters or every one.
int Stepper::printed_atk(std::uint8_t slot) const {
  const ZoneState& z = s.zones[slot];
  if (!z.occupied() || z.position() == Position::FaceDownDefense) return 0;
  const MonsterSpec& m = sc.monsters[z.monster];
  int sum = 0;
  for (std::uint8_t c = 0; c < sc.cards.size(); ++c) {
    const ContinuousSpec& k = sc.cards[c].term.continuous;
    if (!is_printed_atk_modifier(k.kind) || (!k.all_monsters && side_of(slot) != sc.cards[c].owner)) continue;
    const int change = printed_atk_change(k, m.type, m.attribute);
    if (change != 0 && continuous_active(c)) sum += change;
  }
  return sum;
}

/// A Continuous Spell or Trap whose activation resolved: its continuous part
/// applies from now on. A lock by printed Level or Type says "cannot attack"
/// (Gravity Bind, Insect Barrier), so the attacking monster it names stops
/// before the Damage Step as for OpCode::CannotAttack (knob
/// cannot_attack_stops_attack, S1 §战斗步骤); a lock by ATK says "cannot
/// declare an attack" and binds later declarations only.
void Stepper::come_into_force(std::uint8_t card) {
  const EffectTerm& t = sc.cards[card].term;
  if (!continuous_after_activation(t) && !has_later_effects(card) && !sc.cards[card].stays_on_field) return;
  s.resolved = static_cast<std::uint16_t>(s.resolved | 1u << card);
  if (t.continuous.kind == ContinuousKind::FaceUpAttackPosition || t.continuous.kind == ContinuousKind::FaceUpDefenseOfType)
    for (std::uint8_t slot = 0; slot < kSlotCount; ++slot) {
      const ZoneState& z = s.zones[slot];
      if (z.occupied() && z.position() != Position::FaceDownDefense)
        change_position(slot, forced_by(t.continuous, sc.monsters[z.monster].type, z.position()));
    }
  const bool attacking = s.attacker < kSlotCount && !s.has(kAttackerGone) && s.zones[s.attacker].occupied();
  // An attack on a monster the attacker may no longer attack replays (S1 §战斗步骤的卷回).
  const bool direct_now = t.continuous.kind == ContinuousKind::OpponentAttacksDirectly && s.target < kSlotCount &&
                          side_of(s.target) == sc.cards[card].owner;
  if (direct_now && attacking && battle_window() && r.flag(Knob::ForcedTargetCausesReplay)) s.battle |= kReplayPending;
  if (!is_printed_lock(t.continuous.kind) || !attacking || !battle_window() || may_declare(s.attacker)) return;
  if (r.flag(Knob::CannotAttackStopsAttack)) s.battle |= kAttackerGone;
}

/// A forced position applies (Final Attack Orders, Dragon Capture Jar): a face-up monster does not
/// stay in the other position.
Position Stepper::forced_position(std::uint8_t monster, Position pos) const {
  for (std::uint8_t c = 0; c < sc.cards.size(); ++c) {
    const ContinuousSpec& k = sc.cards[c].term.continuous;
    const bool forces = k.kind == ContinuousKind::FaceUpAttackPosition || k.kind == ContinuousKind::FaceUpDefenseOfType;
    if (forces && continuous_active(c)) pos = forced_by(k, sc.monsters[monster].type, pos);
  }
  return pos;
}

/// Royal Decree or Jinzo: every Trap, by either player; Mirage Dragon: the
/// opponent's, from the Start Step to the End Step (the Battle Phase).
bool Stepper::traps_locked(Player who) const {
  const Step step = step_of(s.timing);
  const bool battle_phase = step != Step::MainPhase1 && step != Step::MainPhase2 && step != Step::EndPhase;
  for (std::uint8_t c = 0; c < sc.cards.size(); ++c) {
    const ContinuousKind k = sc.cards[c].term.continuous.kind;
    const bool locks = k == ContinuousKind::NoTrapActivation ||
                       (k == ContinuousKind::OpponentNoTrapActivation && battle_phase && who != sc.cards[c].owner);
    if (locks && continuous_active(c)) return true;
  }
  return false;
}

/// Ancient Gear Soldier: while its host is the attacking monster, its controller's
/// opponent activates no Spell or Trap card (ContinuousKind::NoSpellTrapWhileAttacking).
bool Stepper::spell_traps_locked(Player who) const {
  if (!attack_in_progress()) return false;
  for (std::uint8_t c = 0; c < sc.cards.size(); ++c)
    if (sc.cards[c].term.continuous.kind == ContinuousKind::NoSpellTrapWhileAttacking && who != sc.cards[c].owner &&
        host_slot(c) == s.attacker && continuous_active(c))
      return true;
  return false;
}

/// No active "cannot declare an attack" lock names the monster in `slot`: by
/// its current ATK, or by its printed Level or Type (knob declaration_locks_bind);
/// nor a resolved ban on its controller's declarations this turn.
bool Stepper::may_declare(std::uint8_t slot) const {
  if (!r.flag(Knob::DeclarationLocksBind)) return true;
  if (side_of(slot) == Player::P1 && (s.damage_mods & kNoDeclarationsTurn)) return false;  // OpCode::CannotDeclareAttacks
  const MonsterSpec& m = sc.monsters[s.zones[slot].monster];
  for (std::uint8_t c = 0; c < sc.cards.size(); ++c) {
    const ContinuousSpec& k = sc.cards[c].term.continuous;
    const bool locks = k.kind == ContinuousKind::CannotAttackAtLeast ? current_atk(slot) >= k.amount
                                                                      : printed_lock_stops(k, m.level, m.type);
    if (locks && continuous_active(c)) return false;
  }
  return true;
}

bool Stepper::hosts(ContinuousKind k, std::uint8_t slot) const {
  for (std::uint8_t c = 0; c < sc.cards.size(); ++c)
    if (sc.cards[c].term.continuous.kind == k && continuous_active(c) && host_slot(c) == slot) return true;
  return false;
}

/// "Cannot be targeted for attacks", with or without "but does not prevent
/// direct attacks": either way the monster is no attack target.
bool Stepper::attackable(std::uint8_t slot) const {
  return !hosts(ContinuousKind::CannotBeAttacked, slot) && !hosts(ContinuousKind::IgnoredAsAttackTarget, slot) &&
         !attacks_go_direct(side_of(slot));
}

/// "This turn, your opponent's monsters attack directly" (Absolute End): a resolved
/// opponent_attacks_directly of `side`'s controller; its monsters are ignored as targets.
bool Stepper::attacks_go_direct(Player side) const {
  for (std::uint8_t c = 0; c < sc.cards.size(); ++c)
    if (sc.cards[c].term.continuous.kind == ContinuousKind::OpponentAttacksDirectly && sc.cards[c].owner == side &&
        continuous_active(c))
      return true;
  return false;
}

std::uint16_t Stepper::forced_targets() const {
  std::uint16_t out = 0;
  for (int z = 0; z < kZonesPerSide; ++z) {
    const ZoneState& zone = s.zones[slot_of(Player::P2, z)];
    if (zone.occupied() && zone.has(kAttractsAttacks)) out = static_cast<std::uint16_t>(out | 1u << slot_of(Player::P2, z));
  }
  return out;
}

bool Stepper::may_attack_directly(std::uint8_t attacker) const { return hosts(ContinuousKind::MayAttackDirectly, attacker); }

/// A monster that cannot be targeted for attacks is still a monster its
/// controller controls (S1 §战斗步骤, S4 §2.4.2: a direct attack only when the
/// opponent has none), unless its own text lets direct attacks through.
bool Stepper::blocks_direct_attack(std::uint8_t slot) const {
  if (!s.zones[slot].occupied() || hosts(ContinuousKind::IgnoredAsAttackTarget, slot) || attacks_go_direct(side_of(slot)))
    return false;
  return r.flag(Knob::UnattackableMonstersBlockDirectAttacks) || !hosts(ContinuousKind::CannotBeAttacked, slot);
}

/// Piercing (S2 §マスタールール2以前のダメージステップ: applied when the damage
/// value is fixed): a continuous effect of the attacker's own, read through
/// its attribute as the properties read it.
bool Stepper::pierces(std::uint8_t attacker) const {
  if (!r.flag(Knob::PiercingBattleDamage)) return false;
  for (std::uint8_t c = 0; c < sc.cards.size(); ++c)
    if ((effect_attrs(sc.cards[c].term) & kAttrPiercing) && continuous_active(c) && host_slot(c) == attacker) return true;
  const bool granted = side_of(attacker) == Player::P1 &&
                       (s.damage_mods & (kPiercingTurnZone0 << (attacker % kZonesPerSide))) != 0;
  return granted || lent_piercing(attacker);
}

/// Piercing lent by a card to its controller's face-up monsters of a printed
/// Type (Enraged Battle Ox: type_piercing).
bool Stepper::lent_piercing(std::uint8_t attacker) const {
  const ZoneState& z = s.zones[attacker];
  if (!z.occupied() || z.position() == Position::FaceDownDefense) return false;
  const MonsterType type = sc.monsters[z.monster].type;
  for (std::uint8_t c = 0; c < sc.cards.size(); ++c)
    if (side_of(attacker) == sc.cards[c].owner && type_piercing_reaches(sc.cards[c].term.continuous, type) &&
        continuous_active(c))
      return true;
  return false;
}

/// Self-destruction by a continuous condition is checked by the rules when a
/// window opens; in the Damage Step not before damage calculation is over
/// (S1 §伤害计算前: Burning Abyss monsters wait until after damage calculation).
bool Stepper::check_self_destruction() {
  if (in_damage_step(s.timing) && s.timing < Timing::AfterDamageCalculation) return false;
  bool destroyed = false;
  for (std::uint8_t c = 0; c < sc.cards.size(); ++c) {
    if (sc.cards[c].term.continuous.kind != ContinuousKind::SelfDestructNoOtherMonster || !continuous_active(c)) continue;
    const std::uint8_t h = host_slot(c);
    if (h == kNoSlot) continue;
    bool other = false;
    for (int z = 0; z < kZonesPerSide; ++z) {
      const std::uint8_t slot = slot_of(sc.cards[c].owner, z);
      other = other || (slot != h && s.zones[slot].occupied());
    }
    if (!other) leave_field(h, LeaveReason::EffectDestroy);
    destroyed = destroyed || !other;
  }
  return destroyed;
}

}  // namespace bc::detail
