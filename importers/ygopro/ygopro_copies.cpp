/// Copies of one card (docs/engines/ygopro.md, "Copies of a card"): two set
/// Gravity Binds are two cards of the model, and which one the engine names
/// follows from where each is. The cards file gives every engine card's
/// starting place; each MSG_MOVE moves the copy that was there.
#include "importers/ygopro/ygopro_mapper.hpp"

namespace bc::ygopro::detail {

namespace {

/// The same place: controller and location, and the sequence where a zone
/// keeps it (a hand's or a pile's order changes as cards leave).
bool same_place(const Location& a, const Location& b) {
  if (a.controller != b.controller || a.location != b.location) return false;
  return (a.location != loc::kMzone && a.location != loc::kSzone) || a.sequence == b.sequence;
}

}  // namespace

void Mapper::reset_copies() {
  engine_where_.clear();
  for (const EngineCard& c : cards_.cards)
    engine_where_.push_back(Location{c.controller, c.location, c.sequence, c.position});
}

std::size_t Mapper::engine_index(const EngineCard& c) const {
  const EngineCard* first = cards_.cards.data();
  const bool listed = !cards_.cards.empty() && &c >= first && &c < first + cards_.cards.size();
  return listed ? static_cast<std::size_t>(&c - first) : kNoEngine;
}

/// The cards-file index of the card with passcode `code` at `where`; kNoEngine when none is.
std::size_t Mapper::engine_at(std::uint32_t code, const Location& where) const {
  for (std::size_t i = 0; i < engine_where_.size() && i < cards_.cards.size(); ++i)
    if (cards_.cards[i].code == code && same_place(engine_where_[i], where)) return i;
  return kNoEngine;
}

void Mapper::track_copies(const Message& m) {
  const std::size_t e = engine_at(m.card, m.from);
  if (e != kNoEngine) engine_where_[e] = m.to;
}

/// The scenario card (its first term) of cards-file card `engine`; without
/// one, the first card of that passcode and controller (card_index).
std::uint8_t Mapper::card_of(std::size_t engine, std::uint32_t code, std::uint8_t controller) const {
  if (engine != kNoEngine)
    for (std::size_t i = 0; i < card_engine_.size(); ++i)
      if (card_engine_[i] == engine) return static_cast<std::uint8_t>(i);
  return card_index(code, controller);
}

/// Scenario cards `a` and `b` are terms of one engine card: the same copy,
/// or, where the copy is not known, the same passcode and controller.
bool Mapper::same_engine_card(std::size_t a, std::size_t b) const {
  if (card_codes_[a] != card_codes_[b] || card_controllers_[a] != card_controllers_[b]) return false;
  return card_engine_[a] == kNoEngine || card_engine_[b] == kNoEngine || card_engine_[a] == card_engine_[b];
}

}  // namespace bc::ygopro::detail
