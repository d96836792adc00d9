/// `battlecheck corpus --out DIR`: a test corpus for engine implementers
/// (docs/corpus.md): cases with expected traces and verdicts, negative cases,
/// and the coverage report. Exit 0 when every reachable goal is covered,
/// 1 when some is not, 2 on bad usage or input (or a file that exists).
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <memory>

#include "cli/commands/commands.hpp"
#include "cli/commands/corpus_engine.hpp"
#include "counterexamples/corpus/corpus.hpp"
#include "model/loaders/loader.hpp"

namespace bc::cli {
namespace {

struct CorpusCliOptions {
  std::string out;
  bool force = false;
  bool json = false;
  bool quiet = false;
  bool progress = false;
  bool no_mutants = false;
  std::string ruleset;
  std::vector<std::string> scenarios;
  std::uint32_t depth = 0;
  int random = 0;
  std::uint64_t seed = 1;
  int max_steps = 200;
};

/// The built-in scenarios: the default first, then scenarios/*.toml by name
/// (the bench-* boards are for timing, not for corpora).
std::vector<CorpusScenario> builtin_scenarios() {
  namespace fs = std::filesystem;
  std::vector<CorpusScenario> out{{"default", "default.toml", default_scenario()}};
  const fs::path dir = shipped_scenario_dir();
  if (dir.empty()) return out;
  std::error_code ec;
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.path().extension() == ".toml") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const fs::path& f : files) {
    const std::string file = f.filename().string();
    if (file == "default.toml" || file.rfind("bench-", 0) == 0) continue;
    out.push_back({f.stem().string(), file, load_scenario_file(f.string())});
  }
  return out;
}

std::vector<CorpusScenario> given_scenarios(const std::vector<std::string>& paths) {
  namespace fs = std::filesystem;
  std::vector<CorpusScenario> out;
  for (const std::string& p : paths) {
    const fs::path f(p);
    std::string name = f.stem().string();
    for (const CorpusScenario& s : out)
      if (s.name == name) throw InputError(p + ": two scenarios named '" + name + "'");
    out.push_back({name, f.filename().string(), load_scenario_file(p)});
  }
  return out;
}

CorpusProgressFn progress_bar(bool enabled) {
  if (!enabled) return {};
  auto last = std::make_shared<std::chrono::steady_clock::time_point>();
  return [last](const CorpusProgress& p) {
    const auto now = std::chrono::steady_clock::now();
    if (now - *last < std::chrono::milliseconds(100) && p.done != p.total) return;
    *last = now;
    std::cerr << "\r\033[K";
    if (p.total > 0) {
      const int width = 24;
      const int filled = static_cast<int>(width * std::min<std::uint64_t>(p.done, p.total) / p.total);
      std::cerr << "[" << std::string(static_cast<std::size_t>(filled), '#')
                << std::string(static_cast<std::size_t>(width - filled), '-') << "] " << p.done << "/" << p.total
                << " " << p.stage;
    } else {
      std::cerr << p.stage << ": " << p.done << " states";
    }
    std::cerr << std::flush;
  };
}

int run_corpus(const CorpusCliOptions& o) {
  const RulesetRef ref = make_ruleset_ref(o.ruleset, "");
  const Ruleset rules = load_ruleset_ref(ref);
  CorpusOptions opts;
  opts.depth = o.depth;
  opts.random = o.random;
  opts.seed = o.seed;
  opts.max_steps = o.max_steps;
  opts.mutant_twins = !o.no_mutants;
  if (o.random == 0) opts.scenarios = o.scenarios.empty() ? builtin_scenarios() : given_scenarios(o.scenarios);
  const bool show = !o.quiet && (o.progress || ::isatty(STDERR_FILENO));
  const CorpusResult r = build_corpus(opts, rules, ref.name, progress_bar(show));
  if (show) std::cerr << "\r\033[K" << std::flush;
  const WriteResult w = write_corpus(r, o.out, o.force);
  if (!w.ok) {
    std::cerr << "battlecheck: error: " << w.error << "\n";
    return kExitBadInput;
  }
  const CoverageCounts n = coverage_counts(r);
  if (o.json) {
    nlohmann::json j = coverage_json(r);
    j["out"] = o.out;
    std::cout << j.dump(2) << "\n";
  } else {
    std::size_t scenario_files = 0;
    for (std::size_t i = 0; i < r.scenarios.size(); ++i)
      scenario_files += std::any_of(r.cases.begin(), r.cases.end(), [i](const CorpusCase& c) { return c.scenario == i; });
    std::cout << coverage_summary(r) << "written: " << 2 * r.cases.size() << " case files (" << o.out
              << "/cases/<id>.jsonl and <id>.expected.json for " << r.cases.size() << " cases), " << scenario_files
              << " scenario file(s) in " << o.out << "/scenarios/, " << o.out << "/index.json, " << o.out
              << "/coverage.md and coverage.json\n";
  }
  return n.uncovered_reachable == 0 ? kExitOk : kExitViolation;
}

}  // namespace

Command add_corpus_command(CLI::App& root) {
  auto o = std::make_shared<CorpusCliOptions>();
  CLI::App* app = root.add_subcommand(
      "corpus", "Write a test corpus for engines: cases, expected traces and verdicts, coverage; `corpus run DIR` checks one");
  app->add_option("--out", o->out, "Directory of the corpus (created when needed; required unless `run`)");
  app->add_flag("--force", o->force, "Overwrite existing files of a previous corpus");
  app->add_flag("--json", o->json, "Print the coverage report as JSON instead of the summary");
  app->add_flag("--quiet", o->quiet, "No progress bar");
  app->add_flag("--progress", o->progress, "Show the progress bar even when stderr is not a terminal");
  app->add_option("--ruleset", o->ruleset, "Built-in ruleset name or ruleset file; default: mr3");
  auto* scenario = app->add_option("--scenario", o->scenarios,
                                   "Scenario file (repeatable); default: the built-in scenarios, the default one first");
  app->add_option("--depth", o->depth, "Exhaustive mode: BFS depth bound (0 = unbounded)")->capture_default_str();
  auto* random = app->add_option("--random", o->random, "Random mode: this many random runs on generated scenarios")
                     ->check(CLI::Range(1, 1000000));
  app->add_option("--seed", o->seed, "Random mode: the seed (same seed, same corpus)")->capture_default_str();
  app->add_option("--max-steps", o->max_steps, "Random mode: actions per run before completion")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  random->excludes(scenario);
  app->add_flag("--no-mutants", o->no_mutants, "Leave out the mutant twins (faster)");
  auto r = std::make_shared<CorpusRunOptions>();
  CLI::App* run = app->add_subcommand(
      "run", "Run a corpus as a test suite: positives hold, each negative is refused at its refusal.line for its rule");
  run->add_option("dir", r->dir, "The corpus directory (DIR/index.json)")->required();
  run->add_option("--junit", r->junit, "Also write a JUnit XML report, one testcase per case");
  run->add_flag("--json", r->json, "Print one JSON document instead of text");
  run->add_flag("--force", r->force, "Overwrite the --junit file if it exists");
  run->add_option("-j,--jobs", r->jobs, "Cases checked in parallel (default: one per core; one at a time with --engine)");
  run->add_option("--engine", r->engine,
                  "Play every case on this engine (docs/engine-protocol.md) instead of checking the traces: it must "
                  "offer and do what the model does, and refuse what each negative case refuses");
  run->add_option("--timeout-ms", r->timeout_ms, "With --engine: milliseconds per request")
      ->check(CLI::Range(1, 3600000))
      ->capture_default_str();
  return {app, [o, r, run] {
            if (run->parsed())
              return run_corpus_suite(*r, r->engine.empty() ? CaseCheck{} : engine_case_check(r->engine, r->timeout_ms));
            if (o->out.empty()) {
              std::cerr << "battlecheck: error: --out is required\nRun 'battlecheck corpus --help' for more information.\n";
              return kExitBadInput;
            }
            return run_corpus(*o);
          }};
}

}  // namespace bc::cli
