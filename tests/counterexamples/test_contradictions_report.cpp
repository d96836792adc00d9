// The contradictions report (Markdown, JSON, HTML) on the planted pair of
// tests/checker/fixtures, and the HTML page rendered by headless Chromium.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "counterexamples/contradictions/contradictions_report.hpp"
#include "counterexamples/report/report.hpp"
#include "model/loaders/loader.hpp"

namespace bc {
namespace {

namespace fs = std::filesystem;

const std::string kDir = std::string(BC_SOURCE_DIR) + "/tests/checker/fixtures/";

/// The planted pair over the default scenario and tiny, built once.
const ContradictionsView& planted_view() {
  static const ContradictionsView view = [] {
    std::vector<NamedScenario> scenarios{{"default", "built-in", default_scenario()}};
    const std::string tiny = std::string(BC_SOURCE_DIR) + "/scenarios/battle-fader.toml";
    scenarios.push_back({"battle-fader", tiny, load_scenario_file(tiny)});
    ContradictionOptions o;
    o.bounds.max_depth = 24;
    o.bounds.max_pairs = 2000000;
    const ContradictionResult r = find_contradictions(
        {load_ruleset(kDir + "planted-a.toml"), load_ruleset(kDir + "planted-b.toml")}, load_ruleset("mr3"),
        scenarios, o);
    return make_view(r, o);
  }();
  return view;
}

std::size_t count(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

TEST(ContradictionsReport, MatrixHasEveryEntryAndMarksTheDifferences) {
  const ContradictionsView& v = planted_view();
  ASSERT_EQ(v.matrix.size(), static_cast<std::size_t>(kKnobCount + kEffectKindCount));
  int differ = 0;
  for (const MatrixRow& row : v.matrix) {
    ASSERT_EQ(row.cells.size(), 2u);
    if (row.status == "differ") ++differ;
    if (row.name == "equal_atk_destroys_both") {
      EXPECT_EQ(row.status, "agree");
      EXPECT_EQ(row.cells[0].value, "false");
      EXPECT_EQ(row.fallback, "true");
    }
    if (row.name == "first_priority") {
      EXPECT_EQ(row.cells[0].value, "turn_player");
      EXPECT_EQ(row.cells[1].value, "non_turn_player");
      EXPECT_EQ(row.cells[1].citation, "S9 §planted 1");
      EXPECT_EQ(row.cells[1].status, MatrixCell::Status::Differ);
    }
  }
  EXPECT_EQ(differ, 7);
}

TEST(ContradictionsReport, MarkdownListsEachFindingWithBothCitationsAndBothReplays) {
  const ContradictionsView& v = planted_view();
  const std::string md = contradictions_markdown(v);
  EXPECT_NE(md.find("## Matrix: sources by rule entries"), std::string::npos);
  EXPECT_EQ(count(md, "\n### "), 7u);
  EXPECT_NE(md.find("### 1. first_priority: planted-a vs planted-b"), std::string::npos);
  EXPECT_NE(md.find("| start_step_may_skip_to_end_step | false | S1 §开始步骤; S0 §6.3.4.3.5"), std::string::npos);
  EXPECT_NE(md.find("| true | S9 §planted 2 |"), std::string::npos);
  EXPECT_NE(md.find("2. Start Step: P1 goes from the Start Step straight to the End Step"), std::string::npos);
  EXPECT_EQ(count(md, "Under **planted-a**"), 7u);
  EXPECT_EQ(count(md, "Under **planted-b**"), 7u);
}

TEST(ContradictionsReport, JsonCarriesReplayableRuns) {
  const nlohmann::json j = contradictions_json(planted_view());
  EXPECT_EQ(j["format"], "battlecheck-contradictions");
  EXPECT_EQ(j["matrix"].size(), static_cast<std::size_t>(kKnobCount + kEffectKindCount));
  ASSERT_EQ(j["findings"].size(), 7u);
  const auto& f = j["findings"][1];
  EXPECT_EQ(f["root"], "start_step_may_skip_to_end_step");
  EXPECT_EQ(f["cases"][0]["length"], 2);
  EXPECT_EQ(f["cases"][0]["actions_second"].size(), 2u);
  EXPECT_EQ(f["cases"][0]["actions_first"].size(), 1u);
  EXPECT_EQ(f["aligned"], nlohmann::json::array({"first_priority"}));
}

TEST(ContradictionsReport, HtmlIsStandalone) {
  const std::string html = contradictions_html(planted_view());
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("<link"), std::string::npos);
  EXPECT_EQ(html.find("src="), std::string::npos);
  EXPECT_EQ(html.find("url("), std::string::npos);
  EXPECT_EQ(count(html, "<section class=\"finding "), 7u);
  EXPECT_NE(html.find("id=\"matrix\""), std::string::npos);
}

/// Headless Chromium loads the page from a file and dumps the DOM it built.
TEST(ContradictionsReport, HtmlRendersInHeadlessChromium) {
  const std::string chromium = "/usr/bin/chromium";
  if (!fs::exists(chromium)) GTEST_SKIP() << chromium << " is not installed (ci/setup installs it)";
  const fs::path dir = fs::temp_directory_path() / ("bc_contra_html_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "profile");
  const fs::path page = dir / "report.html";
  ASSERT_TRUE(write_file_atomic(page.string(), contradictions_html(planted_view()), false).ok);
  const fs::path dom = dir / "dom.html";
  const std::string cmd = chromium +
                          " --headless --no-sandbox --disable-gpu --disable-quic --no-first-run"
                          " --disable-background-networking --disable-component-update --disable-sync"
                          " --user-data-dir='" + (dir / "profile").string() + "' --dump-dom 'file://" +
                          page.string() + "' >'" + dom.string() + "' 2>/dev/null";
  const int status = std::system(cmd.c_str());
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << cmd;
  std::ifstream in(dom);
  std::ostringstream text;
  text << in.rdbuf();
  const std::string out = text.str();
  EXPECT_NE(out.find("Matrix: sources by rule entries"), std::string::npos);
  EXPECT_NE(out.find("<table class=\"matrix\">"), std::string::npos);
  EXPECT_EQ(count(out, "<section class=\"finding "), 7u);
  EXPECT_NE(out.find("id=\"finding-7\""), std::string::npos);
  EXPECT_NE(out.find("chains_damage_calculation"), std::string::npos);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace bc
