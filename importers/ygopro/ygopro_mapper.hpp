#pragma once
/// Internal to importers/: the state the importer keeps while it walks a
/// stream (board, current window, attack, chain) and the handlers of each
/// message family. ygopro_import.cpp drives it; ygopro_board.cpp builds the
/// scenario; ygopro_battle.cpp maps battle and chain messages.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "importers/ygopro/ygopro_import.hpp"
#include "model/core/scenario.hpp"

namespace bc::ygopro::detail {

/// What sits in one engine monster zone.
struct ZoneCard {
  std::uint32_t code = 0;  ///< 0 = empty
  std::uint32_t position = 0;
};

/// Where the import is.
enum class Stage : std::uint8_t { BeforeBattle, InBattle, Done };

/// What the last selection was about (to read the SELECT_CARD after it).
enum class Asked : std::uint8_t { Nothing, AttackTarget, ReplayTarget };

/// One chain link as activated.
struct LinkInfo {
  std::uint8_t card = kNoCard;
  EffectKind kind{};
  Player player = Player::P1;
  std::size_t record = 0;  ///< index of its activate record
  bool negated = false;    ///< its activation or effect was negated: it resolves without its effect
  bool resolved = false;   ///< MSG_CHAIN_SOLVED was seen for it (the chain has not ended)
  bool activation_negated = false;  ///< MSG_CHAIN_NEGATED: its card goes to the Graveyard as it resolves
};

/// The CATEGORY_* bit that declares a move off the field to `location` (a LOCATION_* mask) where the
/// model reads it as banished: CATEGORY_TODECK for the Deck or Extra Deck, CATEGORY_TOGRAVE, CATEGORY_TOHAND,
/// else CATEGORY_REMOVE (ygopro_outcome.cpp).
std::uint32_t destination_category(std::uint32_t location);

class Mapper {
 public:
  Mapper(const CardFile& cards, ImportResult& out, int battle_phase = 1);
  /// Map one decoded message. Returns false (and sets out.error) when the
  /// stream does not fit the cards file or the model's vocabulary.
  bool handle(const Message& m);
  /// Called at the end of the stream.
  void finish();

 private:
  // ygopro_board.cpp
  void reset_board();
  void track_move(const Message& m);
  void track_position(const Message& m);
  void build_scenario();
  std::uint8_t add_card(const EngineCard& c, const ScriptReading& reading);
  std::uint8_t ensure_card(std::uint32_t code, const Location& where);
  // ygopro_copies.cpp: copies of one card, told apart by where each is
  static constexpr std::size_t kNoEngine = static_cast<std::size_t>(-1);
  void reset_copies();
  /// The cards-file index of `c`; kNoEngine for a card made up during the import (ensure_card).
  std::size_t engine_index(const EngineCard& c) const;
  std::size_t engine_at(std::uint32_t code, const Location& where) const;
  void track_copies(const Message& m);
  std::uint8_t card_of(std::size_t engine, std::uint32_t code, std::uint8_t controller) const;
  bool same_engine_card(std::size_t a, std::size_t b) const;
  std::uint8_t monster_index(std::uint32_t code) const;
  std::uint8_t card_index(std::uint32_t code, std::uint8_t controller) const;
  std::uint8_t effect_card(std::uint8_t first) const;
  Player side(std::uint8_t engine_player) const { return engine_player == turn_player_ ? Player::P1 : Player::P2; }
  /// The model slot of an engine monster-zone location (an Extra Monster Zone
  /// through its mapping); kNoSlot when it is not a monster zone or an unmapped one.
  std::uint8_t slot(const Location& l) const;
  /// Give an engine Extra Monster Zone (sequence 5 or 6) a model zone: a main
  /// zone its controller leaves empty. False when none is free.
  bool map_extra_zone(std::uint8_t controller, std::uint32_t sequence);

  // ygopro_battle.cpp
  bool retargeting() const;
  bool on_attack(const Message& m);
  void on_battle(const Message& m);
  void on_damage(const Message& m);
  bool on_move(const Message& m);
  void on_position(const Message& m);
  bool on_chaining(const Message& m);
  /// MSG_BECOME_TARGET between MSG_CHAINING and MSG_CHAINED: the target the
  /// activation chose (Duel.SetTargetCard, libduel.cpp) goes into its event.
  void on_become_target(const Message& m);
  void on_chain(const Message& m);
  void on_yes_no(const Message& m);
  void flush_confirmed();
  void flush_battle_leaves();
  void flush_flip();
  // ygopro_early.cpp
  void early_chaining(const Message& m);
  void early_target(const Message& m);
  void early_chain(const Message& m);
  /// A Spell or Trap destroyed in its SZONE before the Battle Phase (destroyed_early_).
  void early_move(const Message& m);
  void mark_resolved_before();
  // ygopro_outcome.cpp
  void note_outcome();
  void learn_cost(std::uint8_t from, const Message& m);
  void control_change(std::uint8_t from, std::uint8_t to, Position position, const Message& m);
  void learn_outcome(std::uint8_t link);
  void finalize_cards();
  void end_attack_without_damage_step();
  void negate_at_resolution(std::uint8_t link);
  void drop_post_chain_round();
  void keep_post_chain_round();
  bool phase_loop_window() const { return timing_ == Timing::StartStep || timing_ == Timing::EndStep; }
  int defender_count() const;
  void undo_declaration_round();
  void note_amount(std::uint8_t link);
  void forbid_at_resolution(std::uint8_t link);
  void force_at_resolution(std::uint8_t link);
  void write_unseen_outcome(std::uint8_t link, OpCode code, EventType type);
  void learn_amount(const Message& m);
  void learn_atk_outcome(const Message& m);
  void note_damage_candidate(std::uint8_t card);
  void expect_battle_damage(const Message& m);
  void learn_damage_outcome();
  std::uint8_t learn_monster(std::uint32_t code);
  void learn_monster_stats(const Message& m);

  // ygopro_import.cpp
  void on_new_turn(const Message& m);
  void on_phase(const Message& m);
  void on_hint(const Message& m);
  void on_battle_cmd(const Message& m);
  void on_idle_cmd(const Message& m);
  void on_chain_offer(const Message& m);
  void on_select_card(const Message& m);
  void enter(Timing t);
  void push(const Event& e);
  void push_offered(Offered o);
  bool offer_before_pass_only(const Offered& o);
  bool fail(const Message& m, const std::string& what);
  void warn(const std::string& what);

  const CardFile& cards_;
  ImportResult& out_;
  Scenario& scenario_;
  Stage stage_ = Stage::BeforeBattle;
  int wanted_ = 1;                 ///< the Battle Phase to import (1-based)
  bool counted_ = false;           ///< this turn's Battle Phase is counted
  std::uint8_t turn_player_ = 0;
  std::array<std::array<ZoneCard, 7>, 2> board_{};  ///< engine player x MZONE sequence
  /// engine player x SZONE sequence: the passcode of the card there (0: none),
  /// to name a Spell or Trap an effect targets (spell_trap_target).
  std::array<std::array<std::uint32_t, 8>, 2> spell_zone_{};
  /// The scenario card in an SZONE location, as an effect's target
  /// (card_target), or kNoSlot when it is not one of the scenario's cards.
  std::uint8_t spell_trap_target(const Location& where) const;
  /// A Spell or Trap destroyed in its SZONE: CardDestroyed, when the model
  /// holds the card on the field (Stepper::card_on_field).
  void note_card_destroyed(const Message& m);
  /// engine player x Extra Monster Zone (sequence 5, 6): the model zone it stands in, kNoZone if none.
  static constexpr std::uint8_t kNoZone = 0xFF;
  std::array<std::array<std::uint8_t, 2>, 2> extra_zone_{{{kNoZone, kNoZone}, {kNoZone, kNoZone}}};
  Timing timing_ = Timing::MainPhase1;
  Step step_ = Step::MainPhase1;
  bool attack_ = false;
  std::uint8_t attacker_ = kNoSlot, target_ = kNoSlot;
  bool replay_open_ = false;       ///< a Replay event was written, the re-choice not yet
  bool direct_asked_ = false;      ///< the replay's "attack directly?" prompt was sent (SELECT_YESNO 31)
  bool calc_seen_ = false;         ///< MSG_BATTLE seen in this Damage Step
  /// HINT 29 seen: the turn player chose to leave the Battle Step and the
  /// opponent was asked; without a chain there, the End Step comes next.
  bool battle_step_ending_ = false;
  /// A link that ends the Battle Phase resolved in the Damage Step (The Unhappy
  /// Maiden): the core passes through the Battle Step on its way to the End
  /// Step, a window the model, which leaves the Battle Phase at once, has not.
  bool phase_ended_in_damage_step_ = false;
  bool calc_open_ = false;         ///< right after MSG_BATTLE: MSG_DAMAGE is battle damage
  bool attack_negated_ = false;
  /// AttackNegated was written at the resolution of a Duel.NegateAttack link;
  /// the core's own MSG_ATTACK_DISABLED, which comes only after the chain and
  /// a new round of priority, is then not written again (negate_at_resolution()).
  bool negated_early_ = false;
  /// The core's round of chain prompts after a chain ends in the open Battle
  /// Step (turn player, then opponent), before the turn player's battle
  /// command: the offered records written for it, dropped when both passed
  /// (drop_post_chain_round()). Any event ends the round.
  bool post_chain_ = false;
  std::vector<std::size_t> post_chain_offers_;
  /// The attacked side's monster count at the declaration: a chain at the
  /// declaration that left it unchanged (no replay) is followed by the cores'
  /// round of prompts that is the model's Battle Step (knob
  /// stopped_attack_keeps_window, S1 §战斗步骤).
  int declared_count_ = 0;
  bool declaration_round_ = false;   ///< a chain just ended in the declaration window, no replay
  /// The record of the timing_enter written for that round, until another
  /// event follows its prompts; taken back when the Battle Phase ends right
  /// after them (Negate Attack): they are then the declaration window's closing prompts.
  std::optional<std::size_t> declaration_round_at_;
  /// The pass-only prompt put after a hand trigger's offer (offer_before_pass_only):
  /// dropped when the trigger is activated, the turn player's priority coming after it.
  std::optional<std::size_t> displaced_prompt_;
  std::array<std::uint8_t, 2> confirm_{kNoSlot, kNoSlot};  ///< attacker, target whose destruction the last MSG_BATTLE confirmed
  std::vector<std::pair<std::uint8_t, std::uint8_t>> leaves_;  ///< battle-destroyed (slot, monster) waiting for the end of the Damage Step
  bool effect_damage_warned_ = false;
  std::uint8_t deferred_flip_ = kNoSlot;  ///< battle flip seen after the start-of-Damage-Step window closed
  /// A position change of the deferred flip's monster seen before the flip is
  /// pushed (Final Attack Orders turning it to Attack Position): it follows the flip.
  std::optional<Position> deferred_position_;
  Asked asked_ = Asked::Nothing;
  std::array<LinkInfo, 32> links_{};
  std::uint8_t resolving_ = 0;
  std::uint8_t activating_ = 0;  ///< the chain link between its MSG_CHAINING and MSG_CHAINED, 0 if none
  std::size_t offset_ = 0;  ///< byte offset of the message being mapped
  std::vector<std::uint32_t> monster_codes_;  ///< scenario monster index -> passcode
  std::vector<std::uint32_t> card_codes_;     ///< scenario card index -> passcode
  std::uint32_t activated_ = 0;                ///< scenario cards activated so far (bit per card)
  std::vector<std::uint8_t> card_controllers_;  ///< scenario card index -> engine controller
  std::vector<std::size_t> card_engine_;      ///< scenario card index -> index in the cards file (kNoEngine: none)
  std::vector<Location> engine_where_;        ///< cards-file index -> where that card is now
  std::vector<bool> open_outcome_;            ///< scenario card index -> resolution taken from the stream
  std::vector<bool> open_amount_;             ///< scenario card index -> ATK amount taken from the damage calculation
  /// The card whose computed ATK change resolved in this battle, and the
  /// monster it raised (learn_amount()); kNoCard when none or ambiguous.
  std::uint8_t amount_card_ = kNoCard;
  std::uint8_t amount_slot_ = kNoSlot;
  int atk_changes_ = 0;                       ///< ATK-changing resolutions this turn
  std::vector<std::uint8_t> unknown_stats_;   ///< monsters learnt from the stream whose ATK/DEF no damage calculation showed yet
  std::vector<std::uint8_t> open_own_atk_;   ///< monsters whose own ATK change is not read, ATK not yet shown (learn_monster_stats)
  std::vector<std::optional<DamageChange>> open_damage_;  ///< scenario card index -> an open outcome that may change its player's damage
  std::uint8_t damage_card_ = kNoCard;        ///< the resolved one whose damage outcome a damage calculation is to show
  std::uint8_t damage_card_attacker_ = kNoSlot;  ///< the attacker of the battle it resolved in (kNoSlot: none)
  std::array<std::int64_t, 2> calc_expected_{};  ///< per model player: the battle damage the last MSG_BATTLE's values give, unmodified
  std::array<std::int64_t, 2> calc_damage_{};    ///< per model player: the battle damage MSG_DAMAGE showed after it
  std::vector<bool> open_atk_;                ///< scenario card index -> an open outcome that may change ATK
  /// The opaque card that may have changed ATK as it resolved in the Battle
  /// Phase, and the monsters of the battle it resolved in (kNoSlot before
  /// any; learn_atk_outcome()); kNoCard when none.
  std::uint8_t atk_card_ = kNoCard;
  std::uint8_t atk_card_attacker_ = kNoSlot;
  std::uint8_t atk_card_target_ = kNoSlot;
  static constexpr std::size_t kNoRecord = static_cast<std::size_t>(-1);
  std::size_t atk_card_record_ = kNoRecord;   ///< its activation's record (kNoRecord: resolved in Main Phase 1)
  std::vector<std::uint32_t> categories_;     ///< scenario card index -> the script's CATEGORY_* bits
  std::vector<bool> no_target_;               ///< scenario card index -> its script is known not to target
  std::uint16_t resolve_field_ = 0;            ///< slots holding a monster as the current open link began to resolve
  std::uint16_t resolve_attack_ = 0;           ///< those of them in face-up Attack Position
  std::vector<std::size_t> outcome_;          ///< records written while the current open link resolves
  /// The CATEGORY_* bits that would declare where the monsters read as "banished" while the current
  /// link resolves went (the model's one reason for any way off the field but destruction and the hand):
  /// CATEGORY_REMOVE for the banished zone, CATEGORY_TODECK for the Deck, CATEGORY_TOGRAVE for the Graveyard.
  std::uint32_t outcome_left_to_ = 0;
  /// A chain link before the Battle Phase (ygopro_early.cpp).
  struct EarlyLink {
    std::uint32_t code = 0;
    std::uint8_t controller = 0;
    Location target{};
    bool targets = false;
    bool negated = false;   ///< its activation was negated (MSG_CHAIN_NEGATED): the card is gone
    bool disabled = false;  ///< its effect was negated as it resolved (MSG_CHAIN_DISABLED)
    std::size_t engine = kNoEngine;  ///< the activated copy (engine_at)
  };
  std::array<EarlyLink, 32> early_links_{};
  std::uint8_t early_activating_ = 0;
  std::vector<EarlyLink> early_;              ///< links that resolved before the Battle Phase (negated ones too)
  void mark_early_negated(const EarlyLink& l, std::uint8_t card);
  /// Spell and Trap cards destroyed in their SZONE before the Battle Phase
  /// (passcode, engine controller): CardSpec::destroyed_before.
  struct EarlyDestroyed {
    std::uint32_t code = 0;
    std::uint8_t controller = 0;
    std::size_t engine = kNoEngine;
  };
  std::vector<EarlyDestroyed> destroyed_early_;
};

}  // namespace bc::ygopro::detail
