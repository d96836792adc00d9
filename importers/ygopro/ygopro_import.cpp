/// Driving the import: turns and phases, timing hints and the selection
/// messages that become `offered` records (docs/engines/ygopro.md).
#include "importers/ygopro/ygopro_import.hpp"

#include "importers/ygopro/ygopro_mapper.hpp"

namespace bc::ygopro {

EventTypeMask importer_omits() {
  // The cores' message streams show no ATK/DEF changes (a client asks for them);
  // their summon messages are not read (the import follows the Battle Phase).
  return event_bit(EventType::Priority) | event_bit(EventType::BattlePhaseEnded) | kVersion2Events | kVersion3Events;
}

namespace detail {

namespace {
/// ygopro-core phases (constant.lua PHASE_*).
constexpr std::uint64_t kPhaseMain1 = 0x04, kPhaseBattleStart = 0x08, kPhaseBattleStep = 0x10,
                        kPhaseBattle = 0x80, kPhaseMain2 = 0x100, kPhaseEnd = 0x200;
constexpr std::uint8_t kHintEvent = 1;
}  // namespace

bool Mapper::fail(const Message& m, const std::string& what) {
  out_.error = DecodeError{m.offset, message_name(m.code) + ": " + what};
  return false;
}

void Mapper::warn(const std::string& what) {
  if (out_.warnings.size() < 100) out_.warnings.push_back(what);
}

void Mapper::push(const Event& e) {
  if (post_chain_ && timing_ == Timing::BattleStepOpen && !attack_) keep_post_chain_round();
  if (displaced_prompt_ && *displaced_prompt_ + 1 == out_.records.size() && e.type == EventType::Activate) {
    out_.records.pop_back();
    out_.offsets.pop_back();
    ++out_.dropped_prompts;
  }
  displaced_prompt_.reset();
  TraceRecord r;
  r.kind = RecordKind::Event;
  r.event = e;
  r.line = out_.records.size() + 2;
  out_.records.push_back(std::move(r));
  out_.offsets.push_back(offset_);
  post_chain_ = false;
  post_chain_offers_.clear();
  declaration_round_at_.reset();
  note_outcome();
}

void Mapper::push_offered(Offered o) {
  TraceRecord r;
  r.kind = RecordKind::Offered;
  r.offered = o;
  r.line = out_.records.size() + 2;
  out_.records.push_back(std::move(r));
  out_.offsets.push_back(offset_);
}

/// Enter a window the way the model does: step_enter when the step changes
/// (damage_step_begin right after it for the Damage Step), then timing_enter.
void Mapper::enter(Timing t) {
  declaration_round_ = false;
  if (t == Timing::EndStep) undo_declaration_round();
  if (step_of(t) != step_) {
    step_ = step_of(t);
    Event s;
    s.type = EventType::StepEnter;
    s.step = step_;
    push(s);
    if (step_ == Step::DamageStep) {
      Event d;
      d.type = EventType::DamageStepBegin;
      d.slot = attacker_;
      d.target = target_;
      push(d);
    }
  }
  timing_ = t;
  Event e;
  e.type = EventType::TimingEnter;
  e.timing = t;
  push(e);
}

void Mapper::on_new_turn(const Message& m) {
  counted_ = false;
  if (stage_ != Stage::BeforeBattle) {
    stage_ = Stage::Done;
    return;
  }
  turn_player_ = m.player & 1;
  early_.clear();        // an earlier turn's chains left nothing the model tracks for this one
  out_.records.clear();  // a turn without a Battle Phase is not imported
  out_.offsets.clear();
  step_ = Step::MainPhase1;
  timing_ = Timing::MainPhase1;
  Event s;
  s.type = EventType::StepEnter;
  s.step = Step::MainPhase1;
  push(s);
  Event t;
  t.type = EventType::TimingEnter;
  t.timing = Timing::MainPhase1;
  push(t);
}

void Mapper::on_phase(const Message& m) {
  const std::uint64_t phase = m.data;
  const bool battle_begins = (phase == kPhaseBattleStart || phase == kPhaseBattleStep) && !counted_;
  if (battle_begins) {
    counted_ = true;
    ++out_.battle_phases;
  }
  if (stage_ == Stage::BeforeBattle) {
    // An earlier Battle Phase than the one asked for only moves the board.
    if (!battle_begins || out_.battle_phases != wanted_) return;
    stage_ = Stage::InBattle;
    out_.battle_phase_found = true;
    build_scenario();
    mark_resolved_before();
    enter(phase == kPhaseBattleStart ? Timing::StartStep : Timing::BattleStepOpen);
    return;
  }
  if (stage_ != Stage::InBattle) return;
  if (phase == kPhaseBattleStep && timing_ == Timing::StartStep) enter(Timing::BattleStepOpen);
  if (phase == kPhaseBattle && step_ != Step::EndStep) enter(Timing::EndStep);
  if (phase == kPhaseMain2 || phase == kPhaseEnd) {
    flush_battle_leaves();
    if (step_ != Step::EndStep) enter(Timing::EndStep);  // the engine's Battle Phase ended here
    enter(phase == kPhaseMain2 ? Timing::MainPhase2 : Timing::EndPhase);
    stage_ = Stage::Done;
  }
  (void)kPhaseMain1;
}

/// MSG_HINT type 1 (HINT_EVENT) names the window the engine is asking in:
/// 24 the Battle Step, 40-44 the five Damage Step timings, 25 a prompt of
/// the End Step (the phase is PHASE_BATTLE). 29 is not a window of its own:
/// the turn player chose to leave the Battle Step and the core asks the
/// opponent in the open Battle Step (phase still PHASE_BATTLE_STEP, timing
/// TIMING_BATTLE_STEP_END); a chain there returns to the turn player's
/// battle command (processor.cpp, field::process_battle_command, steps 40-41).
void Mapper::on_hint(const Message& m) {
  if (stage_ != Stage::InBattle || m.hint_type != kHintEvent) return;
  if (m.data == 29) battle_step_ending_ = true;
  Timing t;
  switch (m.data) {
    case 24: t = Timing::BattleStep; break;
    case 25: t = Timing::EndStep; break;
    case 29: t = Timing::BattleStepOpen; break;
    case 40: t = Timing::StartOfDamageStep; break;
    case 41: t = Timing::BeforeDamageCalculation; break;
    case 42: t = Timing::DamageCalculation; break;
    case 43: t = Timing::AfterDamageCalculation; break;
    case 44: t = Timing::EndOfDamageStep; break;
    default: return;
  }
  if (t == timing_) return;  // the engine hints each player: one window
  if (t == Timing::BattleStep && !attack_) return;
  if (t == Timing::AfterDamageCalculation && !calc_seen_) {
    Event n;
    n.type = EventType::NoDamageCalculation;
    push(n);
    calc_seen_ = true;
  }
  enter(t);
  flush_flip();
  if (t == Timing::EndOfDamageStep) flush_battle_leaves();
}

void Mapper::on_battle_cmd(const Message& m) {
  if (stage_ != Stage::InBattle) return;
  battle_step_ending_ = false;
  drop_post_chain_round();
  // The Battle Step's round after a chain that ended the attack at its
  // declaration, when the core prompted no one in it.
  if (attack_ && timing_ == Timing::AttackDeclaration) enter(Timing::BattleStep);
  if (attack_) end_attack_without_damage_step();
  if (timing_ != Timing::BattleStepOpen) enter(Timing::BattleStepOpen);
  Offered o;
  o.player = side(m.player);
  o.has_timing = true;
  o.timing = timing_;
  if (m.to_main2 || m.to_end) o.actions.push(Action{ActionType::Pass});
  for (const Choice& c : m.attackers) {
    const std::uint8_t a = slot(c.where);
    if (a != kNoSlot) o.actions.push(Action{ActionType::DeclareAttack, kNoCard, a, kNoSlot});
  }
  for (const Choice& c : m.activations) {
    const std::uint8_t card = ensure_card(c.code, c.where);
    if (card == kNoCard) continue;
    o.actions.push(Action{ActionType::Activate, card});
  }
  push_offered(o);
  asked_ = Asked::AttackTarget;
}

void Mapper::on_idle_cmd(const Message& m) {
  if (stage_ != Stage::BeforeBattle || step_ != Step::MainPhase1) return;
  Offered o;
  o.player = side(m.player);
  o.has_timing = true;
  o.timing = Timing::MainPhase1;
  if (m.to_battle) o.actions.push(Action{ActionType::EnterBattlePhase});
  if (m.to_end) o.actions.push(Action{ActionType::SkipBattlePhase});
  push_offered(o);
}

void Mapper::on_chain_offer(const Message& m) {
  if (stage_ != Stage::InBattle) return;
  // The cores' prompt after the declaration's chain opens the Battle Step's
  // round; a prompt inside a new chain (the triggers that chain answered,
  // Coffin Seller's after Mirror Force) is still the declaration window's.
  if (declaration_round_ && timing_ == Timing::AttackDeclaration && links_[1].card == kNoCard) {
    enter(Timing::BattleStep);
    declaration_round_at_ = out_.records.size() - 1;
  }
  Offered o;
  o.player = side(m.player);
  o.has_timing = true;
  o.timing = timing_;
  if (!m.forced) o.actions.push(Action{ActionType::Pass});
  bool hand_trigger = false;
  for (const Choice& c : m.activations) {
    const std::uint8_t card = ensure_card(c.code, c.where);
    if (card == kNoCard) continue;
    o.actions.push(Action{ActionType::Activate, card});
    hand_trigger = hand_trigger || (c.where.location == loc::kHand && scenario_.cards[card].term.activation == Activation::Trigger);
  }
  if (hand_trigger && offer_before_pass_only(o)) return;
  // In the Start Step and the End Step the core's phase loop prompts again
  // after its post-chain round (processor.cpp, process_phase_event): that
  // round, both passing, was the core's own, and the loop's prompts are the
  // model's priority after the chain.
  if (post_chain_ && phase_loop_window() && post_chain_offers_.size() == 2) drop_post_chain_round();
  push_offered(o);
  if (post_chain_ && ((timing_ == Timing::BattleStepOpen && !attack_) || phase_loop_window()))
    post_chain_offers_.push_back(out_.records.size() - 1);
}

/// After a chain ends in the Start Step or the End Step, both cores ask the
/// turn player, then the opponent (the post-chain round), and then their
/// phase loop (processor.cpp, process_phase_event) resumes with the player
/// who started the chain, prompting only a player with something to activate.
/// After a chain ends in the open Battle Step both cores ask the turn player,
/// then the opponent, whether to chain (SELECT_CHAIN), and only then send the
/// turn player's battle command (processor.cpp, the chain's end and
/// field::process_battle_command step 0). In the rules the turn player holds
/// priority after the resolution (S1 §战斗步骤): the battle command is that
/// priority, and a round in which both passed is the core's own prompt, not
/// two passes that end the step. It is dropped; a round in which someone
/// activates stays (any event ends it).
void Mapper::drop_post_chain_round() {
  const std::size_t n = post_chain_offers_.size();
  bool tail = n > 0 && n <= out_.records.size();
  for (std::size_t i = 0; tail && i < n; ++i) tail = post_chain_offers_[i] == out_.records.size() - n + i;
  if (tail) {
    out_.records.resize(out_.records.size() - n);
    out_.offsets.resize(out_.offsets.size() - n);
    out_.dropped_prompts += n;
  }
  post_chain_ = false;
  post_chain_offers_.clear();
}

/// A post-chain round in the open Battle Step in which someone activates
/// stays (drop_post_chain_round), but the turn player's chain prompt in it,
/// declined, is no priority of the model's: the core asks only whether to
/// chain (no attack declaration in it), and the model's priority after the
/// chain (the battle command, with its declarations) is what the turn player
/// passed. That prompt is dropped; the pass stays, the action that shows no
/// event between the chain's end and the opponent's prompt.
void Mapper::keep_post_chain_round() {
  const std::size_t n = post_chain_offers_.size();
  if (n == 0 || post_chain_offers_.front() != out_.records.size() - n) return;
  const TraceRecord& first = out_.records[post_chain_offers_.front()];
  if (first.offered.player != Player::P1) return;
  for (const Action& a : first.offered.actions)
    if (a.type != ActionType::Pass) return;  // it could have chained: its offer stays
  const std::size_t at = post_chain_offers_.front();
  out_.records.erase(out_.records.begin() + static_cast<std::ptrdiff_t>(at));
  out_.offsets.erase(out_.offsets.begin() + static_cast<std::ptrdiff_t>(at));
  for (std::size_t i = at; i < out_.records.size(); ++i) out_.records[i].line = i + 2;
  ++out_.dropped_prompts;
}

namespace {
/// Codes the mapping reads; the decoder passes the others on with only their code set.
bool mapped(std::uint8_t code) {
  switch (code) {
    case msg::kNewTurn: case msg::kNewPhase: case msg::kHint: case msg::kSelectBattleCmd: case msg::kSelectIdleCmd:
    case msg::kSelectChain: case msg::kSelectCard: case msg::kSelectYesNo: case msg::kAttack: case msg::kBattle:
    case msg::kDamage: case msg::kRecover: case msg::kMove: case msg::kPosChange: case msg::kChaining: case msg::kChainSolving:
    case msg::kChainSolved: case msg::kChainEnd: case msg::kChainNegated: case msg::kChainDisabled:
    case msg::kAttackDisabled: case msg::kDamageStepStart: case msg::kDamageStepEnd: case msg::kChained:
    case msg::kBecomeTarget: return true;
    default: return false;
  }
}
}  // namespace

bool Mapper::handle(const Message& m) {
  // A message the mapping does not read (a card hint...) leaves the
  // damage of the MSG_BATTLE before it still open.
  if (calc_open_ && m.code != msg::kDamage && m.code != msg::kRecover && mapped(m.code))
    flush_confirmed();  // belongs to the MSG_BATTLE before
  offset_ = m.offset;
  switch (m.code) {
    case msg::kNewTurn: on_new_turn(m); return true;
    case msg::kNewPhase: on_phase(m); return true;
    case msg::kHint: on_hint(m); return true;
    case msg::kSelectBattleCmd: on_battle_cmd(m); return true;
    case msg::kSelectIdleCmd: on_idle_cmd(m); return true;
    case msg::kSelectChain: on_chain_offer(m); return true;
    case msg::kSelectCard: on_select_card(m); return true;
    case msg::kSelectYesNo: on_yes_no(m); return true;
    case msg::kAttack: return on_attack(m);
    case msg::kBattle: on_battle(m); return true;
    case msg::kDamage: on_damage(m); return true;
    case msg::kRecover: on_damage(m); return true;
    case msg::kMove: return on_move(m);
    case msg::kPosChange: on_position(m); return true;
    case msg::kChaining: return on_chaining(m);
    case msg::kBecomeTarget: on_become_target(m); return true;
    case msg::kChained: activating_ = early_activating_ = 0; return true;
    case msg::kChainSolving: case msg::kChainSolved: case msg::kChainEnd: case msg::kChainNegated:
    case msg::kChainDisabled: case msg::kAttackDisabled: on_chain(m); return true;
    case msg::kDamageStepStart:
      if (stage_ != Stage::InBattle) return true;
      calc_seen_ = false;
      enter(Timing::StartOfDamageStep);
      return true;
    case msg::kDamageStepEnd:
      if (stage_ != Stage::InBattle) return true;
      flush_flip();
      flush_battle_leaves();
      attack_ = false;
      attacker_ = target_ = kNoSlot;
      if (!phase_ended_in_damage_step_) enter(Timing::BattleStepOpen);  // else on to the End Step (on_phase)
      return true;
    default: return true;
  }
}

void Mapper::finish() {
  flush_confirmed();
  finalize_cards();
  out_.card_codes = card_codes_;
  out_.turn_player = turn_player_;
}

}  // namespace detail

ImportResult import_stream(std::span<const std::uint8_t> bytes, const CardFile& cards, const ImportOptions& options) {
  ImportResult out;
  out.header.version = 1;
  out.header.ruleset = options.ruleset;
  out.header.omits = importer_omits();
  std::optional<Framing> framing = options.framing ? options.framing : detect_framing(bytes);
  if (!framing) {
    out.error = DecodeError{0, "cannot tell the framing from the first records; give --framing fluoro|edo"};
    return out;
  }
  out.framing = *framing;
  out.records.reserve(bytes.size() / 8);
  detail::Mapper mapper(cards, out, options.battle_phase);
  Decoder decoder(bytes, *framing);
  Message m;
  while (decoder.next(m))
    if (!mapper.handle(m)) break;
  if (!out.error && decoder.error()) out.error = decoder.error();
  mapper.finish();
  out.messages = decoder.messages();
  if (!out.error && !out.battle_phase_found)
    out.error = DecodeError{bytes.size(), options.battle_phase == 1 ? "the stream holds no Battle Phase"
                                          : "the stream holds " + std::to_string(out.battle_phases) +
                                                " Battle Phases, not " + std::to_string(options.battle_phase)};
  return out;
}

}  // namespace bc::ygopro
