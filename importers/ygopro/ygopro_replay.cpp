/// The replay's prompts -> trace records (docs/engines/ygopro.md, "The subtle
/// parts"): "continue the attack?", "attack directly?", and the choice of a
/// monster, which together are the model's one re-choice offer; and a hand
/// trigger's offer, which the cores make after the turn player's prompt.
#include "importers/ygopro/ygopro_mapper.hpp"

namespace bc::ygopro::detail {

/// The system string of the replay prompt ("continue the attack?") that
/// both cores send as SELECT_YESNO to the turn player after a replay.
constexpr std::uint64_t kReplayPrompt = 30;
/// "Attack directly?": after the replay prompt, both cores ask it first of an
/// attacker that may attack directly (processor.cpp, field::process_battle_command,
/// the replay's target selection); "no" leads to the choice of a monster.
constexpr std::uint64_t kDirectAttackPrompt = 31;

void Mapper::on_yes_no(const Message& m) {
  if (stage_ == Stage::InBattle && replay_open_ && asked_ == Asked::ReplayTarget && m.data == kDirectAttackPrompt)
    direct_asked_ = true;
  if (stage_ != Stage::InBattle || !attack_ || step_ != Step::BattleStep || replay_open_) return;
  if (m.data != kReplayPrompt || side(m.player) != Player::P1) return;
  Event r;
  r.type = EventType::Replay;
  r.slot = attacker_;
  push(r);
  enter(Timing::ReplayChoice);
  replay_open_ = true;
  asked_ = Asked::ReplayTarget;
}

void Mapper::on_select_card(const Message& m) {
  if (stage_ != Stage::InBattle || asked_ != Asked::ReplayTarget) {
    asked_ = Asked::Nothing;
    return;
  }
  Offered o;
  o.player = side(m.player);
  o.has_timing = true;
  o.timing = Timing::ReplayChoice;
  for (const Choice& c : m.cards) {
    const std::uint8_t t = slot(c.where);
    if (t != kNoSlot) o.actions.push(Action{ActionType::ReplayTarget, kNoCard, attacker_, t});
  }
  if (direct_asked_) o.actions.push(Action{ActionType::ReplayTarget, kNoCard, attacker_, kDirect});  // answered "no"
  o.actions.push(Action{ActionType::ReplayStop, kNoCard, attacker_});  // the SELECT_YESNO before offered "no"
  push_offered(o);
  asked_ = Asked::Nothing;
  direct_asked_ = false;
}

/// Both cores offer an optional trigger of a card in the hand (range
/// LOCATION_HAND: Battle Fader, Tragoedia) in the priority prompts, after the
/// turn player's (processor.cpp, the chain prompt's step 2 reads
/// core.new_ochain_h; Fluorohydride db4fd16a and EDOPro 46779fbe alike). The
/// rules chain an optional trigger before anyone has priority (S0 §6.3.4.3.4,
/// S1 §伤害步骤开始时, S2 §FAQ 12/08/01). When the prompt just before, to the
/// other player in the same window, offered only a pass, both orders give the
/// same duel: the trigger's offer goes first, and that prompt is dropped if
/// the trigger is activated (push). An activation offered keeps the engine's order.
bool Mapper::offer_before_pass_only(const Offered& o) {
  if (out_.records.empty()) return false;
  TraceRecord& last = out_.records.back();
  if (last.kind != RecordKind::Offered || last.offered.player == o.player || last.offered.timing != o.timing) return false;
  for (const Action& a : last.offered.actions)
    if (a.type != ActionType::Pass) return false;
  const TraceRecord before = last;
  const std::size_t at_offset = out_.offsets.back();
  out_.records.pop_back();
  out_.offsets.pop_back();
  push_offered(o);
  out_.records.push_back(before);
  out_.records.back().line = out_.records.size() + 1;
  out_.offsets.push_back(at_offset);
  displaced_prompt_ = out_.records.size() - 1;
  return true;
}

}  // namespace bc::ygopro::detail
