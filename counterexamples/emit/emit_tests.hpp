#pragma once
/// `check --emit-tests DIR` (issue 29): for a counterexample, the reproducers a
/// test suite can keep -
///   - `<stem>_test.cpp`, a GoogleTest file that rebuilds the scenario (its
///     TOML, embedded) and the ruleset (a built-in or mutant by name, a file's
///     TOML embedded), replays the actions and asserts that the property is
///     first violated at the counterexample's last step; it compiles against
///     battlecheck's libraries (bc_counterexamples) and GoogleTest;
///   - `<stem>.trace.jsonl`, the run's events as a trace (docs/trace-format.md)
///     that an engine's own tests can feed to `verify-trace`, and
///     `<stem>.expected.json`, what verify-trace must say about it (exit 1,
///     the property, the line of the first violating event).
/// Written atomically, never over an existing file without `force`.
#include <string>

#include "counterexamples/replay/replay.hpp"
#include "counterexamples/report/report.hpp"

namespace bc {

/// The three files of one counterexample, as text.
struct EmittedTest {
  std::string test_cpp;
  std::string trace;
  std::string expected;
  int violating_line = 0;  ///< 1-based line of the trace whose event violates the property
};

/// Build the reproducer of `property`'s counterexample `run` (replayed on `model`).
EmittedTest emit_test(const Model& model, const RulesetRef& ruleset, int property, const Run& run,
                      const std::vector<std::uint8_t>& actions);

/// Write the three files as DIR/<stem>_test.cpp, DIR/<stem>.trace.jsonl and
/// DIR/<stem>.expected.json (the stem as for counterexample files, made a C++-safe name).
WriteResult write_emitted_test(const std::string& dir, const std::string& stem, const EmittedTest& t, bool force);

}  // namespace bc
