// Benchmark of the exhaustive checker (liveness analysis off): several runs
// per scenario and thread count, each in a forked child so that peak RSS is
// per run, optionally interleaved with SPIN's reference runs on the Promela
// battle model; a table of medians on stdout. Usage: bench_check [--runs N]
// [--threads 1,2] [--spin] [--spin-model FILE] [--ruleset NAME]
// [--symmetry on|off|both] [SCENARIO.toml | default]...
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "bench/spin_reference.hpp"
#include "checker/parallel/explorer.hpp"
#include "model/loaders/loader.hpp"
#include "model/rules/model.hpp"

namespace {

/// One run's figures, passed from the child through a pipe.
struct Sample {
  std::uint64_t states = 0;
  std::uint64_t transitions = 0;
  double seconds = 0;
  double cpu_seconds = 0;
  std::uint64_t stored_bytes = 0;
  std::uint64_t link_bytes = 0;
  std::uint64_t peak_rss_bytes = 0;
};

struct Options {
  int runs = 5;
  std::string ruleset = "mr3";
  std::vector<int> threads{1};
  bool spin = false;
  std::string spin_model = std::string(BC_SOURCE_DIR) + "/../shared/bench/battle.pml";
  std::vector<std::string> scenarios;
  std::vector<bool> symmetry{true};  ///< --symmetry: on, off, or both (each scenario twice)
};

std::vector<std::string> default_scenarios() {
  const std::string dir = std::string(BC_SOURCE_DIR) + "/scenarios/";
  return {"default", dir + "bench-small.toml", dir + "bench-medium.toml", dir + "bench-large.toml"};
}

/// "1,2,3" -> {1, 2, 3}; empty on a bad list.
std::vector<int> parse_threads(const std::string& v) {
  std::vector<int> out;
  std::stringstream in(v);
  for (std::string item; std::getline(in, item, ',');) {
    char* end = nullptr;
    const long n = std::strtol(item.c_str(), &end, 10);
    if (item.empty() || *end != '\0' || n < 1 || n > 256) return {};
    out.push_back(static_cast<int>(n));
  }
  return out;
}

void usage() {
  std::printf(
      "usage: bench_check [--runs N] [--threads LIST] [--spin] [--spin-model FILE] [--ruleset NAME]\n"
      "                   [--symmetry on|off|both] [SCENARIO.toml | default]...\n"
      "Default: the built-in scenario and scenarios/bench-{small,medium,large}.toml, 5 runs, 1 thread.\n"
      "--threads 1,2   run each scenario with each thread count (speed-up against the first)\n"
      "--symmetry both run each scenario with and without symmetry reduction (rows '<name>' and '<name>-nosym')\n"
      "--spin          also run SPIN on ../shared/bench/battle.pml (full storage and -DHC4), interleaved\n");
}

/// Parse argv; nullopt (after printing why) on bad usage.
std::optional<Options> parse_args(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--help" || a == "-h") {
      usage();
      std::exit(0);
    }
    if (a == "--spin") {
      o.spin = true;
    } else if ((a == "--runs" || a == "--ruleset" || a == "--threads" || a == "--spin-model" || a == "--symmetry") &&
               i + 1 < argc) {
      const std::string v = argv[++i];
      if (a == "--symmetry") {
        if (v != "on" && v != "off" && v != "both") {
          std::fprintf(stderr, "bench_check: --symmetry: expected on, off or both, got '%s'\n", v.c_str());
          return std::nullopt;
        }
        o.symmetry = v == "on" ? std::vector<bool>{true} : v == "off" ? std::vector<bool>{false} : std::vector<bool>{true, false};
      } else if (a == "--ruleset") {
        o.ruleset = v;
      } else if (a == "--spin-model") {
        o.spin_model = v;
      } else if (a == "--threads") {
        o.threads = parse_threads(v);
        if (o.threads.empty()) {
          std::fprintf(stderr, "bench_check: --threads: expected numbers from 1 to 256 like 1,2, got '%s'\n", v.c_str());
          return std::nullopt;
        }
      } else {
        char* end = nullptr;
        const long n = std::strtol(v.c_str(), &end, 10);
        if (*end != '\0' || n < 1 || n > 1000) {
          std::fprintf(stderr, "bench_check: --runs: expected a number from 1 to 1000, got '%s'\n", v.c_str());
          return std::nullopt;
        }
        o.runs = static_cast<int>(n);
      }
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
std::optional<Sample> run_once(const bc::Scenario& scenario, const bc::Ruleset& rules, int threads, bool symmetry) {
  int fds[2];
  if (pipe(fds) != 0) return std::nullopt;
  const pid_t pid = fork();
  if (pid < 0) return std::nullopt;
  if (pid == 0) {
    close(fds[0]);
    const bc::Model model(scenario, rules);
    bc::Bounds bounds;
    bounds.liveness = false;
    bounds.threads = threads;
    bounds.symmetry = symmetry;
    const bc::CheckResult r = bc::explore(model, bounds);
    const Sample s{r.states, r.transitions, r.seconds, r.cpu_seconds, r.stored_bytes, r.link_bytes, r.peak_rss_bytes};
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
template <class S, class F>
double median_of(const std::vector<S>& samples, F field) {
  std::vector<double> v;
  for (const S& s : samples) v.push_back(field(s));
  return median(v);
}

double rate(const Sample& s) { return s.seconds > 0 ? double(s.states) / s.seconds : 0.0; }
double cpu_rate(const Sample& s) { return s.cpu_seconds > 0 ? double(s.states) / s.cpu_seconds : 0.0; }

void print_header() {
  std::printf("%-12s %3s %10s %11s %7s %7s %9s %9s %6s %6s %6s %8s %6s\n", "scenario", "thr", "states",
              "transitions", "wall s", "cpu s", "states/s", "st/cpu-s", "speed", "B/st", "disk", "peak MiB", "pk B/s");
}

/// One row; `base_rate` is the first thread count's median states/s (for the speed-up).
void print_row(const std::string& label, int threads, const std::vector<Sample>& samples, double base_rate) {
  const auto m = [&samples](auto field) { return median_of(samples, field); };
  const double states = m([](const Sample& s) { return double(s.states); });
  const double r = m(rate);
  std::printf("%-12s %3d %10.0f %11.0f %7.2f %7.2f %9.0f %9.0f %5.2fx %6.1f %6.1f %8.1f %6.1f\n", label.c_str(), threads,
              states, m([](const Sample& s) { return double(s.transitions); }), m([](const Sample& s) { return s.seconds; }),
              m([](const Sample& s) { return s.cpu_seconds; }), r, m(cpu_rate), base_rate > 0 ? r / base_rate : 1.0,
              m([](const Sample& s) { return double(s.stored_bytes) / double(s.states); }),
              m([](const Sample& s) { return double(s.link_bytes) / double(s.states); }),
              m([](const Sample& s) { return double(s.peak_rss_bytes) / (1024.0 * 1024.0); }),
              m([](const Sample& s) { return double(s.peak_rss_bytes) / double(s.states); }));
  std::fflush(stdout);
}

struct Config {
  std::string label;
  bc::Scenario scenario;
  int threads = 1;
  bool symmetry = true;
  std::vector<Sample> samples;
};

/// The scenario `which` ("default" or a file); false (after saying why) on bad input.
bool load(const std::string& which, bc::Scenario& scenario, std::string& label) {
  try {
    if (which == "default") {
      scenario = bc::default_scenario();
      label = "default";
    } else {
      scenario = bc::load_scenario_file(which);
      label = std::filesystem::path(which).stem().string();
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_check: %s\n", e.what());
    return false;
  }
  return true;
}

/// SPIN's rows and the ratios of battlecheck's one-thread rate to SPIN's.
void print_spin(const std::vector<bench::SpinSample>& full, const std::vector<bench::SpinSample>& hc4,
                const std::vector<Config>& configs) {
  const auto srate = [](const bench::SpinSample& s) { return s.seconds > 0 ? double(s.states) / s.seconds : 0.0; };
  const auto scpu = [](const bench::SpinSample& s) { return s.cpu_seconds > 0 ? double(s.states) / s.cpu_seconds : 0.0; };
  std::printf("\nSPIN 6 on battle.pml (-DSAFETY -DNOREDUCE, ./pan -m10000 -w26), same runs interleaved:\n");
  const double full_rate = median_of(full, srate), hc4_rate = median_of(hc4, srate);
  for (const auto& [name, v] : {std::pair{"spin full", &full}, std::pair{"spin -DHC4", &hc4}}) {
    std::printf("%-12s %3d %10.0f %11s %7.2f %7.2f %9.0f %9.0f %6s %6s %6s %8.1f %6.1f\n", name, 1,
                median_of(*v, [](const bench::SpinSample& s) { return double(s.states); }), "-",
                median_of(*v, [](const bench::SpinSample& s) { return s.seconds; }),
                median_of(*v, [](const bench::SpinSample& s) { return s.cpu_seconds; }), median_of(*v, srate),
                median_of(*v, scpu), "-", "-", "-",
                median_of(*v, [](const bench::SpinSample& s) { return double(s.peak_rss_bytes) / 1048576.0; }),
                median_of(*v, [](const bench::SpinSample& s) { return double(s.peak_rss_bytes) / double(s.states); }));
  }
  std::printf("\nratio of states/s on one core (battlecheck 1 thread / SPIN):\n");
  for (const Config& c : configs) {
    if (c.threads != 1) continue;
    const double ours = median_of(c.samples, rate);
    std::printf("  %-12s %.2fx SPIN full storage, %.2fx SPIN hash compaction (HC4)\n", c.label.c_str(),
                full_rate > 0 ? ours / full_rate : 0.0, hc4_rate > 0 ? ours / hc4_rate : 0.0);
  }
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
  std::vector<Config> configs;
  for (const std::string& which : opts->scenarios) {
    Config c;
    if (!load(which, c.scenario, c.label)) return 2;
    const std::string label = c.label;
    for (const bool sym : opts->symmetry)
      for (int t : opts->threads) {
        c.threads = t;
        c.symmetry = sym;
        c.label = sym ? label : label + "-nosym";
        configs.push_back(c);
      }
  }
  bench::SpinReference spin;
  std::string error;
  if (opts->spin && !spin.build(opts->spin_model, error)) {
    std::fprintf(stderr, "bench_check: SPIN reference: %s\n", error.c_str());
    return 2;
  }
  std::vector<bench::SpinSample> full, hc4;
  for (int i = 0; i < opts->runs; ++i) {  // rounds: every configuration once per round, interleaved
    for (Config& c : configs) {
      std::fprintf(stderr, "bench_check: %s, %d thread(s), run %d/%d\n", c.label.c_str(), c.threads, i + 1, opts->runs);
      const std::optional<Sample> s = run_once(c.scenario, rules, c.threads, c.symmetry);
      if (!s) {
        std::fprintf(stderr, "bench_check: %s: run %d failed\n", c.label.c_str(), i + 1);
        return 2;
      }
      c.samples.push_back(*s);
    }
    if (!opts->spin) continue;
    for (const bool hc : {false, true}) {
      std::fprintf(stderr, "bench_check: SPIN %s, run %d/%d\n", hc ? "-DHC4" : "full", i + 1, opts->runs);
      const std::optional<bench::SpinSample> s = spin.run(hc);
      if (!s) {
        std::fprintf(stderr, "bench_check: SPIN run failed\n");
        return 2;
      }
      (hc ? hc4 : full).push_back(*s);
    }
  }
  std::printf("exhaustive check, liveness off, ruleset %s, medians of %d runs; speed = states/s against the first "
              "thread count\n", opts->ruleset.c_str(), opts->runs);
  print_header();
  std::map<std::string, double> base;
  for (const Config& c : configs) {
    if (!base.contains(c.label)) base[c.label] = median_of(c.samples, rate);
    print_row(c.label, c.threads, c.samples, base[c.label]);
  }
  if (opts->spin) print_spin(full, hc4, configs);
  return 0;
}
