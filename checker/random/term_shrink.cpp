// Shrinking a term (docs/random.md "How a term shrinks"): every candidate is
// strictly simpler than the term (fewer operations, conditions, timings;
// no cost; a wider or no target; not mandatory; window `any`; no flag; a
// shorter duration; a smaller amount) and meaningful (term_problem() empty),
// so a shrink sequence always ends.
#include <algorithm>
#include <bit>

#include "checker/random/term_gen.hpp"

namespace bc {
namespace {

/// `t` without operation i (the later ones move up); a lost negation takes its chain_link target along.
EffectTerm without_op(const EffectTerm& t, int i) {
  EffectTerm x = t;
  for (int j = i; j + 1 < x.op_count; ++j) x.ops[j] = x.ops[j + 1];
  x.ops[--x.op_count] = Op{};
  const bool negates = x.has_op(OpCode::NegateActivation) || x.has_op(OpCode::NegateEffect);
  if (!negates && x.target.kind == TargetKind::ChainLink) x.target = TargetSpec{};
  return x;
}

/// `t` without its monster target and the operations on it; nullopt if none would be left.
std::optional<EffectTerm> without_target(const EffectTerm& t) {
  EffectTerm x = t;
  x.target = TargetSpec{};
  for (int i = x.op_count - 1; i >= 0; --i)
    if (x.ops[i].object == Object::Target && x.ops[i].code != OpCode::SpecialSummon &&
        x.ops[i].code != OpCode::NegateAttack && x.ops[i].code != OpCode::EndBattlePhase && x.ops[i].code != OpCode::Opaque)
      x = without_op(x, i);
  if (x.op_count == 0) return std::nullopt;
  return x;
}

/// Smaller amounts on the 100 grid: toward `floor` (0, or 100 in size for a change that must not be 0).
std::vector<std::int16_t> smaller(std::int16_t a, int floor) {
  std::vector<std::int16_t> out;
  const int sign = a < 0 ? -1 : 1;
  const int size = std::abs(static_cast<int>(a));
  for (int v : {floor, (size / 200) * 100})
    if (v >= floor && v < size && std::find(out.begin(), out.end(), sign * v) == out.end())
      out.push_back(static_cast<std::int16_t>(sign * v));
  return out;
}

void op_shrinks(const EffectTerm& t, bool blanks, std::vector<EffectTerm>& out) {
  for (int i = 0; i < t.op_count; ++i) {
    const Op& o = t.ops[i];
    auto with = [&](Op changed) {
      EffectTerm x = t;
      x.ops[i] = changed;
      out.push_back(x);
    };
    if (o.flag) with(Op{o.code, o.object, o.duration, o.position, false, o.amount, o.monster});
    if (o.duration == Duration::Turn) with(Op{o.code, o.object, Duration::Battle, o.position, o.flag, o.amount, o.monster});
    const bool blank = blanks && o.amount == 0;
    if (blank) continue;
    const int floor = o.code == OpCode::SetAtk ? 0 : 100;
    for (std::int16_t a : smaller(o.amount, floor)) with(Op{o.code, o.object, o.duration, o.position, o.flag, a, o.monster});
  }
}

}  // namespace

std::vector<EffectTerm> term_shrinks(const EffectTerm& t, bool blanks) {
  std::vector<EffectTerm> cand;
  if (t.op_count > 1)
    for (int i = 0; i < t.op_count; ++i) cand.push_back(without_op(t, i));
  for (int b = 0; b < 16; ++b)
    if (t.conditions & (1u << b)) {
      EffectTerm x = t;
      x.conditions = static_cast<std::uint16_t>(x.conditions & ~(1u << b));
      cand.push_back(x);
    }
  if (t.cost != Cost::None) {
    EffectTerm x = t;
    x.cost = Cost::None;
    x.cost_amount = 0;
    cand.push_back(x);
  }
  if (t.target.kind == TargetKind::Monster) {
    if (auto x = without_target(t)) cand.push_back(*x);
    for (auto widen : {+[](TargetSpec& s) { s.face = FaceSel::Any; }, +[](TargetSpec& s) { s.role = RoleSel::Any; },
                       +[](TargetSpec& s) { s.side = SideSel::Any; }}) {
      EffectTerm x = t;
      widen(x.target);
      if (!(x.target == t.target)) cand.push_back(x);
    }
  }
  if (t.timings != 0) {
    EffectTerm x = t;
    x.timings = 0;
    cand.push_back(x);
    if (std::popcount(static_cast<unsigned>(t.timings)) > 1)
      for (int b = 0; b < kTimingCount; ++b)
        if (t.timings & (1u << b)) {
          EffectTerm y = t;
          y.timings = static_cast<TimingMask>(y.timings & ~(1u << b));
          cand.push_back(y);
        }
  }
  if (t.mandatory) {
    EffectTerm x = t;
    x.mandatory = false;
    cand.push_back(x);
  }
  if (t.window != Window::Any) {
    EffectTerm x = t;
    x.window = Window::Any;
    cand.push_back(x);
  }
  op_shrinks(t, blanks, cand);
  const int floor = t.continuous.kind == ContinuousKind::CannotAttackAtLeast ? 0 : 100;
  // A Level or a Type is no size (a lower Level locks more monsters, not fewer): kept as drawn.
  const bool sized = !is_printed_lock(t.continuous.kind);
  for (std::int16_t a : sized ? smaller(t.continuous.amount, floor) : std::vector<std::int16_t>{}) {
    EffectTerm x = t;
    x.continuous.amount = a;
    cand.push_back(x);
  }
  std::vector<EffectTerm> out;
  for (const EffectTerm& c : cand)
    if (!(c == t) && term_problem(c, blanks).empty() && std::find(out.begin(), out.end(), c) == out.end())
      out.push_back(c);
  return out;
}

}  // namespace bc
