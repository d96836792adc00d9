/// `battlecheck drive --engine 'CMD ARGS'`: run scenarios through the model
/// and an engine process speaking docs/engine-protocol.md, compare legal
/// actions and events state by state, shrink the first disagreement and print
/// the minimal reproduction. Exit 0 agree, 1 disagreement (the engine breaks
/// a rule, or crashes, hangs or prints garbage: findings about the engine),
/// 2 bad usage (bad options, an engine that cannot be started at all).
#include <unistd.h>

#include <filesystem>
#include <iostream>
#include <memory>

#include "cli/commands/commands.hpp"
#include "importers/drive/drive_judged.hpp"
#include "importers/drive/drive_report.hpp"
#include "trace/format/trace_json.hpp"
#include "trace/input/json_input.hpp"
#include "model/loaders/loader.hpp"

namespace bc::cli {
namespace {

struct DriveCliOptions {
  std::string engine;
  std::string scenario;
  std::string ruleset;
  int depth = 0;
  int random = 0;
  std::uint64_t seed = 1;
  int max_steps = 200;
  std::uint64_t max_states = 200000;
  int timeout_ms = 5000;
  int max_shrink_runs = 3000;
  bool json = false;
  std::string out_dir;
  bool force = false;
  bool quiet = false;
  std::string judge = "exact";
};

constexpr int kDefaultDepth = 10;

/// --scenario: a scenario file (TOML), or a `.json` file holding the trace
/// format's scenario object (docs/trace-format.md), which also carries what
/// an importer sets and TOML cannot say (engine_timings, hidden_condition).
Scenario load_drive_scenario(const std::string& path) {
  if (!path.ends_with(".json")) return load_scenario_file(path);
  return scenario_from_json(parse_json_or_throw(read_input_file(path), path), path);
}

/// Write the report files into --out; returns an error text or "".
std::string write_outputs(const DriveCliOptions& o, const std::string& text, const nlohmann::json& report,
                          const DriveResult& r, const std::string& ruleset) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(o.out_dir, ec);
  if (ec) return o.out_dir + ": cannot create directory: " + ec.message();
  const fs::path dir(o.out_dir);
  std::vector<std::pair<std::string, std::string>> files = {{"drive-report.txt", text},
                                                            {"drive-report.json", report.dump(2) + "\n"}};
  for (std::size_t i = 0; i < r.findings.size(); ++i)
    files.push_back({"finding-" + std::to_string(i + 1) + ".trace.jsonl", judged_trace_file(r.findings[i], ruleset)});
  if (r.found && r.judge == DriveJudge::Exact) {
    files.push_back({"repro-scenario.toml", scenario_to_toml(r.minimal.scenario)});
    files.push_back({"repro-model-trace.jsonl", write_trace(r.minimal.scenario, ruleset, r.minimal_run.model_events)});
  }
  if (!o.force)
    for (const auto& [file, content] : files)
      if (fs::exists(dir / file)) return (dir / file).string() + ": exists; pass --force to overwrite";
  for (const auto& [file, content] : files) {
    const WriteResult w = write_file_atomic((dir / file).string(), content, true);
    if (!w.ok) return w.error;
  }
  return "";
}

int run_drive(const DriveCliOptions& o) {
  EngineSpec spec;
  spec.argv = split_command(o.engine);
  spec.timeout_ms = o.timeout_ms;
  const RulesetRef ref = make_ruleset_ref(o.ruleset, "");
  const Ruleset rules = load_ruleset_ref(ref);
  spec.ruleset_name = ref.name;
  const Scenario scenario = o.scenario.empty() ? default_scenario() : load_drive_scenario(o.scenario);

  DriveOptions opts;
  opts.depth = o.random > 0 ? 0 : (o.depth > 0 ? o.depth : kDefaultDepth);
  opts.random_runs = o.random;
  opts.seed = o.seed;
  opts.max_steps = o.max_steps;
  opts.max_states = o.max_states;
  opts.max_shrink_runs = o.max_shrink_runs;
  opts.random_scenarios = o.scenario.empty();
  opts.judge = o.judge == "trace" ? DriveJudge::Trace : DriveJudge::Exact;
  if (opts.judge == DriveJudge::Trace && o.random > 0)
    throw InputError("--judge trace explores the engine's own offers to --depth; --random is for --judge exact");
  if (!o.quiet) opts.progress = [](const std::string& line) { std::cerr << line << "\n"; };

  DriveSetup setup;
  setup.engine = o.engine;
  setup.ruleset = ref.name;
  setup.scenario = o.random > 0 && o.scenario.empty() ? "generated" : (o.scenario.empty() ? "built-in default" : o.scenario);
  setup.mode = opts.depth > 0 ? "exhaustive to depth " + std::to_string(opts.depth)
                              : std::to_string(o.random) + " random runs, seed " + std::to_string(o.seed);
  if (opts.judge == DriveJudge::Trace) setup.mode = "the engine's offers to depth " + std::to_string(opts.depth) + ", judged as traces";

  const DriveResult result = drive(spec, rules, scenario, opts);
  const std::string text = drive_report_text(setup, result, rules);
  const nlohmann::json report = drive_report_json(setup, result, rules);
  if (o.json) std::cout << report.dump(2) << "\n";
  else std::cout << text;
  if (!o.out_dir.empty()) {
    const std::string error = write_outputs(o, text, report, result, ref.name);
    if (!error.empty()) {
      std::cerr << "battlecheck: error: " << error << "\n";
      return kExitBadInput;
    }
  }
  return result.found ? kExitViolation : kExitOk;
}

}  // namespace

Command add_drive_command(CLI::App& root) {
  auto o = std::make_shared<DriveCliOptions>();
  CLI::App* app = root.add_subcommand(
      "drive",
      "Drive an engine process (docs/engine-protocol.md) alongside the model; compare legal actions and events; "
      "shrink the first disagreement. Exit 0 agree, 1 disagreement or engine crash/hang/garbage, 2 bad usage");
  app->add_option("--engine", o->engine, "Engine command line, split like a shell would (quotes, backslashes) but run "
                                          "without a shell, e.g. '/usr/bin/python3 examples/engines/battle_engine.py'")
      ->required();
  app->add_option("--scenario", o->scenario, "Scenario file (docs/scenario-format.md), or a .json file with a trace-format scenario object; default: the built-in default "
                                              "(exhaustive) or generated scenarios (--random)");
  app->add_option("--ruleset", o->ruleset, "Built-in ruleset name or file; its name is sent to the engine; default mr3");
  auto* depth = app->add_option("--depth", o->depth, "Exhaustive: compare every state up to this many actions "
                                                      "(default " + std::to_string(kDefaultDepth) + ")")
                    ->check(CLI::Range(1, 1000));
  auto* random = app->add_option("--random", o->random, "Random: this many runs (generated scenarios unless --scenario)")
                     ->check(CLI::Range(1, 100000000));
  depth->excludes(random);
  app->add_option("--seed", o->seed, "Random: seed (runs are reproducible from it)");
  app->add_option("--max-steps", o->max_steps, "Random: actions per run (default 200)")->check(CLI::Range(1, 100000));
  app->add_option("--max-states", o->max_states, "Exhaustive: bound on model states (default 200000)");
  app->add_option("--timeout-ms", o->timeout_ms, "Per-request timeout; an engine slower than this is reported as hung "
                                                  "(default 5000)")
      ->check(CLI::Range(1, 3600000));
  app->add_option("--max-shrink-runs", o->max_shrink_runs, "Engine runs spent shrinking a disagreement (default 3000)")
      ->check(CLI::Range(0, 10000000));
  app->add_option("--judge", o->judge, "exact (default): the model chooses, every state's actions and events must "
                                       "equal the model's; trace: the engine chooses among its own offers, each run "
                                       "is judged as verify-trace judges a trace (for engines with their own "
                                       "procedure, such as the ygopro host; docs/engine-protocol.md)")
      ->check(CLI::IsMember({"exact", "trace"}));
  app->add_flag("--json", o->json, "Print the report as one JSON document");
  app->add_option("--out", o->out_dir, "Also write drive-report.{txt,json} (and the reproduction's scenario and model "
                                        "trace) into this directory");
  app->add_flag("--force", o->force, "Overwrite files in --out");
  app->add_flag("--quiet", o->quiet, "No progress lines on stderr");
  return {app, [o] { return run_drive(*o); }};
}

}  // namespace bc::cli
