// Implementation of the test-only trace builder (trace_builder.hpp).
#include <algorithm>

#include "model/library/presets.hpp"
#include "tests/properties/trace_builder.hpp"

namespace bc::test {

Scenario test_scenario() {
  Scenario s;
  s.name = "properties-test";
  s.monsters = {{"Warrior", 1800, 1000}, {"Knight", 1200, 1200}, {"Guard", 1000, 2000},
                {"Dragon", 1500, 1200},  {"Bug", 300, 1300},     {"Token", 0, 0}};
  s.board[0][0] = {kWarrior, Position::FaceUpAttack};
  s.board[0][1] = {kKnight, Position::FaceUpAttack};
  s.board[0][2] = {kGuard, Position::FaceUpDefense};
  s.board[1][0] = {kDragon, Position::FaceUpAttack};
  s.board[1][1] = {kBug, Position::FaceDownDefense};
  auto card = [&](std::string name, EffectKind k, Player owner, std::uint8_t host = kNoMonster) {
    CardSpec c;
    c.name = std::move(name);
    c.kind = k;
    c.owner = owner;
    c.host = host;
    s.cards.push_back(c);
    return &s.cards.back();
  };
  card("Divine Wrath", EffectKind::CounterTrap, Player::P2);
  card("Rush Recklessly", EffectKind::AtkChangeQuick, Player::P1)->value = 700;
  card("Injection Fairy Lily", EffectKind::DamageCalcAtkChange, Player::P1, kWarrior)->value = 3000;
  card("Kuriboh", EffectKind::DamageCalcNoDamage, Player::P2);
  card("Stardust Dragon", EffectKind::NegateActivationQuick, Player::P2, kDragon);
  card("Shooting Star Dragon", EffectKind::NegateEffectQuick, Player::P2, kDragon);
  card("Negate Attack", EffectKind::AttackNegateTrap, Player::P2);
  card("Sakuretsu Armor", EffectKind::AttackDestroyTrap, Player::P2);
  card("Call of the Haunted", EffectKind::SpecialSummonQuick, Player::P2)->summons = kToken;
  card("Compulsory Evacuation Device", EffectKind::RemoveMonsterQuick, Player::P1);
  card("Battle Fader", EffectKind::EndBattlePhaseQuick, Player::P2);
  card("Mystic Swordsman LV2", EffectKind::DestroyNoCalcTrigger, Player::P1, kWarrior);
  card("Man-Eater Bug", EffectKind::FlipTrigger, Player::P2, kBug);
  card("Spirit Reaper", EffectKind::BattleDamageTrigger, Player::P1, kWarrior);
  card("Goblin Attack Force", EffectKind::EndOfBattleTrigger, Player::P1, kKnight)->condition = Condition::HostAttacked;
  card("Gladiator Beast", EffectKind::EndOfBattleTrigger, Player::P1, kWarrior)->condition = Condition::HostBattled;
  for (CardSpec& c : s.cards) fill_preset_term(c);
  // Gladiator Beasts' "at the end of the Battle Phase" is optional ("you can"),
  // unlike Goblin Attack Force's: the traces here may leave it unused.
  s.cards.back().term.mandatory = false;
  // Spirit Reaper's battle-damage trigger is made optional here too, so that the
  // traces may show a battle without it; mandatory_triggers_activate has its
  // own boards (test_obligations.cpp).
  s.cards[kReaper].term.mandatory = false;
  return s;
}

Trace::Trace(Scenario sc) : sc_(std::move(sc)) {
  add(make(EventType::StepEnter));
  add(make(EventType::TimingEnter));
}

Event Trace::make(EventType t) const {
  Event e;
  e.type = t;
  return e;
}

std::uint8_t Trace::host_slot(std::uint8_t card) const {
  const std::uint8_t host = sc_.cards[card].host;
  if (host == kNoMonster) return kNoSlot;
  for (int side = 0; side < 2; ++side)
    for (int z = 0; z < kZonesPerSide; ++z)
      if (sc_.board[side][z].monster == host) return slot_of(static_cast<Player>(side), z);
  return kNoSlot;
}

Trace& Trace::add(const Event& e) {
  events_.push_back(e);
  annotate_effects(events_.back(), sc_);
  return *this;
}

Trace& Trace::step(Step s) {
  Event e = make(EventType::StepEnter);
  e.step = s;
  step_ = s;
  return add(e);
}

Trace& Trace::timing(Timing t) {
  Event e = make(EventType::TimingEnter);
  e.timing = t;
  return add(e);
}

Trace& Trace::enter(Timing t) {
  // The turn player's pass in the open Battle Step gives the opponent priority before the End Step
  // (S1 §战斗步骤); step() and timing() write the events as given.
  const auto last_timing = std::find_if(events_.rbegin(), events_.rend(),
                                        [](const Event& e) { return e.type == EventType::TimingEnter; });
  const bool turn_passed = t == Timing::EndStep && !events_.empty() && events_.back().type == EventType::Priority &&
                           events_.back().player == Player::P1 && last_timing != events_.rend() &&
                           last_timing->timing == Timing::BattleStepOpen;
  if (turn_passed) priority(Player::P2);
  if (step_of(t) != step_) step(step_of(t));
  return timing(t);
}

Trace& Trace::priority(Player p) {
  Event e = make(EventType::Priority);
  e.player = p;
  return add(e);
}

Trace& Trace::declared(std::uint8_t attacker, std::uint8_t target) {
  attacker_ = attacker;
  target_ = target;
  Event e = make(EventType::AttackDeclared);
  e.slot = attacker;
  e.target = target;
  return add(e);
}

Trace& Trace::attack_negated() {
  Event e = make(EventType::AttackNegated);
  e.slot = attacker_;
  return add(e);
}

Trace& Trace::attack_stopped() {
  Event e = make(EventType::AttackStopped);
  e.slot = attacker_;
  return add(e);
}

Trace& Trace::replay() {
  Event e = make(EventType::Replay);
  e.slot = attacker_;
  return add(e);
}

Trace& Trace::replay_choice(std::uint8_t target) {
  Event e = make(EventType::ReplayChoice);
  e.slot = attacker_;
  e.target = target;
  if (target != kNoSlot) target_ = target;
  return add(e);
}

Trace& Trace::damage_step_begin() {
  Event e = make(EventType::DamageStepBegin);
  e.slot = attacker_;
  e.target = target_;
  return add(e);
}

Trace& Trace::flipped(std::uint8_t slot) {
  Event e = make(EventType::FlippedFaceUp);
  e.slot = slot;
  return add(e);
}

Trace& Trace::negated(std::uint8_t link, Negation n) {
  Event e = make(EventType::Negated);
  e.link = link;
  e.negation = n;
  return add(e);
}

Trace& Trace::calc(CalcMode mode, int value, int value2) {
  return calc(attacker_, mode == CalcMode::Direct ? kDirect : target_, mode, value, value2);
}

Trace& Trace::calc(std::uint8_t attacker, std::uint8_t target, CalcMode mode, int value, int value2) {
  Event e = make(EventType::DamageCalculation);
  e.slot = attacker;
  e.target = target;
  e.mode = mode;
  e.value = value;
  e.value2 = value2;
  return add(e);
}

Trace& Trace::no_calc() { return add(make(EventType::NoDamageCalculation)); }

Trace& Trace::damage(Player p, int value) {
  Event e = make(EventType::BattleDamage);
  e.player = p;
  e.value = value;
  return add(e);
}

Trace& Trace::destroyed(std::uint8_t slot) {
  Event e = make(EventType::DestroyConfirmed);
  e.slot = slot;
  return add(e);
}

Trace& Trace::left(std::uint8_t slot, LeaveReason r) {
  Event e = make(EventType::LeftField);
  e.slot = slot;
  e.reason = r;
  return add(e);
}

Trace& Trace::summoned(std::uint8_t slot, Player p, Position pos) {
  Event e = make(EventType::Summoned);
  e.slot = slot;
  e.player = p;
  e.monster = kToken;
  e.position = pos;
  return add(e);
}

Trace& Trace::summon_by(EventType type, std::uint8_t slot, Player p, std::uint8_t monster) {
  Event e = make(type);
  e.slot = slot, e.player = p, e.monster = monster;
  return add(e);
}

Trace& Trace::position_changed(std::uint8_t slot, Position pos) {
  Event e = make(EventType::PositionChanged);
  e.slot = slot;
  e.position = pos;
  return add(e);
}

Trace& Trace::battle_phase_ended() { return add(make(EventType::BattlePhaseEnded)); }

Trace& Trace::push_link(Player p, EffectKind k, std::uint8_t card, std::uint8_t host, std::uint8_t target, bool give) {
  if (resolved_ == chain_.size() && resolved_ > 0) {
    chain_.clear();
    resolved_ = 0;
  }
  chain_.push_back({card, k, p});
  Event e = make(EventType::Activate);
  e.player = p;
  e.card = card;
  e.kind = k;
  e.link = static_cast<std::uint8_t>(chain_.size());
  e.target = target;
  e.slot = host;
  add(e);
  return give ? priority(other(p)) : *this;
}

Trace& Trace::activate(Card card, std::uint8_t target) {
  const CardSpec& c = sc_.cards[card];
  return push_link(c.owner, c.kind, card, host_slot(card), target, true);
}

Trace& Trace::activate_kind(Player p, EffectKind k, std::uint8_t host, std::uint8_t target) {
  return push_link(p, k, kNoCard, host, target, true);
}

Trace& Trace::trigger(Card card, std::uint8_t target) {
  const CardSpec& c = sc_.cards[card];
  return push_link(c.owner, c.kind, card, host_slot(card), target, false);
}

Trace& Trace::trigger_kind(Player p, EffectKind k, std::uint8_t host, std::uint8_t target) {
  return push_link(p, k, kNoCard, host, target, false);
}

Trace& Trace::resolve_link() {
  const std::size_t i = chain_.size() - 1 - resolved_;
  ++resolved_;
  Event e = make(EventType::Resolve);
  e.link = static_cast<std::uint8_t>(i + 1);
  e.card = chain_[i].card;
  e.kind = chain_[i].kind;
  e.player = chain_[i].player;
  return add(e);
}

Trace& Trace::chain_end() {
  chain_.clear();
  resolved_ = 0;
  return add(make(EventType::ChainEnd));
}

Trace& Trace::resolve() {
  while (resolved_ < chain_.size()) resolve_link();
  return chain_end();
}

Trace& Trace::passes() { return priority(Player::P1).priority(Player::P2); }

Trace& Trace::window(Timing t) { return enter(t).passes(); }

Trace& Trace::to_battle_step() { return window(Timing::StartStep).open(); }

Trace& Trace::open() { return enter(Timing::BattleStepOpen).priority(Player::P1); }

}  // namespace bc::test
