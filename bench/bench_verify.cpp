/// bench_verify: events per second for read + conformance + properties
/// (issue 4 §2: at least 1,000,000 on one core). Traces are random walks of
/// the default scenario under mr3, written as JSON Lines in memory, then read
/// back with TraceStream and checked by ConformanceChecker, one core.
/// Each run reads the traces twice: parsing every header, and with the
/// header cache verify-trace uses (traces of one scenario share a header).
/// Usage: bench_verify [--traces N] [--runs R] [--write DIR]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "checker/conformance/conformance.hpp"
#include "trace/format/trace_json.hpp"
#include "trace/format/trace_stream.hpp"
#include "model/loaders/loader.hpp"

namespace {

using namespace bc;

std::string random_trace(const Model& m, std::uint32_t seed, std::size_t& events) {
  std::string out = trace_header(m.scenario(), "mr3").dump() + "\n";
  EventBuffer b;
  State s = m.initial(b);
  ActionList l;
  for (;;) {
    for (const Event& e : b) out += event_to_json(e).dump() + "\n";
    events += static_cast<std::size_t>(b.size());
    if (Model::is_terminal(s)) break;
    m.actions(s, l);
    seed = seed * 1103515245u + 12345u;
    b.clear();
    s = m.next(s, l[(seed >> 16) % l.size()], b);
  }
  return out;
}

/// --write DIR: the traces as files DIR/trace-NNNNN.jsonl, for timing the
/// CLI end to end (`battlecheck verify-trace -j1 DIR/*.jsonl`).
int write_files(const std::vector<std::string>& texts, const std::string& dir) {
  for (std::size_t i = 0; i < texts.size(); ++i) {
    char name[48];
    std::snprintf(name, sizeof name, "/trace-%05zu.jsonl", i);
    std::FILE* f = std::fopen((dir + name).c_str(), "wx");
    if (!f) {
      std::fprintf(stderr, "bench_verify: cannot create %s%s (exists, or no such directory)\n", dir.c_str(), name);
      return 2;
    }
    std::fwrite(texts[i].data(), 1, texts[i].size(), f);
    std::fclose(f);
  }
  std::printf("wrote %zu traces to %s\n", texts.size(), dir.c_str());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  int traces = 20000, runs = 3;
  std::string write_dir;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--traces")) traces = std::atoi(argv[i + 1]);
    if (!std::strcmp(argv[i], "--runs")) runs = std::atoi(argv[i + 1]);
    if (!std::strcmp(argv[i], "--write")) write_dir = argv[i + 1];
  }
  const Ruleset rules = load_ruleset("mr3");
  const Model model(default_scenario(), rules);
  std::vector<std::string> texts;
  std::size_t events = 0, bytes = 0;
  for (int t = 0; t < traces; ++t) {
    texts.push_back(random_trace(model, static_cast<std::uint32_t>(t + 1), events));
    bytes += texts.back().size();
  }
  std::printf("%d traces of the default scenario, %zu events, %.1f MiB\n", traces, events, bytes / 1048576.0);
  if (!write_dir.empty()) return write_files(texts, write_dir);
  for (int r = 0; r < runs; ++r) {
    for (const bool cached : {false, true}) {
      HeaderCache cache;
      const auto start = std::chrono::steady_clock::now();
      std::size_t seen = 0, failing = 0;
      double header_s = 0;
      for (const std::string& text : texts) {
        const auto h0 = std::chrono::steady_clock::now();
        TraceStream in(text, "bench");
        TraceHeader h;
        if (!in.read_header(h, cached ? &cache : nullptr)) return 2;
        header_s += std::chrono::duration<double>(std::chrono::steady_clock::now() - h0).count();
        const Model m(h.scenario, rules);  // the header's scenario, as verify-trace does (ruleset loaded once)
        ConformanceChecker checker(m, h.omits);
        TraceRecord rec;
        while (in.next(rec)) checker.on_record(rec);
        const ConformanceResult res = checker.finish();
        seen += res.events;
        failing += !res.holds();
      }
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::printf("run %d, %s: %zu events in %.3f s = %.0f events/s (read + conformance + properties); "
                  "headers %.3f s, events alone %.0f events/s; %zu failing\n",
                  r + 1, cached ? "header cache (as verify-trace)" : "every header parsed", seen, s, seen / s,
                  header_s, seen / (s - header_s), failing);
    }
  }
  return 0;
}
