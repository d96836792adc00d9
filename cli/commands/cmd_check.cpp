/// `battlecheck check`: explore a scenario under a ruleset, write a
/// counterexample per violated property, print the verdict table.
#include <unistd.h>

#include <filesystem>
#include <iostream>
#include <memory>

#include "checker/parallel/explorer.hpp"
#include "checker/mpi/mpi_explorer.hpp"
#include "cli/common/check_report.hpp"
#include "cli/commands/commands.hpp"
#include "counterexamples/emit/emit_tests.hpp"
#include "counterexamples/replay/replay.hpp"
#include "model/toml/input_error.hpp"

namespace bc::cli {
namespace {

struct CheckOptions {
  ModelOptions model;
  BoundOptions bounds;
  std::string out_dir = "battlecheck-out";
  bool force = false;
  bool json = false;
  bool quiet = false;
  bool progress = false;
  bool mpi = false;
  bool require_witnesses = false;  ///< an unwitnessed "sometimes" property fails the run (ci/check asks)
  bool all_violations = false;     ///< group every violating state by root
  bool no_symmetry = false;        ///< count every state as is (no symmetry reduction)
  std::string emit_dir;            ///< --emit-tests: reproducers a test suite can keep
  std::string html;                ///< --html: the report as a standalone page
};

/// The \r-updated progress line on stderr.
ProgressFn progress_line(bool enabled) {
  if (!enabled) return {};
  return [](const ProgressInfo& p) {
    const double rate = p.seconds > 0 ? static_cast<double>(p.states) / p.seconds : 0.0;
    std::cerr << "\rstates " << p.states << " | " << format_fixed(rate, 0) << " states/s | depth " << p.depth
              << " | queue " << p.queued << "    " << std::flush;
  };
}

const Counterexample* find_run(const CheckResult& r, int property) {
  for (const Counterexample& c : r.counterexamples)
    if (c.property == property) return &c;
  if (properties()[property].kind == PropertyKind::Eventually &&
      (r.stuck.property == property || !r.stuck.actions.empty()))
    return &r.stuck;
  return nullptr;
}

int witness_length(const CheckResult& r, int property) {
  for (const Counterexample& c : r.witnesses)
    if (c.property == property) return static_cast<int>(c.actions.size());
  return -1;
}

/// --emit-tests: the GoogleTest file and the verify-trace fixture of a counterexample.
void emit_reproducer(const CheckOptions& opts, const Model& model, const Inputs& in, const Counterexample& c,
                     const Run& run, int property, const std::string& file_id, CheckReport& report) {
  std::error_code ec;
  std::filesystem::create_directories(opts.emit_dir, ec);
  if (ec) {
    report.errors.push_back(opts.emit_dir + ": cannot create directory: " + ec.message());
    return;
  }
  const std::string stem = counterexample_stem(in.scenario.name, in.ruleset_ref.name, file_id);
  const WriteResult w = write_emitted_test(opts.emit_dir, stem, emit_test(model, in.ruleset_ref, property, run, c.actions),
                                           opts.force);
  if (!w.ok) report.errors.push_back(w.error);
}

/// Replay a violation's run and write its two files; fills the row or an error.
void write_violation(const CheckOptions& opts, const Model& model, const Inputs& in, const Counterexample& c,
                     PropertyRow& row, CheckReport& report, const std::string& file_id = {}) {
  row.length = static_cast<int>(c.actions.size());
  const Run run = replay(model, c.actions);
  if (!run.ok()) {
    row.note = "internal error: " + run.error;
    report.errors.push_back(row.note);
    return;
  }
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(opts.out_dir, ec);
  if (ec) {
    report.errors.push_back(opts.out_dir + ": cannot create directory: " + ec.message());
    row.note = "not written";
    return;
  }
  const std::string id = file_id.empty() ? std::string(properties()[row.index].id) : file_id;
  const std::string base =
      (fs::path(opts.out_dir) / counterexample_stem(in.scenario.name, in.ruleset_ref.name, id)).string();
  const WriteResult w = write_counterexample(base, model, in.ruleset_ref, row.index, run, opts.force);
  if (!w.ok) {
    report.errors.push_back(w.error);
    row.note = "not written: " + w.error;
    return;
  }
  row.json_file = base + ".json";
  row.text_file = base + ".txt";
  if (!opts.emit_dir.empty()) emit_reproducer(opts, model, in, c, run, row.index, id, report);
}

/// The sections a ruleset follows instead of the disputed property i.
std::string disputed_sources(const Ruleset& rules, int i) {
  std::string out;
  for (const Dispute& d : rules.disputes)
    if (d.property == properties()[i].id)
      for (const std::string& s : d.provenance.sources) out += (out.empty() ? "" : "; ") + s;
  return out;
}

PropertyRow judge(const CheckOptions& opts, const Model& model, const Inputs& in, int i, CheckReport& report) {
  const CheckResult& r = report.result;
  PropertyRow row;
  row.index = i;
  const PropertyKind kind = properties()[i].kind;
  if (kind == PropertyKind::Sometimes) {
    // A vacuity check: never witnessed is a warning, a failure only when asked.
    row.verdict = r.witnessed[i] ? "WITNESSED" : "NOT WITNESSED";
    row.failing = opts.require_witnesses && !r.witnessed[i];
    row.length = witness_length(r, i);
    return row;
  }
  if (disputed_properties(model.rules())[i]) {
    row.verdict = "DISPUTED";
    row.note = "the ruleset contradicts this claim on purpose: " + model.rules().name + " follows " + disputed_sources(model.rules(), i);
    return row;
  }
  if (r.violated[i]) {
    row.verdict = "VIOLATED";
    row.failing = true;
    if (const Counterexample* c = find_run(r, i)) write_violation(opts, model, in, *c, row, report);
    else row.note = "no counterexample recorded";
    return row;
  }
  if (kind == PropertyKind::Eventually && (!report.bounds.liveness || r.graph_out_of_memory)) {
    row.verdict = "N/A";
    row.note = report.bounds.liveness ? "graph analysis out of memory" : "liveness off";
    return row;
  }
  row.verdict = "HOLDS";
  if (!r.complete) row.note = "within bounds";
  return row;
}

/// The violation groups of --all-violations: a group whose shortest run is
/// its property's counterexample points at that file; each other one gets
/// `<stem>.<n>.json` (n: its place among its property's groups, from 2).
void write_groups(const CheckOptions& opts, const Model& model, const Inputs& in, CheckReport& report) {
  std::vector<int> seen(properties().size(), 0);
  for (const ViolationGroup& g : report.result.violation_groups) {
    GroupRow row{g, {}};
    const int p = g.root.property;
    const int n = ++seen[static_cast<std::size_t>(p)];
    const Counterexample* c = find_run(report.result, p);
    if (c != nullptr && c->actions == g.shortest.actions) {
      row.json_file = report.rows[static_cast<std::size_t>(p)].json_file;
    } else {
      PropertyRow file_row;
      file_row.index = p;
      const std::string id = std::string(properties()[p].id) + "." + std::to_string(n);
      write_violation(opts, model, in, g.shortest, file_row, report, id);
      row.json_file = file_row.json_file;
    }
    report.groups.push_back(row);
  }
}

/// Judge every property, write the counterexamples, print; the exit code.
int report_check(const CheckOptions& opts, const Model& model, const Inputs& in, CheckReport& report) {
  bool failing = false;
  for (int i = 0; i < static_cast<int>(properties().size()); ++i) {
    report.rows.push_back(judge(opts, model, in, i, report));
    failing = failing || report.rows.back().failing;
  }
  report.all_violations = opts.all_violations;
  if (opts.all_violations) write_groups(opts, model, in, report);
  report.exit_code = !report.errors.empty() ? kExitBadInput : failing ? kExitViolation : kExitOk;
  if (!opts.html.empty()) {  // written last, so that it shows the exit code and every file written
    std::error_code ec;  // its folder is made when needed, as --out's is
    const std::filesystem::path folder = std::filesystem::path(opts.html).parent_path();
    if (!folder.empty()) std::filesystem::create_directories(folder, ec);
    const WriteResult w = write_file_atomic(opts.html, report_html(report, opts.html), opts.force);
    if (!w.ok) {
      report.errors.push_back(w.error);
      report.exit_code = kExitBadInput;
    }
  }
  if (opts.json) std::cout << report_json(report).dump(2) << "\n";
  else print_table(report, opts.quiet, std::cout);
  for (const std::string& e : report.errors) std::cerr << "battlecheck: error: " << e << "\n";
  return report.exit_code;
}

/// `check --mpi`: every rank explores; rank 0 reports; all return rank 0's code.
int run_check_mpi(const CheckOptions& opts, const Model& model, const Inputs& in, CheckReport& report,
                  bool show_progress) {
  MpiOutcome o = explore_mpi(model, report.bounds, progress_line(show_progress));
  if (!o.error.empty()) {
    if (o.rank == 0) std::cerr << "battlecheck: error: " << o.error << "\n";
    return mpi_finish(kExitBadInput);
  }
  if (o.rank != 0) return mpi_finish(kExitOk);
  if (show_progress) std::cerr << (::isatty(STDERR_FILENO) ? "\r\033[K" : "\n") << std::flush;
  report.result = std::move(o.result);
  return mpi_finish(report_check(opts, model, in, report));
}

int run_check(const CheckOptions& opts) {
  const Inputs in = load_inputs(opts.model);
  const Model model(in.scenario, in.rules);
  CheckReport report;
  report.inputs = &in;
  report.bounds = to_bounds(opts.bounds);
  report.bounds.all_violations = opts.all_violations;
  report.bounds.symmetry = !opts.no_symmetry;
  if (opts.mpi && opts.all_violations)
    throw InputError("--all-violations is not available under --mpi yet: run it in one process (--threads)");
  report.require_witnesses = opts.require_witnesses;
  if (!opts.html.empty() && !opts.force && std::filesystem::exists(opts.html))  // before a long run, not after
    throw InputError(opts.html + ": file exists (use --force to overwrite)");
  const bool show_progress = !opts.quiet && (opts.progress || ::isatty(STDERR_FILENO));
  if (opts.mpi) return run_check_mpi(opts, model, in, report, show_progress);
  report.result = explore(model, report.bounds, progress_line(show_progress));
  if (show_progress) std::cerr << (::isatty(STDERR_FILENO) ? "\r\033[K" : "\n") << std::flush;
  return report_check(opts, model, in, report);
}

}  // namespace

Command add_check_command(CLI::App& root) {
  auto opts = std::make_shared<CheckOptions>();
  CLI::App* app = root.add_subcommand("check", "Explore every reachable state and check every property");
  add_model_options(*app, opts->model);
  add_bound_options(*app, opts->bounds);
  app->add_option("--out", opts->out_dir, "Directory for counterexample files, created when needed")
      ->capture_default_str();
  app->add_flag("--force", opts->force, "Overwrite existing counterexample files");
  app->add_flag("--json", opts->json, "Print one JSON document instead of the table");
  app->add_flag("--quiet", opts->quiet, "No progress line; list only failing and unwitnessed properties");
  app->add_flag("--require-witnesses", opts->require_witnesses,
                "Fail (exit 1) when a 'sometimes' property is never witnessed; otherwise such a vacuity check is a "
                "warning (\"all hold, N not witnessed\"). ci/check asks it on the default scenario");
  app->add_flag("--all-violations", opts->all_violations,
                "Keep every violation, grouped by root (the property, and the action kind, timing and effect class "
                "of the step that breaks it): each root once, with its shortest run and how many violating states "
                "it covers; a file for each root beyond its property's counterexample");
  app->add_flag("--no-symmetry", opts->no_symmetry,
                "Count states as they are: no symmetry reduction (by default, states that differ only by "
                "interchangeable zones, copies of a monster or copies of a card are explored once; "
                "verdicts and counterexample lengths are the same, state counts smaller)");
  app->add_option("--emit-tests", opts->emit_dir,
                  "Also write, per counterexample, DIR/<stem>_test.cpp (a GoogleTest reproducer) and "
                  "DIR/<stem>.trace.jsonl + .expected.json (a verify-trace fixture)");
  app->add_option("--html", opts->html,
                  "Also write the report as a standalone HTML page to this file (atomically; --force to overwrite): "
                  "verdicts, counterexample links, and the violations by root with --all-violations");
  app->add_flag("--progress", opts->progress, "Show the progress line even when stderr is not a terminal");
  app->add_flag("--mpi", opts->mpi,
                "Explore with every MPI rank (run under `mpirun --quiet --bind-to none`; docs/scaling.md), --threads in each (default: "
                "the machine's cores shared by its ranks); the same results and exit code as one process");
  return {app, [opts] { return run_check(*opts); }};
}

}  // namespace bc::cli
