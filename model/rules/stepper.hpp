#pragma once
/// Internal to model/: the mutable working context of one next() call. Split
/// by concern over flow.cpp (windows and steps), chain.cpp (priority,
/// activation, resolution, triggers), effects.cpp (what effects do),
/// stats.cpp (ATK/DEF changes and their durations) and continuous.cpp.
#include "model/vocabulary/action.hpp"
#include "model/vocabulary/event.hpp"
#include "model/core/ruleset.hpp"
#include "model/core/scenario.hpp"
#include "model/core/state.hpp"
#include "model/terms/damage.hpp"

namespace bc::detail {

struct Stepper {
  const Scenario& sc;
  const Ruleset& r;
  State& s;
  EventBuffer& out;
  /// Per card: the timings its activation is permitted at (Model::usable_).
  const TimingMask* usable;

  // --- events and small queries -------------------------------------------
  void emit(const Event& e) { out.push(e); }
  Event ev(EventType t) const { Event e; e.type = t; return e; }
  bool battle_window() const { return s.timing == Timing::AttackDeclaration || s.timing == Timing::BattleStep; }
  bool attack_in_progress() const { return s.attacker != kNoSlot; }
  /// The attack can no longer reach the Damage Step: negated (unless the
  /// ruleset lets a negated attack go on), or its attacker cannot battle.
  bool attack_ends() const;
  /// An attack in progress that still goes on: false in the Battle Step's last
  /// round after it ended (knob stopped_attack_keeps_window), where the
  /// monster is no longer the attacking monster.
  bool attack_live() const;
  bool one_chain_window() const;
  std::uint8_t host_slot(std::uint8_t card) const;   ///< slot of a card's host monster, kNoSlot if none/absent
  /// "Has attacked" (kAttacked): only the turn player's monsters attack; on the
  /// opponent's side the same bit is kAttackedByAll (attacked by an attack-all monster).
  bool has_attacked(std::uint8_t slot) const {
    return slot < kSlotCount && side_of(slot) == Player::P1 && s.zones[slot].has(kAttacked);
  }
  std::uint8_t battling_slot(Player p) const;        ///< p's monster in the current battle, kNoSlot if none
  int current_atk(std::uint8_t slot) const;
  int current_def(std::uint8_t slot) const;
  /// Whether a continuous effect of a face-up card applies (its host face-up on the field, or no host).
  bool continuous_active(std::uint8_t card) const;
  bool continuous_in_force(std::uint8_t card) const;     ///< continuous_active before another card's negation
  bool negated_by_continuous(std::uint8_t card) const;   ///< another card's continuous part negates its effects now
  void come_into_force(std::uint8_t card);
  /// The card is usable: a card of its own, or an effect of a card whose
  /// activation has resolved (CardSpec::effect_of).
  bool face_up_for(std::uint8_t card) const;
  /// Some card is an effect of this one once it is face-up.
  bool has_later_effects(std::uint8_t card) const;
  /// The position the face-up monster `monster` ends in when it would be in `pos`, under the
  /// forced positions that apply (Final Attack Orders, Dragon Capture Jar; forced_by).
  Position forced_position(std::uint8_t monster, Position pos) const;
  bool side_has_monsters(Player p) const;

  // --- flow (flow.cpp) -----------------------------------------------------
  void enter(Timing t);
  void leave_window();
  void on_entry(Timing t);
  void pend_timed_triggers(TriggerEvent event, bool battlers_only);
  void defense_after_attacking();
  void position_at_end_of_damage_step();
  void declared_triggers();
  void open_priority();
  /// open_priority() after its self-destruction check: triggers, then priority.
  void continue_priority(bool destroyed);
  void give_priority(Player p);
  void after_chain();
  bool battle_step_consequences();
  /// End an attack that cannot go on (AttackStopped unless it was negated).
  void stop_attack();
  /// Knob stopped_attack_keeps_window: the Battle Step's round closed on an
  /// attack that ended; it stops now. False when the attack goes on.
  bool stop_attack_at_close();
  void enter_damage_step();
  void end_damage_step();
  void end_attack();
  void end_battle_phase();
  void flip_target_if_face_down();
  void damage_calculation();
  void inflict(Player p, int amount);
  /// Destruction by battle of `slot`'s monster, unless something keeps it; `foe_atk`: the ATK it battled.
  void confirm_destroyed(std::uint8_t slot, int foe_atk);
  void send_battle_destroyed();
  void replay();

  // --- chain (chain.cpp) ---------------------------------------------------
  void list_activations(ActionList& out_actions) const;
  void push_activations(std::uint8_t card, std::uint8_t target, ActionList& out_actions) const;
  bool can_activate(std::uint8_t card) const;
  void activate(std::uint8_t card, std::uint8_t target, std::uint8_t cost = kNoSlot);
  void push_link(std::uint8_t card, std::uint8_t target, std::uint8_t cost = kNoSlot);
  void pass();
  void resolve_chain();
  /// What gathering the pending triggers did.
  enum class Gather : std::uint8_t { None, Chained, Choosing };
  /// Chain the pending triggers, or stop for an optional one's controller to
  /// choose (then `resume` says where to go on: State::resume).
  Gather gather_triggers(TriggerResume resume);
  /// The pending triggers that would go on the chain now.
  std::uint16_t ready_triggers() const;
  /// The optional trigger whose controller chooses next (turn player's first), kNoCard if none.
  std::uint8_t trigger_choice() const;
  /// The controller activates (or declines) the optional trigger `card`; the model goes on.
  void choose_trigger(std::uint8_t card, bool activate);
  bool trigger_valid(std::uint8_t card) const;
  std::uint8_t trigger_target(std::uint8_t card) const;
  bool legal_target(std::uint8_t card, std::uint8_t slot) const;
  /// Pending: the triggers of `monster`'s own cards on this event.
  void make_pending(std::uint8_t monster, TriggerEvent event);
  /// Pending: the triggers of `listener`'s cards that listen to this event on the whole field.
  void make_pending_for(Player listener, TriggerEvent event);
  bool conditions_hold(std::uint8_t card) const;
  bool resolution_possible(std::uint8_t card) const;
  bool allowed_at(std::uint8_t card, Timing t) const;
  bool target_ok(const TargetSpec& sel, Player owner, std::uint8_t slot) const;
  void for_each_target(std::uint8_t card, const auto& fn) const;

  // --- Spell and Trap cards as targets (card_targets.cpp) ------------------
  /// Card `t` is a Spell or Trap on the field that an effect may target now.
  bool card_on_field(std::uint8_t t) const;
  /// Card `t` is destroyed by an effect targeting it (Mystical Space Typhoon).
  void remove_card(std::uint8_t t, LeaveReason reason);
  void emit_card_destroyed(std::uint8_t t, LeaveReason reason);
  /// The monster `link` targeted, if its own continuous part says so
  /// (destroyed_when_targeted), is destroyed now that the link resolved.
  void destroy_if_targeted(const LinkState& link);
  void pay_cost(std::uint8_t card, std::uint8_t cost);

  // --- effects (effects.cpp) -----------------------------------------------
  void apply(int link_index);
  void apply_op(const LinkState& link, const Op& op);
  void apply_to_monster(std::uint8_t slot, const Op& op);
  int objects(const LinkState& link, const Op& op, std::array<std::uint8_t, kSlotCount>& out) const;
  void negate(const LinkState& link, const Op& op);
  void redirect(std::uint8_t slot);
  void forbid_attack(std::uint8_t slot);
  void attract_attacks(std::uint8_t slot);
  /// `taker` takes control of the monster in `slot` (control.cpp).
  void take_control(Player taker, std::uint8_t slot);
  bool hosts_a_card(std::uint8_t monster) const;  ///< some card names `monster` as its host
  // Attack counts (attack_counts.cpp).
  void count_declaration(std::uint8_t attacker, std::uint8_t target);
  void choose_for_attack_all(std::uint8_t attacker, std::uint8_t target);
  void count_damage_step_attack();
  bool not_used_up(std::uint8_t attacker, std::uint8_t slot, bool rechoice) const;
  bool direct_left(std::uint8_t attacker, bool rechoice) const;
  void change_life_points(Player owner, const Op& op);
  void change_position(std::uint8_t slot, Position pos);
  // --- ATK/DEF changes (stats.cpp) -----------------------------------------
  void change_stat(std::uint8_t slot, const Op& op);
  /// Records a change until the end of the Battle Phase (key: slot | BpChange::kBpChangeDef).
  void note_bp_change(std::uint8_t key, int delta);
  /// Room is left in State::bp_changes for the card's changes until the end of the Battle Phase.
  bool bp_room(std::uint8_t card) const;
  void forget_bp_changes(std::uint8_t slot);
  void expire_bp_changes();
  bool ends_bp_changes(Step from, Timing to) const;
  /// A StatChanged / ChangeExpired event with the monster's ATK and DEF now.
  void show_stats(EventType type, std::uint8_t slot, Duration d);
  void leave_field(std::uint8_t slot, LeaveReason reason);
  void summon(Player owner, std::uint8_t monster, Position pos);
  /// The turn player Flip Summons the face-down monster in `slot` (only under
  /// knob flip_summon_in_battle_phase): its flip and "when Flip Summoned" triggers, then priority.
  void flip_summon(std::uint8_t slot);
  /// Pending: the flip effects of a monster turned face-up by an attack or an effect.
  void pend_flip(std::uint8_t monster);
  void note_count_change(Player side);
  std::uint8_t free_zone(Player owner) const;
  /// Whether `slot` may be Tributed for `card`'s cost (its controller's monster, not its host).
  bool tributable(std::uint8_t card, std::uint8_t slot) const;
  std::uint8_t tribute_slot(std::uint8_t card) const;  ///< the first tributable monster, kNoSlot if none

  // --- continuous effects (continuous.cpp) ---------------------------------
  /// Sum of the continuous ATK modifiers that apply to `slot` now.
  int continuous_atk(std::uint8_t slot) const;
  /// The ATK changes by printed Type or Attribute that apply to the face-up monster in `slot`.
  int printed_atk(std::uint8_t slot) const;
  /// A continuous effect forbids `who` to activate Trap cards now.
  bool traps_locked(Player who) const;
  /// `who` may activate no Spell or Trap card: an opponent's monster with such a lock is attacking.
  bool spell_traps_locked(Player who) const;
  /// Monsters destroyed by their own continuous condition (checked when a window opens).
  bool check_self_destruction();
  bool may_declare(std::uint8_t slot) const;        ///< no "cannot declare an attack" applies
  bool attackable(std::uint8_t slot) const;         ///< no "cannot be attacked" applies
  bool may_attack_directly(std::uint8_t attacker) const;
  /// A continuous effect of kind `k` hosted by the monster in `slot` applies.
  bool hosts(ContinuousKind k, std::uint8_t slot) const;
  /// The monster in `slot` keeps the defending side from being attacked
  /// directly: it is there, and no continuous effect sets it aside (knob
  /// unattackable_monsters_block_direct_attacks).
  bool blocks_direct_attack(std::uint8_t slot) const;
  /// The attacked side's monsters an effect made the only ones that may be
  /// attacked (kAttractsAttacks), as a slot mask; 0 when none.
  std::uint16_t forced_targets() const;
  bool attacks_go_direct(Player side) const;
  DamageModifiers damage_modifiers() const;          ///< in force for this battle's damage (model/terms/damage.hpp)
  bool shields_from_damage(std::uint8_t card) const; ///< its no_battle_damage part covers this battle
  void modify_battle_damage(Player owner, const Op& op);  ///< a resolved halving or redirection
  bool pierces(std::uint8_t attacker) const;          ///< a piercing effect applies to it (knob piercing_battle_damage)
  bool lent_piercing(std::uint8_t attacker) const;    ///< a type_piercing of its controller reaches it
  void set_granted_piercing(std::uint8_t slot, bool on);  ///< OpCode::GrantPiercing on the turn player's monster
  void halve_damage_involving(std::uint8_t slot, Player owner);  ///< OpCode::HalveDamageInvolving
  /// A change for this battle only to the monster in `slot` (OpCode::DoubleDamageInvolving, DestroyAfterCalculation).
  void note_battle_change(std::uint8_t slot, std::int8_t mark);
  void forget_battle_changes();  ///< the battle is over
  void destroy_marked(std::int8_t mark);  ///< destroys the monsters whose battle change has `mark`
  /// Attack targets (or kDirect) for `attacker`, in zone order, direct last.
  void list_attack_targets(ActionType type, std::uint8_t attacker, ActionList& out) const;
};

}  // namespace bc::detail
