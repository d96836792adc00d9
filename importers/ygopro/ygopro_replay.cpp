/// The replay's prompts -> trace records (docs/engines/ygopro.md, "The subtle
/// parts"): "continue the attack?", "attack directly?", and the choice of a
/// monster, which together are the model's one re-choice offer.
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

}  // namespace bc::ygopro::detail
