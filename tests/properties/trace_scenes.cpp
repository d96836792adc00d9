// The trace builder's larger scenes (trace_builder.hpp): whole attacks and the
// helpers that read a trace's verdicts.
#include <algorithm>

#include "model/library/presets.hpp"
#include "tests/properties/trace_builder.hpp"

namespace bc::test {

Trace& Trace::swordsman_destroys_target() {
  declare(P1M0, P2M1).window(Timing::BattleStep).step(Step::DamageStep).damage_step_begin();
  timing(Timing::StartOfDamageStep).trigger(kMystic, P2M1).passes();
  return resolve_link().left(P2M1, LeaveReason::EffectDestroy).chain_end();
}

Trace& Trace::declare(std::uint8_t attacker, std::uint8_t target) {
  return declared(attacker, target).window(Timing::AttackDeclaration);
}

Trace& Trace::to_damage_step() {
  window(Timing::BattleStep);
  step(Step::DamageStep);
  damage_step_begin();
  return timing(Timing::StartOfDamageStep).passes();
}

Trace& Trace::standard_battle() {
  declare(P1M0, P2M0).to_damage_step();
  window(Timing::BeforeDamageCalculation).window(Timing::DamageCalculation);
  calc(CalcMode::VsAttack, 1800, 1500).damage(Player::P2, 300).destroyed(P2M0);
  window(Timing::AfterDamageCalculation);
  enter(Timing::EndOfDamageStep).left(P2M0, LeaveReason::Battle).passes();
  return open();
}

Trace& Trace::end_battle_phase() { return window(Timing::EndStep).enter(Timing::MainPhase2); }

Verdicts Trace::run(bool finish_trace, bool complete) const {
  Verdicts v;
  TraceContext ctx = start_context(sc_);
  for (const Event& e : events_) observe(ctx, e, v);
  if (finish_trace) finish(ctx, complete, v);
  return v;
}

TraceContext Trace::context() const {
  Verdicts v;
  TraceContext ctx = start_context(sc_);
  for (const Event& e : events_) observe(ctx, e, v);
  return ctx;
}

std::vector<std::string> violated_ids(const Verdicts& v) {
  std::vector<std::string> ids;
  for (std::size_t i = 0; i < properties().size(); ++i)
    if (v.violated[i]) ids.emplace_back(properties()[i].id);
  return ids;
}

std::vector<std::string> witnessed_ids(const Verdicts& v) {
  std::vector<std::string> ids;
  for (std::size_t i = 0; i < properties().size(); ++i)
    if (v.witnessed[i]) ids.emplace_back(properties()[i].id);
  return ids;
}

bool violated(const Verdicts& v, std::string_view id) {
  const int i = property_index(id);
  EXPECT_GE(i, 0) << "unknown property " << id;
  return i >= 0 && v.violated[i];
}

bool witnessed(const Verdicts& v, std::string_view id) {
  const int i = property_index(id);
  EXPECT_GE(i, 0) << "unknown property " << id;
  return i >= 0 && v.witnessed[i];
}

}  // namespace bc::test
