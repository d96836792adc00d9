#pragma once
/// `verify-trace --from ygopro --cards CARDS STREAM`: the ygopro-core
/// importer as a record source of verify-trace (docs/engines/ygopro.md).
#include <memory>
#include <string>

#include "cli/verify_trace.hpp"

namespace bc::cli {

/// Import STREAM (path) with opts.cards and opts.framing; null with `error`
/// set ("STREAM: byte N: ...") when the stream or the cards file cannot be read.
std::unique_ptr<RecordSource> open_ygopro_source(const std::string& path, const VerifyOptions& opts, std::string& error);

}  // namespace bc::cli
