/// bench_verify: events per second for read + conformance + properties
/// (issue 4 §2: at least 1,000,000 on one core). Traces are random walks of
/// the default scenario under mr3, written as JSON Lines in memory, then read
/// back with TraceStream and checked by ConformanceChecker, one core.
/// Usage: bench_verify [--traces N] [--runs R]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "checker/conformance.hpp"
#include "counterexamples/trace_json.hpp"
#include "counterexamples/trace_stream.hpp"
#include "model/loader.hpp"

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

}  // namespace

int main(int argc, char** argv) {
  int traces = 20000, runs = 3;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--traces")) traces = std::atoi(argv[i + 1]);
    if (!std::strcmp(argv[i], "--runs")) runs = std::atoi(argv[i + 1]);
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
  for (int r = 0; r < runs; ++r) {
    const auto start = std::chrono::steady_clock::now();
    std::size_t seen = 0, failing = 0;
    double header_s = 0;
    for (const std::string& text : texts) {
      const auto h0 = std::chrono::steady_clock::now();
      TraceStream in(text, "bench");
      TraceHeader h;
      if (!in.read_header(h)) return 2;
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
    std::printf("run %d: %zu events in %.3f s = %.0f events/s (read + conformance + properties); "
                "headers %.3f s, events alone %.0f events/s; %zu failing\n",
                r + 1, seen, s, seen / s, header_s, seen / (s - header_s), failing);
  }
  return 0;
}
