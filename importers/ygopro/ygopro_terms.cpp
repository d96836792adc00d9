/// Script attributes to effect terms (docs/engines/ygopro.md, "From script
/// attributes to terms"). Each attribute is read by its symbolic name when
/// the cards file gives one (the two cores' constant.lua agree on the names,
/// not on every value) and by its value otherwise.
#include "importers/ygopro/ygopro_terms.hpp"
#include "importers/ygopro/ygopro_script_attrs.hpp"

#include <algorithm>
#include <array>
#include <string_view>

namespace bc::ygopro {

using nlohmann::json;
using namespace script_attrs;

namespace {

// EFFECT_TYPE_*
constexpr Constant kActivate{"EFFECT_TYPE_ACTIVATE", 0x10}, kFlip{"EFFECT_TYPE_FLIP", 0x20},
    kTriggerO{"EFFECT_TYPE_TRIGGER_O", 0x80}, kQuickO{"EFFECT_TYPE_QUICK_O", 0x100},
    kTriggerF{"EFFECT_TYPE_TRIGGER_F", 0x200}, kQuickF{"EFFECT_TYPE_QUICK_F", 0x400};
// EFFECT_FLAG_*
constexpr Constant kCardTarget{"EFFECT_FLAG_CARD_TARGET", 0x10}, kDamageStep{"EFFECT_FLAG_DAMAGE_STEP", 0x4000},
    kDamageCal{"EFFECT_FLAG_DAMAGE_CAL", 0x8000};
constexpr Constant kRangeHand{"LOCATION_HAND", 0x2}, kRangeSpellZone{"LOCATION_SZONE", 0x8};
constexpr Constant kFieldEffect{"EFFECT_TYPE_FIELD", 0x2};
// EVENT_*
constexpr Constant kFreeChain{"EVENT_FREE_CHAIN", 1002}, kAttackAnnounce{"EVENT_ATTACK_ANNOUNCE", 1130},
    kChaining{"EVENT_CHAINING", 1027};
constexpr Constant kBattleStart{"EVENT_BATTLE_START", 1132};
/// The moments a summon is about to happen (the summon-negation window, S4
/// §2.3.1): a summon by the game's own procedure is made in a Main Phase (S4
/// §2.3), so an effect activated on them has no place in the Battle Phase.
constexpr std::array<Constant, 3> kSummonAttempts = {{
    {"EVENT_SUMMON", 1103}, {"EVENT_FLIP_SUMMON", 1104}, {"EVENT_SPSUMMON", 1105}}};
/// A summon that has happened: a card activated on it answers a summon
/// (Torrential Tribute, Bottomless Trap Hole). The Battle Phase has no Normal
/// Summon, so the three are read alike: whose summon, and which monster, is
/// the card's condition or target function (not read).
constexpr std::array<Constant, 3> kSummonSuccesses = {{
    {"EVENT_SUMMON_SUCCESS", 1100}, {"EVENT_FLIP_SUMMON_SUCCESS", 1101}, {"EVENT_SPSUMMON_SUCCESS", 1102}}};

/// Trigger events by EVENT_* code.
struct TriggerCode {
  Constant code;
  TriggerEvent event;
};
constexpr std::array<TriggerCode, 15> kTriggerCodes = {{
    {{"EVENT_FLIP", 1001}, TriggerEvent::Flipped},
    {{"EVENT_FLIP_SUMMON_SUCCESS", 1101}, TriggerEvent::FlipSummoned},
    {{"EVENT_TO_GRAVE", 1014}, TriggerEvent::SentToGraveyard},
    {{"EVENT_SPSUMMON_SUCCESS", 1102}, TriggerEvent::SpecialSummoned},
    {{"EVENT_ATTACK_ANNOUNCE", 1130}, TriggerEvent::AttackDeclared},
    {{"EVENT_BE_BATTLE_TARGET", 1131}, TriggerEvent::TargetedForAttack},
    {{"EVENT_BATTLE_CONFIRM", 1133}, TriggerEvent::BeforeDamageCalculation},
    {{"EVENT_PRE_DAMAGE_CALCULATE", 1134}, TriggerEvent::AtDamageCalculation},
    {{"EVENT_BATTLED", 1138}, TriggerEvent::Battled},
    {{"EVENT_BATTLE_DESTROYING", 1139}, TriggerEvent::DestroyedOpponentByBattle},
    {{"EVENT_BATTLE_DESTROYED", 1140}, TriggerEvent::DestroyedByBattle},
    {{"EVENT_DAMAGE_STEP_END", 1141}, TriggerEvent::EndOfDamageStep},
    {{"EVENT_BATTLE_DAMAGE", 1143}, TriggerEvent::InflictsBattleDamage},
    {{"EVENT_PHASE+PHASE_BATTLE", 0x1080}, TriggerEvent::EndOfBattlePhase},
    {{"EVENT_PHASE_START+PHASE_BATTLE", 0x2080}, TriggerEvent::None},
}};

constexpr std::uint32_t kTypeMonster = 0x1, kTypeSpell = 0x2, kTypeTrap = 0x4, kTypeCounter = 0x100000;

/// Timings outside the Damage Step at which a spell-speed-2 effect may be used.
constexpr TimingMask kOpenTimings = bit(Timing::StartStep) | bit(Timing::BattleStepOpen) |
                                    bit(Timing::AttackDeclaration) | bit(Timing::BattleStep) | bit(Timing::EndStep);
constexpr TimingMask kDamageStepTimings = bit(Timing::StartOfDamageStep) | bit(Timing::BeforeDamageCalculation) |
                                          bit(Timing::AfterDamageCalculation) | bit(Timing::EndOfDamageStep);

Op op(OpCode code, Object object) {
  Op o;
  o.code = code;
  o.object = object;
  return o;
}


/// The resolution the category and the target flag state; opaque (open) otherwise.
void resolution(EffectTerm& t, ScriptReading& r, bool targets, bool chain_event, bool conditioned, bool modal,
                const std::string& prose, const std::string& operation) {
  const std::uint32_t c = r.categories;
  auto add = [&](const Op& o) { if (t.op_count < kMaxOps) t.ops[t.op_count++] = o; };
  if (chain_event && (c & (category::kNegate | category::kDisable))) {
    t.target.kind = TargetKind::ChainLink;
    Op o = op((c & category::kNegate) ? OpCode::NegateActivation : OpCode::NegateEffect, Object::Target);
    o.flag = (c & category::kNegate) && (c & category::kDestroy);
    add(o);
    return;
  }
  if (modal) {
    // The player picks one of the card's effects as it is activated (Enemy
    // Controller: a position change, or a Tribute and a control change): its
    // static category names one of them at most, so the one the engine
    // resolved is read from the stream, and a cost paid with it is learnt too.
    if (targets) t.target = TargetSpec{TargetKind::Monster, SideSel::Any, FaceSel::Any, RoleSel::Any};
    add(op(OpCode::Opaque, Object::Target));
    r.open_outcome = true;
    r.rule += ", the player chooses one of its effects (Duel.SelectOption / Duel.SelectEffect)";
    return;
  }
  if ((c & (category::kAtkChange | category::kDefChange)) && !targets && !conditioned && t.card_type != CardType::Monster) {
    // A Spell's or Trap's, with no target and no condition: which monsters it
    // changes (all of a Type, each attacking monster...) is not read. Not the
    // battling monster's own: that reading would add a condition the card does
    // not have. (A monster's own effect keeps the battling-monster reading.)
    add(op(OpCode::Opaque, Object::Target));
    r.open_outcome = true;
    r.rule += ", an ATK/DEF change with neither a target nor a condition: its monsters are not read";
    return;
  }
  if (c & (category::kAtkChange | category::kDefChange)) {
    Op o = op((c & category::kAtkChange) ? OpCode::ChangeAtk : OpCode::ChangeDef, targets ? Object::Target : Object::OwnBattler);
    const int amount = atk_amount(prose) != 0 ? atk_amount(prose) : literal_amount(operation);
    o.amount = static_cast<std::int16_t>(std::clamp(amount, -12700, 12700));
    if (amount == 0 && (c & category::kAtkChange)) {
      r.computed_amount = true;
      r.rule += ", ATK amount computed by the script: taken from the damage calculation";
    }
    o.duration = duration_of(prose, operation);
    if (targets) t.target = TargetSpec{TargetKind::Monster, SideSel::Any, FaceSel::FaceUp, RoleSel::Any};
    else t.conditions |= kCondOwnBattling;
    add(o);
    if (targets) turn_protection(t, r, operation);  // Half Shut: and it cannot be destroyed by battle this turn
    return;
  }
  struct Removal { std::uint32_t bit; OpCode code; };
  for (const Removal& m : {Removal{category::kDestroy, OpCode::Destroy}, Removal{category::kRemove, OpCode::Banish},
                           Removal{category::kToHand, OpCode::ReturnToHand}, Removal{category::kPosition, OpCode::ChangePosition}})
    if ((c & m.bit) && targets) {
      t.target = TargetSpec{TargetKind::Monster, SideSel::Any, FaceSel::Any, RoleSel::Any};
      add(op(m.code, Object::Target));
      if (m.code == OpCode::ChangePosition) t.ops[t.op_count - 1].position = Position::FaceUpDefense;
      r.rule += ", target flag: " + std::string(name(m.code)) + " target";
      return;
    }
  // A target flag always means a targeted monster: the activation's target is
  // read from MSG_BECOME_TARGET (Negate Attack targets the attacker).
  if (targets) t.target = TargetSpec{TargetKind::Monster, SideSel::Any, FaceSel::Any, RoleSel::Any};
  // The operation's names, whatever its categories (the categories are hints
  // for the AI: Magic Cylinder declares only CATEGORY_DAMAGE, yet negates the attack).
  if (operation_ops(t, r, operation)) {
    // An ATK change registered beside what was read (Exarion Universe's -400
    // beside its piercing): opaque, its outcome taken from the stream.
    // So is a position change (Changing Destiny's Duel.ChangePosition after its Duel.NegateAttack).
    const bool atk = operation.find("EFFECT_UPDATE_ATTACK") != std::string::npos ||
                     operation.find("EFFECT_SET_ATTACK") != std::string::npos ||
                     operation.find("Duel.ChangePosition") != std::string::npos;
    if (atk && !t.has_op(OpCode::ChangeAtk) && !t.has_op(OpCode::SetAtk) && t.op_count < kMaxOps) {
      std::rotate(t.ops.begin(), t.ops.begin() + t.op_count, t.ops.begin() + t.op_count + 1);
      t.ops[0] = op(OpCode::Opaque, Object::Target);
      ++t.op_count;
      r.open_outcome = true;
      r.rule += ", with an ATK or position change beside: taken from the stream";
    }
    return;
  }
  add(op(OpCode::Opaque, Object::Target));
  r.open_outcome = true;
}

/// Activation, card type and trigger event from the effect type and event code.
bool activation(const json& e, std::uint32_t card_type, EffectTerm& t, ScriptReading& r) {
  const bool flip = holds(e, "effect_type", kFlip);
  const bool trig_f = holds(e, "effect_type", kTriggerF), trig_o = holds(e, "effect_type", kTriggerO);
  t.card_type = (card_type & kTypeTrap) ? CardType::Trap : (card_type & kTypeSpell) ? CardType::Spell : CardType::Monster;
  if (flip || trig_f || trig_o) {
    t.activation = Activation::Trigger;
    t.mandatory = flip || trig_f;
    t.trigger = flip ? TriggerEvent::Flipped : TriggerEvent::None;
    // A monster's trigger whose range is the hand is used from there (Battle Fader): no host on the field.
    t.from_hand = t.card_type == CardType::Monster && holds(e, "range", kRangeHand);
    for (const TriggerCode& tc : kTriggerCodes)
      if (!flip && event_is(e, tc.code)) t.trigger = tc.event;
    // EVENT_BATTLE_START is the start of the Damage Step: a condition testing the target's face
    // (`:IsFacedown`) is the host attacking a face-down monster (Mystic Swordsman LV2); a condition or
    // target function testing `:IsFaceup` and `:IsDefensePos`, a face-up Defense Position one (Ninja
    // Grandmaster Sasuke), as is one testing :IsPosition(POS_FACEUP_DEFENSE) (Zubaba Knight).
    // Without a test the event alone says too little: not read.
    const std::string cond = function_facts(e, "condition"), check = function_facts(e, "target_check");
    const auto in = [](const std::string& text, const char* word) { return text.find(word) != std::string::npos; };
    const bool start = !flip && t.trigger == TriggerEvent::None && event_is(e, kBattleStart);
    if (start && in(cond, ":IsFacedown")) t.trigger = TriggerEvent::AttacksFaceDown;
    const bool face_up_defense =
        ((in(cond, ":IsFaceup") || in(check, ":IsFaceup")) && (in(cond, ":IsDefensePos") || in(check, ":IsDefensePos"))) ||
        (in(cond + check, ":IsPosition") && in(cond + check, "POS_FACEUP_DEFENSE"));
    if (start && !in(cond + check, ":IsFacedown") && face_up_defense) t.trigger = TriggerEvent::AttacksFaceUpDefense;
    // Another test of the host as the attacker, reading the attack target: "the host attacks a monster" (Nanobreaker).
    const std::string both = cond + check;
    const bool host_attacks = in(both, ":GetHandler") && in(both, "Duel.GetAttacker") && in(both, "Duel.GetAttackTarget");
    if (start && t.trigger == TriggerEvent::None && host_attacks) t.trigger = TriggerEvent::AttacksMonster;
    // A field trigger listens to the whole field, not to its own card: battle
    // damage by any monster (Begone, Knave!), a monster sent to the Graveyard
    // from the opponent's field (Coffin Seller: its condition, not read, names
    // the opponent's monsters; a listener to its own side's would be misread).
    if (holds(e, "effect_type", kFieldEffect) && t.trigger == TriggerEvent::InflictsBattleDamage)
      t.trigger = TriggerEvent::MonsterInflictsBattleDamage;
    if (holds(e, "effect_type", kFieldEffect) && t.trigger == TriggerEvent::AtDamageCalculation) t.trigger = TriggerEvent::None;
    // A field listener to monsters destroyed by battle is not about its own card: one whose condition
    // asks for the monster its host destroyed (:GetReasonCard against :GetHandler: Millennium
    // Scorpion) triggers on that; any other is not read.
    if (holds(e, "effect_type", kFieldEffect) && t.trigger == TriggerEvent::DestroyedByBattle)
      t.trigger = in(cond, ":GetReasonCard") && in(cond, ":GetHandler") ? TriggerEvent::DestroyedOpponentByBattle
                                                                      : TriggerEvent::None;
    if (holds(e, "effect_type", kFieldEffect) && t.trigger == TriggerEvent::SentToGraveyard)  // optional: not read
      t.trigger = t.mandatory ? TriggerEvent::OpponentMonsterSentToGraveyard : TriggerEvent::None;
    // By value: EDOPro's constant.lua names 0x8 LOCATION_REASON_RETURN too, which the stub may print.
    r.face_up_effect = t.card_type != CardType::Monster && (value_of(e, "range_value") & kRangeSpellZone.value) != 0;
    r.rule = flip ? "EFFECT_TYPE_FLIP -> trigger flipped (mandatory)" : "trigger on " + std::string(name(t.trigger));
    // A condition on the monster the host battles (Fluorohydride's Ryu Kokki:
    // :GetBattleTarget; EDOPro's: the attack target or the attacker) that
    // asks, in it or in the target function, whether that monster is still
    // related to the battle (:IsRelateToBattle) needs it still on the field.
    // Its other tests (Ryu Kokki's Warrior or Spellcaster) are not read. The
    // facts name the calls, not what they are called on: at other events the
    // test is often the host's own (Flame Wingman's c:IsRelateToBattle on
    // EVENT_BATTLE_DESTROYING), so only a trigger at the end of the Damage Step is read so.
    const bool names_foe = in(cond, ":GetBattleTarget") || (in(cond, "Duel.GetAttackTarget") && in(cond, "Duel.GetAttacker"));
    const bool related = in(cond, ":IsRelateToBattle") || in(check, ":IsRelateToBattle");
    if (t.card_type == CardType::Monster && t.trigger == TriggerEvent::EndOfDamageStep && names_foe && related) {
      t.conditions |= kCondFoeOnField;
      r.rule += ", its condition needs the monster it battled still on the field";
    }
    return t.trigger != TriggerEvent::None;
  }
  if (holds(e, "effect_type", kActivate)) {
    for (const Constant& c : kSummonAttempts)
      if (event_is(e, c)) return false;  // Solemn Judgment's summon negation: its chain negation is read instead
    for (const Constant& c : kSummonSuccesses)
      if (event_is(e, c) && !(card_type & kTypeCounter)) {
        t.activation = Activation::Trigger;
        t.trigger = TriggerEvent::MonsterSummoned;
        r.rule = "card activation on " + std::string(c.name) + ": an optional trigger on a monster's summon";
        return true;
      }
    t.activation = (card_type & kTypeTrap) && (card_type & kTypeCounter) ? Activation::Counter : Activation::Quick;
    r.rule = t.activation == Activation::Counter ? "counter trap" : "card activation (spell speed 2)";
    return true;
  }
  if (holds(e, "effect_type", kQuickO) || holds(e, "effect_type", kQuickF)) {
    t.activation = Activation::Quick;
    t.card_type = CardType::Monster;
    t.from_hand = holds(e, "range", kRangeHand);
    r.rule = t.from_hand ? "quick effect from the hand" : "quick effect";
    return true;
  }
  return false;  // ignition, continuous, field, single: nothing activated in the Battle Phase
}

/// A quick effect that answers a battle event (EVENT_BATTLE_START ..
/// EVENT_DAMAGE_STEP_END, and EVENT_BATTLE_DAMAGE) is used at that event's timing only.
struct BattleEventTiming {
  Constant code;
  Timing timing;
};
constexpr std::array<BattleEventTiming, 8> kBattleEventTimings = {{
    {{"EVENT_BATTLE_START", 1132}, Timing::StartOfDamageStep},
    {{"EVENT_BATTLE_CONFIRM", 1133}, Timing::BeforeDamageCalculation},
    {{"EVENT_PRE_DAMAGE_CALCULATE", 1134}, Timing::DamageCalculation},
    {{"EVENT_BATTLED", 1138}, Timing::AfterDamageCalculation},
    {{"EVENT_DAMAGE_STEP_END", 1141}, Timing::EndOfDamageStep},
    // Raised as the monsters destroyed by battle are sent, at the end of the Damage Step (Option Hunter).
    {{"EVENT_BATTLE_DESTROYING", 1139}, Timing::EndOfDamageStep},
    {{"EVENT_BATTLE_DESTROYED", 1140}, Timing::EndOfDamageStep},
    {{"EVENT_BATTLE_DAMAGE", 1143}, Timing::AfterDamageCalculation},  // inflicted at damage calculation (Sebek's Blessing)
}};

/// Whether the effect's condition is the trees' shared "not after damage
/// calculation" helper: Fluorohydride's `aux.dscon` (a function of
/// utility.lua that reads Duel.IsDamageCalculated), EDOPro's
/// `Auxiliary.StatChangeDamageStepCondition`. Only these shared helpers are
/// read: a card's own condition that reads the same call may mean otherwise.
bool before_calculation_only(const json& e) {
  const std::string where = text_of(e, "condition");
  const std::string uses = function_facts(e, "condition");
  const bool shared = where.rfind("utility.lua:", 0) == 0 && uses.find("Duel.IsDamageCalculated") != std::string::npos;
  return shared || uses.find("StatChangeDamageStepCondition") != std::string::npos ||
         uses.find("aux.dscon") != std::string::npos;
}

/// The timings at which the engine lets a non-trigger effect be activated,
/// as both cores decide it (effect::is_activateable in effect.cpp, Fluorohydride
/// db4fd16a and EDOPro 46779fbe alike): in the Damage Step an effect needs
/// EFFECT_FLAG_DAMAGE_STEP unless its code is a battle event (1132-1149), at
/// damage calculation EFFECT_FLAG_DAMAGE_CAL unless its code is 1134-1136;
/// a Counter Trap needs neither. Outside the Damage Step a spell-speed-2
/// effect may be used at any open timing; an attack-declaration effect only there.
void engine_permission(const json& e, EffectTerm& t, ScriptReading& r) {
  r.engine_timings = true;
  if (event_is(e, kAttackAnnounce)) {
    t.window = Window::AttackDeclared;
    t.timings = bit(Timing::AttackDeclaration);
    r.rule += ", on the attack declaration";
    return;
  }
  for (const BattleEventTiming& b : kBattleEventTimings)
    if (event_is(e, b.code)) {
      t.window = b.timing == Timing::DamageCalculation ? Window::DamageCalculation : Window::DamageStep;
      t.timings = bit(b.timing);
      r.rule += ", on " + std::string(b.code.name) + " (a battle event: no flag needed)";
      return;
    }
  if (t.activation == Activation::Counter) {
    t.timings = kOpenTimings | kDamageStepTimings | bit(Timing::DamageCalculation);
    r.rule += ", a Counter Trap (no flag needed in the Damage Step)";
    return;
  }
  TimingMask m = kOpenTimings;
  if (holds(e, "property_flags", kDamageStep)) m |= kDamageStepTimings;
  if (holds(e, "property_flags", kDamageCal)) m |= bit(Timing::DamageCalculation);
  if ((m & kDamageStepTimings) && before_calculation_only(e)) {
    m &= ~(bit(Timing::DamageCalculation) | bit(Timing::AfterDamageCalculation) | bit(Timing::EndOfDamageStep));
    r.rule += ", the shared \"not after damage calculation\" condition";
  }
  t.timings = m;
  r.rule += holds(e, "property_flags", kDamageCal) ? ", DAMAGE_STEP/DAMAGE_CAL flags"
            : holds(e, "property_flags", kDamageStep) ? ", DAMAGE_STEP flag" : ", no Damage Step flag";
}

}  // namespace

ScriptReading read_script_effect(const json& e, std::uint32_t card_type, const std::string& prose) {
  ScriptReading r;
  if (!e.is_object()) return r;
  EffectTerm t;
  if (continuous_part(e, card_type, t, r)) {
    r.term = t;
    return r;
  }
  if (!activation(e, card_type, t, r)) return r;
  r.categories = categories(e);
  r.declared_categories =
      r.categories | category_bits(function_facts(e, "target_check")) | category_bits(function_facts(e, "operation"));
  r.hidden_condition = e.contains("condition") || e.contains("target_check") || e.contains("cost");
  bool targets = holds(e, "property_flags", kCardTarget);
  r.no_target = !targets;
  if (targets && function_facts(e, "target_check").find("LOCATION_GRAVE") != std::string::npos) {
    targets = false;  // Call of the Haunted: a monster in the Graveyard, which no term holds
    r.rule += ", its target is chosen in the Graveyard (not a monster on the field)";
  }
  // A condition of the card's own; the trees' shared "not after damage calculation" one says nothing of the battle.
  const bool conditioned = e.contains("condition") && !before_calculation_only(e);
  // A choice in the operation of one that negates the attack is made after the negation (Changing
  // Destiny: its opponent picks a gain or a damage), no choice of the card's effects.
  const std::string operation = function_facts(e, "operation");
  const bool modal = chooses_effect(function_facts(e, "target_check")) ||
                     (chooses_effect(operation) && operation.find("Duel.NegateAttack") == std::string::npos);
  resolution(t, r, targets, event_is(e, kChaining), conditioned, modal, prose, operation);
  if (targets) spell_trap_target(e, t, r.rule);
  attack_target_change(e, t, r);
  destroyer_change(e, t, r);
  set_atk_change(e, t, r);
  if (t.activation != Activation::Trigger) engine_permission(e, t, r);
  if (r.open_outcome) r.rule += ", resolution taken from the stream";
  r.term = t;
  return r;
}

ScriptReading undescribed_card(std::uint32_t card_type) {
  ScriptReading r;
  EffectTerm t;
  t.activation = Activation::Quick;
  t.card_type = (card_type & kTypeTrap) ? CardType::Trap : (card_type & kTypeSpell) ? CardType::Spell : CardType::Monster;
  t.from_hand = t.card_type == CardType::Monster;
  t.ops[t.op_count++] = op(OpCode::Opaque, Object::Target);
  t.timings = kOpenTimings | kDamageStepTimings | bit(Timing::DamageCalculation);
  r.term = t;
  r.engine_timings = true;
  r.hidden_condition = true;
  r.open_outcome = true;
  r.rule = "no description: a quick effect at any timing, resolution taken from the stream";
  return r;
}

}  // namespace bc::ygopro
