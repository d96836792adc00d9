/// The board the importer tracks from the start of the duel, and the
/// scenario (header) built from it when the Battle Phase starts
/// (docs/engines/ygopro.md, "Scenario").
#include <algorithm>
#include <bit>

#include "model/library/presets.hpp"
#include "model/library/term_check.hpp"
#include "importers/ygopro/ygopro_mapper.hpp"

namespace bc::ygopro::detail {

namespace {
Position model_position(std::uint32_t p) {
  if (p & pos::kFaceUpAttack) return Position::FaceUpAttack;
  if (p & pos::kFaceUpDefense) return Position::FaceUpDefense;
  return Position::FaceDownDefense;  // face-down defense (and face-down attack, which no rule leaves on the field)
}

/// A monster's printed Level and Type from the cards file (cards.cdb's
/// `level` and `race`), as the header states them for the locks that read
/// them (docs/effects.md). The cores' RACE_* flags go in MonsterType's order
/// (RACE_WARRIOR 0x1 is Warrior, ... RACE_ILLUSION 0x2000000 Illusion).
/// An Xyz Monster's Rank and a Link Monster's Rating are no Level (TYPE_XYZ
/// 0x800000, TYPE_LINK 0x4000000); a race that is not one flag is left out.
/// The Attribute likewise: ATTRIBUTE_EARTH 0x1 is Earth, ... ATTRIBUTE_DIVINE 0x40 Divine.
void printed_level_and_type(const EngineCard& c, MonsterSpec& spec) {
  const bool no_level = (c.type & (0x800000u | 0x4000000u)) != 0;
  if (!no_level && c.level >= 1 && c.level <= kMaxLevel) spec.level = static_cast<std::uint8_t>(c.level);
  if (c.attribute != 0 && (c.attribute & (c.attribute - 1)) == 0 && std::countr_zero(c.attribute) + 1 < kMonsterAttributeCount)
    spec.attribute = static_cast<MonsterAttribute>(std::countr_zero(c.attribute) + 1);
  if (c.race == 0 || (c.race & (c.race - 1)) != 0) return;
  const int bit = std::countr_zero(c.race);
  if (bit + 1 < kMonsterTypeCount) spec.type = static_cast<MonsterType>(bit + 1);
}
}  // namespace

Mapper::Mapper(const CardFile& cards, ImportResult& out, int battle_phase)
    : cards_(cards), out_(out), scenario_(out.header.scenario), wanted_(battle_phase) {
  reset_board();
}

void Mapper::reset_board() {
  for (auto& side : board_) side.fill(ZoneCard{});
  for (auto& side : spell_zone_) side.fill(0);
  reset_copies();
  for (const EngineCard& c : cards_.cards) {
    if (c.location == loc::kMzone && c.sequence < 7) board_[c.controller & 1][c.sequence] = ZoneCard{c.code, c.position};
    if (c.location == loc::kSzone && c.sequence < 8) spell_zone_[c.controller & 1][c.sequence] = c.code;
  }
}

std::uint8_t Mapper::spell_trap_target(const Location& where) const {
  if (where.location != loc::kSzone || where.controller > 1 || where.sequence >= 8) return kNoSlot;
  const std::uint32_t code = spell_zone_[where.controller][where.sequence];
  const std::uint8_t card = code ? card_of(engine_at(code, where), code, where.controller) : kNoCard;
  return card < kMaxCards ? card_target(card) : kNoSlot;
}

/// Only the resolving link's target: the model destroys a Spell or Trap only
/// so (Stepper::remove_card); a card destroyed otherwise (Call of the
/// Haunted when its monster leaves) leaves no event.
/// The model's reading of where a card is (Stepper::card_on_field): a card
/// whose link resolved in the chain still open is on its way to the
/// Graveyard unless it stays on the field, and so is one whose activation was
/// negated; a Spell never activated is read as in the hand. Those leave no event.
void Mapper::note_card_destroyed(const Message& m) {
  const std::uint8_t target = spell_trap_target(m.from);
  if (target == kNoSlot || resolving_ == 0 || out_.records[links_[resolving_].record].event.target != target) return;
  const std::uint8_t card = card_of_target(target);
  const CardSpec& c = scenario_.cards[card];
  if (c.term.card_type == CardType::Monster || c.host != kNoMonster || c.effect_of != kNoCard) return;
  for (const LinkInfo& l : links_)
    if (l.card == card && ((l.resolved && !c.stays_on_field) || l.activation_negated)) return;
  const bool activated = ((activated_ >> card) & 1u) || c.resolved_before;
  if (c.term.card_type == CardType::Spell && !activated && !c.set && c.term.activation != Activation::Continuous) return;
  Event e;
  e.type = EventType::CardDestroyed;
  e.card = card;
  e.player = side(m.from.controller);
  if (!(m.move_reason & reason::kDestroy))  // returned or banished by the link (Nightmare Penguin): the reason says so
    e.reason = m.to.location == loc::kHand ? LeaveReason::ReturnToHand : LeaveReason::Banish;
  push(e);
}

std::uint8_t Mapper::slot(const Location& l) const {
  if (l.location != loc::kMzone || l.controller > 1 || l.sequence >= 7) return kNoSlot;
  if (l.sequence < static_cast<std::uint32_t>(kZonesPerSide)) return slot_of(side(l.controller), static_cast<int>(l.sequence));
  const std::uint8_t z = extra_zone_[l.controller][l.sequence - kZonesPerSide];
  return z == kNoZone ? kNoSlot : slot_of(side(l.controller), z);
}

/// EDOPro's default duel mode has two Extra Monster Zones; the model has five
/// zones a side, which are only places: a monster in an Extra Monster Zone
/// stands in a main zone its controller leaves empty (the count of monsters,
/// which the rules read, is the same).
bool Mapper::map_extra_zone(std::uint8_t controller, std::uint32_t sequence) {
  if (controller > 1 || sequence < static_cast<std::uint32_t>(kZonesPerSide) || sequence >= 7) return true;
  std::uint8_t& mine = extra_zone_[controller][sequence - kZonesPerSide];
  if (mine != kNoZone) return true;
  const std::uint8_t other = extra_zone_[controller][kZonesPerSide + 1 - sequence];
  for (std::uint8_t z = 0; z < kZonesPerSide; ++z)
    if (board_[controller][z].code == 0 && z != other) {
      mine = z;
      return true;
    }
  return false;
}

void Mapper::track_move(const Message& m) {
  track_copies(m);
  if (m.from.location == loc::kMzone && m.from.sequence < 7 && m.from.controller < 2) {
    board_[m.from.controller][m.from.sequence] = ZoneCard{};
    if (m.from.sequence >= static_cast<std::uint32_t>(kZonesPerSide))
      extra_zone_[m.from.controller][m.from.sequence - kZonesPerSide] = kNoZone;
  }
  if (m.to.location == loc::kMzone && m.to.sequence < 7 && m.to.controller < 2)
    board_[m.to.controller][m.to.sequence] = ZoneCard{m.card, m.to.position};
  if (m.from.location == loc::kSzone && m.from.sequence < 8 && m.from.controller < 2)
    spell_zone_[m.from.controller][m.from.sequence] = 0;
  if (m.to.location == loc::kSzone && m.to.sequence < 8 && m.to.controller < 2)
    spell_zone_[m.to.controller][m.to.sequence] = m.card;
}

void Mapper::track_position(const Message& m) {
  if (m.from.location == loc::kMzone && m.from.sequence < 7 && m.from.controller < 2)
    board_[m.from.controller][m.from.sequence].position = m.to.position;
}

std::uint8_t Mapper::monster_index(std::uint32_t code) const {
  for (std::size_t i = 0; i < monster_codes_.size(); ++i)
    if (monster_codes_[i] == code) return static_cast<std::uint8_t>(i);
  return kNoMonster;
}

/// A monster a script creates during the duel (a token) that the cards file
/// does not list (docs/engines/ygopro.md, "Cards created during the duel"):
/// a monster of its own, named by its passcode, its ATK and DEF 0 until a
/// damage calculation shows them (learn_monster_stats). kNoMonster when the
/// model holds no more monsters.
std::uint8_t Mapper::learn_monster(std::uint32_t code) {
  if (monster_codes_.size() >= static_cast<std::size_t>(kMaxMonsterSpecs)) return kNoMonster;
  MonsterSpec spec;
  spec.name = "card " + std::to_string(code);
  scenario_.monsters.push_back(spec);
  monster_codes_.push_back(code);
  const auto index = static_cast<std::uint8_t>(monster_codes_.size() - 1);
  unknown_stats_.push_back(index);
  warn("monster " + std::to_string(code) + " is not in the cards file: a card a script created during the duel (a token), "
       "learnt from the stream; its ATK and DEF are taken from the damage calculation it is in (0 until then)");
  return index;
}

/// The ATK and DEF of a monster learnt from the stream, from the first damage
/// calculation it is in (MSG_BATTLE shows both battlers' ATK and DEF). So is
/// the ATK of a monster whose own ATK change is not read (EngineCard::open_own_atk),
/// when no resolved effect changed ATK this turn: its value then, as printed.
void Mapper::learn_monster_stats(const Message& m) {
  for (int i = 0; i < 2; ++i) {
    const Location& where = i == 0 ? m.attacker : m.target;
    if (where.location == 0 || where.controller > 1 || where.sequence >= 7) continue;
    const std::uint8_t monster = monster_index(board_[where.controller][where.sequence].code);
    if (const auto it = std::find(unknown_stats_.begin(), unknown_stats_.end(), monster); it != unknown_stats_.end()) {
      scenario_.monsters[monster].atk = std::max(0, static_cast<int>(m.atk[i]));
      scenario_.monsters[monster].def = std::max(0, static_cast<int>(m.def[i]));
      unknown_stats_.erase(it);
    }
    if (const auto it = std::find(open_own_atk_.begin(), open_own_atk_.end(), monster); it != open_own_atk_.end()) {
      if (atk_changes_ == 0) scenario_.monsters[monster].atk = std::max(0, static_cast<int>(m.atk[i]));
      open_own_atk_.erase(it);
    }
  }
}

std::uint8_t Mapper::card_index(std::uint32_t code, std::uint8_t controller) const {
  for (std::size_t i = 0; i < card_codes_.size(); ++i)
    if (card_codes_[i] == code && card_controllers_[i] == controller) return static_cast<std::uint8_t>(i);
  return kNoCard;
}

/// Scenario = the board now (turn player's side is P1), every monster of the
/// cards file as a monster spec (one per passcode: summons need one), and
/// every effect card with a kind. first_turn is false: the recordings run
/// with DUEL_ATTACK_FIRST_TURN, which gives turn 1 a Battle Phase
/// (docs/engines/ygopro.md, "First turn").
void Mapper::build_scenario() {
  Scenario& s = scenario_;
  s = Scenario{};
  s.name = cards_.run.empty() ? "ygopro-import" : cards_.run;
  s.description = "imported from a ygopro-core message stream; P1 = engine player " + std::to_string(turn_player_);
  s.first_turn = false;
  monster_codes_.clear();
  unknown_stats_.clear();
  open_own_atk_.clear();
  card_codes_.clear();
  card_controllers_.clear();
  card_engine_.clear();
  activated_ = 0;
  auto add_monster = [&](std::uint32_t code) {
    if (monster_index(code) != kNoMonster || monster_codes_.size() >= static_cast<std::size_t>(kMaxMonsterSpecs)) return;
    const auto it = std::find_if(cards_.cards.begin(), cards_.cards.end(), [&](const EngineCard& c) { return c.code == code; });
    MonsterSpec spec;
    spec.name = it != cards_.cards.end() ? it->name : std::to_string(code);
    spec.atk = it != cards_.cards.end() ? std::max(0, it->atk) : 0;
    spec.def = it != cards_.cards.end() ? std::max(0, it->def) : 0;
    if (it != cards_.cards.end()) printed_level_and_type(*it, spec);
    s.monsters.push_back(spec);
    monster_codes_.push_back(code);
    if (it != cards_.cards.end() && it->open_own_atk) {
      open_own_atk_.push_back(static_cast<std::uint8_t>(monster_codes_.size() - 1));
      warn("card " + std::to_string(code) + " (" + spec.name + "): its change of its own ATK (a computed amount or a "
           "condition) is not read; its ATK is taken from the first damage calculation it is in");
    }
  };
  for (int p = 0; p < 2; ++p)  // the board first (Extra Monster Zones too), so its monsters always fit
    for (const ZoneCard& zc : board_[p])
      if (zc.code) add_monster(zc.code);
  for (const EngineCard& c : cards_.cards)
    if (c.monster) add_monster(c.code);
  for (auto& side_zones : extra_zone_) side_zones.fill(kNoZone);
  for (int p = 0; p < 2; ++p)
    for (std::uint32_t seq = 0; seq < 7; ++seq) {
      const ZoneCard& zc = board_[p][seq];
      if (!zc.code) continue;
      if (seq >= static_cast<std::uint32_t>(kZonesPerSide) && !map_extra_zone(static_cast<std::uint8_t>(p), seq)) {
        warn("a monster in an Extra Monster Zone left out: its side has no free zone in the model's five");
        continue;
      }
      const std::uint8_t model_slot = slot(Location{static_cast<std::uint8_t>(p), loc::kMzone, seq, 0});
      ZoneSpec& spec = s.board[index_of(side(static_cast<std::uint8_t>(p)))][model_slot % kZonesPerSide];
      spec.monster = monster_index(zc.code);
      spec.position = model_position(zc.position);
    }
  open_outcome_.clear();
  open_amount_.clear();
  open_atk_.clear();
  categories_.clear();
  no_target_.clear();
  // A continuous negation of monsters' effects (Skill Drain) is not read:
  // with one among the run's cards, no monster's continuous effect is either.
  const auto negator = std::find_if(cards_.cards.begin(), cards_.cards.end(),
                                    [](const EngineCard& c) { return c.negates_monster_effects; });
  std::vector<const EngineCard*> with_more;
  for (const EngineCard& c : cards_.cards) {
    // One card a passcode for monsters (their summons need one); each copy of a Spell or Trap its own.
    if (!c.described() || (c.monster && card_index(c.code, c.controller) != kNoCard)) continue;
    const bool continuous = !c.kind && c.effect.empty() && c.script.term->activation == Activation::Continuous;
    if (negator != cards_.cards.end() && (continuous || !c.more.empty())) {
      warn("card " + std::to_string(c.code) + " (" + c.name + "): its continuous effects are not read, since " +
           negator->name + " may negate them (a negation of monsters' effects the mapping does not read)");
      if (continuous) continue;
    }
    const bool kept = add_card(c, c.script) != kNoCard || c.script.own_turn_only;  // dropped for the turn, not left out
    if (kept && negator == cards_.cards.end() && !c.more.empty()) with_more.push_back(&c);
  }
  // After every card's first term: card_index finds that one, and a card
  // limit leaves out a monster's further continuous effects, never a card.
  for (const EngineCard* c : with_more)
    for (const ScriptReading& r : c->more) add_card(*c, r);
}

/// The model's effect card for an engine card: its preset, its written term,
/// or the term its script reads as (importers/ygopro/ygopro_terms.cpp).
std::uint8_t Mapper::add_card(const EngineCard& c, const ScriptReading& reading) {
  const Player owner = side(c.controller);
  if (reading.own_turn_only && c.effect.empty() && owner != Player::P1) return kNoCard;  // not its controller's turn
  int held = 0;
  for (const CardSpec& other : scenario_.cards) held += other.owner == owner ? 1 : 0;
  if (static_cast<int>(scenario_.cards.size()) >= kMaxCards || held >= kMaxCardsPerPlayer) {
    warn("card " + std::to_string(c.code) + " (" + c.name + ") left out: the model holds at most " +
         std::to_string(kMaxCardsPerPlayer) + " effect cards a player");
    return kNoCard;
  }
  CardSpec spec;
  spec.name = c.name;
  spec.owner = owner;
  if (c.kind) {
    spec.kind = *c.kind;
    spec.value = c.value / 100 * 100;
    fill_preset_term(spec);
  } else {
    std::vector<std::string> names;
    for (const MonsterSpec& m : scenario_.monsters) names.push_back(m.name);
    TermError error;
    const std::optional<EffectTerm> term = c.effect.empty() ? reading.term : parse_term(c.effect, names, error);
    if (!term) {
      warn("card " + std::to_string(c.code) + " (" + c.name + "): effect." + error.field + ": " + error.message);
      return kNoCard;
    }
    spec.term = *term;
    spec.kind = class_of(spec.term);
    spec.custom = true;
    spec.engine_timings = c.effect.empty() && reading.engine_timings;
    spec.hidden_condition = c.effect.empty() && reading.hidden_condition;
  }
  // Its own monster is its host where the term needs one, or has a part about it (has_host_part).
  if (host_rule(spec.term) == HostRule::Required || (host_rule(spec.term) == HostRule::Optional && has_host_part(spec.term)))
    spec.host = monster_index(c.code);
  // A Continuous, Equip or Field Spell or Trap stays on the field once it resolved (TYPE_CONTINUOUS,
  // TYPE_EQUIP, TYPE_FIELD in the cores' constant.lua), where Mystical Space Typhoon may target it.
  constexpr std::uint32_t kSpellTrap = 0x2 | 0x4, kStays = 0x20000 | 0x40000 | 0x80000;
  spec.stays_on_field = (c.type & kSpellTrap) && (c.type & kStays) && spec.host == kNoMonster &&
                        spec.term.card_type != CardType::Monster && spec.term.activation != Activation::Continuous;
  // A Spell set face-down in a Spell & Trap Zone at the start (a Trap is always read as set).
  spec.set = spec.term.card_type == CardType::Spell && spec.host == kNoMonster && c.location == loc::kSzone &&
             (c.position & (pos::kFaceDownAttack | pos::kFaceDownDefense)) != 0;
  if (reading.face_up_effect && c.effect.empty() && !c.kind) {  // an effect of the card's first term, once face-up
    spec.effect_of = card_of(engine_index(c), c.code, c.controller);
    std::vector<CardSpec> with = scenario_.cards;
    with.push_back(spec);
    if (const std::string why = effect_of_problem(with, with.size() - 1); !why.empty()) {
      warn("card " + std::to_string(c.code) + " (" + c.name + "): its effect once face-up is left out: " + why);
      return kNoCard;
    }
  }
  scenario_.cards.push_back(spec);
  card_codes_.push_back(c.code);
  card_controllers_.push_back(c.controller);
  card_engine_.push_back(engine_index(c));
  open_outcome_.push_back(c.effect.empty() && !c.kind && reading.open_outcome);
  open_amount_.push_back(c.effect.empty() && !c.kind && reading.computed_amount);
  open_atk_.push_back(c.effect.empty() && !c.kind && reading.open_outcome && c.changes_atk);
  open_damage_.push_back(c.effect.empty() && !c.kind && reading.open_outcome ? c.changes_damage : std::nullopt);
  categories_.push_back(reading.declared_categories | c.script_categories);
  // The cores may activate a set card together with its effect once face-up
  // (field::get_cteffect): what that resolution does, the card declares there.
  if (spec.effect_of != kNoCard) categories_[spec.effect_of] |= reading.declared_categories;
  no_target_.push_back(c.effect.empty() && !c.kind && reading.no_target);
  return static_cast<std::uint8_t>(scenario_.cards.size() - 1);
}

namespace {

/// The one timing a trigger on a battle event is chained at (the model's
/// on_entry and battle steps), or MainPhase1 for the others.
Timing battle_event_timing(TriggerEvent t) {
  switch (t) {
    case TriggerEvent::AttacksFaceDown:
    case TriggerEvent::AttacksFaceUpDefense:
    case TriggerEvent::AttacksMonster: return Timing::StartOfDamageStep;
    case TriggerEvent::BeforeDamageCalculation: return Timing::BeforeDamageCalculation;
    case TriggerEvent::AtDamageCalculation: return Timing::DamageCalculation;
    case TriggerEvent::Battled:
    case TriggerEvent::InflictsBattleDamage:
    case TriggerEvent::MonsterInflictsBattleDamage: return Timing::AfterDamageCalculation;
    case TriggerEvent::DestroyedByBattle:
    case TriggerEvent::DestroyedOpponentByBattle:
    case TriggerEvent::EndOfDamageStep: return Timing::EndOfDamageStep;
    default: return Timing::MainPhase1;
  }
}

}  // namespace

/// Of the model cards of one engine card (its first term, then a monster's
/// further triggers, a Spell's or Trap's effects once face-up), the one an
/// activation now is: a trigger on the battle event of the current timing,
/// else the first not yet activated (nor resolved in Main Phase 1), else the first.
std::uint8_t Mapper::effect_card(std::uint8_t first) const {
  std::uint8_t unused = kNoCard;
  for (std::size_t i = first; i < card_codes_.size(); ++i) {
    if (!same_engine_card(i, first)) continue;
    const EffectTerm& t = scenario_.cards[i].term;
    // An effect of the card once face-up is none while the card was never activated.
    const std::uint8_t of = scenario_.cards[i].effect_of;
    if (of != kNoCard && !(activated_ & (1u << of)) && !scenario_.cards[of].resolved_before) continue;
    const bool fresh = !(activated_ & (1u << i)) && !scenario_.cards[i].resolved_before;  // resolved in Main Phase 1: used
    if (fresh && t.activation == Activation::Trigger && battle_event_timing(t.trigger) == timing_ &&
        timing_ != Timing::MainPhase1)
      return static_cast<std::uint8_t>(i);
    if (fresh && unused == kNoCard) unused = static_cast<std::uint8_t>(i);
  }
  return unused != kNoCard ? unused : first;
}

/// The card of an activation or an offer; a card the file does not describe
/// gets an open term (a quick effect at any timing whose outcome the stream
/// shows), so an undescribed card never makes a run unreadable.
std::uint8_t Mapper::ensure_card(std::uint32_t code, const Location& where) {
  const std::uint8_t controller = where.controller;
  const std::uint8_t known = card_of(engine_at(code, where), code, controller);
  if (known != kNoCard) return effect_card(known);
  EngineCard c;
  c.code = code;
  c.controller = controller;
  c.name = std::to_string(code);
  for (const EngineCard& f : cards_.cards)
    if (f.code == code) {
      c.name = f.name;
      c.type = f.type;
      c.script_categories = f.script_categories;  // what its script declares, though no effect was read
    }
  const ScriptReading reading = undescribed_card(c.type);
  c.script = reading;
  const std::uint8_t card = add_card(c, reading);
  if (card != kNoCard) {
    ++out_.undescribed;
    out_.undescribed_cards.push_back(card);
    warn("card " + std::to_string(code) + " (" + c.name + ") has no description: read as a quick effect at any timing, its outcome taken from the stream");
  }
  return card;
}

}  // namespace bc::ygopro::detail
