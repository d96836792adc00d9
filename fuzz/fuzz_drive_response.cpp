// libFuzzer target: an engine's response lines for `drive`
// (importers/drive/drive_response.hpp), with no process. Any bytes must give
// a response object or a Garbage reply, and any accepted body must read into
// events / actions / trace records or an error text, never a crash; every
// message stays bounded.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "importers/drive/drive_response.hpp"
#include "model/library/presets.hpp"

namespace {

/// A small scenario in code (no file, no loader): two monsters, two cards, so
/// events naming cards and slots are annotated against something.
const bc::Scenario& scenario() {
  static const bc::Scenario s = [] {
    bc::Scenario t;
    t.name = "fuzz";
    t.monsters = {{"A", 1800, 1000}, {"B", 1200, 1500}};
    t.board[0][0] = {0, bc::Position::FaceUpAttack};
    t.board[1][0] = {1, bc::Position::FaceDownDefense};
    for (bc::Player owner : {bc::Player::P1, bc::Player::P2}) {
      bc::CardSpec card;
      card.name = "card";
      card.owner = owner;
      bc::fill_preset_term(card);
      t.cards.push_back(card);
    }
    return t;
  }();
  return s;
}

void check_bounded(const std::string& message) {
  if (message.size() > 4096) std::abort();  // a message quoting engine text must cut it
}

void interpret(const nlohmann::json& body) {
  std::vector<nlohmann::json> raw;
  std::vector<bc::Event> events;
  check_bounded(bc::read_response_events(body, scenario(), raw, events));
  std::set<std::string> canonical;
  raw.clear();
  check_bounded(bc::read_response_actions(body, raw, canonical));
  check_bounded(bc::response_error(body, {{"cmd", "actions"}}));
  // --judge trace: the engine's own trace and what it leaves out.
  std::vector<bc::TraceRecord> records;
  bool given = false;
  check_bounded(bc::read_response_records(body, scenario(), records, given));
  bc::EventTypeMask omits = 0;
  check_bounded(bc::read_response_omits(body, omits));
  check_bounded(bc::read_response_trace_omits(body, omits));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (std::size_t start = 0; start <= size;) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = size;
    const std::string_view line = text.substr(start, end - start);
    start = end + 1;
    if (bc::is_blank(line)) continue;
    const bc::EngineReply reply = bc::parse_response_line(line);
    check_bounded(reply.detail);
    if (reply.ok()) interpret(reply.body);
  }
  return 0;
}
