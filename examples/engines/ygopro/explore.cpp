/// The duel loop and the depth-first enumeration of paths.
#include "examples/engines/ygopro/explore.hpp"

#include "examples/engines/ygopro/framing.hpp"
#include "examples/engines/ygopro/policy.hpp"
#include "importers/ygopro/ygopro_lengths.hpp"

namespace bc::host {

namespace {

constexpr std::uint8_t kRetry = 1, kWin = 5;

std::string describe(const StreamMessage& m, const std::string& label) {
  return bc::ygopro::message_name(m.decoded.code) + " p" + std::to_string(m.decoded.player) + " @" +
         std::to_string(m.decoded.offset) + ": " + label;
}

}  // namespace

PathRun run_duel(const Setup& s, const std::vector<std::size_t>& prefix, std::size_t depth,
                 const std::vector<Response>* replay, const StopAt* stop) {
  PathRun out;
  Run& run = out.run;
  Engine& e = *s.engine;
  e.start(s.options, *s.db, *s.scripts, s.cards);
  Policy policy(e.framing());
  std::size_t new_turns = 0, idle_rounds = 0;
  while (run.end.empty()) {
    const std::size_t start = run.stream.size();
    const Status st = e.process(run.stream);
    for (std::string& line : e.take_log()) {
      if (line.rfind("card reader: no data for passcode ", 0) == 0)
        throw HostError("the core asked for " + line.substr(25) +
                        " (a card or token a script creates): neither --cdb nor the spec's [[cards]] gives its data");
      run.log.push_back(std::move(line));
    }
    const auto msgs = split_buffer(run.stream, start, e.framing());
    for (const StreamMessage& m : msgs) {
      policy.observe(m);
      if (m.decoded.code == bc::ygopro::msg::kNewTurn && ++new_turns >= s.options.stop_at_new_turn)
        run.end = "MSG_NEW_TURN #" + std::to_string(new_turns);
      if (m.decoded.code == kWin && run.end.empty()) run.end = "MSG_WIN";
      if (m.decoded.code == kRetry)
        throw HostError("the core rejected response " + std::to_string(run.answers.size() - 1) + " (" +
                        response_text(run.answers.back().response) + "): MSG_RETRY at stream byte " +
                        std::to_string(m.decoded.offset));
    }
    if (!run.end.empty()) break;
    if (st == Status::End) {
      run.end = "the core ended the duel";
      break;
    }
    if (st == Status::Continue) {
      if (msgs.empty() && ++idle_rounds > 1000) throw HostError("the core runs without messages or prompts");
      continue;
    }
    // Fluorohydride's core also pauses with no prompt after a confirmation (Duel.ConfirmCards,
    // Duel.ConfirmDecktop: its PROCESSOR_WAIT unit, for the client's animation); its own server
    // processes on, as the host does (a search's reveal: Witch of the Black Forest, A Hero Emerges).
    if (msgs.empty() || !is_prompt(msgs.back().decoded.code)) {
      if (++idle_rounds <= 1000) continue;
      throw HostError("the core waits for a response, but its last message (" +
                      (msgs.empty() ? std::string("none") : bc::ygopro::message_name(msgs.back().decoded.code)) +
                      ", stream byte " + std::to_string(msgs.empty() ? start : msgs.back().decoded.offset) +
                      ") is no prompt");
    }
    if (run.answers.size() >= s.max_prompts) {
      run.end = "the prompt limit (" + std::to_string(s.max_prompts) + ")";
      break;
    }
    const StreamMessage& prompt = msgs.back();
    const Options options = policy.options_for(prompt, run.stream);
    std::size_t index = 0;
    Response response = options.responses[0];
    if (stop && replay && run.answers.size() >= replay->size() && (*stop)(prompt)) {
      out.stopped_at = prompt;
      out.stop_options = options;
      run.end = "stopped at a prompt";
      break;
    }
    if (replay && run.answers.size() < replay->size()) {
      response = (*replay)[run.answers.size()];
      for (std::size_t i = 0; i < options.responses.size(); ++i)
        if (response_text(options.responses[i]) == response_text(response)) index = i;
      if (options.branch) run.choices.push_back(describe(prompt, "given " + response_text(response)));
    } else if (options.branch && !replay && out.sizes.size() < depth) {
      const std::size_t k = out.sizes.size();
      index = k < prefix.size() ? prefix[k] : 0;
      if (index >= options.responses.size())
        throw HostError("branch point " + std::to_string(k) + " offers " + std::to_string(options.responses.size()) +
                        " options where an earlier run saw more: the duel is not deterministic");
      out.sizes.push_back(options.responses.size());
      out.chosen.push_back(index);
      response = options.responses[index];
      run.choices.push_back(describe(prompt, options.labels[index] + " (option " + std::to_string(index + 1) + " of " +
                                                 std::to_string(options.responses.size()) + ")"));
    }
    e.respond(response);
    policy.chose(prompt, options, index);
    run.answers.push_back(Answer{response, prompt.decoded.code, prompt.decoded.offset});
  }
  e.finish();
  return out;
}

std::optional<std::vector<std::size_t>> next_prefix(const PathRun& done) {
  for (std::size_t j = done.chosen.size(); j-- > 0;) {
    if (done.chosen[j] + 1 < done.sizes[j]) {
      std::vector<std::size_t> p(done.chosen.begin(), done.chosen.begin() + static_cast<std::ptrdiff_t>(j));
      p.push_back(done.chosen[j] + 1);
      return p;
    }
  }
  return std::nullopt;
}

std::size_t explore(const Setup& s, std::size_t depth, std::size_t max_paths, bool& complete,
                    const std::function<void(std::size_t, const PathRun&)>& emit) {
  std::vector<std::size_t> prefix;
  complete = false;
  for (std::size_t n = 0; n < max_paths; ++n) {
    const PathRun r = run_duel(s, prefix, depth);
    emit(n, r);
    auto next = next_prefix(r);
    if (!next) {
      complete = true;
      return n + 1;
    }
    prefix = std::move(*next);
  }
  return max_paths;
}

}  // namespace bc::host
