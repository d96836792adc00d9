// Generators for random exploration. A scenario is generated as a draft of
// independent pieces (monsters per side, token templates, cards per player),
// each shrinking on its own, and then made valid by build_scenario()
// (board_draft.hpp). A card's effect is a preset, a generated term or a
// library card (term_gen.hpp), and shrinks as a term.
#include "checker/random/random_gen.hpp"

#include "checker/random/board_draft.hpp"
#include "checker/random/term_gen.hpp"
#include "model/library/presets.hpp"

#include <algorithm>
#include <string>

#include "model/vocabulary/hash.hpp"

namespace bc {
namespace {

constexpr int kStatStep = 50;
constexpr int kCoarseStep = 500;
constexpr int kMaxStatSteps = 5000 / kStatStep;
constexpr int kMaxCoarseSteps = 5000 / kCoarseStep;
constexpr int kMaxBoostHundreds = 30;  // boosts of 100..3000: far below the model's byte of hundreds
/// RapidCheck's inRange scales its range with the size; values are drawn at
/// full size so that only counts (monsters, cards, choices) grow with it.
constexpr int kFullSize = 100;

template <typename T>
rc::Gen<T> full(rc::Gen<T> g) {
  return rc::gen::resize(kFullSize, std::move(g));
}

/// ATK/DEF: half the time on a coarse 500 grid (zeros and ties are common),
/// else anywhere on the 50 grid; shrinks toward the coarse grid and 0.
rc::Gen<int> gen_stat() {
  return rc::gen::mapcat(rc::gen::inRange(0, 2), [](int fine) {
    if (fine == 0) return rc::gen::map(rc::gen::inRange(0, kMaxCoarseSteps + 1), [](int v) { return v * kCoarseStep; });
    return rc::gen::map(rc::gen::inRange(0, kMaxStatSteps + 1), [](int v) { return v * kStatStep; });
  });
}

/// Face-up Attack Position half the time; shrinks toward it.
rc::Gen<Position> gen_position() {
  return rc::gen::map(rc::gen::inRange(0, 4), [](int p) {
    return p < 2 ? Position::FaceUpAttack : p == 2 ? Position::FaceUpDefense : Position::FaceDownDefense;
  });
}

/// A Level (0: none given) and a Type (kDrawnTypes, index 0: none given)
/// drawn after the rest, so that boards drawn before they existed keep their
/// other values; they shrink toward none given. The Attribute
/// (kDrawnAttributes) is a hash of the other values, so the drawn stream stays
/// as it was; it goes when the monster shrinks to its ATK and DEF.
rc::Gen<MonsterDraft> gen_monster() {
  return rc::gen::apply(
      [](int atk, int def, Position pos, int level, int type) {
        const auto h = static_cast<std::size_t>(atk / 50 * 31 + def / 50 * 17 + level * 7 + type);
        return MonsterDraft{atk, def, pos, static_cast<std::uint8_t>(level), kDrawnTypes[static_cast<std::size_t>(type)],
                            kDrawnAttributes[h % kDrawnAttributes.size()]};
      },
      gen_stat(), gen_stat(), gen_position(), rc::gen::inRange(0, 9), rc::gen::inRange(0, 4));
}

/// A card's effect: a preset, a generated term or a library card, by the
/// bounds' weights; it shrinks as a term (card_shrinks), a preset becoming a term.
rc::Gen<CardDraft> gen_effect(const GenBounds& b) {
  std::vector<EffectKind> kinds;
  for (const Preset& p : presets())
    if (b.kinds & (1u << static_cast<int>(p.kind))) kinds.push_back(p.kind);
  const std::array<int, 3> w = {kinds.empty() ? 0 : std::max(0, b.preset_weight), std::max(0, b.term_weight),
                                library_picks().empty() ? 0 : std::max(0, b.library_weight)};
  const int total = std::max(1, w[0] + w[1] + w[2]);
  return rc::Gen<CardDraft>([kinds, w, total](const rc::Random& random, int) {
    rc::Random r = random;
    const auto v = static_cast<int>(r.next() % static_cast<std::uint64_t>(total));
    const std::uint64_t pick = r.next();
    CardDraft c;
    if (v < w[0]) {
      c.kind = kinds[pick % kinds.size()];
    } else if (v < w[0] + w[1] || w[0] + w[1] + w[2] == 0) {
      c.custom = true;
      c.term = random_term(pick);
    } else {
      c.library = static_cast<int>(pick % library_picks().size());
      c.custom = c.blanks = true;
      c.term = library_picks()[static_cast<std::size_t>(c.library)].term;
    }
    c.kind = c.custom ? class_of(c.term) : c.kind;
    return rc::shrinkable::shrinkRecur(std::move(c), [](const CardDraft& d) {
      return rc::seq::fromContainer(card_shrinks(d));
    });
  });
}

rc::Seq<CardDraft> card_shrink_seq(const CardDraft& c) { return rc::seq::fromContainer(card_shrinks(c)); }

/// `s` with, after its own shrinks, the shrinks of its card's term.
rc::Shrinkable<CardDraft> with_term_shrinks(rc::Shrinkable<CardDraft> s) {
  return rc::shrinkable::lambda([s] { return s.value(); }, [s] {
    return rc::seq::concat(rc::seq::map(s.shrinks(), &with_term_shrinks),
                           rc::shrinkable::shrinkRecur(s.value(), &card_shrink_seq).shrinks());
  });
}

rc::Gen<CardDraft> gen_card(const GenBounds& b) {
  auto params = [](int host, int value, int summons, int condition, CardDraft c) {
    c.host_pick = host;
    c.value = value * 100;
    c.summons_pick = summons;
    c.condition = static_cast<Condition>(condition);
    return c;
  };
  if (b.term_weight <= 0 && b.library_weight <= 0) {
    // Preset cards only (the drive, corpus --random): drawn as before the
    // terms, by preset index, so those boards stay what they were; a card's
    // term shrinks all the same.
    auto preset = rc::gen::apply(
        [params](int kind, int host, int value, int summons, int condition) {
          CardDraft c;
          c.kind = static_cast<EffectKind>(kind);
          return params(host, value, summons, condition, c);
        },
        rc::gen::inRange(0, static_cast<int>(presets().size())), rc::gen::inRange(0, 2 * kZonesPerSide),
        rc::gen::inRange(1, kMaxBoostHundreds + 1), rc::gen::inRange(0, 4), rc::gen::inRange(0, 3));
    return rc::Gen<CardDraft>([preset](const rc::Random& r, int size) { return with_term_shrinks(preset(r, size)); });
  }
  return rc::gen::apply(params, rc::gen::inRange(0, 2 * kZonesPerSide), rc::gen::inRange(1, kMaxBoostHundreds + 1),
                        rc::gen::inRange(0, 4), rc::gen::inRange(0, 3), gen_effect(b));
}

/// A vector of 0..cap elements, cap growing with RapidCheck's size up to `max`.
template <typename T>
rc::Gen<std::vector<T>> gen_upto(int max, rc::Gen<T> element) {
  return rc::gen::withSize([max, element](int size) {
    const int cap = std::clamp(1 + size * max / 50, std::min(1, max), max);
    return rc::gen::resize(cap, rc::gen::container<std::vector<T>>(full(element)));
  });
}

/// One of the seed boards, whole, shrinking with shrink_draft(). Keeping
/// every card measured better than a random subset: the rare combinations
/// need several cards of the board at once (bench/README.md), and shrinking
/// removes the distracting ones afterwards.
rc::Gen<Draft> gen_seed_draft(const std::vector<Scenario>& seeds) {
  std::vector<Draft> drafts;
  for (const Scenario& s : seeds) drafts.push_back(draft_of(s));
  return rc::gen::mapcat(full(rc::gen::inRange<std::size_t>(0, drafts.size())), [drafts](std::size_t i) {
    const Draft d = drafts[i];
    return rc::Gen<Draft>([d](const rc::Random&, int) { return rc::shrinkable::shrinkRecur(d, &shrink_draft); });
  });
}

rc::Gen<Draft> gen_fresh_draft(const GenBounds& b);

}  // namespace

rc::Gen<Scenario> gen_scenario(const GenBounds& b) {
  const std::uint32_t kinds = b.kinds;
  auto fresh = rc::gen::map(gen_fresh_draft(b), [kinds](Draft d) {
    d.kinds = kinds;
    return build_scenario(d);
  });
  if (b.seeds.empty() || b.seed_percent <= 0) return fresh;
  auto seeded = rc::gen::map(gen_seed_draft(b.seeds), [kinds](Draft d) {
    d.kinds = kinds;
    return build_scenario(d);
  });
  const int percent = std::clamp(b.seed_percent, 1, 100);
  return rc::gen::mapcat(full(rc::gen::inRange(0, 100)), [fresh, seeded, percent](int v) {
    return v < 100 - percent ? fresh : seeded;
  });
}

namespace {

rc::Gen<Draft> gen_fresh_draft(const GenBounds& b) {
  const int monsters = std::clamp(b.max_monsters_per_side, 0, static_cast<int>(kZonesPerSide));
  const int cards = std::clamp(b.max_cards_per_player, 0, kMaxCardsPerPlayer);
  const int tokens = std::clamp(b.max_token_templates, 0, 4);
  const int percent = std::clamp(b.first_turn_percent, 0, 100);
  auto first_turn = rc::gen::map(full(rc::gen::inRange(0, 100)), [percent](int v) { return v >= 100 - percent; });
  return rc::gen::apply(
      [](bool first, std::vector<MonsterDraft> p1, std::vector<MonsterDraft> p2, std::vector<MonsterDraft> tok,
         std::vector<CardDraft> c1, std::vector<CardDraft> c2) {
        Draft d;
        d.first_turn = first;
        d.sides = {std::move(p1), std::move(p2)};
        d.tokens = std::move(tok);
        d.cards = {std::move(c1), std::move(c2)};
        return d;
      },
      first_turn, gen_upto(monsters, gen_monster()), gen_upto(monsters, gen_monster()),
      gen_upto(tokens, gen_monster()), gen_upto(cards, gen_card(b)), gen_upto(cards, gen_card(b)));
}

}  // namespace

namespace {

/// RapidCheck's own container shrinks: chunks of choices removed first, then
/// each choice toward 0 (toward passing).
rc::Seq<std::vector<std::uint32_t>> shrink_choices(const std::vector<std::uint32_t>& v) {
  return rc::seq::concat(rc::shrink::removeChunks(v), rc::shrink::eachElement(v, [](std::uint32_t c) {
                           return rc::shrink::towards<std::uint32_t>(c, 0);
                         }));
}

}  // namespace

/// The list is drawn from two of RapidCheck's random numbers (its length and
/// a seed expanded with splitmix64) rather than element by element: a random
/// run then costs a fraction of what a generated container of shrinkable
/// elements does, and shrinking (shrinkRecur with RapidCheck's removeChunks
/// and eachElement) is the same. A choice is 0 (pass, the first action) at the
/// run's pass rate, else uniform over [0, kChoiceRange): passing keeps cards
/// for later timings, so random runs reach the Damage Step with cards in hand.
rc::Gen<std::vector<std::uint32_t>> gen_choices(int max_steps) {
  const int cap_steps = std::max(0, max_steps);
  return rc::Gen<std::vector<std::uint32_t>>([cap_steps](const rc::Random& random, int size) {
    rc::Random r = random;
    const auto most = static_cast<std::uint64_t>(std::clamp(size, 0, cap_steps));
    const std::size_t length = static_cast<std::size_t>(r.next() % (most + 1));
    std::uint64_t state = r.next();
    // Swarm testing (Groce et al., 2012): each run passes at its own rate,
    // 1/4, 1/2 or 3/4 of its choices, so some runs act at every timing and
    // others keep their cards for a late one.
    const std::uint64_t pass_quarters = 1 + fmix64(state ^ 0x5bd1e995u) % 3;
    std::vector<std::uint32_t> choices(length);
    for (std::uint32_t& c : choices) {
      state += 0x9E3779B97F4A7C15ull;
      const std::uint64_t x = fmix64(state);
      c = (x & 3) < pass_quarters ? 0u : static_cast<std::uint32_t>((x >> 2) % kChoiceRange);
    }
    return rc::shrinkable::shrinkRecur(std::move(choices), &shrink_choices);
  });
}

std::vector<std::uint8_t> choices_to_indices(const Model& model, const std::vector<std::uint32_t>& choices,
                                             int max_steps) {
  std::vector<std::uint8_t> out;
  EventBuffer events;
  State s = model.initial(events);
  ActionList legal;
  for (int i = 0; i < max_steps && !Model::is_terminal(s); ++i) {
    model.actions(s, legal);
    if (legal.empty()) break;
    const std::uint32_t choice = static_cast<std::size_t>(i) < choices.size() ? choices[i] : 0;
    const auto index = static_cast<std::uint8_t>(choice % static_cast<std::uint32_t>(legal.size()));
    out.push_back(index);
    events.clear();
    s = model.next(s, legal[index], events);
  }
  return out;
}

int scenario_size(const Scenario& s) {
  int on_board = 0;
  for (const auto& side : s.board)
    for (const ZoneSpec& z : side) on_board += z.monster != kNoMonster ? 1 : 0;
  return on_board + static_cast<int>(s.cards.size());
}

}  // namespace bc
