/// ATK and DEF changes: for this battle (the battle boosts), until the end of
/// the Battle Phase, or for the turn (per zone); each shown in the trace as a
/// StatChanged event with its duration, and the end of those that last until
/// the end of the Battle Phase as ChangeExpired (knob battle_phase_changes_expire).
#include <algorithm>

#include "model/rules/stepper.hpp"
#include "model/terms/durations.hpp"

namespace bc::detail {
namespace {

std::int8_t clamp_step(int v, int unit) { return static_cast<std::int8_t>(std::clamp(v / unit, -127, 127)); }

/// The stat an operation changes, as the BpChange slot flag.
std::uint8_t stat_flag(const Op& op) { return op.code == OpCode::ChangeDef ? BpChange::kBpChangeDef : 0; }

}  // namespace

/// An ATK/DEF change: for this battle on a battler (the battle boosts; on a
/// monster not battling it changes nothing), or in the zone's turn modifier
/// (for the turn, or until the end of the Battle Phase, then also recorded).
void Stepper::change_stat(std::uint8_t slot, const Op& op) {
  const std::int8_t before = op.code == OpCode::ChangeDef ? s.def_mod[slot] : s.atk_mod[slot];
  if (op.code == OpCode::ChangeDef) {
    s.def_mod[slot] = clamp_step(s.def_mod[slot] * 50 + op.amount, 50);
  } else if (op.code == OpCode::SetAtk) {
    s.atk_mod[slot] = 0;
    const int now = current_atk(slot);
    s.atk_mod[slot] = clamp_step(op.amount - now, 50);
  } else if (op.duration == Duration::Battle) {
    if (!attack_in_progress() || (slot != s.attacker && slot != s.target)) return;
    std::int8_t& b = slot == s.attacker ? s.attacker_boost : s.target_boost;
    b = clamp_step(b * 100 + op.amount, 100);
  } else {
    s.atk_mod[slot] = clamp_step(s.atk_mod[slot] * 50 + op.amount, 50);
  }
  if (op.duration == Duration::BattlePhase) {
    const std::int8_t after = op.code == OpCode::ChangeDef ? s.def_mod[slot] : s.atk_mod[slot];
    note_bp_change(static_cast<std::uint8_t>(slot | stat_flag(op)), after - before);
  }
  show_stats(EventType::StatChanged, slot, op.duration);
}

/// Adds `delta` (steps of 50) to the record of that zone and stat, or to a
/// free one. Activations leave room (bp_room); a change with none left is
/// kept for the turn (docs/effects.md, "Durations"). Changes that cancel out
/// keep their record: each still ends with the Battle Phase, and the trace
/// shows that expiry (ChangeExpired) even though the value does not move.
void Stepper::note_bp_change(std::uint8_t key, int delta) {
  BpChange* free = nullptr;
  for (BpChange& c : s.bp_changes) {
    if (c.slot == key) {
      c.delta = static_cast<std::int8_t>(std::clamp(c.delta + delta, -127, 127));
      return;
    }
    if (!c.used() && free == nullptr) free = &c;
  }
  if (free != nullptr) *free = BpChange{key, static_cast<std::int8_t>(delta)};
}

/// Records left for `card` and the chain links still to resolve: each of
/// their "until the end of the Battle Phase" stat changes may need one.
bool Stepper::bp_room(std::uint8_t card) const {
  auto need = [&](std::uint8_t c) { return bp_stat_ops(sc.cards[c].term); };
  int wanted = need(card);
  if (wanted == 0) return true;
  for (int i = 0; i < s.chain_len; ++i) wanted += need(s.chain[i].card);
  const auto free = std::count_if(s.bp_changes.begin(), s.bp_changes.end(), [](const BpChange& c) { return !c.used(); });
  return wanted <= free;
}

void Stepper::forget_bp_changes(std::uint8_t slot) {
  for (BpChange& c : s.bp_changes)
    if (c.used() && c.zone_slot() == slot) c = BpChange{};
}

/// The Battle Phase ends: its changes are taken back, zone by zone, each
/// shown with the values the monster has again.
void Stepper::expire_bp_changes() {
  for (std::uint8_t slot = 0; slot < kSlotCount; ++slot) {
    bool any = false;
    for (BpChange& c : s.bp_changes) {
      if (!c.used() || c.zone_slot() != slot) continue;
      if (c.grant()) {  // no stat to take back, nothing to show
        c = BpChange{};
        continue;
      }
      std::int8_t& mod = (c.slot & BpChange::kBpChangeDef) ? s.def_mod[slot] : s.atk_mod[slot];
      mod = static_cast<std::int8_t>(std::clamp(mod - c.delta, -127, 127));
      c = BpChange{};
      any = true;
    }
    if (any && s.zones[slot].occupied()) show_stats(EventType::ChangeExpired, slot, Duration::BattlePhase);
  }
}

/// Whether entering `to` from step `from` ends the changes that last until
/// the end of the Battle Phase, by knob battle_phase_changes_expire.
bool Stepper::ends_bp_changes(Step from, Timing to) const {
  const Step next = step_of(to);
  if (next == from) return false;
  switch (r.get(Knob::BattlePhaseChangesExpire)) {
    case 0: return next == Step::MainPhase2 || next == Step::EndPhase;  // once the End Step is over
    case 1: return next == Step::EndStep;                               // mutant: as the End Step begins
    default: return false;                                              // mutant: they last the turn
  }
}

void Stepper::show_stats(EventType type, std::uint8_t slot, Duration d) {
  Event e = ev(type);
  e.slot = slot;
  e.monster = s.zones[slot].monster;
  e.duration = d;
  e.value = current_atk(slot);
  e.value2 = current_def(slot);
  emit(e);
}

}  // namespace bc::detail
