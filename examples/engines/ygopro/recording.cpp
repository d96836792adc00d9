/// The three files of a recording.
#include "examples/engines/ygopro/recording.hpp"

#include <filesystem>
#include <fstream>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "examples/engines/ygopro/policy.hpp"
#include "importers/ygopro/ygopro_lengths.hpp"

namespace bc::host {

namespace fs = std::filesystem;
using nlohmann::ordered_json;

namespace {

const char* location_name(std::uint8_t loc) {
  switch (loc) {
    case 0x1: return "DECK";
    case 0x2: return "HAND";
    case 0x4: return "MZONE";
    case 0x8: return "SZONE";
    default: return "?";
  }
}

const char* position_name(std::uint8_t pos) {
  switch (pos) {
    case 0x1: return "FACEUP_ATTACK";
    case 0x4: return "FACEUP_DEFENSE";
    case 0x8: return "FACEDOWN_DEFENSE";
    case 0xA: return "FACEDOWN";
    default: return "?";
  }
}

/// Write `text` to `path` through a temporary file in the same folder.
void write_atomic(const fs::path& path, const std::string& text) {
  const fs::path tmp = path.string() + ".tmp-" + std::to_string(::getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw HostError(tmp.string() + ": cannot write file");
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    if (!out.flush()) throw HostError(tmp.string() + ": write failed");
  }
  std::error_code ec;
  fs::rename(tmp, path, ec);
  if (ec) {
    fs::remove(tmp, ec);
    throw HostError(path.string() + ": cannot rename the temporary file into place");
  }
}

std::string responses_text(const Run& r) {
  std::string out;
  for (std::size_t k = 0; k < r.answers.size(); ++k) {
    const Answer& a = r.answers[k];
    out += response_text(a.response) + "\t# response " + std::to_string(k) + ", answers message code " +
           std::to_string(a.code) + " at .bin offset " + std::to_string(a.offset) + "\n";
  }
  return out;
}

ordered_json card_json(std::size_t order, const NewCard& c, const CardDb& db) {
  ordered_json j;
  const CardData* d = db.find(c.code);
  j["order"] = order;
  j["code"] = c.code;
  j["label"] = c.label;
  j["owner"] = c.player;
  j["controller"] = c.player;
  j["start"] = {{"location", c.location},        {"location_name", location_name(c.location)},
                {"sequence_arg", c.sequence},    {"sequence", c.result_sequence},
                {"position", c.position},        {"position_name", position_name(c.position)}};
  j["atk"] = d ? d->atk : 0;
  j["def"] = d ? d->def : 0;
  j["level"] = d ? d->level : 0;
  j["attribute"] = d ? d->attribute : 0;
  j["race"] = d ? d->race : 0;
  j["type"] = d ? d->type : 0;
  j["type_names"] = ordered_json::parse(type_names_json(d ? d->type : 0));
  if (d && d->alias) j["alias"] = d->alias;
  j["script"] = c.script.empty() ? ordered_json(nullptr) : ordered_json(c.script);
  j["data_source"] = d ? d->source : "none";
  j["role"] = c.role;
  return j;
}

}  // namespace

std::vector<std::string> recording_paths(const std::string& dir, const std::string& run) {
  const fs::path base = fs::path(dir) / run;
  return {base.string() + ".bin", base.string() + ".responses.txt", base.string() + ".cards.json"};
}

void check_free(const std::string& dir, const std::string& run, bool force) {
  if (force) return;
  for (const std::string& p : recording_paths(dir, run))
    if (fs::exists(p)) throw HostError(p + ": exists already (give --force to overwrite)");
}

std::string cards_json_text(const std::string& run, const Run& r, const std::vector<NewCard>& cards, const CardDb& db,
                            const RecordingContext& ctx) {
  ordered_json doc;
  doc["run"] = run;
  doc["engine"] = ctx.engine;
  doc["notes"] = {
      "recorded by bc-ygopro-host (battlecheck examples/engines/ygopro): real card scripts, no synthetic_script",
      "cards are listed in the order the host created them; owner == controller for every card",
      "start.sequence_arg is the sequence passed at creation; start.sequence is the resulting index",
      "atk/def/level/attribute/race/type are what the host's card reader served (data_source: cdb, spec, cdb+spec "
      "with the spec's overrides, or the builtin filler); script is the file served from the script tree"};
  doc["host"] = {{"spec", ctx.spec}, {"scripts", ctx.scripts}, {"cdb", ctx.cdb}, {"options", ctx.options},
                 {"choices", r.choices}, {"end", r.end}, {"core_log", r.log}};
  ordered_json list = ordered_json::array();
  for (std::size_t i = 0; i < cards.size(); ++i) list.push_back(card_json(i, cards[i], db));
  for (std::uint32_t code : ctx.served_only) {
    NewCard c;
    c.code = code;
    const CardData* d = db.find(code);
    c.label = d && !d->name.empty() ? d->name : std::to_string(code);
    c.role = "not created by the host: data served for a card a script creates (a token)";
    ordered_json j = card_json(0, c, db);
    j["order"] = nullptr;
    j.erase("owner");
    j.erase("controller");
    j.erase("start");
    j.erase("script");
    list.push_back(std::move(j));
  }
  doc["cards"] = std::move(list);
  return doc.dump(1) + "\n";
}

void write_recording(const std::string& dir, const std::string& run, const Run& r, const std::vector<NewCard>& cards,
                     const CardDb& db, const RecordingContext& ctx, bool force) {
  check_free(dir, run, force);
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw HostError(dir + ": cannot create the output folder: " + ec.message());
  const auto paths = recording_paths(dir, run);
  write_atomic(paths[0], std::string(r.stream.begin(), r.stream.end()));
  write_atomic(paths[1], responses_text(r));
  write_atomic(paths[2], cards_json_text(run, r, cards, db, ctx));
}

}  // namespace bc::host
