// Generators for random exploration. A scenario is generated as a draft of
// independent pieces (monsters per side, token templates, cards per player),
// each shrinking on its own, and then made valid by build_scenario(): hosts,
// summoned tokens and conditions are resolved modulo what exists, and cards
// that cannot exist (a monster effect on an empty side) are dropped. The
// result always passes the loader's checks (model/loaders/scenario_loader.cpp).
#include "checker/random/random_gen.hpp"

#include "model/library/presets.hpp"
#include "model/library/term_check.hpp"

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

struct MonsterDraft {
  int atk = 0;
  int def = 0;
  Position position = Position::FaceUpAttack;
};

struct CardDraft {
  EffectKind kind{};
  int host_pick = 0;     ///< even: no host (when optional); host = pick / 2 modulo the side's monsters
  int value = 100;
  int summons_pick = 0;  ///< token template modulo the templates
  Condition condition = Condition::None;
  bool custom = false;   ///< a seed card written as a term: keep the term (its summons re-picked)
  EffectTerm term{};
};

struct Draft {
  bool first_turn = false;
  std::array<std::vector<MonsterDraft>, 2> sides;
  std::vector<MonsterDraft> tokens;
  std::array<std::vector<CardDraft>, 2> cards;
  std::uint32_t kinds = ~0u;  ///< allowed effect kinds (GenBounds::kinds)
};

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

rc::Gen<MonsterDraft> gen_monster() {
  return rc::gen::apply([](int atk, int def, Position pos) { return MonsterDraft{atk, def, pos}; }, gen_stat(),
                        gen_stat(), gen_position());
}

rc::Gen<CardDraft> gen_card() {
  return rc::gen::apply(
      [](int kind, int host, int value, int summons, int condition) {
        return CardDraft{static_cast<EffectKind>(kind), host, value * 100, summons, static_cast<Condition>(condition)};
      },
      rc::gen::inRange(0, static_cast<int>(presets().size())), rc::gen::inRange(0, 2 * kZonesPerSide), rc::gen::inRange(1, kMaxBoostHundreds + 1),
      rc::gen::inRange(0, 4), rc::gen::inRange(0, 3));
}

/// A vector of 0..cap elements, cap growing with RapidCheck's size up to `max`.
template <typename T>
rc::Gen<std::vector<T>> gen_upto(int max, rc::Gen<T> element) {
  return rc::gen::withSize([max, element](int size) {
    const int cap = std::clamp(1 + size * max / 50, std::min(1, max), max);
    return rc::gen::resize(cap, rc::gen::container<std::vector<T>>(full(element)));
  });
}

/// The preset a drafted kind stands for (drafts index the presets in file order).
const EffectTerm& preset_of(EffectKind k) { return find_preset(k)->term; }
/// The term a card draft stands for: its own, or its kind's preset.
const EffectTerm& term_of(const CardDraft& c) { return c.custom ? c.term : preset_of(c.kind); }

void add_monsters(Scenario& s, const Draft& d) {
  for (int side = 0; side < 2; ++side)
    for (std::size_t i = 0; i < d.sides[side].size() && i < kZonesPerSide; ++i) {
      const MonsterDraft& m = d.sides[side][i];
      const auto index = static_cast<std::uint8_t>(s.monsters.size());
      s.monsters.push_back(MonsterSpec{(side == 0 ? "P1 Monster " : "P2 Monster ") + std::to_string(i), m.atk, m.def});
      s.board[side][i] = ZoneSpec{index, m.position};
    }
}

/// Whether a card draft needs a host: its term says so (host_rule), or a part
/// of it concerns the host and would mean nothing without one (has_host_part).
HostRule host_need(const CardDraft& c) {
  const HostRule rule = host_rule(term_of(c));
  if (rule == HostRule::Optional && has_host_part(term_of(c))) return HostRule::Required;
  return rule;
}

/// Monster index of the host a card draft picks on its owner's side, kNoMonster if none.
std::uint8_t pick_host(const Scenario& s, int side, const CardDraft& c) {
  const HostRule rule = host_need(c);
  if (rule == HostRule::Forbidden) return kNoMonster;
  if (rule == HostRule::Optional && c.host_pick % 2 == 0) return kNoMonster;
  int count = 0;
  while (count < kZonesPerSide && s.board[side][count].monster != kNoMonster) ++count;
  if (count == 0) return kNoMonster;
  return s.board[side][(c.host_pick / 2) % count].monster;
}

/// Token template for a summoning card: one of the drafted templates, or a
/// plain 0/0 token added when none was drafted.
std::uint8_t pick_token(Scenario& s, std::uint8_t first_token, const CardDraft& c) {
  if (first_token == s.monsters.size()) s.monsters.push_back(MonsterSpec{"Token 0", 0, 0});
  const int templates = static_cast<int>(s.monsters.size()) - first_token;
  return static_cast<std::uint8_t>(first_token + c.summons_pick % templates);
}

void add_cards(Scenario& s, const Draft& d, std::uint8_t first_token) {
  for (int side = 0; side < 2; ++side) {
    int held = 0;
    for (const CardDraft& c : d.cards[side]) {
      if (held >= kMaxCardsPerPlayer) break;
      if ((d.kinds & (1u << static_cast<int>(c.kind))) == 0) continue;
      CardSpec card;
      card.kind = c.kind;
      card.owner = static_cast<Player>(side);
      card.host = pick_host(s, side, c);
      if (card.host == kNoMonster && host_need(c) == HostRule::Required) continue;
      if (c.custom) {
        card.custom = true;
        card.term = c.term;
        for (int i = 0; i < card.term.op_count; ++i)
          if (card.term.ops[i].code == OpCode::SpecialSummon) card.term.ops[i].monster = pick_token(s, first_token, c);
        card.name = std::string(name(card.owner)) + " " + std::string(name(c.kind)) + " " + std::to_string(held++);
        s.cards.push_back(card);
        continue;
      }
      if (preset_takes_value(c.kind)) card.value = c.value;
      if (preset_takes_summons(c.kind)) card.summons = pick_token(s, first_token, c);
      if (preset_of(c.kind).trigger == TriggerEvent::EndOfBattlePhase) card.condition = c.condition;
      card.term = preset_term(card.kind, card.value, card.summons, card.condition);
      card.name = std::string(name(card.owner)) + " " + std::string(name(c.kind)) + " " + std::to_string(held);
      s.cards.push_back(card);
      ++held;
    }
  }
}

Scenario build_scenario(const Draft& d) {
  Scenario s;
  s.name = "random";
  s.description = "generated by battlecheck random";
  s.first_turn = d.first_turn;
  add_monsters(s, d);
  const auto first_token = static_cast<std::uint8_t>(s.monsters.size());
  for (std::size_t i = 0; i < d.tokens.size(); ++i)
    s.monsters.push_back(MonsterSpec{"Token " + std::to_string(i), d.tokens[i].atk, d.tokens[i].def});
  add_cards(s, d, first_token);
  return s;
}

/// The draft that build_scenario() turns back into `s` (up to names).
Draft draft_of(const Scenario& s) {
  Draft d;
  d.first_turn = s.first_turn;
  std::vector<int> zone_of_monster(s.monsters.size(), -1);
  for (int side = 0; side < 2; ++side)
    for (int z = 0; z < kZonesPerSide; ++z) {
      const ZoneSpec& zone = s.board[side][z];
      if (zone.monster == kNoMonster) continue;
      zone_of_monster[zone.monster] = static_cast<int>(d.sides[side].size());
      const MonsterSpec& m = s.monsters[zone.monster];
      d.sides[side].push_back(MonsterDraft{m.atk, m.def, zone.position});
    }
  std::vector<int> token_index(s.monsters.size(), -1);
  for (std::size_t i = 0; i < s.monsters.size(); ++i)
    if (zone_of_monster[i] < 0) {
      token_index[i] = static_cast<int>(d.tokens.size());
      d.tokens.push_back(MonsterDraft{s.monsters[i].atk, s.monsters[i].def, Position::FaceUpAttack});
    }
  for (const CardSpec& c : s.cards) {
    CardDraft cd;
    cd.kind = c.kind;
    cd.host_pick = c.host != kNoMonster && zone_of_monster[c.host] >= 0 ? 2 * zone_of_monster[c.host] + 1 : 0;
    cd.value = c.value;
    const Op* summon = c.custom ? c.term.find_op(OpCode::SpecialSummon) : nullptr;
    const std::uint8_t summons = summon ? summon->monster : c.summons;
    cd.summons_pick = summons != kNoMonster && token_index[summons] >= 0 ? token_index[summons] : 0;
    cd.condition = c.condition;
    cd.custom = c.custom;
    cd.term = c.term;
    d.cards[index_of(c.owner)].push_back(cd);
  }
  return d;
}

/// Simpler drafts than `d`, in RapidCheck's style: whole chunks of cards and
/// monsters removed first, then monsters made face-up Attack Position with 0
/// ATK/DEF, then not the first turn.
rc::Seq<Draft> shrink_draft(const Draft& d) {
  auto with = [d](auto member) {
    return [d, member](auto v) {
      Draft x = d;
      x.*member = std::move(v);
      return x;
    };
  };
  auto per_side = [d](auto member, int side, auto shrink) {
    return rc::seq::map(shrink((d.*member)[side]), [d, member, side](auto v) {
      Draft x = d;
      (x.*member)[side] = std::move(v);
      return x;
    });
  };
  auto remove = [](auto v) { return rc::shrink::removeChunks(std::move(v)); };
  auto simplify = [](std::vector<MonsterDraft> v) {
    return rc::shrink::eachElement(std::move(v), [](const MonsterDraft& m) {
      // Only strictly simpler candidates: a shrink equal to its value would never end.
      std::vector<MonsterDraft> out;
      for (const MonsterDraft& c : {MonsterDraft{0, 0, Position::FaceUpAttack},
                                    MonsterDraft{m.atk, m.def, Position::FaceUpAttack}, MonsterDraft{0, m.def, m.position},
                                    MonsterDraft{m.atk, 0, m.position}})
        if ((c.atk != m.atk || c.def != m.def || c.position != m.position) &&
            std::none_of(out.begin(), out.end(), [&](const MonsterDraft& o) {
              return o.atk == c.atk && o.def == c.def && o.position == c.position;
            }))
          out.push_back(c);
      return rc::seq::fromContainer(std::move(out));
    });
  };
  return rc::seq::concat(per_side(&Draft::cards, 1, remove), per_side(&Draft::cards, 0, remove),
                         per_side(&Draft::sides, 1, remove), per_side(&Draft::sides, 0, remove),
                         rc::seq::map(remove(d.tokens), with(&Draft::tokens)),
                         per_side(&Draft::sides, 0, simplify), per_side(&Draft::sides, 1, simplify),
                         d.first_turn ? rc::seq::just(with(&Draft::first_turn)(false)) : rc::Seq<Draft>());
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
      gen_upto(tokens, gen_monster()), gen_upto(cards, gen_card()), gen_upto(cards, gen_card()));
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
