// `battlecheck coverage` end to end: the shipped scenarios reach every rule
// situation (exit 0), one small scenario does not (exit 1, the unreached ones
// named), bad input exits 2 (docs/coverage.md).
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "tests/cli/shell.hpp"

namespace {

using bc::test::sh;

const std::string kBinary = std::string("cd /tmp && '") + BC_BINARY + "' coverage ";
const std::string kScenarios = std::string(BC_SOURCE_DIR) + "/scenarios/";

TEST(CoverageCli, ShippedScenariosReachEverySituation) {
  const auto r = sh(kBinary + "--json");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out.substr(r.out.find('{')));
  EXPECT_EQ(j["ruleset"], "mr3");
  EXPECT_EQ(j["reached"], j["total"]);
  bool bench_large = false;
  for (const auto& s : j["scenarios"]) bench_large |= s["name"] == "bench-large" || s["name"] == "bench-xl";
  EXPECT_FALSE(bench_large);
  for (const auto& s : j["situations"]) {
    EXPECT_FALSE(s["reached_by"].is_null()) << s["id"];
    if (s["id"] == "calc_atk_equal_def") {
      EXPECT_EQ(s["reached_by"], "equal-def");
    }
  }
}

TEST(CoverageCli, OneSmallScenarioLeavesSituationsUnreached) {
  const auto r = sh(kBinary + "--scenario '" + kScenarios + "equal-def.toml'");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("calc_atk_equal_def"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("UNREACHED"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("situations reached (1 scenarios)"), std::string::npos) << r.out;
}

TEST(CoverageCli, BadInputExitsTwo) {
  EXPECT_EQ(sh(kBinary + "--scenario /no/such/file.toml").code, 2);
  EXPECT_EQ(sh(kBinary + "--ruleset no-such-ruleset --scenario '" + kScenarios + "tiny.toml'").code, 2);
  EXPECT_EQ(sh(kBinary + "--help").code, 0);
}

}  // namespace
