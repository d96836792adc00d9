#pragma once
/// Script effects as the cards file writes them, read by the mapping
/// (importers/ygopro/ygopro_terms.cpp): helpers the mapping's tests share.
#include <gtest/gtest.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "importers/ygopro/ygopro_terms.hpp"

namespace bc::ygopro::test {

/// TYPE_* values of a card: an effect monster, a Trap, a Counter Trap, a Quick-Play Spell.
inline constexpr std::uint32_t kMonster = 0x21, kTrap = 0x4, kCounterTrap = 0x100004, kQuickPlay = 0x10002;

/// The term one script effect reads as (a failure when it reads as none).
inline EffectTerm read(const nlohmann::json& e, std::uint32_t type = kMonster, const std::string& prose = "") {
  const ScriptReading r = read_script_effect(e, type, prose);
  EXPECT_TRUE(r.term.has_value()) << e.dump();
  return r.term.value_or(EffectTerm{});
}

/// A script effect of this type, code and property flags (names, as a cards file gives them).
inline nlohmann::json effect(const char* type, const char* code, const char* flags = "") {
  return nlohmann::json{{"effect_type", type}, {"event_code", code}, {"property_flags", flags}};
}

}  // namespace bc::ygopro::test
