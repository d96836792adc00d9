// Benchmark of the exhaustive checker (liveness analysis off): several runs
// per scenario, each in a forked child so that peak RSS is per run, and a
// table of medians on stdout. Usage: bench_check [--runs N] [--ruleset NAME]
// [SCENARIO.toml | default]...
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "checker/explorer.hpp"
#include "model/loader.hpp"
#include "model/model.hpp"

namespace {

/// One run's figures, passed from the child through a pipe.
struct Sample {
  std::uint64_t states = 0;
  std::uint64_t transitions = 0;
  double seconds = 0;
  double cpu_seconds = 0;
  std::uint64_t stored_bytes = 0;
  std::uint64_t peak_rss_bytes = 0;
};

struct Options {
  int runs = 5;
  std::string ruleset = "mr3";
  std::vector<std::string> scenarios;
};

std::vector<std::string> default_scenarios() {
  const std::string dir = std::string(BC_SOURCE_DIR) + "/scenarios/";
  return {"default", dir + "bench-small.toml", dir + "bench-medium.toml", dir + "bench-large.toml"};
}

/// Parse argv; nullopt (after printing why) on bad usage.
std::optional<Options> parse_args(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--help" || a == "-h") {
      std::printf("usage: bench_check [--runs N] [--ruleset NAME] [SCENARIO.toml | default]...\n"
                  "Default: the built-in scenario and scenarios/bench-{small,medium,large}.toml.\n");
      std::exit(0);
    }
    if ((a == "--runs" || a == "--ruleset") && i + 1 < argc) {
      const std::string v = argv[++i];
      if (a == "--ruleset") {
        o.ruleset = v;
        continue;
      }
      char* end = nullptr;
      const long n = std::strtol(v.c_str(), &end, 10);
      if (*end != '\0' || n < 1 || n > 1000) {
        std::fprintf(stderr, "bench_check: --runs: expected a number from 1 to 1000, got '%s'\n", v.c_str());
        return std::nullopt;
      }
      o.runs = static_cast<int>(n);
    } else if (a.starts_with("-")) {
      std::fprintf(stderr, "bench_check: unknown or incomplete option '%s' (see --help)\n", a.c_str());
      return std::nullopt;
    } else {
      o.scenarios.push_back(a);
    }
  }
  if (o.scenarios.empty()) o.scenarios = default_scenarios();
  return o;
}

/// Explore in a forked child; the parent stays small, so ru_maxrss is this run's.
std::optional<Sample> run_once(const bc::Scenario& scenario, const bc::Ruleset& rules) {
  int fds[2];
  if (pipe(fds) != 0) return std::nullopt;
  const pid_t pid = fork();
  if (pid < 0) return std::nullopt;
  if (pid == 0) {
    close(fds[0]);
    const bc::Model model(scenario, rules);
    bc::Bounds bounds;
    bounds.liveness = false;
    const bc::CheckResult r = bc::explore(model, bounds);
    const Sample s{r.states, r.transitions, r.seconds, r.cpu_seconds, r.stored_bytes, r.peak_rss_bytes};
    const bool ok = write(fds[1], &s, sizeof s) == static_cast<ssize_t>(sizeof s);
    _exit(ok ? 0 : 1);
  }
  close(fds[1]);
  Sample s;
  const ssize_t got = read(fds[0], &s, sizeof s);
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (got != static_cast<ssize_t>(sizeof s) || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return std::nullopt;
  return s;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/// Median of one field over the samples.
template <class F>
double median_of(const std::vector<Sample>& samples, F field) {
  std::vector<double> v;
  for (const Sample& s : samples) v.push_back(field(s));
  return median(v);
}

void print_header() {
  std::printf("%-14s %11s %11s %8s %8s %10s %10s %8s %9s\n", "scenario", "states", "transitions", "wall s", "cpu s",
              "states/s", "st/cpu-s", "B/state", "peak MiB");
}

void print_row(const std::string& label, const std::vector<Sample>& samples) {
  const auto m = [&samples](auto field) { return median_of(samples, field); };
  const double states = m([](const Sample& s) { return double(s.states); });
  const double transitions = m([](const Sample& s) { return double(s.transitions); });
  const double wall = m([](const Sample& s) { return s.seconds; });
  const double cpu = m([](const Sample& s) { return s.cpu_seconds; });
  const double rate = m([](const Sample& s) { return s.seconds > 0 ? double(s.states) / s.seconds : 0.0; });
  const double cpu_rate = m([](const Sample& s) { return s.cpu_seconds > 0 ? double(s.states) / s.cpu_seconds : 0.0; });
  const double bytes = m([](const Sample& s) { return double(s.stored_bytes) / double(s.states); });
  const double rss = m([](const Sample& s) { return double(s.peak_rss_bytes) / (1024.0 * 1024.0); });
  std::printf("%-14s %11.0f %11.0f %8.3f %8.3f %10.0f %10.0f %8.1f %9.1f\n", label.c_str(), states, transitions, wall,
              cpu, rate, cpu_rate, bytes, rss);
  std::fflush(stdout);
}

/// Bench one scenario; false on bad input or a failed run.
bool bench(const std::string& which, const bc::Ruleset& rules, int runs) {
  bc::Scenario scenario;
  std::string label = which;
  try {
    if (which == "default") {
      scenario = bc::default_scenario();
    } else {
      scenario = bc::load_scenario_file(which);
      label = std::filesystem::path(which).stem().string();
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_check: %s\n", e.what());
    return false;
  }
  std::vector<Sample> samples;
  for (int i = 0; i < runs; ++i) {
    std::fprintf(stderr, "bench_check: %s run %d/%d\n", label.c_str(), i + 1, runs);
    const std::optional<Sample> s = run_once(scenario, rules);
    if (!s) {
      std::fprintf(stderr, "bench_check: %s: run %d failed\n", label.c_str(), i + 1);
      return false;
    }
    samples.push_back(*s);
  }
  print_row(label, samples);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  const std::optional<Options> opts = parse_args(argc, argv);
  if (!opts) return 2;
  bc::Ruleset rules;
  try {
    rules = bc::load_ruleset(opts->ruleset);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_check: %s\n", e.what());
    return 2;
  }
  std::printf("exhaustive check, liveness off, ruleset %s, medians of %d runs, one core\n", opts->ruleset.c_str(),
              opts->runs);
  print_header();
  bool ok = true;
  for (const std::string& s : opts->scenarios) ok = bench(s, rules, opts->runs) && ok;
  return ok ? 0 : 2;
}
