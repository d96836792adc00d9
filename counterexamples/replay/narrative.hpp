#pragma once
/// Narrative of a run: one readable line per step in the sources'
/// vocabulary ("before damage calculation: P2 activates Rush Recklessly
/// (atk_change_quick), chain link 1"), using the scenario's monster and card
/// names. Built from the observable events only (plus the acting player of a
/// pass), so the same narrator can tell an engine's trace.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "model/vocabulary/action.hpp"
#include "model/vocabulary/event.hpp"
#include "model/core/scenario.hpp"
#include "model/core/state.hpp"

namespace bc {

/// "P1" / "P2": how the narrative names a player.
std::string player_label(Player p);
/// "P1 M0": how the narrative names a monster zone ("direct", "none" otherwise).
std::string slot_label(std::uint8_t slot);

/// Turns events into narrative lines. Keeps the little it needs to name
/// things (the current timing and which monster is in each zone), updated
/// from the events themselves.
class Narrator {
 public:
  /// The scenario must outlive the narrator.
  explicit Narrator(const Scenario& scenario);

  /// Lines for the opening events of a trace (before any action).
  std::vector<std::string> opening(const std::vector<Event>& events);

  /// Lines for one step: `before` is the state the action was taken in.
  std::vector<std::string> step(const State& before, const Action& action,
                                const std::vector<Event>& events);

  /// The timing the narrative is at (last TimingEnter seen).
  Timing timing() const { return timing_; }

 private:
  std::string action_line(const State& before, const Action& action) const;
  std::string monster(std::uint8_t slot) const;
  std::string card(std::uint8_t index) const;
  std::string prefixed(const std::string& text) const;
  void tell(const std::vector<Event>& events, std::size_t& i, std::vector<std::string>& out);
  std::string damage_calculation(const std::vector<Event>& events, std::size_t& i) const;
  std::string event_text(const Event& e);

  const Scenario& scenario_;
  Timing timing_ = Timing::MainPhase1;
  Step step_ = Step::MainPhase1;
  bool step_opened_ = false;  ///< a step began and its first timing window has not opened yet
  std::array<std::uint8_t, kSlotCount> zones_{};  ///< monster template per slot, kNoMonster if empty
};

}  // namespace bc
