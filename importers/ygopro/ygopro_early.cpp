/// Chains before the Battle Phase (docs/engines/ygopro.md, "Cards resolved in
/// Main Phase 1"): the imported trace starts as the Battle Phase begins, but a
/// card activated in Main Phase 1 has been used for the turn, and what it
/// does for the turn (Reinforcements' +500 ATK, Waboku's protection) still
/// applies. Each such link that resolved becomes a scenario card with
/// `resolved_before` (and the monster it targeted), which the model applies
/// as the Battle Phase begins (Model::initial).
#include "importers/ygopro/ygopro_mapper.hpp"

namespace bc::ygopro::detail {

void Mapper::early_chaining(const Message& m) {
  if (m.link == 0 || m.link >= early_links_.size()) return;
  early_links_[m.link] = EarlyLink{m.card, m.from.controller};
  early_links_[m.link].engine = engine_at(m.card, m.from);
  early_activating_ = m.link;
}

void Mapper::early_target(const Message& m) {
  if (early_activating_ == 0) return;
  EarlyLink& l = early_links_[early_activating_];
  for (const Choice& c : m.cards)
    if (c.where.location == loc::kMzone && !l.targets) {
      l.target = c.where;
      l.targets = true;
    }
}

void Mapper::early_chain(const Message& m) {
  if (m.link == 0 || m.link >= early_links_.size()) return;
  EarlyLink& l = early_links_[m.link];
  if (m.code == msg::kChainNegated) l.negated = true;
  if (m.code == msg::kChainDisabled) l.disabled = true;
  if (m.code == msg::kChainSolved && l.code != 0) early_.push_back(l);
  if (m.code == msg::kChainSolved) l = EarlyLink{};
}

void Mapper::early_move(const Message& m) {
  if (m.from.location != loc::kSzone || !(m.move_reason & reason::kDestroy) || m.from.controller > 1 || m.from.sequence >= 8) return;
  if (const std::uint32_t code = spell_zone_[m.from.controller][m.from.sequence]; code != 0)
    destroyed_early_.push_back(EarlyDestroyed{code, m.from.controller, engine_at(code, m.from)});
}

/// After build_scenario(): the cards that resolved before the Battle Phase,
/// with the slot their target stands in now (none when it has left), and the
/// Spells and Traps destroyed before it (CardSpec::destroyed_before).
void Mapper::mark_resolved_before() {
  for (const EarlyLink& l : early_) {
    const std::uint8_t card = card_of(l.engine, l.code, l.controller);
    if (card == kNoCard) {
      warn("card " + std::to_string(l.code) + " resolved in Main Phase 1 but is not described: what it left for the turn is not applied");
      continue;
    }
    CardSpec& spec = scenario_.cards[card];
    if (l.negated || l.disabled) {
      mark_early_negated(l, card);
      continue;
    }
    spec.resolved_before = true;
    if (l.targets) {
      const std::uint8_t s = slot(l.target);
      const bool there = s != kNoSlot && l.target.sequence < 7 && board_[l.target.controller & 1][l.target.sequence].code != 0;
      spec.resolved_target = there ? s : kNoSlot;
    }
    if (spec.term.has_op(OpCode::ChangeAtk)) ++atk_changes_;
    if (card < open_amount_.size() && open_amount_[card] && spec.resolved_target != kNoSlot) {
      amount_card_ = card;  // its computed amount, from the next damage calculation (learn_amount; Shrink, batch 10)
      amount_slot_ = spec.resolved_target;
    }
    if (card < open_atk_.size() && open_atk_[card]) {  // its ATK outcome, from the damage calculation (learn_atk_outcome)
      ++atk_changes_;
      atk_card_ = card;
      atk_card_record_ = kNoRecord;
      atk_card_attacker_ = atk_card_target_ = kNoSlot;
    }
    note_damage_candidate(card);
  }
  early_.clear();
  for (const EarlyDestroyed& d : destroyed_early_)  // after the resolutions: what it did before it left stays
    if (const std::uint8_t card = card_of(d.engine, d.code, d.controller); card != kNoCard)
      scenario_.cards[card].destroyed_before = true;
  destroyed_early_.clear();
}

/// A link negated before the Battle Phase: the card was used all the same.
/// Its activation negated, it went to the Graveyard (a monster's effect: used
/// for the turn): gone, as if destroyed (CardSpec::destroyed_before). Its
/// effect negated as it resolved, a card that stays on the field (a Continuous
/// Trap) stays there face-up: resolved, with nothing applied, its continuous
/// part subject to whatever negated it (Gravity Bind under Royal Decree, batch
/// 4). A card that stays, whose operations last the turn, cannot be said so:
/// a warning, as before.
void Mapper::mark_early_negated(const EarlyLink& l, std::uint8_t card) {
  CardSpec& spec = scenario_.cards[card];
  if (l.negated || !spec.stays_on_field) {
    spec.destroyed_before = true;
    return;
  }
  if (spec.term.op_count == 0) {
    spec.resolved_before = true;
    return;
  }
  warn("card " + std::to_string(l.code) + " resolved in Main Phase 1 with its effect negated: what it left for the turn is not known");
}

}  // namespace bc::ygopro::detail
