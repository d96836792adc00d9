/// Breadth-first exploration of a scenario's model states, recording the
/// first (shortest) hit of every activated / refused / second-chain goal.
/// Refusals are found by comparing the legal actions of a state under the
/// base rules with those under the variant that opens every permission (or
/// makes every window several-chain): an activation only the variant offers
/// is refused by exactly that rule.
#include <chrono>

#include "checker/store/fingerprint_set.hpp"
#include "counterexamples/goals/coverage.hpp"

namespace bc {
namespace {

bool contains(const ActionList& list, const Action& a) {
  for (const Action& b : list)
    if (b == a) return true;
  return false;
}

/// Where a goal was first met: the state, then one step.
struct RawHit {
  std::uint32_t state = 0;
  Action action{};
  bool legal = true;
  std::uint8_t card = kNoCard;
  std::vector<Action> extra;
};

/// The state-by-state goal finder shared by the exhaustive and the run-based searches.
class GoalFinder {
 public:
  GoalFinder(const Model& model, RuleVariants& variants)
      : model_(model), variants_(variants), perm_(model.scenario(), variants.all_permissions()) {}

  std::map<std::uint32_t, RawHit>& hits() { return hits_; }

  /// Permission refusals in state s (id): activations only the all-permissions variant offers.
  void state_refusals(const State& s, std::uint32_t id, const ActionList& base) {
    const Ruleset& rules = variants_.base();
    perm_.actions(s, other_);
    for (const Action& a : other_) {
      if (a.type != ActionType::Activate || contains(base, a)) continue;
      const EffectKind k = model_.scenario().cards[a.card].kind;
      if (!rules.allowed(k, s.timing)) add(refused_goal(s.timing, k), {id, a, false, a.card, {}});
    }
  }

  /// One-chain refusals on the step s --a-->: a chain ended in a one-chain
  /// window T, which therefore closed; under the variant where T allows
  /// several chains it stays open and a player (the turn player first, else
  /// the opponent after a pass) could start a second chain.
  void chain_refusals(const State& s, std::uint32_t id, const Action& a, const EventBuffer& events) {
    const Ruleset& rules = variants_.base();
    Timing t = s.timing;
    bool found = false;
    for (const Event& e : events) {
      if (e.type == EventType::TimingEnter) t = e.timing;
      if (e.type == EventType::ChainEnd && !rules.several(chains_knob_of(t))) {
        found = true;
        break;
      }
    }
    const Goal g = second_chain_refused_goal(t);
    if (!found || hits_.count(g.key())) return;
    int& tries = tries_[g.key()];
    if (tries >= kMaxTries) return;
    ++tries;
    const Model variant(model_.scenario(), variants_.with_several(t));
    events_.clear();
    State x = variant.next(s, a, events_);
    std::vector<Action> extra;
    for (int round = 0; round < 2 && x.timing == t && x.chain_len == 0; ++round) {
      variant.actions(x, other_);
      for (const Action& b : other_)
        if (b.type == ActionType::Activate) {
          extra.push_back(b);
          add(g, {id, a, true, b.card, extra});
          return;
        }
      if (other_.empty() || other_[0].type != ActionType::Pass) return;
      extra.push_back(other_[0]);
      events_.clear();
      x = variant.next(x, other_[0], events_);
    }
  }

  /// Trigger refusals on the step s --a--> next: a trigger left pending at a
  /// timing its permission omits, which the one-entry variant would chain.
  void trigger_refusals(const State& s, std::uint32_t id, const Action& a, const State& next) {
    if (next.pending == 0) return;
    const Ruleset& rules = variants_.base();
    const auto& cards = model_.scenario().cards;
    for (std::uint8_t c = 0; c < cards.size(); ++c) {
      if (!(next.pending & (1u << c)) || rules.allowed(cards[c].kind, next.timing)) continue;
      const Goal g = refused_goal(next.timing, cards[c].kind);
      int& tries = tries_[g.key()];
      if (hits_.count(g.key()) || tries >= kMaxTries) continue;
      ++tries;
      const Model variant(model_.scenario(), variants_.with_permission(cards[c].kind, next.timing));
      events_.clear();
      variant.next(s, a, events_);
      Timing t = s.timing;
      for (const Event& e : events_) {
        if (e.type == EventType::TimingEnter) t = e.timing;
        if (e.type == EventType::Activate && e.card == c && t == next.timing) {
          add(g, {id, a, true, c, {}});
          break;
        }
      }
    }
  }

  void positive(const State& s, std::uint32_t id, const Action& a, const EventBuffer& events) {
    goals_.clear();
    step_goals(s, events, goals_);
    for (const Goal& g : goals_) add(g, {id, a, true, kNoCard, {}});
  }

 private:
  static constexpr int kMaxTries = 16;
  void add(const Goal& g, const RawHit& h) { hits_.try_emplace(g.key(), h); }

  const Model& model_;
  RuleVariants& variants_;
  Model perm_;
  ActionList other_;
  EventBuffer events_;
  std::vector<Goal> goals_;
  std::map<std::uint32_t, RawHit> hits_;
  std::map<std::uint32_t, int> tries_;
};

}  // namespace

GoalExploration explore_goals(const Model& model, RuleVariants& variants, std::uint32_t max_depth,
                              const CorpusProgressFn& progress) {
  const auto start = std::chrono::steady_clock::now();
  GoalExploration out;
  GoalFinder finder(model, variants);
  FingerprintSet seen(false, 1u << 16);
  std::vector<std::uint32_t> parent;
  std::vector<std::uint8_t> via;
  std::vector<std::pair<State, std::uint32_t>> cur, next;
  EventBuffer events;
  State root = model.initial(events);
  seen.insert(hash_state(root), 0);
  parent.push_back(0xFFFFFFFFu);
  via.push_back(0);
  if (!Model::is_terminal(root)) cur.emplace_back(root, 0);
  ActionList actions;
  std::uint32_t level = 0;
  while (!cur.empty()) {
    if (max_depth != 0 && level >= max_depth) {
      out.complete = false;
      break;
    }
    for (const auto& [s, id] : cur) {
      model.actions(s, actions);
      finder.state_refusals(s, id, actions);
      for (int i = 0; i < actions.size(); ++i) {
        events.clear();
        const State succ = model.next(s, actions[i], events);
        ++out.transitions;
        finder.positive(s, id, actions[i], events);
        finder.trigger_refusals(s, id, actions[i], succ);
        finder.chain_refusals(s, id, actions[i], events);
        if (!seen.insert(hash_state(succ), 0).fresh) continue;
        const auto succ_id = static_cast<std::uint32_t>(parent.size());
        parent.push_back(id);
        via.push_back(static_cast<std::uint8_t>(i));
        if (!Model::is_terminal(succ)) next.emplace_back(succ, succ_id);
      }
      if (progress && (out.transitions & 0xFFFF) < static_cast<std::uint64_t>(actions.size()))
        progress({"explore " + model.scenario().name, parent.size(), 0});
    }
    cur.swap(next);
    next.clear();
    ++level;
    if (!cur.empty()) out.depth = level;
  }
  auto path_to = [&](std::uint32_t id) {
    std::vector<std::uint8_t> path;
    for (std::uint32_t v = id; parent[v] != 0xFFFFFFFFu; v = parent[v]) path.push_back(via[v]);
    return std::vector<std::uint8_t>(path.rbegin(), path.rend());
  };
  for (const auto& [key, raw] : finder.hits())
    out.hits.emplace(key, GoalHit{path_to(raw.state), raw.action, raw.legal, raw.card, raw.extra});
  out.states = parent.size();
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

void run_refusals(const Model& model, RuleVariants& variants, const std::vector<std::uint8_t>& run,
                  std::map<std::uint32_t, GoalHit>& hits) {
  GoalFinder finder(model, variants);
  EventBuffer events;
  State s = model.initial(events);
  ActionList actions;
  for (std::size_t step = 0; step <= run.size(); ++step) {
    model.actions(s, actions);
    finder.state_refusals(s, static_cast<std::uint32_t>(step), actions);
    if (step == run.size() || run[step] >= actions.size()) break;
    events.clear();
    const State succ = model.next(s, actions[run[step]], events);
    finder.trigger_refusals(s, static_cast<std::uint32_t>(step), actions[run[step]], succ);
    finder.chain_refusals(s, static_cast<std::uint32_t>(step), actions[run[step]], events);
    s = succ;
  }
  for (const auto& [key, raw] : finder.hits()) {
    std::vector<std::uint8_t> path(run.begin(), run.begin() + raw.state);
    hits.try_emplace(key, GoalHit{std::move(path), raw.action, raw.legal, raw.card, raw.extra});
  }
}

}  // namespace bc
