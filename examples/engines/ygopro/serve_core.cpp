/// Serve mode, the core's side: probing what the core lets a player pick,
/// translating battlecheck's actions into core responses, and the scenario
/// served (serve.hpp).
#include <algorithm>
#include <iostream>

#include "examples/engines/ygopro/serve.hpp"
#include "trace/format/trace_json.hpp"

namespace bc::host {

namespace msg = bc::ygopro::msg;
using nlohmann::json;

namespace {
constexpr std::uint8_t kMzone = 0x04;
}  // namespace
PathRun ServeSession::probe(const Response& extra) {
  std::vector<Response> rs = responses_;
  rs.push_back(extra);
  const StopAt stop = [](const StreamMessage&) { return true; };
  return run_duel(setup_, {}, 0, &rs, &stop);
}

/// The targets the core lets the player pick after `r` (the SELECT_CARD it
/// asks next); else, for an activation of `card`, the one its activation
/// took (MSG_BECOME_TARGET, as the importer reads it).
std::vector<std::uint8_t> ServeSession::targets_after(const Response& r, std::uint8_t card) {
  const PathRun p = probe(r);  // stopped at the next prompt
  std::vector<std::uint8_t> out;
  if (p.stopped_at && p.stopped_at->decoded.code == msg::kSelectCard) {
    for (const bc::ygopro::Choice& c : p.stopped_at->decoded.cards)
      if (slot(c.where) != kNoSlot) out.push_back(slot(c.where));
    return out;
  }
  if (card == kNoCard) return out;
  // The run on with the policy's defaults (everyone passes): the importer
  // writes a resolution it learns from the stream into the activation's target.
  std::vector<Response> rs = responses_;
  rs.push_back(r);
  bc::ygopro::ImportOptions o;
  o.framing = setup_.engine->framing();
  const bc::ygopro::ImportResult imported = bc::ygopro::import_stream(run_duel(setup_, {}, 0, &rs).run.stream, cards_, o);
  for (std::size_t i = imported.records.size(); i-- > cursor_;) {
    const TraceRecord& t = imported.records[i];
    if (t.kind == RecordKind::Event && t.event.type == EventType::Activate && t.event.card == card) {
      if (t.event.target < kSlotCount) out.push_back(t.event.target);
      break;
    }
  }
  return out;
}

Response ServeSession::card_response(std::uint32_t index) const {
  std::vector<std::uint8_t> b;
  if (setup_.engine->framing() == bc::ygopro::Framing::Edo) {
    for (std::uint32_t v : {0u, 1u, index})
      for (int i = 0; i < 4; ++i) b.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
  } else {
    b = {1, static_cast<std::uint8_t>(index)};
  }
  return Response::raw(std::move(b));
}

std::uint8_t ServeSession::slot(const bc::ygopro::Location& l) const {
  if (l.location != kMzone || l.sequence >= static_cast<std::uint32_t>(kZonesPerSide)) return kNoSlot;
  return slot_of(l.controller == turn_player_ ? Player::P1 : Player::P2, static_cast<int>(l.sequence));
}

std::optional<std::size_t> ServeSession::activation_index(std::uint8_t card) const {
  if (!prompt_ || card >= card_codes_.size()) return std::nullopt;
  const auto& list = prompt_->decoded.activations;
  for (std::size_t i = 0; i < list.size(); ++i)
    if (list[i].code == card_codes_[card]) return i;
  return std::nullopt;
}

/// Whether the record at the cursor is a core prompt for the player to act now.
std::vector<Action> ServeSession::expand(const Offered& o) {
  std::vector<Action> out;
  for (const Action& a : o.actions) {
    if (a.type == ActionType::DeclareAttack && a.target == kNoSlot) {
      std::optional<std::size_t> index;
      for (std::size_t i = 0; i < prompt_->decoded.attackers.size(); ++i)
        if (slot(prompt_->decoded.attackers[i].where) == a.attacker) index = i;
      if (!index) continue;
      const auto targets = targets_after(Response::i32(static_cast<std::int32_t>(*index << 16 | 1)), kNoCard);
      if (targets.empty()) out.push_back(Action{ActionType::DeclareAttack, kNoCard, a.attacker, kDirect});
      for (std::uint8_t t : targets) out.push_back(Action{ActionType::DeclareAttack, kNoCard, a.attacker, t});
      continue;
    }
    const Scenario& served = default_scenario();  // the card as drive's scenario has it (a learnt outcome too)
    if (a.type == ActionType::Activate && a.target == kNoSlot && a.card < served.cards.size() &&
        targets_monsters(served.cards[a.card].term.target.kind)) {
      const auto index = activation_index(a.card);
      if (!index) continue;
      const bool battle = prompt_->decoded.code == msg::kSelectBattleCmd;
      const auto targets = targets_after(Response::i32(static_cast<std::int32_t>(battle ? *index << 16 : *index)), a.card);
      if (targets.empty()) out.push_back(a);
      for (std::uint8_t t : targets) out.push_back(Action{ActionType::Activate, a.card, kNoSlot, t});
      continue;
    }
    out.push_back(a);
  }
  return out;
}

/// The core response(s) for an action at the pending prompt.
void ServeSession::send(const Action& a) {
  const auto& d = prompt_->decoded;
  const auto fail = [&] {
    return HostError("serve: cannot send " + action_to_json(a).dump() + " to the core's " +
                     bc::ygopro::message_name(d.code) + " at stream byte " + std::to_string(d.offset));
  };
  follow_target_ = a.type == ActionType::Activate || a.type == ActionType::DeclareAttack ? a.target : kNoSlot;
  if (follow_target_ == kDirect) follow_target_ = kNoSlot;
  switch (d.code) {
    case msg::kSelectIdleCmd:
      if (a.type == ActionType::EnterBattlePhase) return responses_.push_back(Response::i32(6));
      if (a.type == ActionType::SkipBattlePhase) return responses_.push_back(Response::i32(7));
      break;
    case msg::kSelectBattleCmd:
      if (a.type == ActionType::Pass) return responses_.push_back(Response::i32(d.to_end ? 3 : 2));
      if (a.type == ActionType::DeclareAttack)
        for (std::size_t i = 0; i < d.attackers.size(); ++i)
          if (slot(d.attackers[i].where) == a.attacker)
            return responses_.push_back(Response::i32(static_cast<std::int32_t>(i << 16 | 1)));
      if (a.type == ActionType::Activate)
        if (const auto i = activation_index(a.card)) return responses_.push_back(Response::i32(static_cast<std::int32_t>(*i << 16)));
      break;
    case msg::kSelectChain:
      if (a.type == ActionType::Pass) return responses_.push_back(Response::i32(-1));
      if (a.type == ActionType::Activate)
        if (const auto i = activation_index(a.card)) return responses_.push_back(Response::i32(static_cast<std::int32_t>(*i)));
      break;
    case msg::kSelectCard:
      if (a.type == ActionType::ReplayTarget)
        for (std::uint32_t i = 0; i < d.cards.size(); ++i)
          if (slot(d.cards[i].where) == a.target) return responses_.push_back(card_response(i));
      if (a.type == ActionType::ReplayStop)
        for (std::size_t k = answer_codes_.size(); k-- > 0;)
          if (answer_codes_[k] == msg::kSelectYesNo) {  // answer "no" to the replay question instead
            responses_.resize(k);
            return responses_.push_back(Response::i32(0));
          }
      break;
    default:
      break;
  }
  throw fail();
}

/// Whether the core entered the End Phase after stream byte `offset` (the
/// importer maps a turn only once it has a Battle Phase).
const Scenario& ServeSession::default_scenario() {
  if (served_scenario_) return *served_scenario_;
  bc::ygopro::ImportOptions o;
  o.framing = setup_.engine->framing();
  const bc::ygopro::ImportResult first = bc::ygopro::import_stream(run_duel(setup_, {}, 0).run.stream, cards_, o);
  if (first.error)
    throw HostError("the importer stops at stream byte " + std::to_string(first.error->offset) + ": " + first.error->what);
  Scenario out = first.header.scenario;
  // A card whose resolution the importer learns from the stream resolves on
  // some other path: take each card as the first path that changes it shows.
  constexpr std::size_t kDepth = 10, kPaths = 128;
  const json base = scenario_to_json(out)["cards"];
  std::vector<bool> learnt(out.cards.size(), false);
  bool complete = false;
  explore(setup_, kDepth, kPaths, complete, [&](std::size_t, const PathRun& r) {
    const bc::ygopro::ImportResult path = bc::ygopro::import_stream(r.run.stream, cards_, o);
    if (path.error || path.header.scenario.cards.size() != out.cards.size()) return;
    const json cards = scenario_to_json(path.header.scenario)["cards"];
    const std::vector<MonsterSpec>& monsters = path.header.scenario.monsters;
    for (std::size_t i = 0; i < out.cards.size(); ++i) {
      if (learnt[i] || cards[i] == base[i]) continue;
      // Tokens the cards file does not list are learnt as monsters of the path's own (after the listed ones).
      if (monsters.size() > out.monsters.size()) {
        if (!std::equal(out.monsters.begin(), out.monsters.end(), monsters.begin(),
                        [](const MonsterSpec& a, const MonsterSpec& b) { return a.name == b.name; }))
          continue;
        out.monsters = monsters;
      }
      out.cards[i] = path.header.scenario.cards[i];
      learnt[i] = true;
    }
  });
  served_scenario_ = std::move(out);
  return *served_scenario_;
}

}  // namespace bc::host
