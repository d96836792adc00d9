/// `battlecheck coverage`: which of the rule situations (checker/coverage/situations.hpp,
/// docs/coverage.md) the scenarios reach when explored exhaustively, and the
/// smallest scenario that reaches each. Exit 1 when one is unreached.
#include <algorithm>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include "checker/coverage/situations.hpp"
#include "cli/commands/commands.hpp"
#include "model/loaders/loader.hpp"

namespace bc::cli {
namespace {

struct CoverageOptions {
  std::vector<std::string> scenarios;
  std::string ruleset;
  std::uint64_t max_states = 0;
  bool json = false;
};

/// The shipped scenarios: *.toml of shipped_scenario_dir(), all but
/// bench-large.toml and bench-xl.toml (timing benchmarks, too large to explore
/// here; no situation needs them).
std::vector<std::string> shipped_scenarios() {
  namespace fs = std::filesystem;
  const fs::path dir = shipped_scenario_dir();
  if (dir.empty()) throw InputError("no scenarios/ directory found (" + scenario_dirs_text() + "); pass --scenario FILE");
  std::error_code ec;
  std::vector<std::string> files;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.path().extension() == ".toml" && e.path().filename() != "bench-large.toml" &&
        e.path().filename() != "bench-xl.toml")
      files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

struct Explored {
  std::string name;
  SituationCoverage coverage;
};

int run_coverage(const CoverageOptions& o) {
  const Ruleset rules = load_ruleset(o.ruleset.empty() ? "mr3" : o.ruleset);
  const std::vector<std::string> files = o.scenarios.empty() ? shipped_scenarios() : o.scenarios;
  std::vector<Explored> runs;
  Bounds bounds;
  bounds.max_states = o.max_states;
  for (const std::string& f : files) {
    const Scenario sc = load_scenario_file(f);
    const Model model(sc, rules);
    runs.push_back({std::filesystem::path(f).stem().string(), explore_situations(model, bounds)});
  }
  // Each situation is credited to the smallest scenario (fewest states) that reaches it.
  std::vector<const Explored*> by_size;
  for (const Explored& r : runs) by_size.push_back(&r);
  std::stable_sort(by_size.begin(), by_size.end(),
                   [](const Explored* a, const Explored* b) { return a->coverage.states < b->coverage.states; });
  const auto& all = situations();
  std::vector<std::string> first(all.size());
  std::size_t reached = 0;
  for (std::size_t i = 0; i < all.size(); ++i) {
    for (const Explored* r : by_size)
      if (r->coverage.reached.test(i)) {
        first[i] = r->name;
        break;
      }
    reached += first[i].empty() ? 0 : 1;
  }
  if (o.json) {
    nlohmann::json j;
    j["ruleset"] = rules.name;
    for (const Explored& r : runs)
      j["scenarios"].push_back({{"name", r.name}, {"states", r.coverage.states}, {"complete", r.coverage.complete},
                                {"seconds", r.coverage.seconds}, {"reached", r.coverage.reached.count()}});
    for (std::size_t i = 0; i < all.size(); ++i)
      j["situations"].push_back({{"id", std::string(all[i].id)},
                                 {"description", std::string(all[i].description)},
                                 {"citation", std::string(all[i].citation)},
                                 {"reached_by", first[i].empty() ? nlohmann::json() : nlohmann::json(first[i])}});
    j["reached"] = reached;
    j["total"] = all.size();
    std::cout << j.dump(2) << "\n";
  } else {
    std::cout << "ruleset " << rules.name << "\n\n"
              << std::left << std::setw(32) << "scenario" << std::setw(12) << "states" << std::setw(10) << "seconds"
              << "situations\n";
    for (const Explored& r : runs)
      std::cout << std::setw(32) << r.name << std::setw(12)
                << (std::to_string(r.coverage.states) + (r.coverage.complete ? "" : "+")) << std::setw(10)
                << format_fixed(r.coverage.seconds, 2) << r.coverage.reached.count() << "\n";
    std::cout << "\n" << std::setw(52) << "situation" << "reached by\n";
    for (std::size_t i = 0; i < all.size(); ++i)
      std::cout << std::setw(52) << all[i].id << (first[i].empty() ? "UNREACHED" : first[i]) << "\n";
    std::cout << "\ncoverage: " << reached << "/" << all.size() << " situations reached (" << runs.size()
              << " scenarios)\n";
  }
  return reached == all.size() ? kExitOk : kExitViolation;
}

}  // namespace

Command add_coverage_command(CLI::App& root) {
  auto o = std::make_shared<CoverageOptions>();
  CLI::App* app = root.add_subcommand(
      "coverage", "Explore scenarios exhaustively and show which rule situations they reach (docs/coverage.md)");
  app->add_option("--scenario", o->scenarios,
                  "Scenario file (repeatable); default: the shipped scenarios/*.toml but bench-large.toml and bench-xl.toml");
  app->add_option("--ruleset", o->ruleset, "Built-in ruleset name or ruleset file; default: mr3");
  app->add_option("--max-states", o->max_states, "Stop each exploration after this many states (0 = unbounded)");
  app->add_flag("--json", o->json, "Print one JSON document");
  return {app, [o] { return run_coverage(*o); }};
}

}  // namespace bc::cli
