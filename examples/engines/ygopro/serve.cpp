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
  scenario_found_ = r.battle_phase_found;
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
    // The policy's answers to prompts between the last response and the stop
    // become responses too: a response sent next answers the stop, not them.
    answer_codes_.clear();
    responses_.clear();
    for (const Answer& a : r.run.answers) {
      answer_codes_.push_back(a.code);
      responses_.push_back(a.response);
    }
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
      // Another chain only where the core prompts again; events next mean it moved on.
      if (cursor_ < records_.size() && records_[cursor_].kind == RecordKind::Event) return false;
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

bool ServeSession::end_phase_after(std::size_t offset) const {
  constexpr std::uint64_t kPhaseEnd = 0x200;
  for (const StreamMessage& m : split_buffer(stream_, 0, setup_.engine->framing()))
    if (m.decoded.offset > offset && m.decoded.code == msg::kNewPhase && m.decoded.data == kPhaseEnd) return true;
  return false;
}

/// The run's trace so far, as verify-trace would read it: the import's
/// records up to the cursor and the prompt the core waits on there (for
/// `drive --judge trace`, docs/engine-protocol.md). Each response sends the
/// whole trace: a later import may rewrite an earlier record.
json ServeSession::trace_records() {
  std::size_t end = std::min(cursor_, records_.size());
  if (end < records_.size() && records_[end].kind == RecordKind::Offered) ++end;
  json out = json::array();
  for (std::size_t i = 0; i < end; ++i) {
    TraceRecord r = records_[i];
    if (r.kind == RecordKind::Event && r.event.type == EventType::Activate && r.event.target == kNoSlot &&
        r.event.card == target_of_.first)
      r.event.target = target_of_.second;
    out.push_back(record_to_json(r));
  }
  for (const json& e : tail_) out.push_back(e);
  return out;
}

/// The scenario of this run's trace header: the import's, as verify-trace
/// reads a recording of the run (each card as this path shows it), once the
/// run has a Battle Phase; before, the served one.
json ServeSession::trace_scenario() {
  return scenario_to_json(scenario_found_ ? scenario_ : default_scenario());
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
  tail_.clear();
  follow_target_ = kNoSlot;
  holder_ = Player::P1;
  passes_ = 0;
  timing_ = Timing::MainPhase1;
  settle();
  json events = json::array();
  advance(events);
  // The cores' message streams show no ATK/DEF changes: the host cannot write them.
  return {{"ok", true},
          {"omits", json::array({"stat_changed", "change_expired"})},
          {"trace_omits", omits_to_json(bc::ygopro::importer_omits())},
          {"events", events},
          {"records", trace_records()}, {"trace_scenario", trace_scenario()}};
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
  // A first pass gives priority to the other player; a second one ends the
  // round and the duel goes on to where the core next asks.
  auto pass_or_advance = [&](bool first_pass) {
    if (first_pass) {
      passes_ = 1;
      give_priority(other(holder_), events);
    } else {
      passes_ = 0;
      advance(events);
    }
    return json{{"events", events}, {"records", trace_records()}, {"trace_scenario", trace_scenario()}};
  };
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
      const json both = json::array({event_to_json(step), event_to_json(window)});
      tail_ = both;
      return {{"events", both}, {"records", trace_records()}, {"trace_scenario", trace_scenario()}};
    }
    return pass_or_advance(a.type == ActionType::Pass && passes_ == 0 && priority_window(timing_));
  }
  if (a.type != ActionType::Pass || !priority_window(timing_))
    throw HostError("serve: " + j.dump() + " was not offered: the core waits on no prompt for that player");
  return pass_or_advance(passes_ == 0);
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
