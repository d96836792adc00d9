#pragma once
/// `corpus run DIR --engine CMD`: each case of a corpus played by an engine
/// over the protocol of docs/engine-protocol.md, side by side with the model.
#include <string>

#include "cli/verify/corpus_run.hpp"

namespace bc::cli {

/// A case check that drives `command` through the case's actions: the engine
/// must offer what the model offers and answer each action with the model's
/// events. A negative case's last step is its refusal: a refused voluntary
/// activation must not be offered, a refused event not produced. Throws
/// InputError when the engine cannot be started.
CaseCheck engine_case_check(const std::string& command, int timeout_ms);

}  // namespace bc::cli
