/// Serve mode: the duel re-run from its responses, imported, and answered
/// over the engine protocol (serve.hpp).
#include "examples/engines/ygopro/serve.hpp"

#include <cstdlib>
#include <iostream>

#include "trace/format/trace_json.hpp"

namespace bc::host {

namespace msg = bc::ygopro::msg;
using nlohmann::json;

namespace {

constexpr std::uint8_t kMzone = 0x04;

/// Prompts a run stops at: those battlecheck may decide (SELECT_CARD: an
/// attack's or an activation's target, or a replay).
bool decision_code(std::uint8_t code) {
  return code == msg::kSelectIdleCmd || code == msg::kSelectBattleCmd || code == msg::kSelectChain ||
         code == msg::kSelectCard;
}

/// Windows in which players get priority (the model's open_priority).
bool priority_window(Timing t) {
  return t != Timing::MainPhase1 && t != Timing::MainPhase2 && t != Timing::EndPhase && t != Timing::ReplayChoice;
}

/// Events after a chain that show the engine moved on without a new chain.
bool moves_on(const TraceRecord& r) {
  if (r.kind != RecordKind::Event) return false;
  switch (r.event.type) {
    case EventType::StepEnter: case EventType::TimingEnter: case EventType::DamageCalculation:
    case EventType::NoDamageCalculation: case EventType::AttackStopped: case EventType::Replay:
    case EventType::ReplayChoice: case EventType::DamageStepBegin:
      return true;
    default:
      return false;
  }
}

}  // namespace

ServeSession::ServeSession(Setup setup, bc::ygopro::CardFile cards) : setup_(std::move(setup)), cards_(std::move(cards)) {}

void ServeSession::import(const Run& run) {
  bc::ygopro::ImportOptions o;
  o.framing = setup_.engine->framing();
  bc::ygopro::ImportResult r = bc::ygopro::import_stream(run.stream, cards_, o);
  if (r.error && r.battle_phase_found)
    throw HostError("the importer stops at stream byte " + std::to_string(r.error->offset) + ": " + r.error->what);
  if (records_.size() >= cursor_ && r.records.size() >= cursor_)
    for (std::size_t i = 0; i < cursor_; ++i)
      if (record_to_json(records_[i]) != record_to_json(r.records[i])) {
        std::cerr << "serve: warning: record " << i << " changed on re-import: " << record_to_json(records_[i]).dump()
                  << " -> " << record_to_json(r.records[i]).dump() << "\n";
        break;
      }
  records_ = std::move(r.records);
  offsets_ = std::move(r.offsets);
  if (std::getenv("BC_SERVE_DEBUG"))
    for (std::size_t i = cursor_; i < records_.size(); ++i)
      std::cerr << "serve: record " << i << " @" << offsets_[i] << ": " << record_to_json(records_[i]).dump() << "\n";
  card_codes_ = std::move(r.card_codes);
  turn_player_ = r.turn_player;
  if (r.battle_phase_found) scenario_ = r.header.scenario;
}

/// Re-run with the responses so far, answering what battlecheck does not
/// decide (the policy's defaults, a pending target), until the core waits on
/// a decision prompt or the run ends.
void ServeSession::settle() {
  const StopAt stop = [](const StreamMessage& m) { return decision_code(m.decoded.code); };
  for (std::size_t guard = 0; guard < setup_.max_prompts; ++guard) {
    PathRun r = run_duel(setup_, {}, 0, &responses_, &stop);
    stream_ = r.run.stream;
    answer_codes_.clear();
    for (const Answer& a : r.run.answers) answer_codes_.push_back(a.code);
    import(r.run);
    prompt_.reset();
    if (!r.stopped_at) return;
    const StreamMessage& p = *r.stopped_at;
    if (!records_.empty() && records_.back().kind == RecordKind::Offered && offsets_.back() == p.decoded.offset) {
      prompt_ = p;
      return;
    }
    if (p.decoded.code == msg::kSelectCard && follow_target_ != kNoSlot) {
      std::optional<std::uint32_t> pick;
      for (std::uint32_t i = 0; i < p.decoded.cards.size(); ++i)
        if (slot(p.decoded.cards[i].where) == follow_target_) pick = i;
      if (!pick) throw HostError("the core's SELECT_CARD at stream byte " + std::to_string(p.decoded.offset) +
                                 " does not list " + std::string(slot_name(follow_target_)));
      responses_.push_back(card_response(*pick));
      follow_target_ = kNoSlot;
      continue;
    }
    responses_.push_back(r.stop_options.responses[0]);
  }
  throw HostError("serve: more than " + std::to_string(setup_.max_prompts) + " prompts answered in a row");
}

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
bool ServeSession::real_prompt() const {
  if (!prompt_ || cursor_ + 1 != records_.size() || records_[cursor_].kind != RecordKind::Offered) return false;
  const Offered& o = records_[cursor_].offered;
  return !priority_window(o.timing) || o.player == holder_;
}

void ServeSession::give_priority(Player p, json& events) {
  holder_ = p;
  Event e;
  e.type = EventType::Priority;
  e.player = p;
  events.push_back(event_to_json(e));
}

/// Note an event just reported; true when a player now has priority (stop).
bool ServeSession::note(const Event& e, json& events) {
  switch (e.type) {
    case EventType::TimingEnter:
      timing_ = e.timing;
      passes_ = 0;
      if (!priority_window(e.timing)) return false;
      // What entering the window does comes before priority: a battle flip,
      // battle-destroyed monsters leaving (the model's on_entry).
      while (cursor_ < records_.size() && records_[cursor_].kind == RecordKind::Event &&
             (records_[cursor_].event.type == EventType::FlippedFaceUp ||
              (records_[cursor_].event.type == EventType::LeftField && records_[cursor_].event.reason == LeaveReason::Battle)))
        events.push_back(event_to_json(records_[cursor_++].event));
      give_priority(Player::P1, events);
      return true;
    case EventType::Activate:
      passes_ = 0;
      give_priority(other(e.player), events);
      return true;
    case EventType::ChainEnd:
      passes_ = 0;
      if (cursor_ < records_.size() && moves_on(records_[cursor_])) return false;
      give_priority(Player::P1, events);
      return true;
    default:
      return false;
  }
}

/// Report the records up to the next point where a player decides.
void ServeSession::advance(json& events) {
  while (cursor_ < records_.size() && records_[cursor_].kind == RecordKind::Event) {
    Event e = records_[cursor_].event;
    // The target the action named, when the import learns it only once the link resolves.
    if (e.type == EventType::Activate && e.target == kNoSlot && e.card == target_of_.first) e.target = target_of_.second;
    events.push_back(event_to_json(e));
    ++cursor_;
    if (note(e, events)) return;
  }
}

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
        served.cards[a.card].term.target.kind == TargetKind::Monster) {
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
bool ServeSession::end_phase_after(std::size_t offset) const {
  constexpr std::uint64_t kPhaseEnd = 0x200;
  for (const StreamMessage& m : split_buffer(stream_, 0, setup_.engine->framing()))
    if (m.decoded.offset > offset && m.decoded.code == msg::kNewPhase && m.decoded.data == kPhaseEnd) return true;
  return false;
}

json ServeSession::load(const json& scenario) {
  if (!scenario.is_null()) {
    if (!served_) served_ = scenario_to_json(scenario_from_json(scenario_to_json(default_scenario())));
    const json asked = scenario_to_json(scenario_from_json(scenario));
    if (asked != *served_) {
      std::cerr << "serve: load: scenario " << asked.dump() << "\nserve: the spec's: " << served_->dump() << "\n";
      throw HostError("this host serves one duel, its spec's: the scenario differs from the one --print-scenario gives");
    }
  }
  responses_.clear();
  records_.clear();
  cursor_ = 0;
  follow_target_ = kNoSlot;
  holder_ = Player::P1;
  passes_ = 0;
  timing_ = Timing::MainPhase1;
  settle();
  json events = json::array();
  advance(events);
  return {{"ok", true}, {"events", events}};
}

json ServeSession::actions() {
  json list = json::array();
  if (real_prompt()) {
    for (const Action& a : expand(records_[cursor_].offered)) list.push_back(action_to_json(a));
  } else if (priority_window(timing_) && cursor_ <= records_.size()) {
    list.push_back(action_to_json(Action{ActionType::Pass}));
  }
  return {{"actions", list}};
}

json ServeSession::apply(const json& j) {
  const Action a = action_from_json(j);
  json events = json::array();
  if (real_prompt()) {
    const std::size_t at = prompt_->decoded.offset;
    target_of_ = {kNoCard, kNoSlot};
    if (a.type == ActionType::Activate && a.target < kSlotCount) target_of_ = {a.card, a.target};
    send(a);
    ++cursor_;
    settle();
    follow_target_ = kNoSlot;  // an activation that took its target without a SELECT_CARD
    if (a.type == ActionType::SkipBattlePhase && end_phase_after(at)) {
      Event step;
      step.type = EventType::StepEnter;
      step.step = Step::EndPhase;
      Event window;
      window.type = EventType::TimingEnter;
      window.timing = timing_ = Timing::EndPhase;
      cursor_ = records_.size();
      return {{"events", json::array({event_to_json(step), event_to_json(window)})}};
    }
    if (a.type == ActionType::Pass && passes_ == 0 && priority_window(timing_)) {
      passes_ = 1;
      give_priority(other(holder_), events);
      return {{"events", events}};
    }
    passes_ = 0;
    advance(events);
    return {{"events", events}};
  }
  if (a.type != ActionType::Pass || !priority_window(timing_))
    throw HostError("serve: " + j.dump() + " was not offered: the core waits on no prompt for that player");
  if (passes_ == 0) {
    passes_ = 1;
    give_priority(other(holder_), events);
    return {{"events", events}};
  }
  passes_ = 0;
  advance(events);
  return {{"events", events}};
}

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
    for (std::size_t i = 0; i < out.cards.size(); ++i)
      if (!learnt[i] && cards[i] != base[i]) {
        out.cards[i] = path.header.scenario.cards[i];
        learnt[i] = true;
      }
  });
  served_scenario_ = std::move(out);
  return *served_scenario_;
}

int serve(ServeSession& session, std::istream& in, std::ostream& out) {
  std::string line;
  while (std::getline(in, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    json reply;
    try {
      const json request = json::parse(line);
      const std::string cmd = request.value("cmd", "");
      if (cmd == "load") reply = session.load(request.value("scenario", json()));
      else if (cmd == "actions") reply = session.actions();
      else if (cmd == "apply") reply = session.apply(request.at("action"));
      else if (cmd == "quit") reply = {{"ok", true}};
      else reply = {{"error", "unknown cmd \"" + cmd + "\""}};
      if (cmd == "quit") {
        out << reply.dump() << std::endl;
        return 0;
      }
    } catch (const std::exception& e) {
      reply = {{"error", e.what()}};
    }
    out << reply.dump() << std::endl;
  }
  return 0;
}

}  // namespace bc::host
