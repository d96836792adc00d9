#include <gtest/gtest.h>

#include <set>

#include "checker/store/fingerprint_set.hpp"

namespace bc {
namespace {

TEST(FingerprintSet, InsertReportsFreshOnlyOnce) {
  FingerprintSet set;
  EXPECT_TRUE(set.insert(42, 0).fresh);
  EXPECT_FALSE(set.insert(42, 1).fresh);
  EXPECT_TRUE(set.contains(42));
  EXPECT_FALSE(set.contains(43));
  EXPECT_EQ(set.size(), 1u);
}

TEST(FingerprintSet, CollidingSlotsProbeLinearly) {
  FingerprintSet set(false, 16);
  // Same low bits: all land in slot 5 and must probe onwards.
  for (std::uint64_t k = 1; k <= 8; ++k) EXPECT_TRUE(set.insert((k << 32) | 5, 0).fresh);
  for (std::uint64_t k = 1; k <= 8; ++k) EXPECT_TRUE(set.contains((k << 32) | 5));
  EXPECT_FALSE(set.contains((9ULL << 32) | 5));
  EXPECT_EQ(set.size(), 8u);
}

TEST(FingerprintSet, GrowsByDoublingAtThreeQuarters) {
  FingerprintSet set(false, 16);
  EXPECT_EQ(set.capacity(), 16u);
  for (std::uint64_t k = 1; k <= 12; ++k) set.insert(mix_fingerprint(k, 7), 0);
  EXPECT_EQ(set.capacity(), 16u);  // 12 = 3/4 of 16 still fits
  set.insert(mix_fingerprint(13, 7), 0);
  EXPECT_EQ(set.capacity(), 32u);
  EXPECT_EQ(set.bytes(), 32u * 8u);
}

TEST(FingerprintSet, ExactCountsAfterManyInsertsWithDuplicates) {
  FingerprintSet set(false, 16);
  std::set<std::uint64_t> reference;
  for (std::uint64_t k = 0; k < 200000; ++k) {
    const std::uint64_t fp = mix_fingerprint(k % 150000, 1);
    EXPECT_EQ(set.insert(fp, 0).fresh, reference.insert(fp).second);
  }
  EXPECT_EQ(set.size(), 150000u);
  EXPECT_EQ(reference.size(), 150000u);
  EXPECT_EQ(set.capacity(), 262144u);  // smallest power of two with 150000 <= 3/4 capacity
  for (std::uint64_t k = 0; k < 150000; ++k) ASSERT_TRUE(set.contains(mix_fingerprint(k, 1)));
  EXPECT_FALSE(set.contains(mix_fingerprint(150000, 1)));
}

TEST(FingerprintSet, KeepsIdsAcrossGrowth) {
  FingerprintSet set(true, 16);
  EXPECT_TRUE(set.keeps_ids());
  for (std::uint32_t k = 0; k < 1000; ++k) set.insert(mix_fingerprint(k, 3), k);
  for (std::uint32_t k = 0; k < 1000; ++k) {
    const FingerprintSet::Inserted r = set.insert(mix_fingerprint(k, 3), 99999);
    EXPECT_FALSE(r.fresh);
    EXPECT_EQ(r.id, k);
  }
  EXPECT_EQ(set.bytes(), set.capacity() * 12u);
}

TEST(FingerprintSet, MixNeverGivesZero) {
  EXPECT_NE(mix_fingerprint(0, 0), 0u);
  EXPECT_NE(mix_fingerprint(1, 2), mix_fingerprint(2, 1));
}

}  // namespace
}  // namespace bc
