// Card-level contradictions (checker/contradictions/card_readings.hpp): the two readings of a
// library card, the probe boards built from the card's data, and the shortest
// runs where the readings part, over every board (one board's paired search is
// checker/contradictions/card_search.cpp).
#include "checker/contradictions/card_readings.hpp"

#include <algorithm>
#include <array>
#include <set>
#include <string>

#include "checker/contradictions/card_search.hpp"
#include "model/rules/model.hpp"
#include "model/library/presets.hpp"
#include "model/library/term_check.hpp"

namespace bc {
namespace {

/// The ATK change given to a card whose change varies ("give value in the scenario").
constexpr int kProbeValue = 500;
/// The card index of the card under test in every probe board.
constexpr std::uint8_t kCard = 0;

TimingMask battle_phase_timings() {
  TimingMask m = 0;
  for (int t = static_cast<int>(Timing::StartStep); t <= static_cast<int>(Timing::EndStep); ++t)
    m = static_cast<TimingMask>(m | bit(static_cast<Timing>(t)));
  return m;
}

std::string join(const std::vector<std::string>& items, const std::string& sep) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : sep) + s;
  return out;
}

/// "S3" of "S3 §Honest Issues".
std::string source_id(const std::string& citation) { return citation.substr(0, citation.find(" §")); }

/// A reading's effect term, its blanks filled (an ATK change that varies, the
/// monster a special summon brings) and its timings the reading's.
std::optional<EffectTerm> reading_term(const LibraryCard& card, const CardReading& r, std::uint8_t summons) {
  if (!r.kind) return std::nullopt;
  const int value = card.value.value_or(kProbeValue);
  EffectTerm t = card.term && card.kind == r.kind ? *card.term : preset_term(*r.kind, value, summons, Condition::None);
  for (int i = 0; i < t.op_count; ++i) {
    Op& op = t.ops[i];
    if ((op.code == OpCode::ChangeAtk || op.code == OpCode::SetAtk) && op.amount == 0)
      op.amount = static_cast<std::int16_t>(value);
    if (op.code == OpCode::SpecialSummon && op.monster == kNoMonster) op.monster = summons;
  }
  t.timings = r.timings;
  return t;
}

/// One probe board: who holds the card, where its own monster is, and the
/// plain monsters beside it (0 none, 1 face-up Attack, 2 face-down Defense).
struct Layout {
  Player owner = Player::P1;
  bool host = false;
  Position host_position = Position::FaceUpAttack;
  std::array<int, 2> extra{};
  int monsters() const { return (host ? 1 : 0) + (extra[0] ? 1 : 0) + (extra[1] ? 1 : 0); }
};

std::vector<Layout> layouts(const LibraryCard& card) {
  const bool monster = card.type == "monster" && card.atk && card.def;
  std::vector<Layout> out;
  for (Player owner : {Player::P1, Player::P2})
    for (bool host : {false, true}) {
      if (host && !monster) continue;
      for (Position hp : {Position::FaceUpAttack, Position::FaceDownDefense}) {
        if (!host && hp != Position::FaceUpAttack) continue;
        for (int e1 = 0; e1 < 3; ++e1)
          for (int e2 = 0; e2 < 3; ++e2) out.push_back(Layout{owner, host, hp, {e1, e2}});
      }
    }
  std::stable_sort(out.begin(), out.end(),
                   [](const Layout& a, const Layout& b) { return a.monsters() < b.monsters(); });
  return out;
}

std::string label(Player p) { return p == Player::P1 ? "P1" : "P2"; }

std::string monster_words(const MonsterSpec& m, Position p) {
  return m.name + " (" + std::to_string(m.atk) + "/" + std::to_string(m.def) + ", " +
         (p == Position::FaceDownDefense ? "face-down Defense" : "face-up Attack") + ")";
}

/// The board of `layout` with the card under `reading`; nullopt when the
/// reading's effect cannot be held there (no effect, or no host for an effect that needs one).
std::optional<Scenario> build_board(const LibraryCard& card, const CardReading& reading, const Layout& layout,
                                    bool partner, std::string* words) {
  Scenario s;
  s.name = "card-probe";
  const auto place = [&](Player side, const MonsterSpec& m, Position pos) {
    const auto index = static_cast<std::uint8_t>(s.monsters.size());
    s.monsters.push_back(m);
    auto& zones = s.board[index_of(side)];
    for (auto& z : zones)
      if (z.monster == kNoMonster) {
        z = ZoneSpec{index, pos};
        break;
      }
    return index;
  };
  std::array<std::vector<std::string>, 2> sides;
  std::uint8_t host = kNoMonster;
  if (layout.host) {
    host = place(layout.owner, MonsterSpec{card.name, *card.atk, *card.def}, layout.host_position);
    sides[index_of(layout.owner)].push_back(monster_words(s.monsters[host], layout.host_position));
  }
  const std::array<MonsterSpec, 2> plain{MonsterSpec{"Plain Monster A", 1500, 1200},
                                         MonsterSpec{"Plain Monster B", 1000, 1000}};
  for (Player side : {Player::P1, Player::P2}) {
    const int e = layout.extra[index_of(side)];
    if (e == 0) continue;
    const Position pos = e == 1 ? Position::FaceUpAttack : Position::FaceDownDefense;
    sides[index_of(side)].push_back(monster_words(s.monsters[place(side, plain[index_of(side)], pos)], pos));
  }
  const auto summons = static_cast<std::uint8_t>(s.monsters.size());
  const std::optional<EffectTerm> term = reading_term(card, reading, summons);
  if (!term) return std::nullopt;
  if (term->has_op(OpCode::SpecialSummon)) s.monsters.push_back(MonsterSpec{"Token", 0, 0});
  const HostRule rule = host_rule(*term);
  // A part about its own monster means nothing without one (has_host_part): such a card needs its host.
  const bool needs_host = rule == HostRule::Required || (rule == HostRule::Optional && has_host_part(*term));
  if (needs_host && !layout.host) return std::nullopt;
  CardSpec c;
  c.name = card.name;
  c.owner = layout.owner;
  c.term = *term;
  c.kind = class_of(*term);
  c.custom = true;
  c.engine_timings = true;  // the reading's timings, not the ruleset's permission for the class
  c.host = rule == HostRule::Forbidden ? kNoMonster : host;
  s.cards.push_back(c);
  std::string held = card.name + " held by " + label(layout.owner);
  if (partner) {
    CardSpec q;
    q.name = "Any Quick Effect";
    q.owner = other(layout.owner);
    q.term.op_count = 1;  // one opaque operation: it does nothing to the battle
    q.term.timings = battle_phase_timings();
    q.kind = class_of(q.term);
    q.custom = true;
    q.engine_timings = true;
    s.cards.push_back(q);
    held += "; a quick effect activatable at every timing of the Battle Phase held by " + label(q.owner);
  }
  if (words != nullptr) {
    *words = "";
    for (Player side : {Player::P1, Player::P2})
      *words += label(side) + ": " +
                (sides[index_of(side)].empty() ? std::string("no monster") : join(sides[index_of(side)], ", ")) + "; ";
    *words += held;
  }
  return s;
}

/// A run of `hit` on a board, its action indices under both readings.
CardRun make_run(const Scenario& s1, const Scenario& s2, const std::string& words, int monsters,
                 const card_search::Hit& hit, const Ruleset& rules) {
  CardRun r;
  r.first = s1;
  r.second = s2;
  r.board = words;
  r.monsters = monsters;
  r.divergence = hit.situation;
  r.by_rules = hit.by_rules;
  r.timing = hit.timing;
  std::vector<Action> run = hit.situation.path;
  run.push_back(hit.situation.action);
  r.length = run.size();
  r.run_first = action_indices(s1, rules, run);
  r.run_second = action_indices(s2, rules, run);
  return r;
}

}  // namespace

std::string_view name(CardSituationKind k) {
  switch (k) {
    case CardSituationKind::Parted: return "parted";
    case CardSituationKind::SameTimings: return "same_timings";
    case CardSituationKind::NotShown: return "not_shown";
  }
  return "?";
}

CardReading library_reading(const LibraryCard& card, const Ruleset& rules) {
  CardReading r;
  r.label = "library";
  r.kind = card.kind;
  r.note = card.note;
  if (!card.simplified.empty()) r.note += (r.note.empty() ? "" : " ") + ("Simplified: " + card.simplified);
  std::set<std::string> differing;
  for (const CardDifference& d : card.differences) differing.insert(d.source);
  std::vector<std::string> kept;
  for (const std::string& m : card.mentions)
    if (differing.count(source_id(m)) == 0) kept.push_back(m);
  r.citation = join(kept.empty() ? card.mentions : kept, "; ");
  if (!card.kind) return r;
  const int k = static_cast<int>(*card.kind);
  r.rule_citation = rules.name + " permissions." + std::string(name(*card.kind)) + ": " +
                    join(rules.permission_sources[k].sources, "; ");
  r.timings = card.timings;
  if (r.timings == 0 && card.term)
    r.timings = static_cast<TimingMask>(rules.permissions[k] & (card.term->timings != 0 ? card.term->timings : 0xFFFF));
  return r;
}

CardReading source_reading(const LibraryCard& card, const CardDifference& d, const Ruleset& rules) {
  const CardReading main = library_reading(card, rules);
  CardReading r;
  r.label = d.source;
  r.citation = d.section;
  r.note = d.note;
  r.kind = d.kind ? d.kind : card.kind;
  if (d.timings) r.timings = *d.timings;
  else if (r.kind && r.kind != card.kind) r.timings = rules.permissions[static_cast<int>(*r.kind)];
  else r.timings = main.timings;
  return r;
}

const CardRun* CardSituation::main() const {
  if (first_only && second_only) return second_only->length < first_only->length ? &*second_only : &*first_only;
  if (first_only) return &*first_only;
  if (second_only) return &*second_only;
  return offer ? &*offer : nullptr;
}

const CardRun* CardSituation::other() const {
  if (!first_only || !second_only) return nullptr;
  return main() == &*first_only ? &*second_only : &*first_only;
}

CardSituation find_card_situation(const LibraryCard& card, const CardReading& first, const CardReading& second,
                                  const Ruleset& rules, const DiffBounds& bounds) {
  const Ruleset bare = bare_rules(rules);
  const bool same = first.kind == second.kind && first.timings == second.timings;
  bool partner = false;
  for (const CardReading* r : {&first, &second})
    if (const auto t = reading_term(card, *r, kNoMonster)) partner = partner || t->target.kind == TargetKind::ChainLink;
  CardSituation out;
  std::array<std::optional<CardRun>*, 2> best{&out.first_only, &out.second_only};
  const auto length_of = [](const std::optional<CardRun>& r) {
    return r ? static_cast<std::uint32_t>(r->length - 1) : 0xFFFFFFFFu;  // the level of its last node
  };
  for (const Layout& layout : layouts(card)) {
    std::string words;
    const std::optional<Scenario> s1 = build_board(card, first, layout, partner, &words);
    const std::optional<Scenario> s2 = build_board(card, second, layout, partner, nullptr);
    if (!s1 || !s2) continue;
    ++out.boards;
    const Model m1(*s1, bare), m2(*s2, bare);
    // Boards come smallest first: only a strictly shorter run replaces a known one.
    std::array<std::uint32_t, 2> prune{length_of(out.first_only), length_of(out.second_only)};
    // With one effect, a reading whose timings hold the other's is the only one that can offer more.
    if (first.kind == second.kind && (second.timings & ~first.timings) == 0) prune[1] = 0;
    if (first.kind == second.kind && (first.timings & ~second.timings) == 0) prune[0] = 0;
    if (same) prune = {length_of(out.offer), length_of(out.offer)};
    const card_search::BoardResult found = card_search::search_board(m1, m2, kCard, bounds, prune, same);
    out.pairs += found.pairs;
    out.complete = out.complete && found.complete;
    for (int d = 0; d < 2; ++d)
      if (found.hits[d]) *best[d] = make_run(*s1, *s2, words, layout.monsters(), *found.hits[d], bare);
    if (!out.first_only && !out.second_only && found.offer &&
        (!out.offer || found.offer->situation.path.size() + 1 < out.offer->length))
      out.offer = make_run(*s1, *s2, words, layout.monsters(), *found.offer, bare);
  }
  if (out.first_only || out.second_only) {
    out.kind = CardSituationKind::Parted;
    out.offer.reset();
  } else {
    out.kind = same ? CardSituationKind::SameTimings : CardSituationKind::NotShown;
  }
  return out;
}

}  // namespace bc
