/// The host's driver for Fluorohydride/ygopro-core (ocgapi.h): global
/// callbacks, create_duel_v2 with seed {1..8}, start_duel(rule << 16 | flags).
#include <algorithm>
#include <cstring>
#include <utility>

#include "examples/engines/ygopro/card_db.hpp"
#include "examples/engines/ygopro/host.hpp"

#include "card_data.h"
#include "ocgapi.h"

namespace bc::host {

namespace {

/// The core's readers are global function pointers: they reach the duel's
/// data through these (one duel at a time).
const CardDb* g_db = nullptr;
const ScriptTree* g_scripts = nullptr;
std::string g_script;
std::vector<std::string> g_log;

uint32_t read_card_data(uint32_t code, card_data* data) {
  data->clear();
  data->code = code;
  const CardData* c = g_db ? g_db->find(code) : nullptr;
  if (c == nullptr) {
    g_log.push_back("card reader: no data for passcode " + std::to_string(code));
    return 0;
  }
  data->alias = c->alias;
  write_setcode(data->setcode, c->setcode);
  data->type = c->type;
  data->level = c->level;
  data->attribute = c->attribute;
  data->race = static_cast<uint32_t>(c->race);
  data->attack = c->atk;
  data->defense = c->def;
  data->lscale = c->lscale;
  data->rscale = c->rscale;
  data->link_marker = c->link_marker;
  return 0;
}

byte* read_script_file(const char* name, int* len) {
  auto text = g_scripts ? g_scripts->read(name) : std::nullopt;
  if (!text) return nullptr;
  g_script = std::move(*text);
  *len = static_cast<int>(g_script.size());
  return reinterpret_cast<byte*>(g_script.data());
}

uint32_t take_message(intptr_t pduel, uint32_t type) {
  char buf[1024];
  get_log_message(pduel, buf);
  g_log.push_back(std::string(type == 1 ? "script error: " : "script message: ") + buf);
  return 0;
}

class FluoroEngine : public Engine {
 public:
  ~FluoroEngine() override { finish(); }
  std::string short_name() const override { return "fluoro"; }
  std::string long_name() const override { return "Fluorohydride/ygopro-core"; }
  bc::ygopro::Framing framing() const override { return bc::ygopro::Framing::Fluoro; }

  void start(const DuelOptions& o, const CardDb& db, const ScriptTree& scripts, const std::vector<NewCard>& cards) override {
    finish();
    g_db = &db;
    g_scripts = &scripts;
    g_log.clear();
    set_card_reader(read_card_data);
    set_script_reader(read_script_file);
    set_message_handler(take_message);
    uint32_t seed[SEED_COUNT] = {1, 2, 3, 4, 5, 6, 7, 8};
    duel_ = create_duel_v2(seed);
    if (!duel_) throw HostError("fluoro: create_duel_v2 failed");
    for (int32_t p = 0; p < 2; ++p) set_player_info(duel_, p, static_cast<int32_t>(o.lp), 0, static_cast<int32_t>(o.draw_per_turn));
    for (const NewCard& c : cards) new_card(duel_, c.code, c.player, c.player, c.location, c.sequence, c.position);
    start_duel(duel_, o.fluoro_rule << 16 | o.fluoro_flags);
  }

  Status process(std::vector<std::uint8_t>& stream) override {
    const uint32_t r = ::process(duel_);
    const uint32_t len = r & PROCESSOR_BUFFER_LEN;
    if (len > 0) {
      buffer_.resize(std::max<std::size_t>(len, 0x10000));
      const int32_t got = get_message(duel_, buffer_.data());
      stream.insert(stream.end(), buffer_.begin(), buffer_.begin() + got);
    }
    if (r & PROCESSOR_END) return Status::End;
    if (r & PROCESSOR_WAITING) return Status::Awaiting;
    return Status::Continue;
  }

  void respond(const Response& r) override {
    if (r.is_int) {
      set_responsei(duel_, r.value);
      return;
    }
    std::memset(response_, 0, sizeof response_);  // the core copies 256 bytes from the pointer
    std::memcpy(response_, r.bytes.data(), std::min<std::size_t>(r.bytes.size(), sizeof response_));
    set_responseb(duel_, response_);
  }

  std::vector<std::string> take_log() override { return std::exchange(g_log, {}); }

  void finish() override {
    if (duel_) end_duel(duel_);
    duel_ = 0;
  }

 private:
  intptr_t duel_ = 0;
  std::vector<byte> buffer_;
  byte response_[256] = {};
};

}  // namespace

std::unique_ptr<Engine> make_engine() { return std::make_unique<FluoroEngine>(); }

}  // namespace bc::host
