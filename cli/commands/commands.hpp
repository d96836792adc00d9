#pragma once
/// The subcommands of battlecheck, one file each; main.cpp registers them.
#include "cli/common/common.hpp"

namespace bc::cli {

/// `check`: exhaustive exploration, counterexample files, verdict table.
Command add_check_command(CLI::App& root);
/// `replay FILE`: re-run a counterexample and show its narrative and verdict.
Command add_replay_command(CLI::App& root);
/// `properties`: ids, kinds, statements and citations.
Command add_properties_command(CLI::App& root);
/// `rulesets` and `rulesets show NAME`: built-in rulesets, mutants, knobs.
Command add_rulesets_command(CLI::App& root);
/// `graph`: the step/timing graph as Graphviz dot.
Command add_graph_command(CLI::App& root);
/// `contradictions`: where the ruling sources' rulesets disagree (docs/contradictions.md).
Command add_contradictions_command(CLI::App& root);
/// `corpus --out DIR`: a test corpus for engines with its coverage report (docs/corpus.md).
Command add_corpus_command(CLI::App& root);
/// `drive --engine CMD`: compare an engine process with the model (docs/engine-protocol.md).
Command add_drive_command(CLI::App& root);
/// `import ygopro --cards CARDS STREAM`: a ygopro-core message stream as a trace v1 (docs/engines/ygopro.md).
Command add_import_command(CLI::App& root);
/// `ygopro cards --scripts DIR CODE...`: cards learnt from real card scripts under a Lua stub (docs/engines/ygopro.md).
Command add_ygopro_command(CLI::App& root);
/// `random`: RapidCheck random exploration, the first failure shrunk and written like `check`'s.
Command add_random_command(CLI::App& root);

/// `verify-trace FILE...`: engine traces checked for conformance and properties.
Command add_verify_trace_command(CLI::App& root);

/// `coverage`: which rule situations the scenarios reach (docs/coverage.md).
Command add_coverage_command(CLI::App& root);

/// `cards`: the card library (model/library/cards.toml), --json.
Command add_cards_command(CLI::App& root);
}  // namespace bc::cli
