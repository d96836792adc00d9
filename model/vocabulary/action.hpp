#pragma once
/// Actions: the choices of whoever holds priority or must choose. The order
/// of Model::actions() is deterministic, so a run is an initial scenario plus
/// a list of action indices.
#include <array>
#include <cstdint>
#include <string>

#include "model/vocabulary/types.hpp"

namespace bc {

enum class ActionType : std::uint8_t {
  EnterBattlePhase,  ///< leave Main Phase 1 for the Battle Phase
  SkipBattlePhase,   ///< leave Main Phase 1 straight for the End Phase
  Pass,              ///< give up priority
  Activate,          ///< card, optional target slot
  DeclareAttack,     ///< attacker slot, target slot or kDirect
  ReplayTarget,      ///< after a replay: attack target slot or kDirect
  ReplayStop,        ///< after a replay: do not attack
  SkipToEndStep,     ///< from the Start Step straight to the End Step (a contested permission)
  DeclineTrigger,    ///< card: its controller does not activate an optional ("you can") trigger
  FlipSummon,        ///< target = P1's face-down Defense Position monster: Flip Summon it (a Main Phase action;
                     ///< offered in the Battle Phase only under knob flip_summon_in_battle_phase)
};

struct Action {
  ActionType type{};
  std::uint8_t card = kNoCard;
  std::uint8_t attacker = kNoSlot;
  std::uint8_t target = kNoSlot;
  /// Activate: the monster its Tribute cost sends, chosen by its controller
  /// (kNoSlot: no Tribute cost, or the first one that may be Tributed).
  std::uint8_t cost = kNoSlot;
  bool operator==(const Action&) const = default;
};

/// Fixed-capacity list of legal actions, in deterministic order.
class ActionList {
 public:
  static constexpr int kCapacity = 64;
  void clear() { size_ = 0; }
  void push(const Action& a) { if (size_ < kCapacity) items_[size_++] = a; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Action& operator[](int i) const { return items_[i]; }
  const Action* begin() const { return items_.data(); }
  const Action* end() const { return items_.data() + size_; }

 private:
  std::array<Action, kCapacity> items_{};
  int size_ = 0;
};

std::string_view name(ActionType t);

}  // namespace bc
