#include "counterexamples/replay/narrative.hpp"

namespace bc {
namespace {

/// Step names as the rulebooks write them (S0 §6.3.4.3, S3 §The Battle Phase).
std::string_view step_phrase(Step s) {
  switch (s) {
    case Step::MainPhase1: return "Main Phase 1";
    case Step::StartStep: return "Start Step";
    case Step::BattleStep: return "Battle Step";
    case Step::DamageStep: return "Damage Step";
    case Step::EndStep: return "End Step";
    case Step::MainPhase2: return "Main Phase 2";
    case Step::EndPhase: return "End Phase";
  }
  return "?";
}

std::string duration_phrase(Duration d) {
  switch (d) {
    case Duration::Battle: return "for this battle";
    case Duration::Turn: return "for the turn";
    case Duration::BattlePhase: return "until the end of the Battle Phase";
  }
  return "";
}

std::string position_phrase(Position p) {
  switch (p) {
    case Position::FaceUpAttack: return "face-up Attack Position";
    case Position::FaceUpDefense: return "face-up Defense Position";
    case Position::FaceDownDefense: return "face-down Defense Position";
  }
  return "?";
}

}  // namespace

std::string player_label(Player p) { return p == Player::P1 ? "P1" : "P2"; }

std::string slot_label(std::uint8_t slot) {
  if (slot == kDirect) return "direct";
  if (slot >= kSlotCount) return "none";
  return player_label(side_of(slot)) + " M" + std::to_string(zone_of(slot));
}

Narrator::Narrator(const Scenario& scenario) : scenario_(scenario) {
  for (int side = 0; side < 2; ++side)
    for (int zone = 0; zone < kZonesPerSide; ++zone)
      zones_[slot_of(static_cast<Player>(side), zone)] = scenario.board[side][zone].monster;
}

std::string Narrator::monster(std::uint8_t slot) const {
  std::string text = slot_label(slot);
  if (slot < kSlotCount && zones_[slot] < scenario_.monsters.size())
    text += " " + scenario_.monsters[zones_[slot]].name;
  return text;
}

std::string Narrator::card(std::uint8_t index) const {
  if (index < scenario_.cards.size()) return scenario_.cards[index].name;
  return "card " + std::to_string(index);
}

std::string Narrator::prefixed(const std::string& text) const {
  if (step_opened_) return std::string(step_phrase(step_)) + ": " + text;
  return std::string(phrase(timing_)) + ": " + text;
}

std::vector<std::string> Narrator::opening(const std::vector<Event>& events) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < events.size();) tell(events, i, out);
  return out;
}

std::vector<std::string> Narrator::step(const State& before, const Action& action,
                                        const std::vector<Event>& events) {
  std::vector<std::string> out;
  const std::string line = action_line(before, action);
  if (!line.empty()) out.push_back(line);
  for (std::size_t i = 0; i < events.size();) tell(events, i, out);
  if (out.empty()) out.push_back(prefixed(std::string(name(action.type))));
  return out;
}

/// Actions whose events already tell them (activations, declarations, replay
/// choices) get no line of their own.
std::string Narrator::action_line(const State& before, const Action& action) const {
  const std::string where = std::string(phrase(before.timing)) + ": ";
  const std::string who = player_label(before.priority);
  switch (action.type) {
    case ActionType::Pass: return where + who + " passes";
    case ActionType::EnterBattlePhase: return where + who + " enters the Battle Phase";
    case ActionType::SkipBattlePhase: return where + who + " skips the Battle Phase";
    case ActionType::SkipToEndStep: return where + who + " goes from the Start Step straight to the End Step";
    default: return "";
  }
}

void Narrator::tell(const std::vector<Event>& events, std::size_t& i, std::vector<std::string>& out) {
  const Event& e = events[i];
  if (e.type == EventType::DamageCalculation) {
    out.push_back(prefixed(damage_calculation(events, i)));
    return;
  }
  ++i;
  if (e.type == EventType::StepEnter) {
    step_ = e.step;
    step_opened_ = true;  // until the step's first timing window opens
    out.push_back("-- " + std::string(step_phrase(e.step)) + " --");
    return;
  }
  const std::string text = event_text(e);
  if (!text.empty()) out.push_back(prefixed(text));
}

/// Damage calculation and its immediate results on one line (S0 §6.3.4.3.3).
std::string Narrator::damage_calculation(const std::vector<Event>& events, std::size_t& i) const {
  const Event& e = events[i++];
  std::string text = monster(e.slot) + " (" + std::to_string(e.value) + ")";
  if (e.mode == CalcMode::Direct) {
    text += " attacks directly";
  } else {
    text += " vs " + monster(e.target) + (e.mode == CalcMode::VsDefense ? " (DEF " : " (ATK ") +
            std::to_string(e.value2) + ")";
  }
  std::string results;
  for (; i < events.size(); ++i) {
    const Event& r = events[i];
    if (r.type == EventType::BattleDamage) {
      results += (results.empty() ? "" : ", ") + player_label(r.player) + " takes " +
                 std::to_string(r.value) + " battle damage";
    } else if (r.type == EventType::DestroyConfirmed) {
      results += (results.empty() ? "" : ", ") + slot_label(r.slot) + " destroyed by battle";
    } else {
      break;
    }
  }
  return text + ": " + (results.empty() ? "no battle damage, nothing destroyed" : results);
}

/// Text of one event, updating the narrator's board; empty for bookkeeping events.
std::string Narrator::event_text(const Event& e) {
  switch (e.type) {
    case EventType::TimingEnter:
      timing_ = e.timing;
      step_opened_ = false;
      return "";
    case EventType::Priority: return "";
    case EventType::AttackDeclared:
      if (e.target == kDirect) return monster(e.slot) + " declares a direct attack";
      return monster(e.slot) + " declares an attack on " + monster(e.target);
    case EventType::AttackNegated: return "the attack of " + monster(e.slot) + " is negated (no Damage Step)";
    case EventType::AttackStopped: return "the attack of " + monster(e.slot) + " ends without a Damage Step";
    case EventType::Replay:
      return "replay: the attacked player's monster count changed, or the attack may no longer go to its target; " +
             monster(e.slot) + " may choose again";
    case EventType::ReplayChoice:
      if (e.target == kDirect) return monster(e.slot) + " attacks directly instead (replay, not a declaration)";
      if (e.target >= kSlotCount) return monster(e.slot) + " does not attack (replay)";
      return monster(e.slot) + " attacks " + monster(e.target) + " instead (replay, not a declaration)";
    case EventType::DamageStepBegin: return monster(e.slot) + " now counts as having attacked";
    case EventType::FlippedFaceUp: return monster(e.slot) + " is flipped face-up";
    case EventType::Activate: {
      std::string text = player_label(e.player) + " activates " + card(e.card) + " (" +
                         std::string(name(e.kind)) + "), chain link " + std::to_string(e.link);
      if (is_card_target(e.target)) text += ", targeting " + card(card_of_target(e.target));
      else if (e.target != kNoSlot) text += ", targeting " + monster(e.target);
      return text;
    }
    case EventType::Negated:
      return "chain link " + std::to_string(e.link) +
             (e.negation == Negation::Activation ? ": activation negated" : ": effect negated");
    case EventType::Resolve: return "chain link " + std::to_string(e.link) + " resolves (" + card(e.card) + ")";
    case EventType::ChainEnd: return "the chain has resolved";
    case EventType::NoDamageCalculation: return "no damage calculation (a battling monster is gone)";
    case EventType::BattleDamage:
      return player_label(e.player) + " takes " + std::to_string(e.value) + " battle damage";
    case EventType::DestroyConfirmed: return monster(e.slot) + " destroyed by battle";
    case EventType::LeftField: {
      if (e.slot < kSlotCount && e.monster != kNoMonster) zones_[e.slot] = e.monster;
      std::string text = monster(e.slot);
      if (e.slot < kSlotCount) zones_[e.slot] = kNoMonster;
      if (e.reason == LeaveReason::Battle) return text + " sent to the Graveyard (destroyed by battle)";
      if (e.reason == LeaveReason::EffectDestroy) return text + " destroyed by an effect and sent to the Graveyard";
      if (e.reason == LeaveReason::ReturnToHand) return text + " returned to the hand";
      if (e.reason == LeaveReason::Cost) return text + " Tributed as a cost";
      return text + " banished";
    }
    case EventType::Summoned:
      if (e.slot < kSlotCount) zones_[e.slot] = e.monster;
      return player_label(e.player) + " special summons " + monster(e.slot);
    case EventType::PositionChanged: return monster(e.slot) + " changed to " + position_phrase(e.position);
    case EventType::BattlePhaseEnded: return "an effect ends the Battle Phase";
    case EventType::StatChanged:
      return monster(e.slot) + " now has " + std::to_string(e.value) + " ATK / " + std::to_string(e.value2) + " DEF " +
             duration_phrase(e.duration);
    case EventType::ChangeExpired:
      return monster(e.slot) + "'s change until the end of the Battle Phase ends: " + std::to_string(e.value) +
             " ATK / " + std::to_string(e.value2) + " DEF again";
    case EventType::NormalSummoned:
      if (e.slot < kSlotCount) zones_[e.slot] = e.monster;
      return player_label(e.player) + " Normal Summons " + monster(e.slot);
    case EventType::FlipSummoned: return player_label(e.player) + " Flip Summons " + monster(e.slot);
    case EventType::AttackForbidden: return monster(e.slot) + " cannot attack for the rest of the turn";
    case EventType::AttackTargetForced:
      return "for the rest of the turn the opponent's monsters can attack only " + monster(e.slot);
    case EventType::ControlChanged:
      return player_label(e.player) + " takes control of " + monster(e.slot) + " (now in " + slot_name(e.target) + ")";
    case EventType::CardDestroyed:
      return player_label(e.player) + "'s " + card(e.card) +
             (e.reason == LeaveReason::ReturnToHand ? " returns to the hand"
              : e.reason == LeaveReason::Banish     ? " is banished"
                                                    : " is destroyed");
    case EventType::LifePointsChanged:
      return player_label(e.player) + (e.value < 0 ? " takes " + std::to_string(-e.value) + " damage from an effect"
                                                   : " gains " + std::to_string(e.value) + " Life Points");
    default: return "";
  }
}

}  // namespace bc
