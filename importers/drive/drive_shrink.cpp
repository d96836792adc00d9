/// Shrinking a disagreement with RapidCheck's shrinking machinery: the case
/// (scenario + choices) becomes a Shrinkable whose shrinks are RapidCheck's
/// own list shrinks (remove chunks, each element toward 0) over the choices
/// and the cards, plus board simplifications; the first candidate that still
/// diverges with the same kind is taken, as RapidCheck does, until none does.
/// Every candidate is re-run against the engine.
#include <rapidcheck.h>

#include "checker/conformance/conformance_rules.hpp"
#include "importers/drive/drive.hpp"
#include "trace/format/trace_json.hpp"

namespace bc {
namespace {

/// Scenarios with one simplification each: fewer cards (RapidCheck's
/// removeChunks), an emptied zone, a face-up Attack Position monster instead
/// of another position, not the first turn, unused monster specs dropped.
std::vector<Scenario> board_shrinks(const Scenario& s) {
  std::vector<Scenario> out;
  if (s.first_turn) {
    Scenario t = s;
    t.first_turn = false;
    out.push_back(t);
  }
  for (int side = 0; side < 2; ++side)
    for (int z = 0; z < kZonesPerSide; ++z) {
      if (s.board[side][z].monster == kNoMonster) continue;
      Scenario t = s;
      t.board[side][z] = ZoneSpec{};
      out.push_back(t);
    }
  for (int side = 0; side < 2; ++side)
    for (int z = 0; z < kZonesPerSide; ++z) {
      const ZoneSpec& spec = s.board[side][z];
      if (spec.monster == kNoMonster || spec.position == Position::FaceUpAttack) continue;
      Scenario t = s;
      t.board[side][z].position = Position::FaceUpAttack;
      out.push_back(t);
    }
  return out;
}

/// The same scenario without monster specs nobody refers to (indices renumbered).
std::optional<Scenario> compacted(const Scenario& s) {
  std::vector<bool> used(s.monsters.size(), false);
  for (const auto& side : s.board)
    for (const ZoneSpec& z : side)
      if (z.monster != kNoMonster) used[z.monster] = true;
  for (const CardSpec& c : s.cards) {
    if (c.host != kNoMonster) used[c.host] = true;
    if (c.summons != kNoMonster) used[c.summons] = true;
  }
  if (std::all_of(used.begin(), used.end(), [](bool u) { return u; })) return std::nullopt;
  std::vector<std::uint8_t> renumber(s.monsters.size(), kNoMonster);
  Scenario t = s;
  t.description.clear();
  t.monsters.clear();
  for (std::size_t i = 0; i < s.monsters.size(); ++i)
    if (used[i]) {
      renumber[i] = static_cast<std::uint8_t>(t.monsters.size());
      t.monsters.push_back(s.monsters[i]);
    }
  auto map = [&](std::uint8_t m) { return m == kNoMonster ? m : renumber[m]; };
  for (auto& side : t.board)
    for (ZoneSpec& z : side) z.monster = map(z.monster);
  for (CardSpec& c : t.cards) {
    c.host = map(c.host);
    c.summons = map(c.summons);
  }
  return t;
}

rc::Seq<DriveCase> case_shrinks(const DriveCase& c) {
  auto with_choices = [c](std::vector<std::uint32_t> choices) { return DriveCase{c.scenario, std::move(choices)}; };
  auto with_cards = [c](std::vector<CardSpec> cards) {
    DriveCase t = c;
    t.scenario.cards = std::move(cards);
    return t;
  };
  std::vector<DriveCase> boards;
  if (auto t = compacted(c.scenario)) boards.push_back({*t, c.choices});
  for (Scenario& s : board_shrinks(c.scenario)) boards.push_back({std::move(s), c.choices});
  return rc::seq::concat(
      rc::seq::map(rc::shrink::removeChunks(c.choices), with_choices),
      rc::seq::map(rc::shrink::removeChunks(c.scenario.cards), with_cards),
      rc::seq::fromContainer(std::move(boards)),
      rc::seq::map(rc::shrink::eachElement(c.choices, [](std::uint32_t x) { return rc::shrink::towards<std::uint32_t>(x, 0); }),
                   with_choices));
}

/// The run's choices as the indices actually taken (choice % n), cut at the divergence.
DriveCase normalized(const DriveCase& c, const DriveRun& run, const Ruleset& rules) {
  DriveCase t{c.scenario, {}};
  const Model model(c.scenario, rules);
  State s = model.initial();
  for (int i = 0; i < run.divergence.step && i < static_cast<int>(c.choices.size()); ++i) {
    ActionList legal;
    model.actions(s, legal);
    if (legal.empty()) break;
    const auto pick = c.choices[i] % static_cast<std::uint32_t>(legal.size());
    t.choices.push_back(pick);
    EventBuffer buf;
    s = model.next(s, legal[static_cast<int>(pick)], buf);
  }
  return t;
}

/// For an events disagreement: the ruleset entries under which the model
/// would have produced the engine's events (checker/conformance/conformance_rules.hpp).
/// Done once, on the minimal case: the search is slow.
void name_rules(const Ruleset& rules, const DriveCase& c, DriveRun& run) {
  DriveDivergence& d = run.divergence;
  if (d.kind != DriveKind::Events || !d.rule.empty() || d.step < 1) return;
  const Model model(c.scenario, rules);
  State s = model.initial();
  for (int i = 0; i + 1 < d.step && i < static_cast<int>(run.actions.size()); ++i) {
    EventBuffer buf;
    s = model.next(s, run.actions[static_cast<std::size_t>(i)], buf);
  }
  DiagnosisStart start{s, {}};
  for (int i = 0; i < static_cast<int>(d.engine_events.size()) && i <= d.first_event_diff; ++i) {
    start.events.push_back(event_from_json(d.engine_events[static_cast<std::size_t>(i)], "engine event"));
    annotate_effects(start.events.back(), model.scenario());
  }
  for (const std::string& rule : rules_forbidding_events(model, {start}, 0))
    d.rule += (d.rule.empty() ? "" : "; ") + rule;
}

}  // namespace

DriveResult shrink_case(EngineHandle& engine, const Ruleset& rules, const DriveCase& failing, int max_runs,
                        int settle_ms) {
  DriveResult result;
  DriveRun run = drive_case(engine, rules, failing, settle_ms);
  const DriveKind kind = run.divergence.kind;
  if (kind == DriveKind::None) return result;
  DriveCase best = normalized(failing, run, rules);
  DriveRun again = drive_case(engine, rules, best, settle_ms);
  if (again.divergence.kind != kind) {  // a flaky engine: keep the case as found
    best = failing;
  } else {
    run = std::move(again);
  }
  // A hanging engine costs a whole timeout per failing candidate: a small budget.
  const int budget = kind == DriveKind::EngineHung ? std::min(max_runs, 12) : max_runs;
  rc::Shrinkable<DriveCase> current = rc::shrinkable::shrinkRecur(best, &case_shrinks);
  for (bool progress = true; progress && result.shrink_runs < budget;) {
    progress = false;
    auto shrinks = current.shrinks();
    while (auto candidate = shrinks.next()) {
      if (result.shrink_runs >= budget) break;
      ++result.shrink_runs;
      DriveRun r = drive_case(engine, rules, candidate->value(), settle_ms);
      if (r.divergence.kind != kind) continue;
      current = *candidate;
      run = std::move(r);
      ++result.shrink_steps;
      progress = true;
      break;
    }
  }
  name_rules(rules, current.value(), run);
  result.found = kind != DriveKind::None;
  result.original = failing;
  result.minimal = current.value();
  result.minimal_run = std::move(run);
  return result;
}

}  // namespace bc
