#include "cli/common/common.hpp"

#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <limits>
#include <sstream>
#include <string_view>

#include "checker/parallel/worker_pool.hpp"
#include "counterexamples/report/report.hpp"
#include "model/loaders/loader.hpp"

#ifndef BC_SCENARIO_DIR
#define BC_SCENARIO_DIR ""
#endif

namespace bc::cli {
namespace {

/// A mutant's own scenario: the first of scenario_dirs() that holds FILE.
std::string find_mutant_scenario(const std::string& file, const std::string& mutant) {
  namespace fs = std::filesystem;
  for (const fs::path& dir : scenario_dirs()) {
    std::error_code ec;
    if (fs::is_regular_file(dir / file, ec)) return (dir / file).string();
  }
  throw InputError("mutant " + mutant + " runs on scenario '" + file + "', not found in " + scenario_dirs_text() +
                   "; pass --scenario FILE");
}

}  // namespace

std::vector<std::filesystem::path> scenario_dirs() {
  namespace fs = std::filesystem;
  std::vector<fs::path> dirs{"scenarios"};
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) dirs.push_back(exe.parent_path().parent_path() / "share" / "battlecheck" / "scenarios");
  if (!std::string_view(BC_SCENARIO_DIR).empty()) dirs.emplace_back(BC_SCENARIO_DIR);
  return dirs;
}

std::string scenario_dirs_text() {
  std::string out;
  for (const auto& dir : scenario_dirs()) out += (out.empty() ? "" : " or ") + dir.string() + "/";
  return out;
}

std::filesystem::path shipped_scenario_dir() {
  for (const auto& dir : scenario_dirs()) {
    std::error_code ec;
    if (std::filesystem::is_regular_file(dir / "default.toml", ec)) return dir;
  }
  return {};
}

void add_model_options(CLI::App& app, ModelOptions& opts) {
  app.add_option("--scenario", opts.scenario,
                 "Scenario file (docs/scenario-format.md); default: the built-in default scenario");
  auto* ruleset = app.add_option("--ruleset", opts.ruleset,
                                 "Built-in ruleset name (see `battlecheck rulesets`) or a ruleset file; default: mr3");
  auto* mutant = app.add_option("--mutant", opts.mutant, "Built-in rule mutant to check instead of a ruleset");
  mutant->excludes(ruleset);
}

void add_bound_options(CLI::App& app, BoundOptions& opts) {
  app.add_option("--max-depth", opts.max_depth, "Stop at this BFS depth (0 = unbounded)")
      ->check(CLI::Range(std::uint32_t{0}, std::numeric_limits<std::uint32_t>::max()));
  app.add_option("--max-states", opts.max_states, "Stop after this many states (0 = unbounded)");
  app.add_option("--max-memory", opts.max_memory_mib,
                 "Stop, cut short, before the whole process uses this many MiB (0 = unbounded; default: 90% of the "
                 "memory available at start)")
      ->check(CLI::Range(std::uint64_t{0}, kMaxMemoryMib));
  app.add_flag("--no-liveness", opts.no_liveness,
               "Skip the graph analysis (dead ends, states that cannot end the Battle Phase)");
  app.add_option("--threads", opts.threads,
                 "Threads exploring (0 = every core); results are the same for any number")
      ->check(CLI::Range(0, 1024))
      ->capture_default_str();
}

namespace {

/// MemAvailable from /proc/meminfo, in bytes (0 if unknown).
std::uint64_t available_memory_bytes() {
  std::ifstream in("/proc/meminfo");
  std::string key;
  std::uint64_t kib = 0;
  std::string unit;
  while (in >> key >> kib >> unit)
    if (key == "MemAvailable:") return kib * 1024u;
  return 0;
}

}  // namespace

Bounds to_bounds(const BoundOptions& opts) {
  Bounds b;
  b.max_memory_bytes =
      opts.max_memory_mib != kDefaultMemoryMib ? opts.max_memory_mib << 20 : available_memory_bytes() / 10 * 9;
  b.max_depth = opts.max_depth;
  b.max_states = opts.max_states;
  b.liveness = !opts.no_liveness;
  b.threads = opts.threads;
  // More threads than cores is allowed (the results are the same for any
  // number) but said: it only adds waiting, and memory per thread.
  if (const int threads = resolve_threads(opts.threads), cores = machine_cores(); threads > cores)
    std::cerr << "battlecheck: note: " << threads << " threads on " << cores
              << " cores: the same results, but no faster than " << cores << "\n";
  return b;
}

Inputs load_inputs(const ModelOptions& opts) {
  Inputs in;
  in.ruleset_ref = make_ruleset_ref(opts.ruleset, opts.mutant);
  in.rules = load_ruleset_ref(in.ruleset_ref);
  std::string scenario_file = opts.scenario;
  if (scenario_file.empty() && !in.rules.scenario.empty())
    scenario_file = find_mutant_scenario(in.rules.scenario, in.ruleset_ref.name);
  if (scenario_file.empty()) {
    in.scenario = default_scenario();
    in.scenario_origin = "built-in";
  } else {
    in.scenario = load_scenario_file(scenario_file);
    in.scenario_origin = scenario_file;
  }
  return in;
}

std::string format_fixed(double value, int decimals) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(decimals) << value;
  return out.str();
}

std::string format_bytes(double bytes) {
  if (bytes >= 1024.0 * 1024.0 * 1024.0) return format_fixed(bytes / (1024.0 * 1024.0 * 1024.0), 2) + " GiB";
  if (bytes >= 1024.0 * 1024.0) return format_fixed(bytes / (1024.0 * 1024.0), 1) + " MiB";
  if (bytes >= 1024.0) return format_fixed(bytes / 1024.0, 1) + " KiB";
  return format_fixed(bytes, 0) + " B";
}

int emit_document(const std::string& path, const std::string& text, bool force) {
  if (path.empty()) {
    std::cout << text;
    return kExitOk;
  }
  const WriteResult w = write_file_atomic(path, text, force);
  if (!w.ok) {
    std::cerr << "error: " << w.error << "\n";
    return kExitBadInput;
  }
  return kExitOk;
}

}  // namespace bc::cli
