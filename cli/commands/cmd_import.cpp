/// `battlecheck import ygopro [--cards CARDS.json] STREAM.bin [-o FILE]`:
/// turn a ygopro-core message stream into a trace v1 (docs/engines/ygopro.md).
#include <iostream>

#include "cli/commands/commands.hpp"
#include "counterexamples/report/report.hpp"
#include "trace/format/trace_json.hpp"
#include "importers/ygopro/ygopro_file.hpp"

namespace bc::cli {
namespace {

struct ImportCliOptions {
  std::string stream;
  std::string cards;
  std::string output;
  std::string framing = "auto";
  std::string ruleset = "mr3";
  int battle = 1;
  bool force = false;
};

int run_import(const ImportCliOptions& o) {
  ygopro::ImportOptions options;
  options.ruleset = o.ruleset;
  options.battle_phase = o.battle;
  if (!ygopro::set_framing(options, o.framing)) {
    std::cerr << "error: --framing: expected auto, fluoro or edo, got \"" << o.framing << "\"\n";
    return kExitBadInput;
  }
  const std::string cards = o.cards.empty() ? ygopro::cards_beside(o.stream) : o.cards;
  if (cards.empty()) {
    std::cerr << "error: " << o.stream << ": --cards CARDS.json is required: no " << o.stream
              << " cards file beside it (NAME.cards.json for NAME.bin; docs/engines/ygopro.md)\n";
    return kExitBadInput;
  }
  const ygopro::FileImport f = ygopro::import_files(o.stream, cards, options);
  for (const std::string& w : f.result.warnings) std::cerr << "warning: " << w << "\n";
  if (!f.ok()) {
    std::cerr << "error: " << f.error << "\n";
    return kExitBadInput;
  }
  const std::string text = write_trace(f.result.header, f.result.records);
  std::cerr << "imported " << f.result.messages << " messages (" << ygopro::name(f.result.framing) << " framing) into "
            << f.result.records.size() << " trace records (Battle Phase " << o.battle << " of " << f.result.battle_phases
            << ")\n";
  return emit_document(o.output, text, o.force);
}

}  // namespace

Command add_import_command(CLI::App& root) {
  auto options = std::make_shared<ImportCliOptions>();
  CLI::App* app = root.add_subcommand("import", "Import an engine's recorded message stream as a trace v1");
  CLI::App* yg = app->add_subcommand("ygopro", "ygopro-core (YGOPro / EDOPro) binary message stream -> trace v1 on stdout");
  yg->add_option("stream", options->stream, "STREAM.bin: every get_message / OCG_DuelGetMessage buffer, concatenated")
      ->required();
  yg->add_option("--cards", options->cards,
                 "CARDS.json: the duel's cards (docs/engines/ygopro.md; default: NAME.cards.json beside NAME.bin)");
  yg->add_option("-o,--output", options->output, "write the trace to FILE (atomically) instead of stdout");
  yg->add_flag("--force", options->force, "overwrite an existing output file");
  yg->add_option("--framing", options->framing, "auto (default), fluoro (no length prefix) or edo (u32 length prefix)");
  yg->add_option("--ruleset", options->ruleset, "ruleset named in the trace header (default mr3)");
  yg->add_option("--battle", options->battle, "which Battle Phase of the duel to import (default 1, the first)")
      ->check(CLI::PositiveNumber);
  app->require_subcommand(1);
  return Command{app, [options] { return run_import(*options); }};
}

}  // namespace bc::cli
