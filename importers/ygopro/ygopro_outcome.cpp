/// Outcomes from the stream (docs/engines/ygopro.md, "Outcomes from the
/// stream"): a card whose resolution its description leaves open (an opaque
/// term) resolves as the engine shows. The moves, position changes and
/// summons written while its link resolves become its operations, on the
/// monster the engine acted on (the activation's target), so the model
/// replays them and goes on checking the procedure (replays, windows,
/// priority) from there. An outcome the card's categories do not declare is
/// a card finding, reported apart from the procedure.
#include "importers/ygopro/ygopro_mapper.hpp"
#include "model/terms/outcome.hpp"

namespace bc::ygopro::detail {

namespace {

/// The category bits that declare an operation (0: any category will do, none needed).
std::uint32_t declaring(OpCode c) {
  switch (c) {
    case OpCode::Destroy: return category::kDestroy;
    case OpCode::Banish: return category::kRemove;
    case OpCode::ReturnToHand: return category::kToHand;
    case OpCode::ChangePosition: return category::kPosition;
    case OpCode::SpecialSummon: return category::kSpecialSummon | category::kToken;
    case OpCode::TakeControl: return category::kControl;
    default: return 0;
  }
}

/// What a departure declared by the category bits `declared` did, in a finding's words.
std::string departure_word(std::uint32_t declared) {
  if (declared == category::kToDeck) return "send a monster to the Deck";
  if (declared == category::kToGrave) return "send a monster to the Graveyard";
  if (declared == category::kToHand) return "return a monster to the hand";
  return "banish";
}

}  // namespace

/// The category that declares a move off the field to `location`, for a departure the model reads as
/// banished: Gorg the Strong returns a monster to the Deck (CATEGORY_TODECK), which is no banishment.
std::uint32_t destination_category(std::uint32_t location) {
  if (location & (loc::kDeck | loc::kExtra)) return category::kToDeck;
  if (location & loc::kGrave) return category::kToGrave;
  if (location & loc::kHand) return category::kToHand;
  return category::kRemove;
}

void Mapper::note_outcome() {
  if (!resolving_ || links_[resolving_].card >= open_outcome_.size() || !open_outcome_[links_[resolving_].card]) return;
  const EventType t = out_.records.back().event.type;
  if (t == EventType::LeftField || t == EventType::Summoned || t == EventType::PositionChanged || t == EventType::ControlChanged)
    outcome_.push_back(out_.records.size() - 1);
}

/// A Tribute paid as the cost of the link being activated (between its
/// MSG_CHAINING and MSG_CHAINED), by a card whose term states no cost: the
/// card's script pays it in a function the term cannot read (Enemy
/// Controller's second effect, chosen as it is activated), so the cost is
/// learnt for the run, as the term's Tribute of one of its controller's monsters.
void Mapper::learn_cost(std::uint8_t from, const Message& m) {
  if (!activating_ || activating_ >= links_.size() || links_[activating_].card >= scenario_.cards.size()) return;
  CardSpec& spec = scenario_.cards[links_[activating_].card];
  if (spec.term.cost != Cost::None || !(m.move_reason & reason::kRelease) || side_of(from) != spec.owner) return;
  spec.term.cost = Cost::TributeOwnMonster;
  spec.kind = class_of(spec.term);
}

/// A monster changes control during the battle (Duel.GetControl): the zone
/// it leaves, the zone it arrives in, its new controller.
void Mapper::control_change(std::uint8_t from, std::uint8_t to, Position position, const Message& m) {
  Event e;
  e.type = EventType::ControlChanged;
  e.slot = from;
  e.target = to;
  e.monster = monster_index(board_[m.from.controller][m.from.sequence].code ? board_[m.from.controller][m.from.sequence].code : m.card);
  e.player = side(m.to.controller);
  e.position = position;
  if (resolving_ && links_[resolving_].card < scenario_.cards.size() &&
      targets_monsters(scenario_.cards[links_[resolving_].card].term.target.kind)) {
    Event& a = out_.records[links_[resolving_].record].event;
    if (a.target == kNoSlot) a.target = from;
  }
  push(e);
}

void Mapper::learn_outcome(std::uint8_t link) {
  if (!link || links_[link].card >= open_outcome_.size() || !open_outcome_[links_[link].card]) return;
  const std::uint8_t card = links_[link].card;
  CardSpec& spec = scenario_.cards[card];
  open_outcome_[card] = false;  // a card resolves once a turn
  std::vector<Event> events;
  for (const std::size_t r : outcome_) events.push_back(out_.records[r].event);
  outcome_.clear();
  const bool targets = card >= no_target_.size() || !no_target_[card];
  const std::optional<LearntTerm> learnt =
      bc::learn_outcome(spec.term, spec.owner, events, OutcomeBattlers{attacker_, target_, targets, resolve_field_, resolve_attack_});
  if (!learnt) {  // nothing the model tracks happened: opaque stays right, unless the damage calculation shows a change
    if (!links_[link].negated) note_damage_candidate(card);
    if (card < open_atk_.size() && open_atk_[card] && !links_[link].negated) {
      const bool battle = attack_ && attacker_ < kSlotCount;
      ++atk_changes_;
      atk_card_ = card;
      atk_card_record_ = links_[link].record;
      atk_card_attacker_ = battle ? attacker_ : kNoSlot;
      atk_card_target_ = battle ? target_ : kNoSlot;
    }
    return;
  }
  Event& activation = out_.records[links_[link].record].event;
  if (learnt->target != kNoSlot) activation.target = learnt->target;
  for (int i = 0; i < learnt->term.op_count; ++i) {
    const OpCode code = learnt->term.ops[i].code;
    // A departure read as banished is declared by the category of where it went.
    const std::uint32_t need = code == OpCode::Banish && outcome_left_to_ ? outcome_left_to_ : declaring(code);
    if (need && !(categories_[card] & need))
      out_.card_findings.push_back("card " + spec.name + ": its resolution did " +
                                   (code == OpCode::Banish ? departure_word(need) : std::string(name(code))) +
                                   " (trace line " + std::to_string(out_.records[links_[link].record].line) +
                                   " and after), which its script's categories do not declare");
  }
  spec.term = learnt->term;
  spec.kind = class_of(learnt->term);
}

/// Activate and resolve records name each card's class as the card ended up
/// (a learnt outcome can change it).
void Mapper::finalize_cards() {
  for (TraceRecord& r : out_.records) {
    if (r.kind != RecordKind::Event) continue;
    Event& e = r.event;
    if ((e.type == EventType::Activate || e.type == EventType::Resolve) && e.card < scenario_.cards.size())
      e.kind = scenario_.cards[e.card].kind;
  }
}

}  // namespace bc::ygopro::detail

namespace bc::ygopro::detail {

/// A resolved link that changes ATK: the one whose amount the script computes
/// is remembered with the monster it raised (its own battling monster, or the
/// activation's target); any other ATK change this turn makes the amount
/// ambiguous, and nothing is learnt.
void Mapper::note_amount(std::uint8_t link) {
  if (!link || link >= links_.size() || links_[link].card >= scenario_.cards.size()) return;
  const std::uint8_t card = links_[link].card;
  const Op* o = scenario_.cards[card].term.find_op(OpCode::ChangeAtk);
  if (!o) return;
  ++atk_changes_;
  if (card >= open_amount_.size() || !open_amount_[card]) return;
  const Player owner = scenario_.cards[card].owner;
  amount_card_ = card;
  amount_slot_ = o->object == Object::Target ? out_.records[links_[link].record].event.target
                 : owner == Player::P1       ? attacker_
                                             : target_;
}

/// A resolved link whose term forbids its target's attacks (`cannot_attack
/// target`: Spellbinding Circle binding its card target) moves nothing the
/// stream shows: the core only registers the ban. The model writes the
/// attack_forbidden of the target as the link resolves; so does the importer,
/// for the target still on the field.
void Mapper::forbid_at_resolution(std::uint8_t link) { write_unseen_outcome(link, OpCode::CannotAttack, EventType::AttackForbidden); }

/// A resolved, not negated, link that makes its target the one monster the
/// opponent's monsters may attack (OpCode::AttractAttacks: Staunch Defender's
/// EFFECT_MUST_ATTACK_MONSTER) shows nothing in the stream either: the model
/// writes AttackTargetForced for a target of the player not attacking, still
/// on the field; so does the importer.
void Mapper::force_at_resolution(std::uint8_t link) {
  write_unseen_outcome(link, OpCode::AttractAttacks, EventType::AttackTargetForced);
}

/// The event the model writes for the link's operation `code` on its target,
/// still on the field, when the link resolved without negation (and, for a
/// forced attack target, a monster of the player not attacking).
void Mapper::write_unseen_outcome(std::uint8_t link, OpCode code, EventType type) {
  if (!link || link >= links_.size() || links_[link].negated || links_[link].card >= scenario_.cards.size()) return;
  const Op* o = scenario_.cards[links_[link].card].term.find_op(code);
  const std::uint8_t target = out_.records[links_[link].record].event.target;
  if (!o || o->object != Object::Target || target >= kSlotCount) return;
  if (code == OpCode::AttractAttacks && side_of(target) != Player::P2) return;
  const std::uint8_t c = side_of(target) == side(0) ? 0 : 1, z = static_cast<std::uint8_t>(target % kZonesPerSide);
  if (board_[c][z].code == 0) return;
  Event e;
  e.type = type;
  e.slot = target;
  e.monster = monster_index(board_[c][z].code);
  push(e);
}

/// "Outcomes from the stream" for amounts (docs/engines/ygopro.md): the
/// damage calculation shows the changed monster's ATK; what it has over (or,
/// lowered, under) its printed ATK is the card's amount, when it was the
/// turn's only ATK change and the result is a multiple of 50 (Shrink halves
/// an original 1900 to 950: -950, batch 10), as for an opaque change. When
/// the target is not battling and one battler alone shows a change, the
/// change is that battler's, by its role (Covering Fire raises the attack
/// target by the ATK of the monster it targets, batch 12).
void Mapper::learn_amount(const Message& m) {
  const std::uint8_t card = amount_card_;
  amount_card_ = kNoCard;
  if (card == kNoCard || atk_changes_ != 1 || amount_slot_ == kNoSlot) return;
  std::array<std::int64_t, 2> amounts{0, 0};
  bool target_battles = false;
  for (int side = 0; side < 2; ++side) {
    const Location& where = side == 0 ? m.attacker : m.target;
    if (where.location == 0 || where.controller > 1 || where.sequence >= 7) continue;
    const std::uint8_t monster = monster_index(board_[where.controller][where.sequence].code);
    if (monster >= scenario_.monsters.size()) return;
    amounts[side] = static_cast<std::int64_t>(m.atk[side]) - scenario_.monsters[monster].atk;
    target_battles = target_battles || slot(where) == amount_slot_;
  }
  const auto usable = [](std::int64_t a) { return a != 0 && a % 50 == 0 && a >= -6350 && a <= 6350; };
  EffectTerm& t = scenario_.cards[card].term;
  for (int side = 0; side < 2; ++side) {
    const Location& where = side == 0 ? m.attacker : m.target;
    const bool on_target = target_battles && slot(where) == amount_slot_;
    const bool on_battler = !target_battles && amounts[1 - side] == 0;
    if (!usable(amounts[side]) || !(on_target || on_battler)) continue;
    for (int i = 0; i < t.op_count; ++i) {
      if (t.ops[i].code != OpCode::ChangeAtk) continue;
      t.ops[i].amount = static_cast<std::int16_t>(amounts[side]);
      if (on_battler) t.ops[i].object = side_of(slot(where)) == scenario_.cards[card].owner ? Object::OwnBattler : Object::OpponentBattler;
    }
    scenario_.cards[card].kind = class_of(t);
    open_amount_[card] = false;
    return;
  }
}

/// "Outcomes from the stream" for an opaque ATK change (docs/engines/ygopro.md):
/// a card whose script can change ATK but whose monsters are not read
/// (Limiter Removal's Machines, Mirror Wall's attackers) resolved in the
/// Battle Phase or in Main Phase 1, as the turn's only ATK change. When the next damage
/// calculation shows one of its two monsters off its printed ATK, by a step
/// of 50, that change is the card's operation, for the turn: resolved in
/// this battle, on its controller's battling monster or the opponent's;
/// resolved before it, or not on that battle's monsters, on the monster a
/// later damage calculation shows changed, named as the activation's target
/// (as the target it resolved with, for a card resolved in Main Phase 1)
/// (the one way a term names a monster outside a battle, as learn_outcome
/// does). Two changed: nothing is learnt.
void Mapper::learn_atk_outcome(const Message& m) {
  const std::uint8_t card = atk_card_;
  const bool in_battle = atk_card_attacker_ != kNoSlot;
  if (card == kNoCard || atk_changes_ != 1) return;
  std::uint8_t changed = kNoSlot;
  std::optional<Op> change;
  for (int i = 0; i < 2; ++i) {
    const Location& where = i == 0 ? m.attacker : m.target;
    if (where.location == 0 || where.controller > 1 || where.sequence >= 7) continue;
    const std::uint8_t monster = monster_index(board_[where.controller][where.sequence].code);
    if (monster >= scenario_.monsters.size()) return;
    const std::int64_t amount = static_cast<std::int64_t>(m.atk[i]) - scenario_.monsters[monster].atk;
    if (amount == 0) continue;
    // Ambiguous, or in the battle it resolved in on a monster that has since
    // left its role (a replay's new target): nothing is learnt.
    const bool moved = in_battle && slot(where) != (i == 0 ? atk_card_attacker_ : atk_card_target_);
    if (change || moved || amount % 50 != 0 || amount < -6350 || amount > 6350) {
      atk_card_ = kNoCard;
      return;
    }
    Op o;
    o.code = OpCode::ChangeAtk;
    o.object = !in_battle ? Object::Target
               : side(where.controller) == scenario_.cards[card].owner ? Object::OwnBattler : Object::OpponentBattler;
    o.duration = Duration::Turn;
    o.amount = static_cast<std::int16_t>(amount);
    change = o;
    changed = slot(where);
  }
  if (!change) {  // not on this battle's monsters: it waits for a damage calculation that shows it
    atk_card_attacker_ = atk_card_target_ = kNoSlot;
    return;
  }
  atk_card_ = kNoCard;
  CardSpec& spec = scenario_.cards[card];
  // In the battle, an activation aimed at the monster changed (Kunai with
  // Chain's equip to one's own battler, batch 10) keeps its target.
  const bool aimed = in_battle && atk_card_record_ < out_.records.size() && out_.records[atk_card_record_].event.target == changed;
  if (aimed) change->object = Object::Target;
  const EffectTerm before = spec.term;
  spec.term.ops = {};
  spec.term.ops[0] = *change;
  spec.term.op_count = 1;
  // What no damage calculation shows stays after it (Exarion Universe's granted piercing).
  // On the target, and the target is dropped: on the monster the change is on (Half Shut's protection).
  const bool untargeted = in_battle && !aimed;
  for (int i = 0; i < before.op_count && spec.term.op_count < kMaxOps; ++i)
    if (!shown_by_events(before.ops[i].code) && !op_changes_stat(before.ops[i].code)) {
      spec.term.ops[spec.term.op_count] = before.ops[i];
      if (untargeted && before.ops[i].object == Object::Target) spec.term.ops[spec.term.op_count].object = change->object;
      ++spec.term.op_count;
    }
  spec.term.target = untargeted ? TargetSpec{} : TargetSpec{TargetKind::Monster, SideSel::Any, FaceSel::Any, RoleSel::Any};
  if (!in_battle && spec.resolved_before) spec.resolved_target = changed;  // resolved in Main Phase 1: no activation record
  else if (!in_battle && atk_card_record_ < out_.records.size()) out_.records[atk_card_record_].event.target = changed;
  spec.kind = class_of(spec.term);
}

}  // namespace bc::ygopro::detail

namespace bc::ygopro::detail {

/// A card whose opaque resolution registered a change of its player's damage
/// (open_damage_) waits for a damage calculation to show what it does.
void Mapper::note_damage_candidate(std::uint8_t card) {
  if (card >= open_damage_.size() || !open_damage_[card]) return;
  damage_card_ = card;
  damage_card_attacker_ = attack_ && attacker_ < kSlotCount ? attacker_ : kNoSlot;
}

/// The battle damage each player would take from MSG_BATTLE's values with no
/// effect on it (the comparison of S0 §6.3.4.3.3): the difference to the
/// weaker side, the full ATK on a direct attack, a higher DEF's difference to
/// the attacker. Read only to learn a damage outcome (learn_damage_outcome).
void Mapper::expect_battle_damage(const Message& m) {
  calc_expected_ = {0, 0};
  calc_damage_ = {0, 0};
  const int attacker = static_cast<int>(side(m.attacker.controller));
  const int defender = 1 - attacker;
  // In 64 bits: a stream's values are any 32-bit numbers.
  const std::int64_t a = m.atk[0], t = m.atk[1], d = m.def[1];
  if (m.target.location == 0) calc_expected_[defender] = a;
  else if (m.target.position & pos::kFaceUpAttack) {
    if (a > t) calc_expected_[defender] = a - t;
    if (t > a) calc_expected_[attacker] = t - a;
  } else if (d > a) {
    calc_expected_[attacker] = d - a;
  }
}

/// "Outcomes from the stream" for a change of damage (docs/engines/ygopro.md):
/// the first damage calculation after such a card resolved in which its
/// controller would take battle damage shows what the change is. None taken:
/// no battle damage to its controller (and, when the script also registers
/// it, no destruction by battle of its monsters); half taken: the damage is
/// halved. For the turn when the script resets it at the End Phase, else only
/// in the battle it resolved in. Anything else: nothing is learnt.
void Mapper::learn_damage_outcome() {
  const std::uint8_t card = damage_card_;
  if (card >= open_damage_.size() || !open_damage_[card]) return;
  CardSpec& spec = scenario_.cards[card];
  const int who = static_cast<int>(spec.owner);
  const std::int64_t expected = calc_expected_[who], seen = calc_damage_[who];
  if (expected <= 0) return;  // it waits for a battle that would damage its controller
  damage_card_ = kNoCard;
  const DamageChange change = *open_damage_[card];
  if (!change.turn && (damage_card_attacker_ == kNoSlot || damage_card_attacker_ != attacker_)) return;
  Op o;
  o.object = Object::You;
  o.duration = change.turn ? Duration::Turn : Duration::Battle;
  if (seen == 0) {
    o.code = OpCode::NoBattleDamage;
    o.flag = change.indestructible;
  } else if (seen == expected / 2) {
    o.code = OpCode::HalveBattleDamage;
  } else {
    return;
  }
  open_damage_[card].reset();
  spec.term.ops = {};
  spec.term.ops[0] = o;
  spec.term.op_count = 1;
  spec.term.target = TargetSpec{};
  spec.kind = class_of(spec.term);
}

}  // namespace bc::ygopro::detail

namespace bc::ygopro::detail {

/// Monsters on the attacked side (the engine's non-turn player), Extra Monster Zones included.
int Mapper::defender_count() const {
  int n = 0;
  for (const ZoneCard& z : board_[turn_player_ ^ 1]) n += z.code != 0;
  return n;
}

/// The round opened after the declaration's chain was followed by the end of
/// the Battle Phase (Negate Attack): the model ends the Battle Phase as that
/// chain ends, so the round's prompts are the declaration window's closing
/// prompts. Its timing_enter is taken back and the prompts relabelled.
void Mapper::undo_declaration_round() {
  if (!declaration_round_at_) return;
  const std::size_t at = *declaration_round_at_;
  declaration_round_at_.reset();
  if (at >= out_.records.size()) return;
  out_.records.erase(out_.records.begin() + static_cast<std::ptrdiff_t>(at));
  out_.offsets.erase(out_.offsets.begin() + static_cast<std::ptrdiff_t>(at));
  for (std::size_t i = at; i < out_.records.size(); ++i) {
    TraceRecord& r = out_.records[i];
    r.line = i + 2;
    if (r.kind == RecordKind::Offered && r.offered.timing == Timing::BattleStep) r.offered.timing = Timing::AttackDeclaration;
  }
  timing_ = Timing::AttackDeclaration;
}

}  // namespace bc::ygopro::detail
