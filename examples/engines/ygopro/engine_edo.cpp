/// The host's driver for the EDOPro core (ocgapi.h, OCG_* API): seed
/// {1,2,3,4}, DUEL_MODE_* | DUEL_ATTACK_FIRST_TURN | DUEL_PSEUDO_SHUFFLE, the
/// base scripts constant.lua and utility.lua loaded before the cards.
#include <algorithm>
#include <cstring>
#include <utility>
#include <deque>

#include "examples/engines/ygopro/card_db.hpp"
#include "examples/engines/ygopro/host.hpp"

#include "ocgapi.h"
#include "ocgapi_constants.h"

namespace bc::host {

namespace {

std::uint64_t mode_flags(const std::string& mode) {
  if (mode == "mr1") return DUEL_MODE_MR1;
  if (mode == "mr2") return DUEL_MODE_MR2;
  if (mode == "mr3") return DUEL_MODE_MR3;
  if (mode == "mr4") return DUEL_MODE_MR4;
  if (mode == "goat") return DUEL_MODE_GOAT;
  if (mode == "speed") return DUEL_MODE_SPEED;
  if (mode == "rush") return DUEL_MODE_RUSH;
  return DUEL_MODE_MR5;
}

class EdoEngine : public Engine {
 public:
  ~EdoEngine() override { finish(); }
  std::string short_name() const override { return "edo"; }
  std::string long_name() const override { return "edo9300/ygopro-core (EDOPro)"; }
  bc::ygopro::Framing framing() const override { return bc::ygopro::Framing::Edo; }

  void start(const DuelOptions& o, const CardDb& db, const ScriptTree& scripts, const std::vector<NewCard>& cards) override {
    finish();
    db_ = &db;
    scripts_ = &scripts;
    log_.clear();
    OCG_DuelOptions opt{};
    opt.seed[0] = 1, opt.seed[1] = 2, opt.seed[2] = 3, opt.seed[3] = 4;
    opt.flags = mode_flags(o.edo_mode) | DUEL_ATTACK_FIRST_TURN | DUEL_PSEUDO_SHUFFLE;
    if (o.edo_single_chain) opt.flags |= DUEL_SINGLE_CHAIN_IN_DAMAGE_SUBSTEP;
    opt.team1 = opt.team2 = OCG_Player{o.lp, 0, o.draw_per_turn};
    opt.cardReader = &EdoEngine::read_card;
    opt.payload1 = this;
    opt.scriptReader = &EdoEngine::read_script;
    opt.payload2 = this;
    opt.logHandler = &EdoEngine::log;
    opt.payload3 = this;
    const int status = OCG_CreateDuel(&duel_, &opt);
    if (status != OCG_DUEL_CREATION_SUCCESS) throw HostError("edo: OCG_CreateDuel failed with status " + std::to_string(status));
    for (const char* base : {"constant.lua", "utility.lua"})
      if (!read_script(this, duel_, base))
        throw HostError("edo: cannot load " + std::string(base) + " from the script tree " + scripts.root());
    for (const NewCard& c : cards) {
      OCG_NewCardInfo info{c.player, 0, c.code, c.player, c.location, c.sequence, c.position};
      OCG_DuelNewCard(duel_, &info);
    }
    OCG_StartDuel(duel_);
  }

  Status process(std::vector<std::uint8_t>& stream) override {
    const int st = OCG_DuelProcess(duel_);
    uint32_t len = 0;
    const auto* buf = static_cast<const std::uint8_t*>(OCG_DuelGetMessage(duel_, &len));
    if (buf && len) stream.insert(stream.end(), buf, buf + len);
    if (st == OCG_DUEL_STATUS_END) return Status::End;
    if (st == OCG_DUEL_STATUS_AWAITING) return Status::Awaiting;
    return Status::Continue;
  }

  void respond(const Response& r) override {
    if (r.is_int) {
      std::int32_t v = r.value;
      OCG_DuelSetResponse(duel_, &v, sizeof v);
    } else {
      OCG_DuelSetResponse(duel_, r.bytes.data(), static_cast<uint32_t>(r.bytes.size()));
    }
  }

  std::vector<std::string> take_log() override { return std::exchange(log_, {}); }

  void finish() override {
    if (duel_) OCG_DestroyDuel(duel_);
    duel_ = nullptr;
    setcodes_.clear();
  }

 private:
  static void read_card(void* payload, uint32_t code, OCG_CardData* data) {
    auto* self = static_cast<EdoEngine*>(payload);
    *data = OCG_CardData{};
    data->code = code;
    auto& sc = self->setcodes_.emplace_back();
    const CardData* c = self->db_->find(code);
    if (c == nullptr) {
      self->log_.push_back("card reader: no data for passcode " + std::to_string(code));
      sc.push_back(0);
      data->setcodes = sc.data();
      return;
    }
    for (std::uint64_t v = c->setcode; v; v >>= 16)
      if (v & 0xFFFF) sc.push_back(static_cast<uint16_t>(v & 0xFFFF));
    sc.push_back(0);
    data->alias = c->alias;
    data->setcodes = sc.data();
    data->type = c->type;
    data->level = c->level;
    data->attribute = c->attribute;
    data->race = c->race;
    data->attack = c->atk;
    data->defense = c->def;
    data->lscale = c->lscale;
    data->rscale = c->rscale;
    data->link_marker = c->link_marker;
  }

  static int read_script(void* payload, OCG_Duel duel, const char* name) {
    auto* self = static_cast<EdoEngine*>(payload);
    auto text = self->scripts_->read(name);
    if (!text) return 0;
    return OCG_LoadScript(duel, text->data(), static_cast<uint32_t>(text->size()), name);
  }

  static void log(void* payload, const char* text, int type) {
    auto* self = static_cast<EdoEngine*>(payload);
    static const char* kinds[] = {"script error: ", "script message: ", "debug: ", "log: "};
    self->log_.push_back(std::string(kinds[type >= 0 && type <= 3 ? type : 3]) + (text ? text : ""));
  }

  OCG_Duel duel_ = nullptr;
  const CardDb* db_ = nullptr;
  const ScriptTree* scripts_ = nullptr;
  std::vector<std::string> log_;
  std::deque<std::vector<uint16_t>> setcodes_;
};

}  // namespace

std::unique_ptr<Engine> make_engine() { return std::make_unique<EdoEngine>(); }

}  // namespace bc::host
