// The multi-core search (issue 14): the same states, transitions, verdicts,
// counterexamples and graph analysis for 1, 2 and 3 threads, and the same as
// the one-state-at-a-time search (checker/search/bfs.hpp); and its parts: the
// sharded fingerprint table, the parent links on disk, the worker pool.
#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <string>
#include <vector>

#include "checker/search/bfs.hpp"
#include "checker/parallel/explorer.hpp"
#include "checker/store/link_store.hpp"
#include "checker/search/model_system.hpp"
#include "checker/store/sharded_set.hpp"
#include "checker/parallel/worker_pool.hpp"
#include "model/loaders/loader.hpp"

namespace bc {
namespace {

Scenario scenario_file(const std::string& name) {
  return load_scenario_file(std::string(BC_SOURCE_DIR) + "/scenarios/" + name);
}

/// Everything a thread count must not change.
void expect_same(const CheckResult& a, const CheckResult& b, const std::string& what) {
  EXPECT_EQ(a.states, b.states) << what;
  EXPECT_EQ(a.transitions, b.transitions) << what;
  EXPECT_EQ(a.depth, b.depth) << what;
  EXPECT_EQ(a.complete, b.complete) << what;
  EXPECT_EQ(a.bound_hit, b.bound_hit) << what;
  EXPECT_EQ(a.violated, b.violated) << what;
  EXPECT_EQ(a.witnessed, b.witnessed) << what;
  ASSERT_EQ(a.counterexamples.size(), b.counterexamples.size()) << what;
  for (std::size_t i = 0; i < a.counterexamples.size(); ++i) {
    EXPECT_EQ(a.counterexamples[i].property, b.counterexamples[i].property) << what;
    EXPECT_EQ(a.counterexamples[i].actions, b.counterexamples[i].actions) << what;
  }
  ASSERT_EQ(a.witnesses.size(), b.witnesses.size()) << what;
  for (std::size_t i = 0; i < a.witnesses.size(); ++i) {
    EXPECT_EQ(a.witnesses[i].property, b.witnesses[i].property) << what;
    EXPECT_EQ(a.witnesses[i].actions, b.witnesses[i].actions) << what;
  }
  EXPECT_EQ(a.dead_ends, b.dead_ends) << what;
  EXPECT_EQ(a.cannot_end, b.cannot_end) << what;
  EXPECT_EQ(a.nontrivial_sccs, b.nontrivial_sccs) << what;
  EXPECT_EQ(a.stuck.actions, b.stuck.actions) << what;
}

/// The safety properties only (no graph analysis).
Bounds without_liveness() {
  Bounds b;
  b.liveness = false;
  return b;
}

CheckResult with_threads(const Model& model, Bounds b, int threads) {
  b.threads = threads;
  return explore(model, b);
}

/// The reference: checker/search/bfs.hpp, one state at a time (no liveness).
CheckResult sequential(const Model& model, const Bounds& b) {
  ModelSystem sys(model);
  if (b.symmetry) sys.use_symmetry(Symmetry::of(model.scenario()));  // as explore() does
  const ProgressFn none;
  Bfs<ModelSystem> bfs(sys, b, none);
  bfs.run([](const State&, const State&, int) {});
  return bfs.result();
}

TEST(Parallel, DefaultScenarioIsTheSameForOneTwoAndThreeThreads) {
  const Ruleset rules = load_ruleset("mr3");
  const Model model(default_scenario(), rules);
  const CheckResult one = with_threads(model, Bounds{}, 1);
  EXPECT_EQ(one.states, 3851167u);  // pinned: changes only with the model, the ruleset or the monitor context
  EXPECT_EQ(one.transitions, 5146801u);
  EXPECT_EQ(one.depth, 56u);
  for (int t : {2, 3}) expect_same(one, with_threads(model, Bounds{}, t), std::to_string(t) + " threads");
  Bounds every_state;  // symmetry reduction off: P2's zones (Scapegoat's token) counted in every arrangement
  every_state.symmetry = false;
  const CheckResult plain = with_threads(model, every_state, 2);
  EXPECT_EQ(plain.states, 4702494u);
  EXPECT_EQ(plain.transitions, 6175275u);
  EXPECT_EQ(plain.depth, one.depth);
  EXPECT_EQ(plain.violated, one.violated);
  EXPECT_EQ(plain.witnessed, one.witnessed);
}

TEST(Parallel, BenchLargeIsTheSameForOneTwoAndThreeThreads) {
  const Ruleset rules = load_ruleset("mr3");
  const Scenario sc = scenario_file("bench-large.toml");
  const Model model(sc, rules);
  const Bounds b = without_liveness();
  const CheckResult one = with_threads(model, b, 1);
  EXPECT_EQ(one.states, 6892670u);  // 9531627 without symmetry reduction
  for (int t : {2, 3}) expect_same(one, with_threads(model, b, t), std::to_string(t) + " threads");
}

TEST(Parallel, MutantCounterexamplesAreTheSameForEveryThreadCountAndAsOneStateAtATime) {
  const Ruleset rules = load_mutant("second-chain-at-damage-calculation");
  const Model model(default_scenario(), rules);
  const Bounds b = without_liveness();
  const CheckResult one = with_threads(model, b, 1);
  ASSERT_FALSE(one.counterexamples.empty());
  // Past 32 threads the extra ones only expand and store (issue 29: the chunk
  // buffers no longer grow with the square of the thread count).
  for (int t : {2, 3, 33, 70}) expect_same(one, with_threads(model, b, t), std::to_string(t) + " threads");
  expect_same(one, sequential(model, b), "one state at a time");
}

TEST(Parallel, EveryBuiltInMutantGivesTheSameRunsOnTwoThreads) {
  for (const std::string& name : builtin_mutant_names()) {
    const Ruleset rules = load_mutant(name);
    const Scenario sc = rules.scenario.empty() ? default_scenario() : scenario_file(rules.scenario);
    const Model model(sc, rules);
    Bounds b;
    b.max_depth = 24;  // every mutant trips within 24 steps; keeps the test short
    expect_same(with_threads(model, b, 1), with_threads(model, b, 2), name);
  }
}

TEST(Parallel, StateBoundCutsAtTheSameStateForEveryThreadCount) {
  const Ruleset rules = load_ruleset("mr3");
  const Model model(default_scenario(), rules);
  Bounds b;
  b.max_states = 100000;
  const CheckResult one = with_threads(model, b, 1);
  EXPECT_EQ(one.states, 100000u);
  EXPECT_EQ(one.bound_hit, "max_states");
  for (int t : {2, 3, 40}) expect_same(one, with_threads(model, b, t), std::to_string(t) + " threads");
}

/// A search stopped by a memory bound set 48 MiB (plus a third) above the
/// memory in use now: incomplete, with some states but not all of `all`.
CheckResult memory_bounded(const Model& model, Bounds b, int threads, std::uint64_t all) {
  b.threads = threads;
  b.max_memory_bytes = (current_rss_bytes() + (std::uint64_t{48} << 20)) / 3 * 4;
  CheckResult r = explore(model, b);
  EXPECT_FALSE(r.complete) << threads;
  EXPECT_EQ(r.bound_hit, "max_memory") << threads;
  EXPECT_GT(r.states, 1000u) << threads;
  EXPECT_LT(r.states, all) << threads;
  return r;
}

TEST(Parallel, MemoryBoundStopsMidLevelWithTheGraphAnalysisOn) {
  // The pipelined schedule has a round expanded but not yet stored when the
  // bound trips: it is dropped and its states are cut short.
  const Ruleset rules = load_ruleset("mr3");
  const Model model(default_scenario(), rules);
  ASSERT_GT(current_rss_bytes(), std::uint64_t{1} << 20);  // read again on every call, from one open file
  for (int t : {1, 2}) {
    const CheckResult r = memory_bounded(model, Bounds{}, t, 3851167);
    // The dropped round's states count as cut, not as expanded without
    // successors: the graph analysis finds no dead end (the scenario has none).
    EXPECT_EQ(r.dead_ends, 0u) << t;
    EXPECT_EQ(r.cannot_end, 0u) << t;
  }
}

TEST(Parallel, MemoryBoundStopsMidLevelWithThreeStagesInFlight) {
  // Without the graph analysis a round is stored in the job after its
  // dedupe: when the bound trips, one round is deduped but not stored and
  // one expanded but not deduped. The first is stored, the second dropped.
  const Ruleset rules = load_ruleset("mr3");
  const Scenario sc = scenario_file("bench-large.toml");
  const Model model(sc, rules);
  const Bounds b = without_liveness();
  for (int t : {1, 2, 3}) {
    const CheckResult r = memory_bounded(model, b, t, 9531627);
    // The states cut short raise no false violation (bench-large has none).
    EXPECT_TRUE(r.violated.none()) << t;
    EXPECT_TRUE(r.counterexamples.empty()) << t;
  }
}

TEST(Parallel, TimingGraphIsTheSameForEveryThreadCount) {
  const Ruleset rules = load_ruleset("mr3");
  const Scenario sc = scenario_file("tiny.toml");
  const Model model(sc, rules);
  Bounds one, two;
  one.threads = 1;
  two.threads = 2;
  EXPECT_EQ(timing_graph_dot(model, one), timing_graph_dot(model, two));
}

TEST(Parallel, StoredStateIsAtMostSixteenBytesInMemory) {
  const Ruleset rules = load_ruleset("mr3");
  const Model model(default_scenario(), rules);
  const Bounds b = without_liveness();
  const CheckResult r = explore(model, b);
  EXPECT_LE(static_cast<double>(r.stored_bytes) / static_cast<double>(r.states), 16.0);
  EXPECT_EQ(r.link_bytes, r.states * 5);
}

TEST(ShardedSet, InsertsOnceAndKeepsIdsAcrossGrowth) {
  ShardedSet set(true);
  const auto fp = [](std::uint64_t i) { return fmix64(i + 1) | 1u; };
  for (std::uint64_t i = 0; i < 200000; ++i) {
    ASSERT_TRUE(set.insert(fp(i)));
    set.set_id(fp(i), static_cast<std::uint32_t>(i));
  }
  EXPECT_EQ(set.size(), 200000u);
  for (std::uint64_t i = 0; i < 200000; i += 7) {
    EXPECT_FALSE(set.insert(fp(i)));
    EXPECT_TRUE(set.contains(fp(i)));
    EXPECT_EQ(set.id_of(fp(i)), i);
  }
  EXPECT_FALSE(set.contains(fp(300000)));
  const double bytes_per_entry = static_cast<double>(set.bytes()) / 200000.0;
  EXPECT_LE(bytes_per_entry, 12.0 / 0.53 + 1);  // 8-byte fingerprint + 4-byte id, at least 53% full
}

TEST(ShardedSet, HeadroomAndNearLimitFollowTheShardsFill) {
  // A fresh shard holds 2048 slots and grows past 80% (2048 / 5 * 4 = 1636
  // entries); within an eighth of that limit (204) it counts as near it.
  ShardedSet set(false);
  EXPECT_EQ(set.headroom(0), 1636u);
  EXPECT_FALSE(set.near_limit(0, 1636 - 204));
  EXPECT_TRUE(set.near_limit(0, 1636 - 203));
  set.insert(std::uint64_t{1});  // shard 0: the top bits are 0
  EXPECT_EQ(set.headroom(0), 1635u);
  EXPECT_EQ(set.headroom(1), 1636u);
  set.make_room(0, set.headroom(0) + 1);
  EXPECT_EQ(set.headroom(0), 3072u / 5 * 4 - 1);  // grown once, by half
}

TEST(ShardedSet, KeepsEachFingerprintsIdAcrossGrowth) {
  ShardedSet set(true);
  const std::uint32_t n = 200000;  // about 3,100 a shard: every shard grows twice from 2,048 slots
  for (std::uint32_t i = 0; i < n; ++i) {
    EXPECT_TRUE(set.insert(std::uint64_t{i} * 0x9E3779B97F4A7C15ull | 1));
    set.set_id(std::uint64_t{i} * 0x9E3779B97F4A7C15ull | 1, i);
  }
  for (std::uint32_t i = 0; i < n; i += 97) {
    EXPECT_FALSE(set.insert(std::uint64_t{i} * 0x9E3779B97F4A7C15ull | 1));
    EXPECT_EQ(set.id_of(std::uint64_t{i} * 0x9E3779B97F4A7C15ull | 1), i);
  }
  EXPECT_EQ(set.size(), n);
  EXPECT_GT(set.bytes(), std::uint64_t{ShardedSet::kShards} * 2048 * 12);  // grown past the first tables
}

TEST(ShardedSet, InsertTaggedSaysWhetherTheStoredTagIsTheSameAndComparesWithoutIt) {
  ShardedSet set(false);
  const std::uint64_t a = 0x0123456789ABCDEFull & ~ShardedSet::kTag, b = 0x7EDCBA9876543210ull | ShardedSet::kTag;
  EXPECT_EQ(set.insert_tagged(a, true), ShardedSet::Found::Fresh);
  EXPECT_EQ(set.insert_tagged(a, true), ShardedSet::Found::SameTag);
  EXPECT_EQ(set.insert_tagged(a, false), ShardedSet::Found::OtherTag);
  EXPECT_EQ(set.insert_tagged(a | ShardedSet::kTag, false), ShardedSet::Found::OtherTag);  // the fp's own bit 56 aside
  EXPECT_EQ(set.insert_tagged(b, false), ShardedSet::Found::Fresh);
  EXPECT_EQ(set.insert_tagged(b, false), ShardedSet::Found::SameTag);
  EXPECT_FALSE(set.insert(a));  // plain inserts compare without the tag too
  EXPECT_FALSE(set.insert(b & ~ShardedSet::kTag));
  EXPECT_TRUE(set.contains(a | ShardedSet::kTag));
  EXPECT_EQ(set.size(), 2u);
  // A fingerprint that is kTag alone is stored (nonzero), not taken for an empty slot.
  EXPECT_FALSE(set.contains(ShardedSet::kTag));
  EXPECT_TRUE(set.insert(ShardedSet::kTag));
  EXPECT_FALSE(set.insert(ShardedSet::kTag));
  EXPECT_EQ(set.size(), 3u);
}

TEST(LinkStore, ReadsBackEveryRecordAcrossTheWriteBuffer) {
  LinkStore<ParentLink> links;
  const std::uint32_t n = 600000;  // 3 MB: several flushes of the 1 MiB buffer
  for (std::uint32_t i = 0; i < n; ++i) links.push_back(ParentLink::make(i * 3u, static_cast<std::uint8_t>(i)));
  ASSERT_EQ(links.size(), n);
  for (std::uint32_t i = 0; i < n; i += 4999) {
    EXPECT_EQ(links[i].parent(), i * 3u);
    EXPECT_EQ(links[i].action(), static_cast<std::uint8_t>(i));
  }
  EXPECT_EQ(links[n - 1].parent(), (n - 1) * 3u);
  if (links.on_disk()) {
    EXPECT_GE(links.disk_bytes(), std::uint64_t{1} << 20);
  }
}

TEST(LinkStore, DeferredRecordsAreReadableBeforeAndAfterTheirFlush) {
  LinkStore<ParentLink> links;
  const std::uint32_t n = 300000;  // 1.5 MB: more than the 1 MiB buffer, kept until flush_if_full
  for (std::uint32_t i = 0; i < n; ++i) {
    const ParentLink l = ParentLink::make(i, 7);
    links.append_deferred(&l, 1);
  }
  EXPECT_EQ(links.disk_bytes(), 0u);
  EXPECT_EQ(links[n - 1].parent(), n - 1);
  links.flush_if_full();
  if (links.on_disk()) EXPECT_EQ(links.disk_bytes(), std::uint64_t{n} * sizeof(ParentLink));
  links.flush_if_full();  // under 1 MiB buffered now: nothing to write
  EXPECT_EQ(links[0].parent(), 0u);
  EXPECT_EQ(links[n / 2].action(), 7);
  EXPECT_EQ(links.size(), n);
}

TEST(WorkerPool, RunsEveryIndexOnceAndRethrowsAWorkersError) {
  WorkerPool pool(3);
  std::atomic<int> sum{0};
  for (int round = 0; round < 100; ++round) pool.run([&](int i) { sum += i + 1; });
  EXPECT_EQ(sum.load(), 600);
  EXPECT_THROW(pool.run([](int i) {
                 if (i == 2) throw std::runtime_error("worker failed");
               }),
               std::runtime_error);
  pool.run([&](int) { sum += 1; });  // still usable afterwards
  EXPECT_EQ(sum.load(), 603);
}

}  // namespace
}  // namespace bc
