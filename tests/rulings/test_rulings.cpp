// Worked rulings (tests/rulings/README.md): each file is a scenario, a path
// of actions chosen by their description, what must (not) be offered along
// the way, and the expected verdict, citing the source of the ruling. The
// suite also checks that the rulings together exercise every part of the
// effect vocabulary (docs/effects.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <regex>
#include <set>

#include <toml++/toml.h>

#include "counterexamples/replay/replay.hpp"
#include "model/terms/effect_text.hpp"
#include "model/loaders/loader.hpp"
#include "model/rules/model.hpp"
#include "properties/catalog/property.hpp"

namespace bc {
namespace {

namespace fs = std::filesystem;

fs::path rulings_dir() { return fs::path(BC_SOURCE_DIR) / "tests" / "rulings"; }

std::vector<std::string> ruling_files() {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(rulings_dir()))
    if (e.path().extension() == ".toml") out.push_back(e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> strings(const toml::node_view<const toml::node>& n) {
  std::vector<std::string> out;
  if (const toml::array* a = n.as_array())
    for (const auto& v : *a) out.push_back(v.value_or(std::string()));
  return out;
}

struct Step {
  std::string action;  ///< substring of Model::describe(); empty: only checks
  int times = 1;
  std::vector<std::string> offered, not_offered;
};

/// One ruling file, parsed.
struct Ruling {
  std::string file, statement, ruleset = "mr3", violates;
  std::vector<std::string> sources, narrative, absent;
  Scenario scenario;
  std::vector<Step> steps;
  bool terminal = false;
};

Ruling load(const std::string& file) {
  const toml::table doc = toml::parse_file((rulings_dir() / file).string());
  Ruling r;
  r.file = file;
  r.statement = doc["ruling"].value_or(std::string());
  r.sources = strings(doc["sources"]);
  r.ruleset = doc["ruleset"].value_or(std::string("mr3"));
  r.scenario = parse_scenario(doc["scenario"].value_or(std::string()), file + " [scenario]");
  if (const toml::array* steps = doc["step"].as_array())
    for (const auto& node : *steps) {
      const toml::table& t = *node.as_table();
      Step s;
      s.action = t["do"].value_or(std::string());
      s.times = static_cast<int>(t["times"].value_or(std::int64_t{1}));
      s.offered = strings(t["offered"]);
      s.not_offered = strings(t["not_offered"]);
      r.steps.push_back(s);
    }
  r.violates = doc["expect"]["violates"].value_or(std::string());
  r.narrative = strings(doc["expect"]["narrative"]);
  r.absent = strings(doc["expect"]["absent"]);
  r.terminal = doc["expect"]["terminal"].value_or(false);
  return r;
}

Ruleset ruleset_of(const std::string& name) {
  for (const std::string& m : builtin_mutant_names())
    if (m == name) return load_mutant(name);
  return load_ruleset(name);
}

/// The legal actions' descriptions in order.
std::vector<std::string> described(const Model& m, const State& s, ActionList& list) {
  m.actions(s, list);
  std::vector<std::string> out;
  for (const Action& a : list) out.push_back(m.describe(s, a));
  return out;
}

bool any_contains(const std::vector<std::string>& lines, const std::string& part) {
  return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(part) != std::string::npos; });
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& l : lines) out += "\n    " + l;
  return out;
}

/// Walks the ruling's steps; returns the chosen action indices.
std::vector<std::uint8_t> walk(const Ruling& r, const Model& m) {
  std::vector<std::uint8_t> path;
  State s = m.initial();
  ActionList list;
  for (std::size_t n = 0; n < r.steps.size(); ++n) {
    const Step& step = r.steps[n];
    for (int k = 0; k < step.times; ++k) {
      const auto legal = described(m, s, list);
      for (const std::string& o : step.offered)
        EXPECT_TRUE(any_contains(legal, o)) << r.file << ": expected \"" << o << "\" to be offered; legal:" << joined(legal);
      for (const std::string& o : step.not_offered)
        EXPECT_FALSE(any_contains(legal, o)) << r.file << ": \"" << o << "\" must not be offered; legal:" << joined(legal);
      if (step.action.empty()) break;
      const auto it = std::find_if(legal.begin(), legal.end(),
                                   [&](const std::string& l) { return l.find(step.action) != std::string::npos; });
      if (it == legal.end()) {
        ADD_FAILURE() << r.file << ": step " << n + 1 << " (time " << k + 1 << " of " << step.times
                      << "): no legal action matches \"" << step.action << "\"; legal:" << joined(legal);
        return path;
      }
      const auto index = static_cast<std::uint8_t>(it - legal.begin());
      path.push_back(index);
      EventBuffer ignored;
      s = m.next(s, list[index], ignored);
    }
  }
  return path;
}

class Rulings : public ::testing::TestWithParam<std::string> {};

TEST_P(Rulings, HoldsAsTheSourceSays) {
  const Ruling r = load(GetParam());
  static const std::regex kCitation(R"(^S[0-4] §.+)");
  ASSERT_FALSE(r.statement.empty()) << r.file << ": `ruling` states the ruling";
  ASSERT_FALSE(r.sources.empty()) << r.file << ": `sources` cites where it comes from";
  for (const std::string& s : r.sources) EXPECT_TRUE(std::regex_search(s, kCitation)) << r.file << ": " << s;
  const Ruleset rules = ruleset_of(r.ruleset);
  const Model model(r.scenario, rules);
  const std::vector<std::uint8_t> path = walk(r, model);
  const bc::Run run = replay(model, path);
  ASSERT_TRUE(run.ok()) << r.file << ": " << run.error;
  const auto lines = run.all_narrative();
  for (const std::string& n : r.narrative)
    EXPECT_TRUE(any_contains(lines, n)) << r.file << ": narrative lacks \"" << n << "\":" << joined(lines);
  for (const std::string& n : r.absent)
    EXPECT_FALSE(any_contains(lines, n)) << r.file << ": narrative has \"" << n << "\":" << joined(lines);
  if (r.terminal) EXPECT_TRUE(run.terminal) << r.file << ": the path does not end the Battle Phase";
  for (int i = 0; i < static_cast<int>(properties().size()); ++i) {
    const PropertyInfo& p = properties()[i];
    if (p.kind == PropertyKind::Sometimes || (!run.terminal && p.kind == PropertyKind::Eventually)) continue;
    const bool expected = p.id == r.violates;
    EXPECT_EQ(run.verdicts.violated[i], expected) << r.file << ": " << p.id << (expected ? " must be violated" : " violated") << joined(lines);
  }
  if (!r.violates.empty()) EXPECT_GE(property_index(r.violates), 0) << r.file << ": unknown property " << r.violates;
}

/// What the rulings' cards use, part by part (names as in docs/effects.md).
std::set<std::string> parts_used() {
  std::set<std::string> used;
  for (const std::string& file : ruling_files()) {
    const Ruling r = load(file);
    for (const CardSpec& c : r.scenario.cards) {
      const EffectTerm& t = c.term;
      used.insert("activation " + std::string(name(t.activation)));
      if (t.activation == Activation::Trigger) {
        used.insert(t.mandatory ? "mandatory trigger" : "optional trigger");
        used.insert("trigger " + std::string(name(t.trigger)));
      }
      used.insert("window " + std::string(name(t.window)));
      used.insert("cost " + std::string(name(t.cost)));
      used.insert("continuous " + std::string(name(t.continuous.kind)));
      used.insert("target " + target_text(TargetSpec{t.target.kind, SideSel::Opponent, FaceSel::Any, RoleSel::Any}));
      for (int i = 0; i < t.op_count; ++i) {
        const Op& o = t.ops[i];
        used.insert("op " + std::string(name(o.code)));
        if (o.code == OpCode::NoBattleDamage) used.insert(std::string("no_battle_damage ") + (o.duration == Duration::Turn ? "turn" : "battle"));
        if (o.flag) used.insert(std::string(name(o.code)) + " flag");
      }
    }
  }
  return used;
}

TEST(RulingsCoverage, EveryPartOfTheEffectVocabularyIsExercised) {
  const std::set<std::string> used = parts_used();
  std::vector<std::string> want = {"mandatory trigger", "optional trigger", "target none", "target chain_link",
                                   "target monster opponent", "no_battle_damage battle", "no_battle_damage turn",
                                   "negate_activation flag", "no_battle_damage flag"};
  for (int i = 0; i < kActivationCount; ++i) want.push_back("activation " + std::string(name(static_cast<Activation>(i))));
  for (int i = 1; i < kTriggerEventCount; ++i) want.push_back("trigger " + std::string(name(static_cast<TriggerEvent>(i))));
  for (int i = 0; i < kWindowCount; ++i) want.push_back("window " + std::string(name(static_cast<Window>(i))));
  for (int i = 1; i < kCostCount; ++i) want.push_back("cost " + std::string(name(static_cast<Cost>(i))));
  for (int i = 1; i < kContinuousKindCount; ++i)
    want.push_back("continuous " + std::string(name(static_cast<ContinuousKind>(i))));
  for (int i = 0; i < kOpCodeCount; ++i) want.push_back("op " + std::string(name(static_cast<OpCode>(i))));
  for (const std::string& w : want) EXPECT_TRUE(used.count(w)) << "no ruling uses " << w;
  EXPECT_GE(ruling_files().size(), 40u);
}

INSTANTIATE_TEST_SUITE_P(Files, Rulings, ::testing::ValuesIn(ruling_files()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string n = info.param.substr(0, info.param.size() - 5);
                           std::replace_if(n.begin(), n.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); }, '_');
                           return n;
                         });

}  // namespace
}  // namespace bc
