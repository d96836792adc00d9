// The library's cards as generated terms (docs/random.md "Generated terms"):
// the picks the random generator draws among, and the blanks ($summons, an
// ATK amount, a condition) a scenario fills in.
#include "checker/random/term_gen.hpp"

#include "model/library/cards.hpp"
#include "model/library/presets.hpp"

namespace bc {

EffectTerm fill_blanks(EffectTerm t, bool blanks, int value, std::uint8_t summons, Condition condition) {
  for (int i = 0; i < t.op_count; ++i) {
    Op& op = t.ops[i];
    if (op.code == OpCode::SpecialSummon) op.monster = summons;
    if (blanks && (op.code == OpCode::ChangeAtk || op.code == OpCode::SetAtk) && op.amount == 0)
      op.amount = static_cast<std::int16_t>(value);
  }
  if (blanks && t.trigger == TriggerEvent::EndOfBattlePhase) {
    if (condition == Condition::HostAttacked) t.conditions |= kCondHostAttacked;
    if (condition == Condition::HostBattled) t.conditions |= kCondHostBattled;
  }
  return t;
}

const std::vector<LibraryPick>& library_picks() {
  static const std::vector<LibraryPick> picks = [] {
    std::vector<LibraryPick> out;
    for (const LibraryCard& c : card_library()) {
      if (!c.kind) continue;
      const Preset* p = c.term ? nullptr : find_preset(*c.kind);
      if (!c.term && p == nullptr) continue;
      LibraryPick pick{c.name, c.term ? *c.term : p->term, 0};
      for (Op& op : pick.term.ops)
        if (op.code == OpCode::SpecialSummon) op.monster = kNoMonster;  // "$summons", a blank
      if (c.value && (effect_attrs(pick.term) & kAttrAtkChange)) pick.value = *c.value;
      if (term_problem(pick.term, true).empty()) out.push_back(std::move(pick));
    }
    return out;
  }();
  return picks;
}

}  // namespace bc
