#pragma once
/// `verify-trace --from ygopro --cards CARDS STREAM`: the ygopro-core
/// importer as a record source of verify-trace (docs/engines/ygopro.md).
#include <memory>
#include <string>
#include <vector>

#include "cli/verify/verify_trace.hpp"

namespace bc::cli {

/// Import STREAM (path; "STREAM#K" for its K-th Battle Phase) with opts.cards
/// and opts.framing; null with `error` set ("STREAM: byte N: ...") when the
/// stream or the cards file cannot be read.
std::unique_ptr<RecordSource> open_ygopro_source(const std::string& path, const VerifyOptions& opts, std::string& error);

/// Every Battle Phase of every stream is checked: a stream with several
/// becomes "STREAM#1", "STREAM#2", ...; one with one Battle Phase keeps its name.
std::vector<std::string> expand_battle_phases(const std::vector<std::string>& files, const VerifyOptions& opts);

}  // namespace bc::cli
