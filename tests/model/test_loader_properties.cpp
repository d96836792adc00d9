// Property-based tests of the loaders (rapidcheck): any valid scenario
// survives scenario_to_toml and back; random or mangled input never crashes
// the loaders, it only ever raises InputError.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "model/library/presets.hpp"
#include "model/loaders/loader.hpp"

namespace bc {
namespace {

/// Names with the characters TOML must escape.
rc::Gen<std::string> gen_name() {
  return rc::gen::map(rc::gen::container<std::string>(rc::gen::element<char>('a', 'Z', ' ', '"', '\\', '\n', '\t', '-', '7')),
                      [](std::string s) { return "n" + s; });
}

bool summons_kind(EffectKind k) {
  return k == EffectKind::SpecialSummonQuick || k == EffectKind::BattleDestroyedTrigger ||
         k == EffectKind::SentToGraveTrigger;
}

/// A random valid scenario: board monsters, templates, and consistent cards.
rc::Gen<Scenario> gen_scenario() {
  return rc::gen::exec([] {
    Scenario s;
    s.name = *gen_name();
    s.description = *rc::gen::element<std::string>("", "a board", "ü ✓ unicode");
    s.first_turn = *rc::gen::arbitrary<bool>();
    const int count = *rc::gen::inRange(0, 14);
    for (int i = 0; i < count; ++i) {
      std::string name = *gen_name();  // appended piecewise: GCC 12 -Wrestrict misfires on a + b + c
      name.push_back('#');
      name.append(std::to_string(i));
      s.monsters.push_back({name, 50 * *rc::gen::inRange(0, 101), 50 * *rc::gen::inRange(0, 101)});
      if (*rc::gen::inRange(0, 3) == 0) continue;  // a token template
      const int side = *rc::gen::inRange(0, 2);
      const int zone = *rc::gen::inRange(0, 5);
      if (s.board[side][zone].monster != kNoMonster) continue;
      s.board[side][zone] = ZoneSpec{static_cast<std::uint8_t>(i),
                                     static_cast<Position>(*rc::gen::inRange(0, 3))};
    }
    auto on_board = [&](std::uint8_t m) -> std::optional<Player> {
      for (int side = 0; side < 2; ++side)
        for (const auto& z : s.board[side])
          if (z.monster == m) return static_cast<Player>(side);
      return std::nullopt;
    };
    std::vector<std::uint8_t> templates;
    for (std::size_t m = 0; m < s.monsters.size(); ++m)
      if (!on_board(static_cast<std::uint8_t>(m))) templates.push_back(static_cast<std::uint8_t>(m));
    const int cards = *rc::gen::inRange(0, 17);
    int held[2] = {0, 0};
    for (int i = 0; i < cards; ++i) {
      CardSpec c;
      c.name = *gen_name();
      c.kind = static_cast<EffectKind>(*rc::gen::inRange(0, static_cast<int>(presets().size())));
      c.owner = static_cast<Player>(*rc::gen::inRange(0, 2));
      const HostRule rule = host_rule(preset_term(c.kind, 0, kNoMonster, Condition::None));
      if (rule == HostRule::Required || (rule == HostRule::Optional && *rc::gen::arbitrary<bool>())) {
        if (s.monsters.empty()) continue;
        c.host = static_cast<std::uint8_t>(*rc::gen::inRange<std::size_t>(0, s.monsters.size()));
        if (auto side = on_board(c.host)) c.owner = *side;
      }
      if (summons_kind(c.kind)) {
        if (templates.empty()) continue;
        c.summons = *rc::gen::elementOf(templates);
      }
      if (preset_takes_value(c.kind))
        c.value = 100 * *rc::gen::element(-127, -3, 1, 7, 30, 127);
      if (c.kind == EffectKind::EndOfBattleTrigger) c.condition = static_cast<Condition>(*rc::gen::inRange(0, 3));
      fill_preset_term(c);
      if (held[index_of(c.owner)] == kMaxCardsPerPlayer) continue;
      ++held[index_of(c.owner)];
      s.cards.push_back(c);
    }
    return s;
  });
}

RC_GTEST_PROP(LoaderProperties, ScenarioToTomlRoundTrips, ()) {
  const Scenario s = *gen_scenario();
  const std::string text = scenario_to_toml(s);
  RC_ASSERT(parse_scenario(text, "round-trip.toml") == s);
}

/// Parse or fail with InputError "bad.toml..." : any other exception or a crash fails the test.
template <typename F>
void only_input_errors(F&& parse) {
  try {
    parse();
  } catch (const InputError& e) {
    RC_ASSERT(std::string(e.what()).rfind("bad.toml", 0) == 0u);
  }
}

RC_GTEST_PROP(LoaderProperties, RandomTextOnlyRaisesInputError, ()) {
  const std::string text = *rc::gen::container<std::string>(
      rc::gen::element<char>('[', ']', '=', '"', '\n', ' ', 'a', '1', '-', '.', ',', '{', '}', '\0', '\xff'));
  only_input_errors([&] { parse_scenario(text, "bad.toml"); });
  only_input_errors([&] { parse_ruleset(text, "bad.toml"); });
}

RC_GTEST_PROP(LoaderProperties, MangledFilesOnlyRaiseInputError, ()) {
  // Cut the default scenario or a mutant file anywhere and splice in junk.
  const std::string base = *rc::gen::element(std::string(default_scenario_text()),
                                             std::string(builtin_ruleset_text("replay-mid-chain")));
  const std::size_t cut = *rc::gen::inRange<std::size_t>(0, base.size());
  const std::string junk = *rc::gen::element<std::string>("", "-", "99999999999999999999", "\"", "[[card]]\n", "=",
                                                          "zone = 7\n", "kind = \"x\"\n");
  const std::string text = base.substr(0, cut) + junk + base.substr(cut + *rc::gen::inRange<std::size_t>(0, 40) % (base.size() - cut + 1));
  only_input_errors([&] { parse_scenario(text, "bad.toml"); });
  only_input_errors([&] { parse_ruleset(text, "bad.toml"); });
}

}  // namespace
}  // namespace bc
