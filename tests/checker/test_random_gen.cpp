// Property-based tests of the random-exploration generators: generated
// scenarios are valid, generated actions are legal, generated runs replay
// exactly, and the generators reach the boards the mutants need.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "checker/random/random_gen.hpp"
#include "checker/random/term_gen.hpp"
#include "counterexamples/replay/replay.hpp"
#include "model/loaders/loader.hpp"

namespace bc {
namespace {

const Ruleset& mr3_rules() {
  static const Ruleset r = load_ruleset("mr3");
  return r;
}

/// Events of a direct walk of the model along `indices`, opening included.
std::vector<Event> walk_events(const Model& model, const std::vector<std::uint8_t>& indices) {
  std::vector<Event> out;
  EventBuffer buffer;
  State s = model.initial(buffer);
  out.insert(out.end(), buffer.begin(), buffer.end());
  ActionList legal;
  for (const std::uint8_t i : indices) {
    model.actions(s, legal);
    buffer.clear();
    s = model.next(s, legal[i], buffer);
    out.insert(out.end(), buffer.begin(), buffer.end());
  }
  return out;
}

/// Bounds drawing every card from one source: presets, generated terms or library cards.
GenBounds only(int source) {
  GenBounds b;
  b.preset_weight = source == 0 ? 1 : 0;
  b.term_weight = source == 1 ? 1 : 0;
  b.library_weight = source == 2 ? 1 : 0;
  return b;
}

void expect_round_trip(const Scenario& s) {
  const std::string text = scenario_to_toml(s);
  Scenario back;
  try {
    back = parse_scenario(text, "generated.toml");
  } catch (const InputError& e) {
    RC_FAIL(std::string("loader refused a generated scenario: ") + e.what() + "\n" + text);
  }
  RC_ASSERT(back == s);
}

RC_GTEST_PROP(RandomGen, ScenariosPassTheLoaderAfterATomlRoundTrip, ()) { expect_round_trip(*gen_scenario(GenBounds{})); }

RC_GTEST_PROP(RandomGen, PresetBoardsPassTheLoaderAfterATomlRoundTrip, ()) { expect_round_trip(*gen_scenario(only(0))); }

RC_GTEST_PROP(RandomGen, TermBoardsPassTheLoaderAfterATomlRoundTrip, ()) { expect_round_trip(*gen_scenario(only(1))); }

RC_GTEST_PROP(RandomGen, LibraryBoardsPassTheLoaderAfterATomlRoundTrip, ()) { expect_round_trip(*gen_scenario(only(2))); }

// Every card of a generated board is meaningful (term_gen.hpp): what another
// engineer's load-time refusals will refuse is never generated, and a term
// with a host-bound part always has its host.
RC_GTEST_PROP(RandomGen, EveryCardIsMeaningful, ()) {
  const Scenario s = *gen_scenario(GenBounds{});
  for (const CardSpec& c : s.cards) {
    RC_ASSERT(term_problem(c.term) == "");
    if (term_needs_host(c.term)) RC_ASSERT(c.host != kNoMonster);
    RC_ASSERT(c.kind == class_of(c.term));
  }
}

// Shrinking keeps boards valid: every shrink of a generated board loads after a round trip.
RC_GTEST_PROP(RandomGen, ShrunkBoardsPassTheLoader, ()) {
  const auto gen = gen_scenario(GenBounds{});
  const rc::Shrinkable<Scenario> board = gen(rc::Random(*rc::gen::arbitrary<std::uint64_t>()), 50);
  auto shrinks = board.shrinks();
  for (int i = 0; i < 40; ++i) {
    const auto next = shrinks.next();
    if (!next) break;
    expect_round_trip(next->value());
    for (const CardSpec& c : next->value().cards) RC_ASSERT(term_problem(c.term) == "");
  }
}

RC_GTEST_PROP(RandomGen, ScenariosRespectTheBounds, ()) {
  const Scenario s = *gen_scenario(GenBounds{});
  int per_player[2] = {0, 0};
  for (const CardSpec& c : s.cards) ++per_player[index_of(c.owner)];
  RC_ASSERT(per_player[0] <= kMaxCardsPerPlayer);
  RC_ASSERT(per_player[1] <= kMaxCardsPerPlayer);
  RC_ASSERT(static_cast<int>(s.monsters.size()) <= kMaxMonsterSpecs);
  for (const MonsterSpec& m : s.monsters) {
    RC_ASSERT(m.atk >= 0 && m.atk <= 5000 && m.atk % 50 == 0);
    RC_ASSERT(m.def >= 0 && m.def <= 5000 && m.def % 50 == 0);
  }
}

RC_GTEST_PROP(RandomGen, EveryGeneratedActionIsLegal, ()) {
  const Scenario s = *gen_scenario(GenBounds{});
  const auto choices = *gen_choices(kDefaultMaxSteps);
  const Model model(s, mr3_rules());
  const auto indices = choices_to_indices(model, choices);
  RC_ASSERT(indices.size() <= static_cast<std::size_t>(kDefaultMaxSteps));
  EventBuffer buffer;
  State state = model.initial(buffer);
  ActionList legal;
  for (std::size_t i = 0; i < indices.size(); ++i) {
    model.actions(state, legal);
    RC_ASSERT(static_cast<int>(indices[i]) < legal.size());
    const std::uint32_t choice = i < choices.size() ? choices[i] : 0;
    RC_ASSERT(indices[i] == choice % static_cast<std::uint32_t>(legal.size()));
    buffer.clear();
    state = model.next(state, legal[indices[i]], buffer);
    RC_ASSERT(!buffer.overflowed());
  }
  // A run stops only at a terminal state, a state without action, or the step cap.
  model.actions(state, legal);
  RC_ASSERT(Model::is_terminal(state) || legal.empty() || indices.size() == static_cast<std::size_t>(kDefaultMaxSteps));
}

RC_GTEST_PROP(RandomGen, ReplayingAGeneratedRunReproducesItsEvents, ()) {
  const Scenario s = *gen_scenario(GenBounds{});
  const Model model(s, mr3_rules());
  const auto indices = choices_to_indices(model, *gen_choices(kDefaultMaxSteps));
  const Run run = replay(model, indices);
  RC_ASSERT(run.ok());
  RC_ASSERT(run.steps.size() == indices.size());
  RC_ASSERT(run.all_events() == walk_events(model, indices));
  const Run again = replay(model, indices);
  RC_ASSERT(again.all_events() == run.all_events());
  RC_ASSERT(again.verdicts.violated == run.verdicts.violated);
}

// Every preset on every generated board: random mode once found two mr3
// model gaps here (docs/random.md, Findings; regression tests in
// tests/model/test_model.cpp), and mr3's one disputed claim is not a failure.
// Generated terms and library cards are the self-check's
// (tests/checker/test_self_check.cpp).
RC_GTEST_PROP(RandomGen, Mr3HoldsOnGeneratedRunsOfPresets, ()) {
  GenBounds presets_only;
  presets_only.term_weight = presets_only.library_weight = 0;
  const Scenario s = *gen_scenario(presets_only);
  const Model model(s, mr3_rules());
  const Run run = replay(model, choices_to_indices(model, *gen_choices(kDefaultMaxSteps)));
  RC_ASSERT(run.ok());
  RC_ASSERT(run.verdicts.violated.none());
}

TEST(RandomGen, EmptyChoicesPassThroughTheBattlePhase) {
  const Model model(default_scenario(), mr3_rules());
  const auto indices = choices_to_indices(model, {});
  // Enter the Battle Phase, then pass everywhere: Start Step (2 passes), Battle Step (P1
  // declines to attack, P2 passes), End Step (2 passes): 7 actions.
  EXPECT_EQ(indices, std::vector<std::uint8_t>(indices.size(), 0));
  const bc::Run run = replay(model, indices);
  EXPECT_TRUE(run.terminal);
  EXPECT_EQ(indices.size(), 7u);
}

TEST(RandomGen, ChoicesWrapModuloTheLegalActions) {
  const Model model(default_scenario(), mr3_rules());
  // Main Phase 1 offers enter/skip: 3 % 2 = 1 skips the Battle Phase.
  EXPECT_EQ(choices_to_indices(model, {3}), std::vector<std::uint8_t>{1});
  EXPECT_EQ(choices_to_indices(model, {2, 0}, 1), std::vector<std::uint8_t>{0});
}

TEST(RandomGen, GeneratorsAreDeterministicForASeed) {
  const auto gen = gen_scenario(GenBounds{});
  const rc::Random r(42);
  const Scenario a = gen(r, 60).value();
  const Scenario b = gen(r, 60).value();
  EXPECT_EQ(a, b);
}

}  // namespace
}  // namespace bc
