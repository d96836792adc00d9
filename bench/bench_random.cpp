// Benchmark of random exploration on every built-in mutant: runs until the
// mutant is caught, RapidCheck's accepted shrink steps, the shrunk action
// count against the exhaustive shortest (the mutant's
// max_counterexample_length), and wall seconds; medians over several seeds.
// Each search targets the mutant's expected property (--any: stop at any
// violated property). Usage: bench_random [--seeds N] [--runs N] [--max-steps N] [--any] [--no-polish] [--no-seeds] [MUTANT]...
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "checker/random/random_check.hpp"
#include "model/embed/embedded.hpp"
#include "model/loaders/loader.hpp"

namespace {

struct Options {
  int seeds = 5;
  int runs = 200000;
  int max_steps = bc::kDefaultMaxSteps;
  bool no_polish = false;
  bool no_seeds = false;  ///< fresh boards only, no seed boards  ///< RapidCheck's shrinking alone
  bool any = false;  ///< stop at any violated property, not only the mutant's expected one
  std::vector<std::string> mutants;
};

struct Row {
  std::string mutant;
  int found = 0;
  int seeds = 0;
  double runs = 0, shrinks = 0, rc_length = 0, length = 0, seconds = 0, worst_seconds = 0, worst_ratio = 0;
  int shortest = 0;
  std::string other;  ///< a different property caught first, if any
};

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int to_int(const char* text, const char* flag) {
  char* end = nullptr;
  const long v = std::strtol(text, &end, 10);
  if (end == text || *end != '\0' || v <= 0) {
    std::fprintf(stderr, "bench_random: %s needs a positive integer, got '%s'\n", flag, text);
    std::exit(2);
  }
  return static_cast<int>(v);
}

Options parse_args(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--help" || a == "-h") {
      std::printf("usage: bench_random [--seeds N] [--runs N] [--max-steps N] [--any] [--no-polish] [--no-seeds] [MUTANT]...\n"
                  "Default: every built-in mutant, seeds 1..5, at most 200000 runs each.\n");
      std::exit(0);
    }
    if (a == "--any" || a == "--no-polish" || a == "--no-seeds") {
      (a == "--any" ? o.any : a == "--no-polish" ? o.no_polish : o.no_seeds) = true;
      continue;
    }
    if ((a == "--seeds" || a == "--runs" || a == "--max-steps") && i + 1 < argc) {
      const int v = to_int(argv[++i], a.c_str());
      (a == "--seeds" ? o.seeds : a == "--runs" ? o.runs : o.max_steps) = v;
      continue;
    }
    if (!a.empty() && a[0] == '-') {
      std::fprintf(stderr, "bench_random: unknown option %s (try --help)\n", a.c_str());
      std::exit(2);
    }
    o.mutants.push_back(a);
  }
  if (o.mutants.empty())
    for (const auto& [stem, text] : bc::embedded::mutants()) o.mutants.emplace_back(stem);
  return o;
}

Row measure(const std::string& mutant, const Options& o) {
  const bc::Ruleset rules = bc::load_mutant(mutant);
  const int expected = bc::property_index(rules.expect_violation);
  Row row;
  row.mutant = mutant;
  row.shortest = rules.max_counterexample_length;
  // Seed boards: the default scenario and the mutant's own scenario, if any.
  std::vector<bc::Scenario> seeds = {bc::default_scenario()};
  if (!rules.scenario.empty())
    seeds.push_back(bc::load_scenario_file(std::string(BC_SOURCE_DIR) + "/scenarios/" + rules.scenario));
  std::vector<double> runs, shrinks, rc_lengths, lengths, seconds;
  for (int seed = 1; seed <= o.seeds; ++seed) {
    bc::RandomOptions opts;
    opts.seed = static_cast<std::uint64_t>(seed);
    opts.runs = o.runs;
    opts.bounds.max_steps = o.max_steps;
    if (!o.any) opts.property = expected;
    if (o.no_polish) opts.polish_states = 0;
    if (!o.no_seeds) opts.bounds.seeds = seeds;
    const bc::RandomResult r = bc::random_check(rules, opts);
    ++row.seeds;
    seconds.push_back(r.seconds);
    row.worst_seconds = std::max(row.worst_seconds, r.seconds);
    if (r.found && r.property != expected && row.other.empty()) row.other = std::string(bc::properties()[r.property].id);
    if (!r.found || r.property != expected) continue;
    ++row.found;
    runs.push_back(r.runs);
    shrinks.push_back(r.shrink_steps);
    rc_lengths.push_back(r.shrunk_length);
    lengths.push_back(static_cast<double>(r.actions.size()));
    if (row.shortest > 0)
      row.worst_ratio = std::max(row.worst_ratio, static_cast<double>(r.actions.size()) / row.shortest);
  }
  row.runs = median(runs);
  row.shrinks = median(shrinks);
  row.rc_length = median(rc_lengths);
  row.length = median(lengths);
  row.seconds = median(seconds);
  return row;
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse_args(argc, argv);
  std::printf("| mutant | found | runs until found | shrink steps | RapidCheck length | shrunk length | shortest | ratio | worst ratio "
              "| seconds | worst seconds |\n|---|---|---|---|---|---|---|---|---|---|---|\n");
  int missed = 0;
  for (const std::string& m : o.mutants) {
    const Row r = measure(m, o);
    if (r.found < r.seeds) ++missed;
    const double ratio = r.shortest > 0 ? r.length / r.shortest : 0;
    std::printf("| %s | %d/%d | %.0f | %.0f | %.0f | %.0f | %d | %.2f | %.2f | %.3f | %.3f |\n", r.mutant.c_str(), r.found,
                r.seeds, r.runs, r.shrinks, r.rc_length, r.length, r.shortest, ratio, r.worst_ratio, r.seconds, r.worst_seconds);
    if (!r.other.empty()) std::printf("|   (caught %s instead) ||||||||||\n", r.other.c_str());
    std::fflush(stdout);
  }
  std::printf("\nmedians over seeds 1..%d; at most %d runs and %d steps per run; %d mutant(s) missed by some seed\n",
              o.seeds, o.runs, o.max_steps, missed);
  return missed == 0 ? 0 : 1;
}
