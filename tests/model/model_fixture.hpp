#pragma once
/// Test helpers: a small hand-built scenario and a driver that picks actions
/// by kind and records every event, so model tests read like rulings.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <vector>

#include "model/library/presets.hpp"
#include "model/loaders/loader.hpp"
#include "model/rules/model.hpp"

namespace bc::test {

/// Builds scenarios in code: monsters, board, cards.
struct ScenarioBuilder {
  Scenario s;
  std::uint8_t monster(const std::string& name, int atk, int def) {
    s.monsters.push_back({name, atk, def});
    return static_cast<std::uint8_t>(s.monsters.size() - 1);
  }
  std::uint8_t place(Player side, int zone, const std::string& name, int atk, int def, Position pos) {
    const std::uint8_t m = monster(name, atk, def);
    s.board[index_of(side)][zone] = ZoneSpec{m, pos};
    return m;
  }
  std::uint8_t card(const std::string& name, EffectKind kind, Player owner, std::uint8_t host = kNoMonster,
                    int value = 0, std::uint8_t summons = kNoMonster, Condition c = Condition::None) {
    s.cards.push_back(CardSpec{name, kind, owner, host, value, summons, c});
    fill_preset_term(s.cards.back());
    return static_cast<std::uint8_t>(s.cards.size() - 1);
  }
};

/// Drives a model step by step, keeping the whole event trace.
class Driver {
 public:
  Driver(const Scenario& sc, const Ruleset& r) : model_(sc, r) {
    EventBuffer buf;
    state_ = model_.initial(buf);
    events_.assign(buf.begin(), buf.end());
  }
  const State& state() const { return state_; }
  const std::vector<Event>& events() const { return events_; }
  const Model& model() const { return model_; }
  ActionList legal() const {
    ActionList al;
    model_.actions(state_, al);
    return al;
  }
  /// Apply the first legal action satisfying pred; fails the test if none.
  std::vector<Event> act(const std::function<bool(const Action&)>& pred) {
    const ActionList al = legal();
    const auto* it = std::find_if(al.begin(), al.end(), pred);
    EXPECT_NE(it, al.end()) << "no such legal action at " << name(state_.timing);
    if (it == al.end()) return {};
    EventBuffer buf;
    state_ = model_.next(state_, *it, buf);
    std::vector<Event> step(buf.begin(), buf.end());
    events_.insert(events_.end(), step.begin(), step.end());
    return step;
  }
  std::vector<Event> pass() { return act([](const Action& a) { return a.type == ActionType::Pass; }); }
  std::vector<Event> activate(std::uint8_t card, std::uint8_t target = kNoSlot) {
    return act([&](const Action& a) { return a.type == ActionType::Activate && a.card == card && (target == kNoSlot || a.target == target); });
  }
  std::vector<Event> declare(std::uint8_t attacker, std::uint8_t target) {
    return act([&](const Action& a) { return a.type == ActionType::DeclareAttack && a.attacker == attacker && a.target == target; });
  }
  bool can(const std::function<bool(const Action&)>& pred) const {
    const ActionList al = legal();
    return std::any_of(al.begin(), al.end(), pred);
  }
  bool can_activate(std::uint8_t card) const {
    return can([&](const Action& a) { return a.type == ActionType::Activate && a.card == card; });
  }
  /// Both players pass until the timing changes (or a choice is due).
  void pass_until(Timing t, int limit = 40) {
    for (int i = 0; i < limit && state_.timing != t; ++i) pass();
    EXPECT_EQ(state_.timing, t);
  }

 private:
  Model model_;
  State state_;
  std::vector<Event> events_;
};

inline bool has_event(const std::vector<Event>& ev, EventType t) {
  return std::any_of(ev.begin(), ev.end(), [&](const Event& e) { return e.type == t; });
}
inline const Event* find_event(const std::vector<Event>& ev, EventType t) {
  const auto it = std::find_if(ev.begin(), ev.end(), [&](const Event& e) { return e.type == t; });
  return it == ev.end() ? nullptr : &*it;
}

}  // namespace bc::test
