/// `battlecheck contradictions`: explore every pair of source rulesets
/// together, check every source's claims under every source's rules, play
/// every library card a compared source reads differently under both
/// readings, and report the disagreements grouped by their root
/// (docs/contradictions.md).
/// Exit codes: 0 no contradiction found within the bounds, 1 contradictions
/// found, 2 bad usage or input (or the HTML file could not be written).
#include <filesystem>
#include <iostream>
#include <memory>
#include <set>

#include "checker/contradictions/contradictions.hpp"
#include "cli/commands/commands.hpp"
#include "counterexamples/contradictions/contradictions_report.hpp"
#include "model/library/cards.hpp"
#include "model/loaders/loader.hpp"
#include "model/toml/toml_input.hpp"

#ifndef BC_SCENARIO_DIR
#define BC_SCENARIO_DIR ""
#endif

namespace bc::cli {
namespace {

/// The small built-in scenarios explored besides the default one (scenarios/).
const std::vector<std::string> kSmallScenarios = {"tiny", "battle-fader", "destroyed-negator", "zero-atk",
                                                  "first-turn", "flip-and-battle-triggers"};

struct ContradictionsOptions {
  std::string sources;           ///< comma-separated ruleset names or files; empty = every source ruleset
  std::vector<std::string> scenarios;  ///< files; empty = the default scenario plus the small built-in ones
  std::string card_library;      ///< a card library file; empty = the built-in library
  std::uint32_t depth = 24;
  std::uint64_t max_pairs = 2000000;
  bool json = false;
  std::string html;
  bool force = false;
  bool quiet = false;
};

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = text.find(',', start);
    const std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const auto b = item.find_first_not_of(" \t");
    const auto e = item.find_last_not_of(" \t");
    if (b == std::string::npos) throw InputError("--sources: empty name in '" + text + "'");
    out.push_back(item.substr(b, e - b + 1));
    if (comma == std::string::npos) return out;
    start = comma + 1;
  }
}

std::vector<Ruleset> load_sources(const std::string& list) {
  std::vector<std::string> names = list.empty() ? builtin_source_ruleset_names() : split_list(list);
  if (names.empty()) throw InputError("--sources: no source rulesets are built in; name rulesets or files");
  std::set<std::string> seen;
  std::vector<Ruleset> out;
  for (const std::string& n : names) {
    if (!seen.insert(n).second) throw InputError("--sources: '" + n + "' is listed twice");
    out.push_back(load_ruleset(n));
  }
  return out;
}

/// scenarios/NAME.toml in ./scenarios/ or the source tree's; empty if absent.
std::string find_scenario(const std::string& stem) {
  namespace fs = std::filesystem;
  for (const fs::path& dir : {fs::path("scenarios"), fs::path(BC_SCENARIO_DIR)}) {
    if (dir.empty()) continue;
    std::error_code ec;
    const fs::path p = dir / (stem + ".toml");
    if (fs::is_regular_file(p, ec)) return p.string();
  }
  return "";
}

std::vector<NamedScenario> load_scenarios(const std::vector<std::string>& files) {
  std::vector<NamedScenario> out;
  for (const std::string& f : files) {
    Scenario s = load_scenario_file(f);
    out.push_back({s.name, f, std::move(s)});
  }
  if (!files.empty()) return out;
  out.push_back({"default", "built-in", default_scenario()});
  for (const std::string& stem : kSmallScenarios) {
    const std::string path = find_scenario(stem);
    if (path.empty()) continue;
    Scenario s = load_scenario_file(path);
    out.push_back({stem, path, std::move(s)});
  }
  return out;
}

int run_contradictions(const ContradictionsOptions& opts) {
  const std::vector<Ruleset> sources = load_sources(opts.sources);
  const Ruleset fallback = load_ruleset("mr3");
  const std::vector<NamedScenario> scenarios = load_scenarios(opts.scenarios);
  if (!opts.html.empty() && !opts.force && std::filesystem::exists(opts.html))
    throw InputError(opts.html + ": file exists (use --force to overwrite)");
  ContradictionOptions options;
  options.bounds.max_depth = opts.depth;
  options.bounds.max_pairs = opts.max_pairs;
  options.cards = opts.card_library.empty()
                      ? card_library()
                      : parse_card_library(input::read_file(opts.card_library), opts.card_library);
  ContradictionProgress progress;
  if (!opts.quiet) progress = [](const std::string& line) { std::cerr << line << "\n" << std::flush; };
  const ContradictionResult result = find_contradictions(sources, fallback, scenarios, options, progress);
  const ContradictionsView view = make_view(result, options);
  if (opts.json) std::cout << contradictions_json(view).dump(2) << "\n";
  else std::cout << contradictions_markdown(view);
  if (!opts.html.empty()) {
    const WriteResult w = write_file_atomic(opts.html, contradictions_html(view), opts.force);
    if (!w.ok) {
      std::cerr << "battlecheck: error: " << w.error << "\n";
      return kExitBadInput;
    }
  }
  if (!opts.quiet)
    std::cerr << view.findings.size() << " findings in " << format_fixed(result.seconds, 2) << " s"
              << (result.complete ? "" : " (some explorations cut by the bounds)") << "\n";
  return view.findings.empty() ? kExitOk : kExitViolation;
}

}  // namespace

Command add_contradictions_command(CLI::App& root) {
  auto opts = std::make_shared<ContradictionsOptions>();
  CLI::App* app = root.add_subcommand(
      "contradictions", "Find where the ruling sources' rulesets disagree, with minimal situations and citations");
  app->add_option("--sources", opts->sources,
                  "Comma-separated rulesets to compare (names or files); default: every source ruleset");
  app->add_option("--scenario", opts->scenarios,
                  "Scenario file to explore (repeatable); default: the default scenario and the small built-in ones");
  app->add_option("--depth", opts->depth, "Depth bound of each exploration (0 = unbounded)")->capture_default_str();
  app->add_option("--max-pairs", opts->max_pairs, "State-pair bound of each exploration (0 = unbounded)")
      ->capture_default_str();
  app->add_option("--card-library", opts->card_library,
                  "Card library file (the format of model/library/cards.toml) whose per-source card readings "
                  "([[card.differs]]) are reported; default: the built-in library");
  app->add_flag("--json", opts->json, "Print one JSON document instead of Markdown");
  app->add_option("--html", opts->html, "Also write a standalone HTML report to this file (atomically)");
  app->add_flag("--force", opts->force, "Overwrite the --html file if it exists");
  app->add_flag("--quiet", opts->quiet, "No progress lines on stderr");
  return {app, [opts] { return run_contradictions(*opts); }};
}

}  // namespace bc::cli
