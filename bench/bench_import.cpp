// Benchmark of `verify-trace --from ygopro`: import every recording of
// ../shared/engine-logs (decode + map to trace records) and verify it
// (conformance to mr3 + every property), many copies in memory, one core.
// Prints messages/s for import alone and for import + verification (medians).
// Usage: bench_import [--copies N] [--runs N] [--logs DIR]
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "checker/conformance/conformance.hpp"
#include "importers/ygopro/ygopro_import.hpp"
#include "model/loaders/loader.hpp"

namespace {

struct Recording {
  std::string run;
  std::vector<std::uint8_t> bytes;
  bc::ygopro::CardFile cards;
};

double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

std::vector<Recording> load(const std::string& dir) {
  const char* runs[] = {"fluoro-basic", "fluoro-replay", "fluoro-P1", "fluoro-P1b", "fluoro-P4", "fluoro-P5",
                        "fluoro-P7",    "fluoro-P9",     "edo-basic", "edo-P1",     "edo-P1-single", "edo-P1b",
                        "edo-P4",       "edo-P5",        "edo-P9",    "edo-P9-single"};
  std::vector<Recording> out;
  for (const char* run : runs) {
    std::ifstream bin(dir + "/" + run + ".bin", std::ios::binary);
    std::ifstream cards(dir + "/" + run + ".cards.json", std::ios::binary);
    if (!bin || !cards) {
      std::fprintf(stderr, "error: %s/%s.bin or .cards.json: cannot open\n", dir.c_str(), run);
      std::exit(2);
    }
    Recording r;
    r.run = run;
    r.bytes.assign(std::istreambuf_iterator<char>(bin), std::istreambuf_iterator<char>());
    const std::string text((std::istreambuf_iterator<char>(cards)), std::istreambuf_iterator<char>());
    r.cards = bc::ygopro::parse_card_file(text, r.run + ".cards.json");
    out.push_back(std::move(r));
  }
  return out;
}

struct Sample {
  double wall = 0, cpu = 0;
  std::uint64_t messages = 0, records = 0;
};

Sample pass(const std::vector<Recording>& recs, int copies, bool verify, const bc::Ruleset& rules) {
  Sample s;
  const auto t0 = std::chrono::steady_clock::now();
  const double c0 = cpu_seconds();
  for (int copy = 0; copy < copies; ++copy)
    for (const Recording& r : recs) {
      const bc::ygopro::ImportResult imp = bc::ygopro::import_stream(r.bytes, r.cards, {});
      s.messages += imp.messages;
      s.records += imp.records.size();
      if (!verify) continue;
      const bc::Model model(imp.header.scenario, rules);
      const bc::ConformanceResult c = bc::check_conformance(model, imp.header.omits, imp.records);
      if (c.events == 0) std::abort();
    }
  s.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  s.cpu = cpu_seconds() - c0;
  return s;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  int copies = 2000, runs = 3;
  std::string dir = std::string(BC_SOURCE_DIR) + "/../shared/engine-logs";
  for (int i = 1; i < argc; ++i) {
    const bool more = i + 1 < argc;
    if (!std::strcmp(argv[i], "--copies") && more) copies = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--runs") && more) runs = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--logs") && more) dir = argv[++i];
    else {
      std::fprintf(stderr, "usage: bench_import [--copies N] [--runs N] [--logs DIR]\n");
      return 2;
    }
  }
  if (copies < 1 || runs < 1) {
    std::fprintf(stderr, "error: --copies and --runs must be at least 1\n");
    return 2;
  }
  const std::vector<Recording> recs = load(dir);
  const bc::Ruleset rules = bc::load_ruleset("mr3");
  std::printf("| mode | messages | records | wall s | cpu s | messages/s (wall) | messages/cpu-s |\n|---|---|---|---|---|---|---|\n");
  // The two conforming runs alone: a divergent trace also pays for the
  // one-off diagnosis of the rule behind its divergence.
  std::vector<Recording> conforming;
  for (const Recording& r : recs)
    if (r.run.find("basic") != std::string::npos) conforming.push_back(r);
  for (const int mode : {0, 1, 2}) {
    const bool verify = mode > 0;
    const std::vector<Recording>& set = mode == 2 ? conforming : recs;
    std::vector<double> wall, cpu;
    Sample last;
    for (int r = 0; r < runs; ++r) {
      std::fprintf(stderr, "mode %d run %d/%d...\n", mode, r + 1, runs);
      last = pass(set, mode == 2 ? copies * 8 : copies, verify, rules);
      wall.push_back(last.wall);
      cpu.push_back(last.cpu);
    }
    const double w = median(wall), c = median(cpu);
    const char* label = mode == 0 ? "import only, 16 recordings" : mode == 1 ? "import + verify, 16 recordings" : "import + verify, the 2 conforming recordings";
    std::printf("| %s | %llu | %llu | %.3f | %.3f | %.0f | %.0f |\n", label,
                static_cast<unsigned long long>(last.messages), static_cast<unsigned long long>(last.records), w, c,
                last.messages / w, last.messages / c);
  }
  return 0;
}
