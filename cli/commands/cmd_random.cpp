/// `battlecheck random`: random exploration with RapidCheck (generated boards
/// and action sequences, every property checked at every step), the first
/// failure shrunk and written as a counterexample in the same files as
/// `check`, replayable with `battlecheck replay`. `--self-check` checks
/// generated boards exhaustively under mr3 and the source rulesets instead
/// (random_self_check.cpp).
#include <unistd.h>

#include <filesystem>
#include <iostream>
#include <memory>
#include <random>

#include "checker/random/random_check.hpp"
#include "cli/commands/commands.hpp"
#include "cli/commands/random_self_check.hpp"
#include "counterexamples/replay/replay.hpp"
#include "model/loaders/loader.hpp"

namespace bc::cli {
namespace {

struct RandomCliOptions {
  std::uint64_t seed = 0;
  bool seed_given = false;
  int runs = 1000;
  bool runs_given = false;
  int max_steps = kDefaultMaxSteps;
  std::string scenario;
  std::vector<std::string> rulesets;  ///< one, or (under --self-check) several
  std::string mutant;
  std::string property;
  std::string out_dir = "battlecheck-out";
  bool force = false;
  bool json = false;
  bool quiet = false;
  bool progress = false;
  bool no_polish = false;
  bool no_seed_boards = false;
  bool self_check = false;
  bool no_shrink = false;
  std::uint64_t max_states = 200000;
};

/// What the command did, for the text and JSON outputs.
struct RandomReport {
  RandomResult result;
  RulesetRef ruleset;
  std::string json_file;
  std::string text_file;
  std::vector<std::string> errors;
  int exit_code = kExitOk;
};

RandomProgressFn progress_line(bool enabled) {
  if (!enabled) return {};
  return [](const RandomProgress& p) {
    std::cerr << "\rruns " << p.runs;
    if (p.shrinking) std::cerr << " | shrinking: " << p.shrink_steps << " steps, " << p.shrink_tries << " tries";
    std::cerr << "    " << std::flush;
  };
}

/// Write the shrunk counterexample as check does: BASE.json and BASE.txt.
void write_files(const RandomCliOptions& opts, const Ruleset& rules, RandomReport& rep) {
  RandomResult& r = rep.result;
  r.scenario.name = "random-seed-" + std::to_string(r.seed);
  r.scenario.description = "shrunk by battlecheck random --seed " + std::to_string(r.seed);
  const Model model(r.scenario, rules);
  const Run run = replay(model, r.actions);
  if (!run.ok()) {
    rep.errors.push_back("internal error: the shrunk run does not replay: " + run.error);
    return;
  }
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(opts.out_dir, ec);
  if (ec) {
    rep.errors.push_back(opts.out_dir + ": cannot create directory: " + ec.message());
    return;
  }
  const std::string id(properties()[r.property].id);
  const std::string base =
      (fs::path(opts.out_dir) / counterexample_stem(r.scenario.name, rep.ruleset.name, id)).string();
  const WriteResult w = write_counterexample(base, model, rep.ruleset, r.property, run, opts.force);
  if (!w.ok) {
    rep.errors.push_back(w.error);
    return;
  }
  rep.json_file = base + ".json";
  rep.text_file = base + ".txt";
}

std::vector<std::string> witnessed_ids(const PropertyBits& bits) {
  std::vector<std::string> ids;
  for (std::size_t i = 0; i < properties().size(); ++i)
    if (bits[i] && properties()[i].kind == PropertyKind::Sometimes) ids.emplace_back(properties()[i].id);
  return ids;
}

int sometimes_count() {
  int n = 0;
  for (const PropertyInfo& p : properties()) n += p.kind == PropertyKind::Sometimes ? 1 : 0;
  return n;
}

nlohmann::json report_json(const RandomCliOptions& opts, const RandomReport& rep) {
  const RandomResult& r = rep.result;
  nlohmann::json j = {{"seed", r.seed},
                      {"ruleset", rep.ruleset.name},
                      {"runs", r.runs},
                      {"max_runs", opts.runs},
                      {"max_steps", opts.max_steps},
                      {"found", r.found},
                      {"seconds", r.seconds},
                      {"witnessed", witnessed_ids(r.witnessed)},
                      {"errors", rep.errors},
                      {"exit_code", rep.exit_code}};
  if (r.found) {
    j["property"] = properties()[r.property].id;
    j["length"] = r.actions.size();
    j["rapidcheck_length"] = r.shrunk_length;
    j["original_length"] = r.original_length;
    j["original_size"] = r.original_size;
    j["scenario_size"] = scenario_size(r.scenario);
    j["shrink_steps"] = r.shrink_steps;
    j["shrink_tries"] = r.shrink_tries;
    j["polished"] = r.polished;
    j["json_file"] = rep.json_file;
    j["text_file"] = rep.text_file;
  }
  if (!r.error.empty()) j["error"] = r.error;
  return j;
}

void print_text(const RandomCliOptions& opts, const RandomReport& rep, std::ostream& out) {
  const RandomResult& r = rep.result;
  out << "seed:    " << r.seed << "   (reproduce with --seed " << r.seed << ")\n"
      << "ruleset: " << rep.ruleset.name << "\n";
  if (!r.found) {
    if (r.error.empty())
      out << "ALL HOLD on " << r.runs << " random runs (at most " << opts.max_steps
          << " actions each): no Always or Eventually property violated\n";
    out << "witnessed " << witnessed_ids(r.witnessed).size() << " of " << sometimes_count()
        << " sometimes properties (not failures in random mode)\n";
    return;
  }
  const PropertyInfo& p = properties()[r.property];
  out << "VIOLATED " << p.id << " (" << kind_name(p.kind) << ") on run " << r.runs << ": " << p.statement << "\n"
      << "shrunk:  " << r.actions.size() << " actions, " << scenario_size(r.scenario)
      << " monsters and cards (first failing run: " << r.original_length << " actions, " << r.original_size
      << " monsters and cards); " << r.shrink_steps << " shrink steps";
  if (r.polished) out << "; BFS on the shrunk board cut the run from " << r.shrunk_length << " actions";
  out << "\n";
  if (!rep.json_file.empty())
    out << "counterexample: " << rep.json_file << "\n                " << rep.text_file << "\n"
        << "replay:  battlecheck replay " << rep.json_file << "\n";
}

int self_check(const RandomCliOptions& opts) {
  if (!opts.mutant.empty() || !opts.scenario.empty() || !opts.property.empty()) {
    std::cerr << "battlecheck: error: --self-check generates its boards and checks rulesets: no --mutant, --scenario "
                 "or --property\n";
    return kExitBadInput;
  }
  SelfCheckCliOptions sc;
  sc.seed = opts.seed;
  sc.seed_given = opts.seed_given;
  sc.boards = opts.runs_given ? opts.runs : 100;
  sc.max_states = opts.max_states;
  sc.rulesets = opts.rulesets;
  sc.out_dir = opts.out_dir;
  sc.force = opts.force;
  sc.json = opts.json;
  sc.quiet = opts.quiet;
  sc.progress = opts.progress;
  sc.no_shrink = opts.no_shrink;
  return run_self_check(sc);
}

int run_random(const RandomCliOptions& opts) {
  if (opts.rulesets.size() > 1) {
    std::cerr << "battlecheck: error: --ruleset: one ruleset (several only under --self-check)\n";
    return kExitBadInput;
  }
  RandomReport rep;
  const std::string ruleset_name = opts.rulesets.empty() ? "" : opts.rulesets[0];
  rep.ruleset = make_ruleset_ref(ruleset_name, opts.mutant);
  const Ruleset rules = load_ruleset_ref(rep.ruleset);
  RandomOptions ro;
  ro.seed = opts.seed_given ? opts.seed : std::random_device{}();
  ro.runs = opts.runs;
  ro.bounds.max_steps = opts.max_steps;
  if (opts.no_polish) ro.polish_states = 0;
  if (!opts.scenario.empty()) ro.fixed = load_scenario_file(opts.scenario);
  if (!opts.no_seed_boards) {
    // Seed boards: the default scenario and the mutant's own scenario, if it names one.
    ro.bounds.seeds = {default_scenario()};
    const Inputs in = load_inputs(ModelOptions{"", ruleset_name, opts.mutant});
    if (!(in.scenario == default_scenario())) ro.bounds.seeds.push_back(in.scenario);
  }
  if (!opts.property.empty()) {
    ro.property = property_index(opts.property);
    if (ro.property < 0 || properties()[ro.property].kind == PropertyKind::Sometimes)
      throw InputError("--property: '" + opts.property +
                       "' is not an Always or Eventually property (see `battlecheck properties`)");
  }
  const bool show = !opts.quiet && (opts.progress || ::isatty(STDERR_FILENO));
  if (!opts.quiet) std::cerr << "battlecheck random: seed " << ro.seed << "\n";
  ro.progress = progress_line(show);
  rep.result = random_check(rules, ro);
  if (show) std::cerr << (::isatty(STDERR_FILENO) ? "\r\033[K" : "\n") << std::flush;
  if (!rep.result.error.empty()) rep.errors.push_back("RapidCheck: " + rep.result.error);
  if (rep.result.found) write_files(opts, rules, rep);
  rep.exit_code = !rep.errors.empty() ? kExitBadInput : rep.result.found ? kExitViolation : kExitOk;
  if (opts.json) std::cout << report_json(opts, rep).dump(2) << "\n";
  else print_text(opts, rep, std::cout);
  for (const std::string& e : rep.errors) std::cerr << "battlecheck: error: " << e << "\n";
  return rep.exit_code;
}

}  // namespace

Command add_random_command(CLI::App& root) {
  auto opts = std::make_shared<RandomCliOptions>();
  CLI::App* app = root.add_subcommand(
      "random", "Random exploration with RapidCheck: generated boards and runs, every property at every step, "
                "the first failure shrunk to a replayable counterexample");
  app->add_option_function<std::uint64_t>(
         "--seed", [opts](std::uint64_t s) { opts->seed = s, opts->seed_given = true; },
         "RapidCheck seed; the same seed gives the same result (default: a fresh one, printed)");
  app->add_option_function<int>(
         "--runs", [opts](int n) { opts->runs = n, opts->runs_given = true; },
         "Random runs before declaring that everything holds (default 1000); under --self-check, boards (default 100)")
      ->check(CLI::PositiveNumber);
  app->add_option("--max-steps", opts->max_steps, "Actions per run at most")
      ->check(CLI::Range(1, 10000))
      ->capture_default_str();
  app->add_option("--scenario", opts->scenario, "Fixed board (docs/scenario-format.md): only the actions are random");
  auto* ruleset = app->add_option("--ruleset", opts->rulesets,
                                  "Built-in ruleset name (see `battlecheck rulesets`) or a ruleset file; default: mr3. "
                                  "Under --self-check: the rulesets to check (repeat or comma-separate; default: mr3 "
                                  "and every source ruleset)")
                      ->delimiter(',');
  app->add_option("--mutant", opts->mutant, "Built-in rule mutant to check instead of a ruleset")->excludes(ruleset);
  app->add_option("--property", opts->property, "Count only this Always/Eventually property as a failure");
  app->add_option("--out", opts->out_dir, "Directory for counterexample files, created when needed")
      ->capture_default_str();
  app->add_flag("--force", opts->force, "Overwrite existing counterexample files");
  app->add_flag("--json", opts->json, "Print one JSON document instead of the text summary");
  app->add_flag("--quiet", opts->quiet, "No seed line and no progress on stderr");
  app->add_flag("--progress", opts->progress, "Show the progress line even when stderr is not a terminal");
  app->add_flag("--no-polish", opts->no_polish,
                "Keep RapidCheck's shrunk run; skip the BFS for a shorter run on the shrunk board");
  app->add_flag("--no-seed-boards", opts->no_seed_boards,
                "Fresh random boards only (default: also start from the default scenario and the mutant's own)");
  app->add_flag("--self-check", opts->self_check,
                "Check --runs generated boards exhaustively under each ruleset; a violation that is the project's "
                "own defect fails (exit 1), a source's reading against a property is listed apart");
  app->add_option("--max-states", opts->max_states, "--self-check: states per exhaustive search at most")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  app->add_flag("--no-shrink", opts->no_shrink, "--self-check: report defects on their generated boards, unshrunk");
  return {app, [opts] { return opts->self_check ? self_check(*opts) : run_random(*opts); }};
}

}  // namespace bc::cli
