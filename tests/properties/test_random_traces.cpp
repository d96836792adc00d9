// Property-based tests (rapidcheck) of the monitor on arbitrary event
// streams: it never misbehaves, is deterministic, and the context is a value.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "tests/properties/random_events.hpp"
#include "tests/properties/trace_builder.hpp"

namespace bc::test {
namespace {

std::vector<Event> any_trace() {
  const int n = *rc::gen::inRange(0, 80);
  std::vector<Event> events;
  for (int i = 0; i < n; ++i) events.push_back(any_event());
  return events;
}

RC_GTEST_PROP(RandomTraces, ObservingIsDeterministic, ()) {
  const std::vector<Event> events = any_trace();
  const Scenario sc = test_scenario();
  TraceContext a = start_context(sc), b = start_context(sc);
  Verdicts va, vb;
  for (const Event& e : events) {
    observe(a, e, va);
    observe(b, e, vb);
    RC_ASSERT(a == b);
    RC_ASSERT(hash_context(a) == hash_context(b));
  }
  finish(a, true, va);
  finish(b, true, vb);
  RC_ASSERT(va.violated == vb.violated);
  RC_ASSERT(va.witnessed == vb.witnessed);
}

RC_GTEST_PROP(RandomTraces, OnlyKnownPropertiesAreReported, ()) {
  const std::vector<Event> events = any_trace();
  TraceContext c = start_context(test_scenario());
  Verdicts v;
  for (const Event& e : events) observe(c, e, v);
  finish(c, *rc::gen::arbitrary<bool>(), v);
  for (std::size_t i = properties().size(); i < v.violated.size(); ++i) {
    RC_ASSERT(!v.violated[i]);
    RC_ASSERT(!v.witnessed[i]);
  }
  for (std::size_t i = 0; i < properties().size(); ++i) {
    if (properties()[i].kind == PropertyKind::Sometimes) RC_ASSERT(!v.violated[i]);
    else RC_ASSERT(!v.witnessed[i]);
  }
}

RC_GTEST_PROP(RandomTraces, VerdictsOnlyGrowAndAPrefixSeesNoMore, ()) {
  const std::vector<Event> events = any_trace();
  TraceContext c = start_context(test_scenario());
  Verdicts v;
  PropertyBits before;
  for (const Event& e : events) {
    observe(c, e, v);
    RC_ASSERT((before & ~v.violated).none());
    before = v.violated;
  }
}

}  // namespace
}  // namespace bc::test
