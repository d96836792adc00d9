#pragma once
/// Shared pieces of the CLI commands: the options that choose a model
/// (scenario, ruleset, mutant, bounds), loading them, and small formatters.
/// Everything here runs at the edge: loading throws InputError.
#include <functional>
#include <filesystem>
#include <string>

#include <CLI/CLI.hpp>

#include "checker/parallel/explorer.hpp"
#include "counterexamples/report/report.hpp"
#include "model/core/ruleset.hpp"
#include "model/core/scenario.hpp"

namespace bc::cli {

/// A registered subcommand and what to run when it was chosen; run() returns the exit code.
struct Command {
  CLI::App* app = nullptr;
  std::function<int()> run;
};

/// Process exit codes (project rule): all hold / a violation / bad usage or input.
inline constexpr int kExitOk = 0;
inline constexpr int kExitViolation = 1;
inline constexpr int kExitBadInput = 2;

/// Folders that may hold the shipped scenarios, searched in this order:
/// ./scenarios, PREFIX/share/battlecheck/scenarios beside an installed
/// PREFIX/bin/battlecheck (docs/architecture.md, "Installing"), then the source
/// tree's scenarios/ (a binary run from its build tree).
std::vector<std::filesystem::path> scenario_dirs();
/// scenario_dirs() for a message: "scenarios/ or /src/scenarios/ or ...".
std::string scenario_dirs_text();
/// The first of scenario_dirs() that holds default.toml; empty if none does.
std::filesystem::path shipped_scenario_dir();

/// Options that choose the model: --scenario, --ruleset, --mutant.
struct ModelOptions {
  std::string scenario;  ///< file path; empty = the built-in default (or the mutant's own scenario)
  std::string ruleset;   ///< built-in name or file; empty = mr3
  std::string mutant;    ///< built-in mutant name
};

/// The largest --max-memory, in MiB (1 PiB; past it the byte count would overflow).
inline constexpr std::uint64_t kMaxMemoryMib = std::uint64_t{1} << 30;
/// --max-memory not given: 90% of the memory available at start.
inline constexpr std::uint64_t kDefaultMemoryMib = ~std::uint64_t{0};

/// Options that bound the exploration.
struct BoundOptions {
  std::uint32_t max_depth = 0;
  std::uint64_t max_states = 0;
  std::uint64_t max_memory_mib = kDefaultMemoryMib;  ///< 0 = unbounded
  bool no_liveness = false;
  int threads = 0;  ///< 0 = every core
};

/// A loaded scenario and ruleset. Keep it in place while a Model refers to it.
struct Inputs {
  Scenario scenario;
  std::string scenario_origin;  ///< the file read, or "built-in"
  RulesetRef ruleset_ref;
  Ruleset rules;
};

void add_model_options(CLI::App& app, ModelOptions& opts);
void add_bound_options(CLI::App& app, BoundOptions& opts);
Bounds to_bounds(const BoundOptions& opts);

/// Load the scenario and ruleset the options name. A mutant with its own
/// `scenario` (and no --scenario given) runs on that scenario from scenarios/.
Inputs load_inputs(const ModelOptions& opts);

/// A byte count as "12.3 MiB".
std::string format_bytes(double bytes);

/// A command's document: to stdout when `path` is empty, else written to
/// `path` atomically (never over an existing file without `force`). Returns
/// the exit code: 0, or 2 with the reason on stderr.
int emit_document(const std::string& path, const std::string& text, bool force);
/// A number with fixed decimals.
std::string format_fixed(double value, int decimals);

}  // namespace bc::cli
