#pragma once
/// Running the duel, and enumerating its paths (README.md, "Exploration"):
/// each prompt with several options is a branch point; the deterministic
/// duel is re-run from scratch with a prefix of choices, depth first.
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "examples/engines/ygopro/card_db.hpp"
#include "examples/engines/ygopro/host.hpp"
#include "examples/engines/ygopro/policy.hpp"
#include "examples/engines/ygopro/recording.hpp"

namespace bc::host {

/// Everything one duel run needs.
struct Setup {
  Engine* engine = nullptr;
  DuelOptions options;
  const CardDb* db = nullptr;
  const ScriptTree* scripts = nullptr;
  std::vector<NewCard> cards;
  std::size_t max_prompts = 2000;   ///< a run answering more prompts than this stops (a loop guard)
};

/// A run and the branch points it met.
struct PathRun {
  Run run;
  std::vector<std::size_t> sizes;    ///< options at each branch point met (up to the depth)
  std::vector<std::size_t> chosen;   ///< the option taken at each
  std::optional<StreamMessage> stopped_at;  ///< the prompt the run stopped at (see StopAt), unanswered
  Options stop_options;              ///< the policy's options for that prompt
};

/// Asked at each prompt past the replayed responses: true stops the run
/// there, unanswered (serve mode, serve.hpp).
using StopAt = std::function<bool(const StreamMessage& prompt)>;

/// Run the duel once: at the k-th branch point (k < depth) take prefix[k]
/// (option 0 past the prefix); with `replay`, send those responses in order
/// instead (then the policy's defaults, or stop where `stop` says). Throws HostError.
PathRun run_duel(const Setup& s, const std::vector<std::size_t>& prefix, std::size_t depth,
                 const std::vector<Response>* replay = nullptr, const StopAt* stop = nullptr);

/// The next prefix in depth-first order after a run, or nullopt when every
/// path up to the depth has been run.
std::optional<std::vector<std::size_t>> next_prefix(const PathRun& done);

/// Enumerate paths: calls `emit(index, run)` for each, at most `max_paths`.
/// Returns the number of paths run; `complete` says whether every path was.
std::size_t explore(const Setup& s, std::size_t depth, std::size_t max_paths, bool& complete,
                    const std::function<void(std::size_t, const PathRun&)>& emit);

}  // namespace bc::host
