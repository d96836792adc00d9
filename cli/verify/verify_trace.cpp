/// verify-trace: opening inputs and checking one trace.
#include "checker/conformance/card_audit.hpp"
#include "cli/verify/verify_trace.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <map>

#include "cli/verify/verify_ygopro.hpp"
#include "trace/format/trace_stream.hpp"
#include "model/loaders/loader.hpp"

namespace bc::cli {
namespace {

/// Headers already parsed by this worker thread (many traces share one scenario).
HeaderCache& header_cache() {
  thread_local HeaderCache cache;
  return cache;
}

/// Rulesets already loaded by this worker thread, by name or file; throws
/// InputError (not cached) when `name` cannot be loaded.
const Ruleset& cached_ruleset(const std::string& name) {
  thread_local std::map<std::string, Ruleset, std::less<>> loaded;
  if (const auto it = loaded.find(name); it != loaded.end()) return it->second;
  Ruleset rules = load_ruleset(name);
  if (loaded.size() >= HeaderCache::kCapacity) loaded.clear();
  return loaded.emplace(name, std::move(rules)).first->second;
}

/// A JSON Lines trace read by TraceStream from a file or stdin.
class StreamSource : public RecordSource {
 public:
  StreamSource(int fd, bool owned, const std::string& origin) : fd_(fd), owned_(owned), stream_(fd, origin) {}
  ~StreamSource() override {
    if (owned_) ::close(fd_);
  }
  bool read_header(TraceHeader& header) override { return stream_.read_header(header, &header_cache()); }
  bool next(TraceRecord& record) override { return stream_.next(record); }
  const std::string& error() const override { return stream_.error(); }

 private:
  int fd_;
  bool owned_;
  TraceStream stream_;
};

}  // namespace

std::unique_ptr<RecordSource> open_source(const std::string& path, const VerifyOptions& opts, std::string& error) {
  // Importers (issue 6) add their branch here: `if (opts.from == "ygopro") return ...;`
  if (opts.from == "ygopro") return open_ygopro_source(path, opts, error);  // cli/verify/verify_ygopro.cpp (ygopro helper)
  if (opts.from != "trace") {
    error = path + ": unknown input form --from " + opts.from;
    return nullptr;
  }
  if (path == "-") return std::make_unique<StreamSource>(STDIN_FILENO, false, "<stdin>");
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = path + ": cannot open: " + std::strerror(errno);
    return nullptr;
  }
  return std::make_unique<StreamSource>(fd, true, path);
}

TraceVerdict verify_one(const std::string& path, const VerifyOptions& opts) {
  const auto start = std::chrono::steady_clock::now();
  TraceVerdict v;
  v.file = path == "-" ? "<stdin>" : path;
  auto done = [&](int code) {
    v.exit_code = code;
    v.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return v;
  };
  std::unique_ptr<RecordSource> source = open_source(path, opts, v.error);
  if (!source) return done(2);
  TraceHeader header;
  if (!source->read_header(header)) {
    v.error = source->error();
    return done(2);
  }
  v.ruleset = !opts.ruleset.empty() ? opts.ruleset : header.ruleset.empty() ? "mr3" : header.ruleset;
  const Ruleset* rules = nullptr;
  try {
    rules = &cached_ruleset(v.ruleset);
  } catch (const std::exception& e) {
    v.error = opts.ruleset.empty() ? v.file + ":1: field 'ruleset': " + e.what() : std::string("--ruleset: ") + e.what();
    return done(2);
  }
  const Model model(header.scenario, *rules);
  ConformanceChecker checker(model, header.omits);
  TraceRecord record;
  while (source->next(record)) checker.on_record(record);
  if (!source->error().empty()) {
    v.error = source->error();
    return done(2);
  }
  v.result = checker.finish();
  v.offsets = source->byte_offsets();
  v.warnings = source->warnings();
  const std::vector<std::uint32_t> codes = source->card_codes();
  for (std::size_t c = 0; c < header.scenario.cards.size(); ++c)
    v.card_labels.push_back(header.scenario.cards[c].name +
                            (c < codes.size() && codes[c] ? " (passcode " + std::to_string(codes[c]) + ")" : ""));
  if (opts.audit_cards) {
    v.audited = true;
    for (const CardFinding& f : audit_cards(header.scenario, *rules, source->undeclared_cards()))
      v.card_findings.push_back("card " + f.card + ": " + f.text);
    for (const std::string& f : source->card_findings()) v.card_findings.push_back(f);
    for (const std::string& f : v.result.card_resyncs) v.card_findings.push_back(f);
  }
  return done(v.result.holds() && v.card_findings.empty() ? 0 : 1);
}

}  // namespace bc::cli
