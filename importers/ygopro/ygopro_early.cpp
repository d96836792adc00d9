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
  if (m.code == msg::kChainNegated || m.code == msg::kChainDisabled) l.negated = true;
  if (m.code == msg::kChainSolved && !l.negated && l.code != 0) early_.push_back(l);
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
    spec.resolved_before = true;
    if (l.targets) {
      const std::uint8_t s = slot(l.target);
      const bool there = s != kNoSlot && l.target.sequence < 7 && board_[l.target.controller & 1][l.target.sequence].code != 0;
      spec.resolved_target = there ? s : kNoSlot;
    }
    if (spec.term.has_op(OpCode::ChangeAtk)) ++atk_changes_;
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

}  // namespace bc::ygopro::detail
