#pragma once
/// The load check of a term's meaning (docs/effects.md "Terms that are
/// refused"): a term that parses but cannot mean anything -- a part about the
/// card's own monster on a card that has none, operations on a continuous
/// effect, a window its own timings contradict, timings no built-in ruleset
/// permits its class, counter speed on a monster effect. Every loader of terms
/// calls it (scenarios, the card library, the presets, trace headers, engine
/// cards files) and adds the file, line and field.
#include <cstdint>
#include <optional>

#include "model/terms/effect_text.hpp"

namespace bc {

/// Whether the card that carries a term has a host monster.
enum class TermHost : std::uint8_t {
  None,     ///< no host: a scenario card without `host`, a spell or trap card of the library
  Present,  ///< a host is named (a scenario card with `host`)
  Unknown,  ///< not decided yet (a library or preset term, a card of an engine's cards file):
            ///< only a trap can never have one
};

/// What makes a parsed term mean nothing (the field, e.g. "continuous" or
/// "ops[0]", and why), or nullopt when it can mean something. A card whose
/// timings are an engine's declaration (CardSpec::engine_timings) is used at
/// them whatever its class, so no ruleset's permission is checked for it.
std::optional<TermError> check_term_meaning(const EffectTerm& t, TermHost host, bool engine_timings = false);

/// Whether a part of the term concerns the card's own monster (a host-bound
/// continuous part or condition, a trigger on the host, an operation on
/// `self`): the term means something only on a card with a host.
bool has_host_part(const EffectTerm& t);

/// The timings at which some built-in ruleset that is not a mutant (mr3 and
/// the source rulesets) permits a class: the widest use any reading allows.
TimingMask builtin_permitted_timings(EffectKind k);

}  // namespace bc
