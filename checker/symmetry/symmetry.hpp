#pragma once
/// Symmetry reduction (issue 29; TLC's SYMMETRY, SPIN's and Murphi's scalarsets):
/// states that differ only by a permutation of interchangeable objects are
/// fingerprinted as one. The search still stores and expands the real state
/// it met first, and every parent link is a real action of a real state, so a
/// counterexample is a real run of the model (nothing is unpermuted).
///
/// Three kinds of interchangeable objects, each only where the model treats
/// them alike (Symmetry::of says why one is left out):
///   - the five monster zones of a side: nothing in the model or the monitors
///     reads a zone's place, except the choices the rules make for a player
///     ("the first monster" of a Tribute cost, a trigger's target chosen by
///     the rules, the first free zone a control change fills), which turn
///     the side's zones off;
///   - monsters alike in all but their name that host no effect (two identical
///     attackers, Sheep Tokens): a name is for people, and unique in a
///     scenario file;
///   - copies of a card: consecutive cards with the same spec (owner, term,
///     host), so that no other card sits between two copies in index order.
/// A canonical representative is built (monsters renamed to the first copy,
/// copies sorted by what they did, zones sorted by everything a zone holds in
/// the state and the monitors' context) and hashed as the plain fingerprint is.
#include <array>
#include <cstdint>
#include <string>

#include "model/core/scenario.hpp"
#include "model/core/state.hpp"
#include "properties/monitors/context.hpp"

namespace bc {

class Symmetry {
 public:
  /// No reduction: the plain fingerprint.
  Symmetry();
  /// The interchangeable objects of `scenario` that the model treats alike.
  static Symmetry of(const Scenario& scenario);

  /// Whether any permutation is applied (else fingerprint() is the plain one).
  bool active() const { return active_; }
  /// The fingerprint of the canonical representative of (s, ctx): equal for
  /// two states that differ only by a permutation of interchangeable objects.
  std::uint64_t fingerprint(const State& s, const TraceContext& ctx) const;
  /// The canonical representative itself (tests, and what fingerprint() hashes).
  void canonicalize(State& s, TraceContext& ctx) const;

  /// What is reduced, for reports: e.g. "zones of P2; monsters like Gemini
  /// Elf (2, 1900/900); copies of card Scapegoat (2)"; "" when inactive.
  const std::string& summary() const { return summary_; }
  /// Why some interchangeable objects were left alone (the side's zones), "" if none.
  const std::string& left_out() const { return left_out_; }

 private:
  void rename_monsters(State& s, TraceContext& ctx) const;
  void sort_copies(State& s, TraceContext& ctx, int first, int last) const;
  void sort_zones(State& s, TraceContext& ctx, int side) const;

  bool active_ = false;
  std::array<bool, 2> zones_{};                        ///< per side: zones are interchangeable
  std::array<std::uint8_t, 256> monster_rep_{};        ///< monster index -> its first copy (identity elsewhere)
  bool rename_ = false;                                ///< some monster has a copy
  std::array<std::uint8_t, kMaxCards + 1> runs_{};     ///< bounds of the runs of copies: [runs_[2k], runs_[2k+1])
  int run_count_ = 0;
  std::string summary_;
  std::string left_out_;
};

}  // namespace bc
