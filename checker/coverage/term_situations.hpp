#pragma once
/// Situations of the effect terms' parts (situations.cpp's table): costs and
/// summons, recognised from the event and the trace header's cards.
#include "checker/coverage/situations.hpp"

namespace bc {

/// A Tribute for a cost while a monster of the same side is confirmed destroyed by battle.
bool tribute_spares_destroyed(const SituationView& v);
/// A monster with a "when this card is Flip Summoned" effect is flipped face-up (by an attack: no Flip Summon).
bool flip_summon_host_flipped(const SituationView& v);
/// A ReplayChoice to stop by an attacker that cannot attack directly, the opponent's field empty.
bool no_direct_attacker_stops(const SituationView& v);
/// A direct attack declared past monsters that all let direct attacks through.
bool direct_past_ignored(const SituationView& v);
/// The situations of issue 31's Battle Phase mechanics, after situations.cpp's own table.
std::vector<Situation> term_situations();

}  // namespace bc
