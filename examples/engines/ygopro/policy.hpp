#pragma once
/// The host's response policy (README.md, "Response policy"): at each prompt
/// the options it may send, in order, option 0 being the recordings' default
/// (to the Battle Phase until it was entered, attack with attacker #0, pass,
/// yes, the first card).
/// Prompts with more than one option are branch points for exploration.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "examples/engines/ygopro/framing.hpp"
#include "examples/engines/ygopro/host.hpp"

namespace bc::host {

/// What the host may answer to one prompt.
struct Options {
  std::vector<Response> responses;   ///< option i's response
  std::vector<std::string> labels;   ///< option i, readable ("pass", "activate 44095762", "attack with #0")
  bool branch = false;               ///< explored as a branch point
};

/// Whether a message code is a prompt the core waits on.
bool is_prompt(std::uint8_t code);

/// The policy's memory across prompts of one duel.
class Policy {
 public:
  explicit Policy(bc::ygopro::Framing framing) : framing_(framing) {}
  /// The options for `prompt` (the last message of a buffer). Throws
  /// HostError for a prompt the host cannot answer.
  Options options_for(const StreamMessage& prompt, std::span<const std::uint8_t> stream) const;
  /// See every message of the stream (the policy notes the Battle Phase's start).
  void observe(const StreamMessage& m);
  /// Record that option `index` was sent for `prompt`.
  void chose(const StreamMessage& prompt, const Options& options, std::size_t index);

 private:
  bc::ygopro::Framing framing_;
  bool battle_seen_ = false;  ///< MSG_NEW_PHASE PHASE_BATTLE_START seen
  int attacks_ = 0;
};

/// A response as written in responses.txt: "i32 -1" or "bytes 0100".
std::string response_text(const Response& r);
/// Parse one responses.txt line (comments after '#' ignored); false if malformed.
bool parse_response_line(const std::string& line, Response& out);

}  // namespace bc::host
