/// `battlecheck verify-trace FILE...`: check engine traces for conformance to
/// the model and for every property; text, --json and --junit reports.
#include <algorithm>
#include <atomic>
#include <filesystem>
#include <iostream>
#include <memory>
#include <thread>

#include "cli/commands/commands.hpp"
#include "cli/verify/verify_trace.hpp"
#include "cli/verify/verify_ygopro.hpp"

namespace bc::cli {
namespace {

/// Verify every input, `jobs` at a time; results in input order.
std::vector<TraceVerdict> verify_all(const VerifyOptions& opts) {
  std::vector<TraceVerdict> out(opts.files.size());
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  const std::size_t jobs =
      std::min<std::size_t>(opts.jobs > 0 ? static_cast<std::size_t>(opts.jobs) : cores, opts.files.size());
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t i = next++; i < opts.files.size(); i = next++) out[i] = verify_one(opts.files[i], opts);
  };
  std::vector<std::thread> threads;
  for (std::size_t t = 1; t < jobs; ++t) threads.emplace_back(work);
  work();
  for (std::thread& t : threads) t.join();
  return out;
}

int run_verify(const VerifyOptions& opts) {
  if (std::count(opts.files.begin(), opts.files.end(), "-") > 1) {
    std::cerr << "battlecheck: error: stdin ('-') may be given only once\n";
    return kExitBadInput;
  }
  if (!opts.junit.empty() && !opts.force && std::filesystem::exists(opts.junit)) {
    std::cerr << "battlecheck: error: " << opts.junit << ": exists; use --force to overwrite\n";
    return kExitBadInput;
  }
  VerifyOptions expanded = opts;
  if (opts.from == "ygopro") expanded.files = expand_battle_phases(opts.files, opts);
  const std::vector<TraceVerdict> verdicts = verify_all(expanded);
  int code = kExitOk;
  // hold, violate (procedure or property), unreadable; card findings counted
  // apart: a trace whose only fault is a card finding is not a violation.
  int counts[3] = {0, 0, 0};
  int with_findings = 0;
  std::size_t findings = 0;
  for (const TraceVerdict& v : verdicts) {
    code = std::max(code, v.exit_code);
    findings += v.card_findings.size();
    with_findings += !v.card_findings.empty();
    ++counts[v.exit_code == 2 ? 2 : v.result.holds() ? 0 : 1];
  }
  if (opts.json) {
    nlohmann::json traces = nlohmann::json::array();
    for (const TraceVerdict& v : verdicts) traces.push_back(verdict_json(v));
    const nlohmann::json doc = {{"traces", traces},
                                {"summary", {{"traces", verdicts.size()}, {"hold", counts[0]},
                                             {"violations", counts[1]}, {"unreadable", counts[2]},
                                             {"with_card_findings", with_findings},
                                             {"card_findings", findings}}},
                                {"exit_code", code}};
    std::cout << doc.dump(2) << "\n";
  } else {
    for (const TraceVerdict& v : verdicts) std::cout << verdict_text(v);
    std::cout << verdicts.size() << " trace(s): " << counts[0] << " hold, " << counts[1] << " violate, " << counts[2]
              << " unreadable";
    if (opts.audit_cards)
      std::cout << "; card audit: " << findings << " finding(s) in " << with_findings << " trace(s)";
    std::cout << "\n";
  }
  for (const TraceVerdict& v : verdicts)
    if (v.exit_code == 2) std::cerr << "battlecheck: error: " << v.error << "\n";
  if (!opts.junit.empty()) {
    const WriteResult w = write_file_atomic(opts.junit, junit_xml(verdicts), opts.force);
    if (!w.ok) {
      std::cerr << "battlecheck: error: " << w.error << "\n";
      return kExitBadInput;
    }
  }
  return code;
}

}  // namespace

Command add_verify_trace_command(CLI::App& root) {
  auto opts = std::make_shared<VerifyOptions>();
  CLI::App* app = root.add_subcommand(
      "verify-trace", "Check engine traces (JSON Lines, docs/trace-format.md) against the model and every property");
  app->add_option("files", opts->files, "Trace files; '-' reads stdin")->required();
  app->add_option("--ruleset", opts->ruleset, "Built-in ruleset name or file (default: each trace header's ruleset)");
  app->add_option("--from", opts->from,
                  "Input form: trace (JSON Lines trace v0/v1) or ygopro (ygopro-core message streams, docs/engines/ygopro.md)")
      ->check(CLI::IsMember({"trace", "ygopro"}))
      ->capture_default_str();
  app->add_option("--cards", opts->cards, "Card file for imported inputs (--from other than trace; default: each run's NAME.cards.json beside NAME.bin)");
  app->add_option("--framing", opts->framing, "Message framing for imported inputs: fluoro or edo (default: detect)");
  app->add_flag("--json", opts->json, "Print one JSON document instead of text");
  app->add_flag("--audit-cards", opts->audit_cards,
                "Also audit the engine's card declarations against the ruleset (docs/engines/ygopro.md); exit 1 on a finding");
  app->add_option("--junit", opts->junit, "Also write a JUnit XML report, one testcase per trace");
  app->add_flag("--force", opts->force, "Overwrite the --junit file if it exists");
  app->add_option("-j,--jobs", opts->jobs, "Traces checked in parallel (default: one per core)")
      ->check(CLI::NonNegativeNumber);
  return {app, [opts] { return run_verify(*opts); }};
}

}  // namespace bc::cli
