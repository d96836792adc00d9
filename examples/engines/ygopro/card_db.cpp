/// Card data (cards.cdb, the spec, the filler) and the script tree.
#include "examples/engines/ygopro/card_db.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#ifdef BC_HOST_SQLITE
#include <sqlite3.h>
#endif

namespace bc::host {

namespace fs = std::filesystem;

#ifdef BC_HOST_SQLITE
namespace {

/// cards.cdb keeps the pendulum scales in the level column's upper bytes.
void split_level(std::uint64_t raw, CardData& c) {
  c.level = static_cast<std::uint32_t>(raw & 0xFF);
  c.lscale = static_cast<std::uint32_t>((raw >> 24) & 0xFF);
  c.rscale = static_cast<std::uint32_t>((raw >> 16) & 0xFF);
}

}  // namespace

void CardDb::load_cdb(const std::string& path) {
  if (!fs::is_regular_file(path)) throw HostError(path + ": cannot read file: no such file (--cdb)");
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    const std::string why = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    throw HostError(path + ": not a readable SQLite database: " + why);
  }
  const char* sql =
      "SELECT d.id, d.alias, d.setcode, d.type, d.atk, d.def, d.level, d.race, d.attribute, "
      "COALESCE(t.name, '') FROM datas d LEFT JOIN texts t ON t.id = d.id";
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(db, sql, -1, &st, nullptr) != SQLITE_OK) {
    const std::string why = sqlite3_errmsg(db);
    sqlite3_close(db);
    throw HostError(path + ": not a ygopro cards.cdb (tables datas and texts): " + why);
  }
  while (sqlite3_step(st) == SQLITE_ROW) {
    CardData c;
    c.code = static_cast<std::uint32_t>(sqlite3_column_int64(st, 0));
    c.alias = static_cast<std::uint32_t>(sqlite3_column_int64(st, 1));
    c.setcode = static_cast<std::uint64_t>(sqlite3_column_int64(st, 2));
    c.type = static_cast<std::uint32_t>(sqlite3_column_int64(st, 3));
    c.atk = static_cast<std::int32_t>(sqlite3_column_int64(st, 4));
    c.def = static_cast<std::int32_t>(sqlite3_column_int64(st, 5));
    split_level(static_cast<std::uint64_t>(sqlite3_column_int64(st, 6)), c);
    c.race = static_cast<std::uint64_t>(sqlite3_column_int64(st, 7));
    c.attribute = static_cast<std::uint32_t>(sqlite3_column_int64(st, 8));
    if (c.type & 0x4000000) {  // TYPE_LINK: the def column holds the link markers
      c.link_marker = static_cast<std::uint32_t>(c.def);
      c.def = 0;
    }
    const unsigned char* name = sqlite3_column_text(st, 9);
    c.name = name ? reinterpret_cast<const char*>(name) : "";
    c.source = "cdb";
    cards_[c.code] = std::move(c);
  }
  sqlite3_finalize(st);
  sqlite3_close(db);
  cdb_ = path;
}
#else
void CardDb::load_cdb(const std::string& path) {
  throw HostError(path + ": this host was built without SQLite (libsqlite3-dev): give the cards' data in the spec");
}
#endif

const CardData* CardDb::find(std::uint32_t code) const {
  auto it = cards_.find(code);
  return it == cards_.end() ? nullptr : &it->second;
}

CardData builtin_filler(std::uint32_t code) {
  CardData c;
  c.code = code;
  c.type = 0x11;  // MONSTER | NORMAL
  c.level = 4;
  c.attribute = 0x10;  // LIGHT
  c.race = 0x1;        // WARRIOR
  c.atk = 500;
  c.def = 500;
  c.name = "deck filler";
  c.source = "builtin filler";
  return c;
}

std::string type_names_json(std::uint32_t type) {
  static const char* names[] = {"MONSTER", "SPELL",  "TRAP",     "UNUSED",  "NORMAL",     "EFFECT", "FUSION",
                                "RITUAL",  "TRAPMONSTER", "SPIRIT", "UNION", "DUAL",    "TUNER",      "SYNCHRO",
                                "TOKEN",   "MAXIMUM", "QUICKPLAY", "CONTINUOUS", "EQUIP", "FIELD", "COUNTER",
                                "FLIP",    "TOON",   "XYZ",      "PENDULUM", "SPSUMMON", "LINK"};
  std::string out = "[";
  for (std::size_t bit = 0; bit < std::size(names); ++bit) {
    if (!(type & (1u << bit))) continue;
    if (out.size() > 1) out += ", ";
    out += std::string("\"") + names[bit] + "\"";
  }
  return out + "]";
}

std::string ScriptTree::find(const std::string& raw) const {
  std::string name = raw;
  if (name.rfind("./script/", 0) == 0) name = name.substr(9);  // Fluorohydride's own paths
  if (name.empty() || name.find("..") != std::string::npos || name.front() == '/') return {};
  if (denied(name)) return {};
  static const char* folders[] = {"", "official/", "pre-release/", "unofficial/", "goat/", "pre-errata/", "rush/",
                                  "skill/"};
  for (const char* f : folders) {
    const std::string rel = std::string(f) + name;
    std::error_code ec;
    if (fs::is_regular_file(fs::path(root_) / rel, ec)) return rel;
  }
  return {};
}

std::optional<std::string> ScriptTree::read(const std::string& name) const {
  const std::string rel = find(name);
  if (rel.empty()) return std::nullopt;
  std::ifstream in(fs::path(root_) / rel, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

bool ScriptTree::denied(const std::string& name) const {
  for (const auto& [code, _] : denied_)
    if (name == "c" + std::to_string(code) + ".lua") return true;
  return false;
}

}  // namespace bc::host
