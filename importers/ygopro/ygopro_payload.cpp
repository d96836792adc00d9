/// Parsers of the messages the importer reads, for both framings
/// (docs/engines/ygopro.md, "Framings"; layouts as in ygopro_messages.cpp).
#include "importers/ygopro/ygopro_payload.hpp"

namespace bc::ygopro::payload {
namespace {

void read_list(Reader& r, const Shape& s, std::vector<Choice>& out, bool with_desc) {
  const std::size_t n = s.count(r);
  out.clear();
  for (std::size_t i = 0; i < n && !r.failed; ++i) {
    Choice c;
    c.code = r.u32();
    c.where = s.short_loc(r, true);
    if (with_desc) {
      c.description = s.desc(r);
      if (s.edo) r.u8();  // client mode
    }
    out.push_back(c);
  }
}

void read_chain_list(Reader& r, const Shape& s, Message& m, std::size_t n) {
  m.activations.clear();
  for (std::size_t i = 0; i < n && !r.failed; ++i) {
    Choice c;
    if (s.edo) {
      c.code = r.u32();
      c.where = s.loc(r);
      c.description = r.u64();
      r.u8();  // client mode
    } else {
      r.u8();                      // edesc
      if (r.u8()) m.forced = true;  // forced
      c.code = r.u32();
      c.where = s.loc(r);
      c.description = r.u32();
    }
    m.activations.push_back(c);
  }
}

void read_idle(Reader& r, const Shape& s, Message& m) {
  m.player = r.u8();
  for (int list = 0; list < 5 && !r.failed; ++list) {
    const std::size_t n = s.count(r);
    const std::size_t item = s.edo ? (list == 2 ? 7 : 10) : 7;  // edo repositionable: u8 sequence
    if (n > (r.end - r.at) / item) { r.failed = true; return; }
    r.skip(n * item);
  }
  read_list(r, s, m.activations, true);
  m.to_battle = r.u8() != 0;
  m.to_end = r.u8() != 0;
  r.u8();  // can shuffle
}

void read_battlecmd(Reader& r, const Shape& s, Message& m) {
  m.player = r.u8();
  read_list(r, s, m.activations, true);
  const std::size_t n = s.count(r);
  m.attackers.clear();
  for (std::size_t i = 0; i < n && !r.failed; ++i) {
    Choice c;
    c.code = r.u32();
    c.where = s.short_loc(r, false);
    c.direct = r.u8() != 0;
    m.attackers.push_back(c);
  }
  m.to_main2 = r.u8() != 0;
  m.to_end = r.u8() != 0;
}

void read_battle_side(Reader& r, const Shape& s, Message& m, int i) {
  (i == 0 ? m.attacker : m.target) = s.loc(r);
  m.atk[i] = static_cast<std::int32_t>(r.u32());
  m.def[i] = static_cast<std::int32_t>(r.u32());
  m.destroyed[i] = r.u8() != 0;
}

}  // namespace

bool parse_payload(std::uint8_t code, Reader& r, const Shape& s, Message& m) {
  switch (code) {
    case msg::kHint:
      m.hint_type = r.u8();
      m.player = r.u8();
      m.data = s.desc(r);
      return true;
    case msg::kSelectBattleCmd: read_battlecmd(r, s, m); return true;
    case msg::kSelectIdleCmd: read_idle(r, s, m); return true;
    case msg::kSelectYesNo:
      m.player = r.u8();
      m.data = s.desc(r);
      return true;
    case msg::kSelectCard: {
      m.player = r.u8();
      r.u8();  // cancelable
      if (s.edo) { r.u32(); r.u32(); } else { r.u8(); r.u8(); }
      const std::size_t n = s.count(r);
      m.cards.clear();
      for (std::size_t i = 0; i < n && !r.failed; ++i) {
        Choice c;
        c.code = r.u32();
        c.where = s.loc(r);
        m.cards.push_back(c);
      }
      return true;
    }
    case msg::kSelectChain: {
      m.player = r.u8();
      std::size_t n = 0;
      if (s.edo) {
        r.u8();  // spe_count
        m.forced = r.u8() != 0;
        r.u32(); r.u32();  // hint timings
        n = r.u32();
      } else {
        n = r.u8();
        r.u8();  // spe_count
        r.u32(); r.u32();
      }
      read_chain_list(r, s, m, n);
      return true;
    }
    case msg::kShuffleHand: {
      m.player = r.u8();
      const std::size_t n = s.count(r);
      if (n > (r.end - r.at) / 4) { r.failed = true; return true; }
      r.skip(4 * n);
      return true;
    }
    case msg::kDraw: {
      m.player = r.u8();
      const std::size_t n = s.count(r);
      const std::size_t item = s.edo ? 8 : 4;
      if (n > (r.end - r.at) / item) { r.failed = true; return true; }
      r.skip(item * n);
      return true;
    }
    case msg::kNewTurn: m.player = r.u8(); return true;
    case msg::kNewPhase: m.data = r.u16(); return true;
    case msg::kMove:
      m.card = r.u32();
      m.from = s.loc(r);
      m.to = s.loc(r);
      m.move_reason = r.u32();
      return true;
    case msg::kPosChange:
      m.card = r.u32();
      m.from.controller = m.to.controller = r.u8();
      m.from.location = m.to.location = r.u8();
      m.from.sequence = m.to.sequence = r.u8();
      m.from.position = r.u8();
      m.to.position = r.u8();
      return true;
    case msg::kChaining:
      m.card = r.u32();
      m.from = s.loc(r);
      m.to.controller = r.u8();  // triggering controller, location, sequence
      m.to.location = r.u8();
      m.to.sequence = s.edo ? r.u32() : r.u8();
      m.data = s.desc(r);
      m.link = static_cast<std::uint8_t>(s.edo ? r.u32() : r.u8());
      return true;
    case msg::kChained: case msg::kChainSolving: case msg::kChainSolved: case msg::kChainNegated:
    case msg::kChainDisabled:
      m.link = r.u8();
      return true;
    case msg::kBecomeTarget: {  // u8 (edo: u32) count, then the targets' locations
      const std::size_t n = s.count(r);
      m.cards.clear();
      for (std::size_t i = 0; i < n && !r.failed; ++i) {
        Choice c;
        c.where = s.loc(r);
        m.cards.push_back(c);
      }
      return true;
    }
    case msg::kChainEnd: case msg::kDamageStepStart: case msg::kDamageStepEnd: case msg::kAttackDisabled:
      return true;
    case msg::kDamage:
    case msg::kRecover:
      m.player = r.u8();
      m.data = r.u32();
      return true;
    case msg::kAttack:
      m.attacker = s.loc(r);
      m.target = s.loc(r);
      return true;
    case msg::kBattle:
      read_battle_side(r, s, m, 0);
      read_battle_side(r, s, m, 1);
      return true;
    default:
      return false;
  }
}

}  // namespace bc::ygopro::payload
