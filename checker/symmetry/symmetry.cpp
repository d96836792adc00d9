#include "checker/symmetry/symmetry.hpp"

#include <algorithm>

#include "checker/store/fingerprint_set.hpp"
#include "properties/monitors/monitor.hpp"

namespace bc {
namespace {

constexpr std::array<const char*, 2> kSideNames{"P1", "P2"};

/// The monitors' slot masks (TraceContext), permuted with the zones.
constexpr std::array<std::uint16_t TraceContext::*, 16> kSlotMasks{
    &TraceContext::occupied,     &TraceContext::face_down,    &TraceContext::defense,   &TraceContext::declared,
    &TraceContext::attack_tally,
    &TraceContext::attacked,     &TraceContext::battled,      &TraceContext::confirmed,
    &TraceContext::eob_attacked, &TraceContext::eob_battled, &TraceContext::eob_due,
    &TraceContext::bp_changed,   &TraceContext::flip_summoned, &TraceContext::window_flipped,
    &TraceContext::forbidden,    &TraceContext::forced};

/// The per-card bits of the state and the context, permuted with the copies.
constexpr std::array<std::uint16_t State::*, 4> kCardBitsState{&State::used, &State::pending, &State::accepted,
                                                                 &State::resolved};
constexpr std::array<std::uint16_t TraceContext::*, 2> kCardBitsContext{&TraceContext::trig_due, &TraceContext::trig_done};

bool bit(std::uint16_t mask, int i) { return (mask >> i & 1u) != 0; }

/// Bits `from[k]` of `mask` moved to `to_base + k` (the other bits of the range cleared first).
std::uint16_t permute_bits(std::uint16_t mask, int base, int count, const std::array<std::uint8_t, 8>& from) {
  std::uint16_t out = mask;
  for (int k = 0; k < count; ++k) out = static_cast<std::uint16_t>(out & ~(1u << (base + k)));
  for (int k = 0; k < count; ++k)
    if (bit(mask, from[static_cast<std::size_t>(k)])) out = static_cast<std::uint16_t>(out | 1u << (base + k));
  return out;
}

/// Sort `keys` with their indices (insertion sort: at most 8 elements).
void sort_with_index(std::array<std::uint64_t, 8>& keys, std::array<std::uint8_t, 8>& index, int n) {
  for (int i = 1; i < n; ++i)
    for (int j = i; j > 0 && keys[static_cast<std::size_t>(j)] < keys[static_cast<std::size_t>(j - 1)]; --j) {
      std::swap(keys[static_cast<std::size_t>(j)], keys[static_cast<std::size_t>(j - 1)]);
      std::swap(index[static_cast<std::size_t>(j)], index[static_cast<std::size_t>(j - 1)]);
    }
}

/// Why the rules' own choices read a side's zone order (effects.cpp
/// tribute_slot and free_zone for a control change, chain.cpp
/// trigger_target), or "" when nothing does.
std::string zone_order_reader(const Scenario& sc, Player side) {
  for (const CardSpec& c : sc.cards) {
    if (c.term.has_op(OpCode::TakeControl)) return c.name + "'s control change moves monsters between the sides";
    // A Tribute cost is its controller's choice, except for a trigger the rules chain.
    if (c.term.cost == Cost::TributeOwnMonster && c.owner == side && c.term.activation == Activation::Trigger)
      return c.name + "'s Tribute cost takes the first monster";
    const TargetSpec& t = c.term.target;
    const bool covers = t.side == SideSel::Any || (t.side == SideSel::Own) == (c.owner == side);
    // A role (the attacker, the attack target, a battler) names one monster of a side: no order read.
    if (c.term.activation == Activation::Trigger && targets_monsters(t.kind) && t.role == RoleSel::Any && covers)
      return c.name + "'s target is chosen by the rules, the first legal one";
  }
  return "";
}

/// Whether monster m hosts a card (its index is then read by host lookups).
bool hosts_a_card(const Scenario& sc, std::size_t m) {
  return std::any_of(sc.cards.begin(), sc.cards.end(), [&](const CardSpec& c) { return c.host == m; });
}

/// Whether monster m starts on the board (else it is a token template, which can stand in two zones).
bool on_board(const Scenario& sc, std::size_t m) {
  for (const auto& side : sc.board)
    for (const ZoneSpec& z : side)
      if (z.monster == m) return true;
  return false;
}

}  // namespace

Symmetry::Symmetry() {
  for (std::size_t i = 0; i < monster_rep_.size(); ++i) monster_rep_[i] = static_cast<std::uint8_t>(i);
}

Symmetry Symmetry::of(const Scenario& sc) {
  Symmetry y;
  std::string sep;
  auto say = [&](const std::string& what) { y.summary_ += sep + what; sep = "; "; };
  // A template hosting a card may stand in two zones: host lookups then take the first.
  bool templated_host = false;
  for (std::size_t m = 0; m < sc.monsters.size(); ++m) templated_host |= !on_board(sc, m) && hosts_a_card(sc, m);
  for (Player p : {Player::P1, Player::P2}) {
    const std::string why = templated_host ? "a token template hosts an effect" : zone_order_reader(sc, p);
    y.zones_[index_of(p)] = why.empty();
    if (why.empty()) say(std::string("zones of ") + kSideNames[index_of(p)]);
    else y.left_out_ += std::string(y.left_out_.empty() ? "" : "; ") + "zones of " + kSideNames[index_of(p)] + ": " + why;
  }
  for (std::size_t m = 0; m < sc.monsters.size(); ++m) {
    if (hosts_a_card(sc, m)) continue;
    int copies = 0;
    for (std::size_t k = m; k < sc.monsters.size(); ++k) {
      // Names are for people (unique in a file); the rules may read every other
      // field (ATK, DEF, Level, Type, Attribute: an ATK change by Attribute).
      MonsterSpec a = sc.monsters[k];
      a.name = sc.monsters[m].name;
      if (y.monster_rep_[k] != k || hosts_a_card(sc, k) || !(a == sc.monsters[m])) continue;
      y.monster_rep_[k] = static_cast<std::uint8_t>(m);
      ++copies;
    }
    if (copies > 1) {
      y.rename_ = true;
      say("monsters like " + sc.monsters[m].name + " (" + std::to_string(copies) + ", " +
          std::to_string(sc.monsters[m].atk) + "/" + std::to_string(sc.monsters[m].def) + ")");
    }
  }
  for (std::size_t c = 0; c < sc.cards.size();) {
    std::size_t e = c + 1;
    while (e < sc.cards.size() && e - c < 8 && sc.cards[e] == sc.cards[c]) ++e;
    if (e - c > 1) {
      y.runs_[static_cast<std::size_t>(2 * y.run_count_)] = static_cast<std::uint8_t>(c);
      y.runs_[static_cast<std::size_t>(2 * y.run_count_ + 1)] = static_cast<std::uint8_t>(e);
      ++y.run_count_;
      say("copies of card " + sc.cards[c].name + " (" + std::to_string(e - c) + ")");
    }
    c = e;
  }
  // Zones alone only merge states when a monster can arrive or a copy exists;
  // without either every state keeps its layout, and hashing as is costs less.
  bool arrivals = false;
  for (const CardSpec& c : sc.cards) arrivals |= c.term.has_op(OpCode::SpecialSummon);
  y.active_ = y.rename_ || y.run_count_ > 0 || ((y.zones_[0] || y.zones_[1]) && arrivals);
  if (!y.active_) y.summary_.clear();
  return y;
}

std::uint64_t Symmetry::fingerprint(const State& s, const TraceContext& ctx) const {
  State cs = s;
  TraceContext cc = ctx;
  canonicalize(cs, cc);
  return mix_fingerprint(hash_state(cs), hash_context(cc));
}

void Symmetry::canonicalize(State& s, TraceContext& ctx) const {
  if (!active_) return;
  if (rename_) rename_monsters(s, ctx);
  for (int r = 0; r < run_count_; ++r) sort_copies(s, ctx, runs_[static_cast<std::size_t>(2 * r)], runs_[static_cast<std::size_t>(2 * r + 1)]);
  for (int side = 0; side < 2; ++side)
    if (zones_[static_cast<std::size_t>(side)]) sort_zones(s, ctx, side);
}

void Symmetry::rename_monsters(State& s, TraceContext& ctx) const {
  for (ZoneState& z : s.zones) z.monster = monster_rep_[z.monster];
  for (std::uint8_t& m : ctx.slot_monster) m = monster_rep_[m];
}

/// Copies first..last-1 sorted by what each did (activated, pending, chosen,
/// due, done, its places in the chain); every card bit and chain link follows.
void Symmetry::sort_copies(State& s, TraceContext& ctx, int first, int last) const {
  const int n = last - first;
  std::array<std::uint64_t, 8> keys{};
  std::array<std::uint8_t, 8> from{};
  for (int k = 0; k < n; ++k) {
    const int c = first + k;
    std::uint64_t key = 0;
    for (auto f : kCardBitsState) key = key << 1 | (bit(s.*f, c) ? 1u : 0u);
    for (auto f : kCardBitsContext) key = key << 1 | (bit(ctx.*f, c) ? 1u : 0u);
    for (int l = 0; l < kMaxChain; ++l) key = key << 1 | (s.chain[static_cast<std::size_t>(l)].card == c ? 1u : 0u);
    keys[static_cast<std::size_t>(k)] = key;
    from[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(c);
  }
  sort_with_index(keys, from, n);
  for (auto f : kCardBitsState) s.*f = permute_bits(s.*f, first, n, from);
  for (auto f : kCardBitsContext) ctx.*f = permute_bits(ctx.*f, first, n, from);
  std::array<std::uint8_t, 8> to{};
  for (int k = 0; k < n; ++k) to[from[static_cast<std::size_t>(k)] - first] = static_cast<std::uint8_t>(first + k);
  for (LinkState& l : s.chain)
    if (l.card >= first && l.card < last) l.card = to[static_cast<std::size_t>(l.card - first)];
}

/// The five zones of a side sorted by everything a zone holds: its monster,
/// bits and stat changes, its roles (attacker, target, the chain links that
/// target it) and the monitors' facts about it; the references follow.
void Symmetry::sort_zones(State& s, TraceContext& ctx, int side) const {
  const int base = side * kZonesPerSide;
  // A change until the end of the Battle Phase names its zone: this side keeps
  // its order while one applies (no reduction lost elsewhere, none unsound).
  for (const BpChange& c : s.bp_changes)
    if (c.used() && side_of(c.zone_slot()) == static_cast<Player>(side)) return;
  std::array<std::uint64_t, 8> keys{};
  std::array<std::uint8_t, 8> from{};
  for (int k = 0; k < kZonesPerSide; ++k) {
    const int slot = base + k;
    const auto i = static_cast<std::size_t>(slot);
    std::uint64_t key = s.zones[i].monster;
    key = key << 8 | s.zones[i].bits;
    key = key << 8 | static_cast<std::uint8_t>(s.atk_mod[i]);
    key = key << 8 | static_cast<std::uint8_t>(s.def_mod[i]);
    key = key << 8 | ctx.slot_monster[i];
    for (auto f : kSlotMasks) key = key << 1 | (bit(ctx.*f, slot) ? 1u : 0u);
    key = key << 1 | (s.attacker == slot ? 1u : 0u);
    key = key << 1 | (s.target == slot ? 1u : 0u);
    key = key << 1 | (ctx.attacker == slot ? 1u : 0u);
    key = key << 1 | (ctx.target == slot ? 1u : 0u);
    for (const LinkState& l : s.chain) key = key << 1 | (l.target == slot ? 1u : 0u);
    keys[static_cast<std::size_t>(k)] = key;  // 40 + 13 + 4 + 6 = 63 bits
    from[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(slot);
  }
  sort_with_index(keys, from, kZonesPerSide);
  bool identity = true;
  for (int k = 0; k < kZonesPerSide; ++k) identity &= from[static_cast<std::size_t>(k)] == base + k;
  if (identity) return;
  const State old = s;
  const TraceContext old_ctx = ctx;
  std::array<std::uint8_t, kSlotCount> to{};
  for (int k = 0; k < kSlotCount; ++k) to[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(k);
  for (int k = 0; k < kZonesPerSide; ++k) {
    const auto dst = static_cast<std::size_t>(base + k);
    const std::size_t src = from[static_cast<std::size_t>(k)];
    to[src] = static_cast<std::uint8_t>(dst);
    s.zones[dst] = old.zones[src];
    s.atk_mod[dst] = old.atk_mod[src];
    s.def_mod[dst] = old.def_mod[src];
    ctx.slot_monster[dst] = old_ctx.slot_monster[src];
  }
  for (auto f : kSlotMasks) ctx.*f = permute_bits(old_ctx.*f, base, kZonesPerSide, from);
  auto remap = [&](std::uint8_t& slot) { if (slot < kSlotCount) slot = to[slot]; };
  remap(s.attacker);
  remap(s.target);
  remap(ctx.attacker);
  remap(ctx.target);
  for (LinkState& l : s.chain) remap(l.target);
}

}  // namespace bc
