/// `battlecheck random --self-check`: generated boards, each checked
/// exhaustively under mr3 and the source rulesets; a defect (the model and
/// the monitors disagree) fails the command and is written like `check`'s
/// counterexamples; a source finding (a source's reading against a
/// property's rule) is listed apart and never fails it.
#include "cli/commands/random_self_check.hpp"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <random>
#include <sstream>

#include "checker/random/self_check.hpp"
#include "cli/common/common.hpp"
#include "counterexamples/replay/replay.hpp"
#include "model/loaders/loader.hpp"

namespace bc::cli {
namespace {

/// A defect's files, once written.
struct Written {
  std::string json_file;
  std::string text_file;
};

SelfCheckProgressFn progress_line(bool enabled) {
  if (!enabled) return {};
  return [](const SelfCheckProgress& p) {
    std::cerr << "\rself-check: board " << p.board << "/" << p.boards << " | defects " << p.defects
              << " | source findings " << p.findings;
    if (p.shrinking) std::cerr << " | shrinking a " << p.ruleset << " defect: " << p.shrink_steps << " steps, "
                               << p.shrink_tries << " tries";
    std::cerr << "    " << std::flush;
  };
}

Written write_defect(const SelfCheckCliOptions& opts, std::uint64_t seed, SelfCheckFinding& f,
                     std::vector<std::string>& errors) {
  f.scenario.name = "selfcheck-seed-" + std::to_string(seed) + "-board-" + std::to_string(f.board);
  f.scenario.description = "shrunk by battlecheck random --self-check --seed " + std::to_string(seed);
  const RulesetRef ref = make_ruleset_ref(f.ruleset, "");
  const Ruleset rules = load_ruleset_ref(ref);
  const Model model(f.scenario, rules);
  const Run run = replay(model, f.actions);
  if (!run.ok()) {
    errors.push_back("internal error: a shrunk defect does not replay: " + run.error);
    return {};
  }
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(opts.out_dir, ec);
  if (ec) {
    errors.push_back(opts.out_dir + ": cannot create directory: " + ec.message());
    return {};
  }
  const std::string base = (fs::path(opts.out_dir) / counterexample_stem(f.scenario.name, ref.name,
                                                                         std::string(properties()[f.property].id)))
                               .string();
  const WriteResult w = write_counterexample(base, model, ref, f.property, run, opts.force);
  if (!w.ok) {
    errors.push_back(w.error);
    return {};
  }
  return {base + ".json", base + ".txt"};
}

std::string path_text(const std::vector<std::uint8_t>& actions) {
  std::string out;
  for (const std::uint8_t a : actions) out += (out.empty() ? "" : " ") + std::to_string(a);
  return out.empty() ? "(none)" : out;
}

std::string indented(const std::string& text) {
  std::istringstream in(text);
  std::string out;
  for (std::string line; std::getline(in, line);) out += "    " + line + "\n";
  return out;
}

nlohmann::json finding_json(const SelfCheckFinding& f, const Written* w) {
  nlohmann::json j = {{"ruleset", f.ruleset},          {"property", properties()[f.property].id},
                      {"kind", name(f.kind)},          {"board", f.board},
                      {"boards", f.boards},            {"actions", f.actions},
                      {"scenario", scenario_to_toml(f.scenario)}};
  if (f.kind != FindingKind::Defect) j["reason"] = f.reason;
  if (w != nullptr) {
    j["original_size"] = f.original_size;
    j["scenario_size"] = scenario_size(f.scenario);
    j["original_length"] = f.original_length;
    j["length"] = f.actions.size();
    j["shrink_steps"] = f.shrink_steps;
    j["shrink_tries"] = f.shrink_tries;
    j["json_file"] = w->json_file;
    j["text_file"] = w->text_file;
  }
  return j;
}

void print_text(const SelfCheckResult& r, const std::vector<Written>& written, std::uint64_t seed,
                const SelfCheckCliOptions& opts, std::ostream& out) {
  out << "seed:    " << seed << "   (reproduce with --seed " << seed << ")\n"
      << "boards:  " << opts.boards << " generated boards, at most " << opts.max_states
      << " states a search (one thread, no liveness)\n\n";
  out << "ruleset   boards      states  incomplete  defects  source findings  boards/s\n";
  for (const SelfCheckRulesetSummary& s : r.rulesets) {
    char line[160];
    std::snprintf(line, sizeof line, "%-8s %7d %11llu %11d %8d %16d %9.1f\n", s.ruleset.c_str(), s.boards,
                  static_cast<unsigned long long>(s.states), s.incomplete, s.defects, s.findings,
                  s.seconds > 0 ? s.boards / s.seconds : 0.0);
    out << line;
  }
  for (std::size_t i = 0; i < r.defects.size(); ++i) {
    const SelfCheckFinding& f = r.defects[i];
    // The same model defect seen under several rulesets: its board and path told once.
    const auto same = std::find_if(r.defects.begin(), r.defects.begin() + static_cast<std::ptrdiff_t>(i),
                                   [&](const SelfCheckFinding& g) {
                                     return g.property == f.property && g.scenario == f.scenario && g.actions == f.actions;
                                   });
    if (same != r.defects.begin() + static_cast<std::ptrdiff_t>(i)) {
      out << "DEFECT " << f.ruleset << " " << properties()[f.property].id << ": on " << f.boards.size()
          << " board(s), the same board and path as under " << same->ruleset;
      if (!written[i].json_file.empty()) out << "; " << written[i].json_file;
      out << "\n";
      continue;
    }
    out << "\nDEFECT " << f.ruleset << " " << properties()[f.property].id << ": on " << f.boards.size()
        << " board(s), first board " << f.board << "; shrunk from " << f.original_size << " to "
        << scenario_size(f.scenario) << " monsters and cards (" << f.shrink_steps << " shrink steps, "
        << f.shrink_tries << " tries)\n  " << properties()[f.property].statement << "\n  path:  " << path_text(f.actions)
        << "\n";
    if (!written[i].json_file.empty())
      out << "  counterexample: " << written[i].json_file << "\n  replay: battlecheck replay " << written[i].json_file
          << "\n";
    out << "  scenario:\n" << indented(scenario_to_toml(f.scenario));
  }
  if (!r.findings.empty()) out << "\nSOURCE FINDINGS (a source's reading against a property's rule; not failures):\n";
  for (const SelfCheckFinding& f : r.findings)
    out << "  " << f.ruleset << " " << properties()[f.property].id << " on " << f.boards.size() << " board(s), first board "
        << f.board << " (path " << path_text(f.actions) << "): " << name(f.kind) << ": " << f.reason << "\n";
  out << "\n" << (r.defects.empty() ? "NO DEFECT" : std::to_string(r.defects.size()) + " DEFECT(S)") << " in "
      << format_fixed(r.seconds, 1) << " s\n";
}

std::vector<Ruleset> load_rulesets(const SelfCheckCliOptions& opts) {
  std::vector<std::string> names = opts.rulesets;
  if (names.empty()) {
    names = {"mr3"};
    for (const std::string& s : builtin_source_ruleset_names()) names.push_back(s);
  }
  std::vector<Ruleset> out;
  for (const std::string& n : names) {
    Ruleset r = load_ruleset_ref(make_ruleset_ref(n, ""));
    if (!r.mutant_of.empty())
      throw InputError("--ruleset " + n + ": a mutant; --self-check checks rulesets (`random --mutant` hunts mutants)");
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace

int run_self_check(const SelfCheckCliOptions& opts) {
  const std::vector<Ruleset> rulesets = load_rulesets(opts);
  const Ruleset mr3 = load_ruleset("mr3");
  SelfCheckOptions so;
  so.seed = opts.seed_given ? opts.seed : std::random_device{}();
  so.boards = opts.boards;
  so.max_states = opts.max_states;
  so.shrink = !opts.no_shrink;
  const bool show = !opts.quiet && (opts.progress || ::isatty(STDERR_FILENO));
  if (!opts.quiet) std::cerr << "battlecheck random --self-check: seed " << so.seed << "\n";
  so.progress = progress_line(show);
  SelfCheckResult r = self_check(rulesets, mr3, so);
  if (show) std::cerr << (::isatty(STDERR_FILENO) ? "\r\033[K" : "\n") << std::flush;
  std::vector<std::string> errors;
  std::vector<Written> written;
  for (SelfCheckFinding& f : r.defects) written.push_back(write_defect(opts, so.seed, f, errors));
  const int code = !errors.empty() ? kExitBadInput : r.defects.empty() ? kExitOk : kExitViolation;
  if (opts.json) {
    nlohmann::json j = {{"seed", so.seed}, {"boards", opts.boards}, {"max_states", opts.max_states},
                        {"seconds", r.seconds}, {"rulesets", nlohmann::json::array()},
                        {"defects", nlohmann::json::array()}, {"source_findings", nlohmann::json::array()},
                        {"errors", errors}, {"exit_code", code}};
    for (const SelfCheckRulesetSummary& s : r.rulesets)
      j["rulesets"].push_back({{"ruleset", s.ruleset}, {"boards", s.boards}, {"states", s.states},
                               {"incomplete", s.incomplete}, {"defects", s.defects}, {"source_findings", s.findings},
                               {"seconds", s.seconds}, {"boards_per_second", s.seconds > 0 ? s.boards / s.seconds : 0.0}});
    for (std::size_t i = 0; i < r.defects.size(); ++i) j["defects"].push_back(finding_json(r.defects[i], &written[i]));
    for (const SelfCheckFinding& f : r.findings) j["source_findings"].push_back(finding_json(f, nullptr));
    std::cout << j.dump(2) << "\n";
  } else {
    print_text(r, written, so.seed, opts, std::cout);
  }
  for (const std::string& e : errors) std::cerr << "battlecheck: error: " << e << "\n";
  return code;
}

}  // namespace bc::cli
