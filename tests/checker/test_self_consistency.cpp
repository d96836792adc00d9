// Self-consistency regressions (issue 26): each scenario of
// tests/checker/self_consistency/ is a root cause the generated-board
// self-check found, where the model played a term one way and the monitors
// read it another. Explored exhaustively under mr3, every Always and
// Eventually property must hold (the file's header cites the rule), and the
// state count is pinned so a change in what the model distinguishes is seen.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "checker/parallel/explorer.hpp"
#include "model/loaders/loader.hpp"
#include "properties/catalog/property.hpp"

namespace bc {
namespace {

const std::string kDir = std::string(BC_SOURCE_DIR) + "/tests/checker/self_consistency/";

/// Pinned state counts (mr3, liveness on). Update deliberately, with the reason.
const std::map<std::string, std::uint64_t> kStates = {
    {"a1-negate-attack-after-declaration-window", 33},
    {"a2-attack-declared-window-at-start-step", 87},  // 83 before the Battle Step's round after a stopped attack
    {"b-end-battle-phase-during-damage-step", 43},
    {"c-trigger-and-counter-in-damage-step", 238},  // 187 before optional triggers offered their choice
    {"d-this-battle-before-any-attack", 96},
    {"e-trigger-negation-with-nothing-below", 28},
    {"f-position-change-hidden-in-a-def-change", 2462},
    {"g-end-of-battle-trigger-ruled-out", 28},
    {"h-summoned-monster-continuous-effect", 66},
    {"i-face-down-again-during-damage-calculation", 39},
    {"j-optional-trigger-on-another-summon-in-damage-step", 98},
    {"k-protection-for-the-turn-and-for-the-battle", 96},
    {"l-no-battle-damage-once-resolved", 665},
};

class SelfConsistency : public ::testing::TestWithParam<std::string> {};

TEST_P(SelfConsistency, EveryInvariantHoldsUnderMr3) {
  static const Ruleset rules = load_ruleset("mr3");
  const Scenario scenario = load_scenario_file(kDir + GetParam() + ".toml");
  const Model model(scenario, rules);
  Bounds bounds;
  bounds.threads = 1;
  const CheckResult r = explore(model, bounds);
  EXPECT_TRUE(r.complete);
  for (std::size_t p = 0; p < properties().size(); ++p) {
    if (properties()[p].kind == PropertyKind::Sometimes) continue;
    EXPECT_FALSE(r.violated.test(p)) << GetParam() << ": " << properties()[p].id << " VIOLATED";
  }
  EXPECT_EQ(r.states, kStates.at(GetParam())) << GetParam();
}

std::vector<std::string> names() {
  std::vector<std::string> out;
  for (const auto& [name, states] : kStates) out.push_back(name);
  return out;
}

INSTANTIATE_TEST_SUITE_P(RootCauses, SelfConsistency, ::testing::ValuesIn(names()),
                         [](const auto& info) {
                           std::string n = info.param;
                           for (char& ch : n)
                             if (ch == '-') ch = '_';
                           return n;
                         });

}  // namespace
}  // namespace bc
