#pragma once
/// What the two differential searches (differential.cpp: along one path;
/// differential_bfs.cpp: over every joint state) compare at a shared step:
/// whether one model offers an action, and whether both emitted the same events.
#include <algorithm>

#include "model/rules/model.hpp"

namespace bc::differential {

/// Whether `a` is among the actions `list` offers.
inline bool contains(const ActionList& list, const Action& a) {
  return std::find(list.begin(), list.end(), a) != list.end();
}

/// Whether two steps emitted the same events (and both overflowed, or neither).
inline bool same_events(const EventBuffer& x, const EventBuffer& y) {
  if (x.size() != y.size() || x.overflowed() != y.overflowed()) return false;
  for (int i = 0; i < x.size(); ++i)
    if (!(x[i] == y[i])) return false;
  return true;
}

}  // namespace bc::differential
