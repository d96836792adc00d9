#pragma once
/// `battlecheck corpus run DIR`: a corpus (docs/corpus.md) run as a test
/// suite. Each case the index lists is checked as the index says: a positive
/// trace conforms, holds and ends the Battle Phase; a negative trace is
/// refused exactly at its `refusal.line`, for its rule. One line a case,
/// `--json`, `--junit` (a negative refused as expected passes).
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/verify/verify_trace.hpp"

namespace bc::cli {

/// Options of `corpus run`.
struct CorpusRunOptions {
  std::string dir;    ///< the corpus directory (DIR/index.json)
  std::string junit;  ///< JUnit XML output file; empty = none
  bool json = false;
  bool force = false;  ///< overwrite the --junit file
  int jobs = 0;        ///< cases checked in parallel; 0 = one per core
  std::string engine;  ///< --engine: drive this engine through every case instead of checking the traces
  int timeout_ms = 5000;
};

/// One case as the index and its verdict file describe it.
struct CorpusRunCase {
  std::string id;
  bool negative = false;
  std::string trace;            ///< path of the .jsonl file
  std::string expected;         ///< path of the .expected.json file
  std::size_t refusal_line = 0; ///< negative: the line the rules refuse
  std::string rule;             ///< negative: permission / one_chain / mutant
  std::string rule_name;        ///< negative: the kind, the chain knob or the mutant
  std::string card_name;        ///< negative: the refused card's name, when a card
  std::vector<std::uint32_t> actions;  ///< the case's action indices (the model's legal-action order)
  bool action_legal = false;    ///< negative: the refused step's action is legal (only its events are refused)
  int action_index = -1;        ///< negative: that action's index when legal
};

/// A case checked.
struct CorpusRunResult {
  CorpusRunCase expect;
  bool pass = false;
  std::string detail;  ///< one line: what happened
  std::string body;    ///< more lines for a failure (JUnit); empty = the verdict's divergences
  TraceVerdict verdict;
};

/// How one case is checked; the default verifies its trace (verify_one, judge_case).
using CaseCheck = std::function<CorpusRunResult(const CorpusRunCase&)>;

/// The cases of DIR/index.json with their verdict files; throws InputError
/// naming the file, line and field of anything missing or malformed.
std::vector<CorpusRunCase> read_corpus_index(const std::string& dir);

/// What a case expects, in words: "holds", "refused at line 41 (permission atk_change_quick, Card)".
std::string expectation(const CorpusRunCase& c);

/// Judge one verified trace against its case.
CorpusRunResult judge_case(const CorpusRunCase& c, TraceVerdict v);

/// The whole run: exit 0 when every case behaves, 1 otherwise, 2 on bad input.
/// `check`, when given, checks each case instead (one at a time: an engine process is shared).
int run_corpus_suite(const CorpusRunOptions& opts, const CaseCheck& check = {});

}  // namespace bc::cli
