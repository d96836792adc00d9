#pragma once
/// Generated effect terms for random boards (docs/random.md "Generated
/// terms"): random terms over the whole term space (docs/effects.md), the
/// library's cards, the meaningfulness rules every generated term obeys, and
/// the term shrinks (drop an operation, a condition, the cost, the timing
/// list; widen or drop the target; non-mandatory; ...).
#include <cstdint>
#include <string>
#include <vector>

#include "model/core/scenario.hpp"

namespace bc {

/// Per effect class, the timings at which at least one built-in non-mutant
/// ruleset (mr3, s0, s1, s2, s2-mr2, s3, s4) permits it.
const std::array<TimingMask, kEffectKindCount>& permitted_somewhere();

/// Whether the term needs its card to have a host monster: a monster's own
/// effect (host_rule Required), or a host-bound part (a trigger event about
/// the host, a host_* condition, an operation on `self`, cannot_be_attacked,
/// may_attack_directly, self_destruct_no_other_monster).
bool term_needs_host(const EffectTerm& t);

/// Why `t` is not a meaningful term ("" when it is): what the term parser
/// refuses (trigger event only on triggers, a continuous part only on
/// continuous effects, ops on every activated effect and on no continuous one,
/// negation iff target chain_link, objects that fit their operation), what a
/// scenario file cannot write back (an amount off change_atk/set_atk/change_def,
/// a duration, position or flag an operation does not print), and the
/// meaningfulness rules: a counter on a Trap card only, mandatory only on a
/// trigger, host-bound parts only on a card that can have a host, every
/// timing of the list inside its window and permitted to its class under some
/// built-in ruleset, and an activated effect usable at some timing.
/// `blanks`: an ATK change of 0 is a blank a card's value fills (library and preset terms).
std::string term_problem(const EffectTerm& t, bool blanks = false);

/// A random meaningful term from `seed` (the same seed, the same term). The
/// special summon's monster is left kNoMonster, a blank the board fills.
EffectTerm random_term(std::uint64_t seed);

/// Strictly simpler meaningful terms than `t`, simplest steps first: an
/// operation dropped, a condition dropped, the cost dropped, the target
/// dropped (with the operations on it) or widened (face, role), the timing
/// list dropped or a timing dropped, non-mandatory, window `any`, flags off,
/// durations `battle`, amounts toward 0 (not blanks).
std::vector<EffectTerm> term_shrinks(const EffectTerm& t, bool blanks);

/// The Types generated monsters and generated locks on declarations draw
/// from (index 0: none given), few enough that a lock often names a monster
/// on the board.
inline constexpr std::array<MonsterType, 4> kDrawnTypes = {MonsterType::None, MonsterType::Warrior,
                                                           MonsterType::Insect, MonsterType::Dragon};
/// The Attributes drawn monsters have (index 0: none given), and ATK changes by Attribute name.
inline constexpr std::array<MonsterAttribute, 4> kDrawnAttributes = {MonsterAttribute::None, MonsterAttribute::Water,
                                                                     MonsterAttribute::Light, MonsterAttribute::Dark};

/// A library card a board may hold: its term with blanks, and its value.
struct LibraryPick {
  std::string name;
  EffectTerm term;     ///< with blanks: kNoMonster summons, an ATK change of 0
  int value = 0;       ///< the card's fixed ATK change; 0 when it varies (the board's value fills it)
};
/// The library cards whose effect is meaningful (term_problem() empty), in file order.
const std::vector<LibraryPick>& library_picks();

/// A term's blanks filled: kNoMonster summons become `summons`; with
/// `blanks`, an ATK change (change_atk, set_atk) of 0 becomes `value` and an
/// end-of-Battle-Phase trigger takes `condition` (as preset_term() does).
EffectTerm fill_blanks(EffectTerm t, bool blanks, int value, std::uint8_t summons, Condition condition);

}  // namespace bc
