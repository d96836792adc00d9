// Card-level contradictions (checker/contradictions/card_readings.hpp): every `differs`
// entry of the card library is one finding, with both readings cited and
// the shortest probe-board situation where they part; Honest under S3
// §Honest Issues is pinned step by step.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "checker/contradictions/contradictions.hpp"
#include "model/loaders/loader.hpp"
#include "model/rules/model.hpp"

namespace bc {
namespace {

const std::vector<std::string> kAllSources = {"S0", "S1", "S2", "S3", "S4"};
const DiffBounds kBounds{40, 100000};

const Ruleset& mr3() {
  static const Ruleset r = load_ruleset("mr3");
  return r;
}

/// The card findings of the shipped library, computed once.
const std::vector<Finding>& shipped() {
  static const std::vector<Finding> f = card_reading_findings(card_library(), kAllSources, mr3(), kBounds);
  return f;
}

const Finding* finding_of(const std::vector<Finding>& findings, const std::vector<LibraryCard>& cards,
                          const std::string& card, const std::string& source) {
  for (const Finding& f : findings)
    if (cards[f.card].name == card && cards[f.card].differences[f.difference].source == source) return &f;
  return nullptr;
}

/// Whether `action` is legal at the end of `path` under the model.
bool legal_after(const Scenario& s, const std::vector<Action>& path, const Action& action) {
  const Model m(s, mr3());
  State st = m.initial();
  ActionList list;
  EventBuffer ev;
  for (const Action& x : path) {
    list.clear();
    m.actions(st, list);
    if (std::find(list.begin(), list.end(), x) == list.end()) return false;
    ev.clear();
    st = m.next(st, x, ev);
  }
  list.clear();
  m.actions(st, list);
  return std::find(list.begin(), list.end(), action) != list.end();
}

TEST(ContradictionsCards, HonestUnderS3IsAFindingWithBothSectionsAndAPinnedSituation) {
  const Finding* f = finding_of(shipped(), card_library(), "Honest", "S3");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->type, FindingType::CardReadingsDisagree);
  const LibraryCard& honest = card_library()[f->card];
  const CardReading main = library_reading(honest, mr3());
  const CardReading s3 = source_reading(honest, honest.differences[f->difference], mr3());
  // Both sides cited by section: the library reading by the sources that do not differ.
  EXPECT_EQ(main.citation, "S0 §6.3.4.3.2; S1 §伤害计算前; S4 §2.4.3.1");
  EXPECT_EQ(s3.citation, "S3 §Honest Issues");
  EXPECT_NE(main.rule_citation.find("mr3 permissions.atk_change_quick: S0 §6.3.4.3"), std::string::npos);
  EXPECT_EQ(s3.timings, bit(Timing::StartOfDamageStep) | bit(Timing::BeforeDamageCalculation) |
                            bit(Timing::DamageCalculation));
  const CardSituation& cs = f->card_situation;
  EXPECT_EQ(cs.kind, CardSituationKind::Parted);
  // The library reading (MR3: Damage Step only, until before damage calculation) is
  // within S3's; S3 alone offers Honest at damage calculation: enter, two Start Step
  // passes, a direct attack, the Battle Step and the Damage Step up to damage
  // calculation, then Honest: 13 actions.
  EXPECT_FALSE(cs.first_only.has_value());
  ASSERT_TRUE(cs.second_only.has_value());
  EXPECT_EQ(cs.second_only->length, 13u);
  EXPECT_EQ(cs.second_only->timing, Timing::DamageCalculation);
  EXPECT_EQ(cs.second_only->divergence.kind, RuleDivergenceKind::OnlySecondAllows);
  EXPECT_EQ(cs.second_only->monsters, 1);
  EXPECT_EQ(cs.main(), &*cs.second_only);
  EXPECT_EQ(f->shortest(), 13u);
  // The differing timing is in one reading only.
  EXPECT_EQ(main.timings, bit(Timing::StartOfDamageStep) | bit(Timing::BeforeDamageCalculation));
  EXPECT_TRUE(!(main.timings & bit(Timing::DamageCalculation)) && (s3.timings & bit(Timing::DamageCalculation)));
  // The situation replays: the activation is legal under S3's board only, after the same 12 actions.
  const CardRun& dc = *cs.second_only;
  EXPECT_EQ(dc.divergence.action.type, ActionType::Activate);
  EXPECT_EQ(dc.first.cards.at(dc.divergence.action.card).name, "Honest");
  EXPECT_TRUE(legal_after(dc.second, dc.divergence.path, dc.divergence.action));
  EXPECT_FALSE(legal_after(dc.first, dc.divergence.path, dc.divergence.action));
  EXPECT_EQ(dc.run_second.size(), 13u);
  EXPECT_EQ(dc.run_first.size(), 12u);
}

TEST(ContradictionsCards, EveryShippedDifferenceIsExactlyOneFinding) {
  const std::vector<LibraryCard>& cards = card_library();
  std::map<std::pair<int, int>, int> seen;
  std::size_t entries = 0;
  for (const LibraryCard& c : cards) entries += c.differences.size();
  ASSERT_GT(entries, 10u);  // the library has its differences (Honest, Mystic Swordsman LV2, ...)
  ASSERT_EQ(shipped().size(), entries);
  for (const Finding& f : shipped()) {
    EXPECT_EQ(f.type, FindingType::CardReadingsDisagree);
    ++seen[{f.card, f.difference}];
    const LibraryCard& card = cards[f.card];
    const CardDifference& d = card.differences[f.difference];
    const CardReading main = library_reading(card, mr3());
    const CardReading other = source_reading(card, d, mr3());
    const CardSituation& cs = f.card_situation;
    ASSERT_NE(cs.main(), nullptr) << card.name << " / " << d.section;  // every card reaches its activation
    EXPECT_TRUE(cs.complete) << card.name;
    if (main.timings == other.timings && main.kind == other.kind) {
      EXPECT_EQ(cs.kind, CardSituationKind::SameTimings) << card.name << " / " << d.section;
    } else {
      EXPECT_EQ(cs.kind, CardSituationKind::Parted) << card.name << " / " << d.section;
      // A timing-only difference parts at a timing in one reading only.
      if (main.kind == other.kind) {
        EXPECT_TRUE((main.timings ^ other.timings) & bit(cs.main()->timing)) << card.name << " / " << d.section;
      }
    }
  }
  for (std::size_t i = 0; i < cards.size(); ++i)
    for (std::size_t k = 0; k < cards[i].differences.size(); ++k)
      EXPECT_EQ((seen[{static_cast<int>(i), static_cast<int>(k)}]), 1) << cards[i].name << " differs[" << k << "]";
  // Sorted by card name, then source.
  for (std::size_t i = 1; i < shipped().size(); ++i) {
    const Finding& a = shipped()[i - 1];
    const Finding& b = shipped()[i];
    EXPECT_LE(std::tie(cards[a.card].name, cards[a.card].differences[a.difference].source),
              std::tie(cards[b.card].name, cards[b.card].differences[b.difference].source));
  }
}

TEST(ContradictionsCards, CardWithoutDifferencesProducesNone) {
  const LibraryCard* kuriboh = find_library_card("Kuriboh");
  ASSERT_NE(kuriboh, nullptr);
  ASSERT_TRUE(kuriboh->differences.empty());
  std::size_t skipped = 99;
  EXPECT_TRUE(card_reading_findings({*kuriboh}, kAllSources, mr3(), kBounds, &skipped).empty());
  EXPECT_EQ(skipped, 0u);
  for (const Finding& f : shipped()) EXPECT_NE(card_library()[f.card].name, "Kuriboh");
}

TEST(ContradictionsCards, UsersOwnCardIsReadFromItsDataAndOnlyForComparedSources) {
  const std::vector<LibraryCard> mine = parse_card_library(R"(
[[card]]
name = "Late Booster"
type = "trap"
effect = { activation = "quick", card_type = "trap", conditions = ["own_battling"], ops = ["change_atk own_battler 400 battle"] }
timings = ["start_of_damage_step"]
note = "A test card."

[[card.differs]]
source = "S9"
section = "S9 §later"
timings = ["start_of_damage_step", "before_damage_calculation"]
note = "Also before damage calculation."
)", "mine.toml");
  std::size_t skipped = 0;
  EXPECT_TRUE(card_reading_findings(mine, kAllSources, mr3(), kBounds, &skipped).empty());
  EXPECT_EQ(skipped, 1u);  // S9 is not compared
  const std::vector<Finding> f = card_reading_findings(mine, {"S9"}, mr3(), kBounds, &skipped);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(skipped, 0u);
  const CardSituation& cs = f.front().card_situation;
  EXPECT_EQ(cs.kind, CardSituationKind::Parted);
  EXPECT_FALSE(cs.first_only.has_value());
  ASSERT_TRUE(cs.second_only.has_value());
  EXPECT_EQ(cs.second_only->timing, Timing::BeforeDamageCalculation);
  EXPECT_EQ(cs.second_only->length, 11u);  // the start of the Damage Step's passes come first
}

TEST(ContradictionsCards, FindContradictionsAppendsCardFindingsLast) {
  const std::string tiny = std::string(BC_SOURCE_DIR) + "/scenarios/tiny.toml";
  ContradictionOptions o;
  o.bounds = {24, 200000};
  o.cards = {*find_library_card("Honest"), *find_library_card("Kuriboh")};
  const ContradictionResult r =
      find_contradictions({load_ruleset("s3")}, mr3(), {{"tiny", tiny, load_scenario_file(tiny)}}, o);
  ASSERT_FALSE(r.findings.empty());
  const Finding& last = r.findings.back();
  EXPECT_EQ(last.type, FindingType::CardReadingsDisagree);
  EXPECT_EQ(r.cards.at(last.card).name, "Honest");
  EXPECT_EQ(r.card_differences_skipped, 1u);  // Honest's S2 reading: s2 is not compared
  EXPECT_EQ(std::count_if(r.findings.begin(), r.findings.end(),
                          [](const Finding& f) { return f.type == FindingType::CardReadingsDisagree; }),
            1);
}

}  // namespace
}  // namespace bc
