// Benchmark of the self-check (`battlecheck random --self-check`,
// checker/random/self_check.hpp): boards per second of the exhaustive check
// under each ruleset (mr3 and every source ruleset), on the same generated
// boards, without shrinking. Usage: bench_selfcheck [--boards N] [--seed S]
// [--max-states N] [--monsters N] [--cards N] [RULESET]...
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "checker/random/self_check.hpp"
#include "model/loaders/loader.hpp"

namespace {

struct Options {
  int boards = 10000;
  std::uint64_t seed = 1;
  std::uint64_t max_states = 200000;
  bc::GenBounds bounds = bc::SelfCheckOptions{}.bounds;
  std::vector<std::string> rulesets;
};

std::uint64_t to_number(const char* text, const char* flag) {
  char* end = nullptr;
  const unsigned long long v = std::strtoull(text, &end, 10);
  if (end == text || *end != '\0' || v == 0) {
    std::fprintf(stderr, "bench_selfcheck: %s needs a positive integer, got '%s'\n", flag, text);
    std::exit(2);
  }
  return v;
}

Options parse_args(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--help" || a == "-h") {
      std::printf("usage: bench_selfcheck [--boards N] [--seed S] [--max-states N] [--monsters N] [--cards N] [RULESET]...\n"
                  "Default: 10000 boards of the self-check's size, seed 1, 200000 states a search, mr3 and every\n"
                  "source ruleset. --monsters / --cards: at most N monsters a side / cards a player.\n");
      std::exit(0);
    }
    if ((a == "--boards" || a == "--seed" || a == "--max-states" || a == "--monsters" || a == "--cards") && i + 1 < argc) {
      const std::uint64_t v = to_number(argv[++i], a.c_str());
      if (a == "--boards") o.boards = static_cast<int>(v);
      else if (a == "--seed") o.seed = v;
      else if (a == "--monsters") o.bounds.max_monsters_per_side = static_cast<int>(v);
      else if (a == "--cards") o.bounds.max_cards_per_player = static_cast<int>(v);
      else o.max_states = v;
      continue;
    }
    if (!a.empty() && a[0] == '-') {
      std::fprintf(stderr, "bench_selfcheck: unknown option %s (try --help)\n", a.c_str());
      std::exit(2);
    }
    o.rulesets.push_back(a);
  }
  if (o.rulesets.empty()) {
    o.rulesets = {"mr3"};
    for (const std::string& s : bc::builtin_source_ruleset_names()) o.rulesets.push_back(s);
  }
  return o;
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse_args(argc, argv);
  const bc::Ruleset mr3 = bc::load_ruleset("mr3");
  std::printf("| ruleset | boards | boards/s | states | states/s | incomplete | defects | source findings | seconds |\n"
              "|---|---|---|---|---|---|---|---|---|\n");
  for (const std::string& name : o.rulesets) {
    // One ruleset at a time: its own wall time, the same boards (seed) for each.
    bc::SelfCheckOptions so;
    so.seed = o.seed;
    so.boards = o.boards;
    so.max_states = o.max_states;
    so.shrink = false;
    so.bounds = o.bounds;
    const bc::SelfCheckResult r = bc::self_check({bc::load_ruleset(name)}, mr3, so);
    const bc::SelfCheckRulesetSummary& s = r.rulesets.front();
    const double secs = s.seconds > 0 ? s.seconds : 1e-9;
    std::printf("| %s | %d | %.1f | %llu | %.0f | %d | %d | %d | %.2f |\n", name.c_str(), s.boards, s.boards / secs,
                static_cast<unsigned long long>(s.states), static_cast<double>(s.states) / secs, s.incomplete, s.defects,
                s.findings, r.seconds);
    std::fflush(stdout);
  }
  std::printf("\nseed %llu, %d boards (at most %d monsters a side, %d cards a player), at most %llu states a search, "
              "one thread, no liveness, no shrinking\n",
              static_cast<unsigned long long>(o.seed), o.boards, o.bounds.max_monsters_per_side, o.bounds.max_cards_per_player,
              static_cast<unsigned long long>(o.max_states));
  return 0;
}
