/// The ygopro-core branch of verify-trace's open_source() hook.
#include "cli/verify_ygopro.hpp"

#include "importers/ygopro_file.hpp"

namespace bc::cli {

std::unique_ptr<RecordSource> open_ygopro_source(const std::string& path, const VerifyOptions& opts, std::string& error) {
  if (opts.cards.empty()) {
    error = path + ": --from ygopro needs --cards CARDS.json (docs/engines/ygopro.md)";
    return nullptr;
  }
  ygopro::ImportOptions options;
  if (!ygopro::set_framing(options, opts.framing.empty() ? "auto" : opts.framing)) {
    error = path + ": --framing: expected auto, fluoro or edo, got \"" + opts.framing + "\"";
    return nullptr;
  }
  ygopro::FileImport f = ygopro::import_files(path, opts.cards, options);
  if (!f.ok()) {
    error = f.error;
    return nullptr;
  }
  return std::make_unique<MemorySource>(std::move(f.result.header), std::move(f.result.records),
                                        std::move(f.result.card_findings));
}

}  // namespace bc::cli
