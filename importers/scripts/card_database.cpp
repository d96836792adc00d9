/// A ygopro cards.cdb, read with SQLite (importers/scripts/card_database.hpp).
#include "importers/scripts/card_database.hpp"

#include <sqlite3.h>

namespace bc::scripts {

namespace {

/// Closes the handle on every path.
struct Db {
  sqlite3* h = nullptr;
  ~Db() { sqlite3_close(h); }
};
struct Statement {
  sqlite3_stmt* s = nullptr;
  ~Statement() { sqlite3_finalize(s); }
};

std::string text_column(sqlite3_stmt* s, int col) {
  const unsigned char* t = sqlite3_column_text(s, col);
  return t ? reinterpret_cast<const char*>(t) : "";
}

}  // namespace

CardDatabase CardDatabase::open(const std::string& path, std::string& error) {
  CardDatabase out;
  Db db;
  if (sqlite3_open_v2(path.c_str(), &db.h, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    error = path + ": cannot open as a cards.cdb: " + (db.h ? sqlite3_errmsg(db.h) : "out of memory");
    return out;
  }
  Statement st;
  const char* sql =
      "SELECT d.id, d.alias, d.type, d.atk, d.def, d.level, d.race, d.attribute, t.name "
      "FROM datas d LEFT JOIN texts t ON t.id = d.id";
  if (sqlite3_prepare_v2(db.h, sql, -1, &st.s, nullptr) != SQLITE_OK) {
    error = path + ": not a ygopro cards.cdb (tables datas and texts): " + sqlite3_errmsg(db.h);
    return out;
  }
  int rc;
  while ((rc = sqlite3_step(st.s)) == SQLITE_ROW) {
    CdbCard c;
    c.code = static_cast<std::uint32_t>(sqlite3_column_int64(st.s, 0));
    c.alias = static_cast<std::uint32_t>(sqlite3_column_int64(st.s, 1));
    c.type = static_cast<std::uint32_t>(sqlite3_column_int64(st.s, 2));
    c.atk = static_cast<std::int32_t>(sqlite3_column_int64(st.s, 3));
    c.def = static_cast<std::int32_t>(sqlite3_column_int64(st.s, 4));
    c.level = static_cast<std::uint32_t>(sqlite3_column_int64(st.s, 5)) & 0xFFu;
    c.race = static_cast<std::uint32_t>(sqlite3_column_int64(st.s, 6));
    c.attribute = static_cast<std::uint32_t>(sqlite3_column_int64(st.s, 7));
    c.name = text_column(st.s, 8);
    out.cards_[c.code] = std::move(c);
  }
  if (rc != SQLITE_DONE) {
    error = path + ": reading the cards failed: " + sqlite3_errmsg(db.h);
    out.cards_.clear();
  }
  return out;
}

const CdbCard* CardDatabase::find(std::uint32_t code) const {
  const auto it = cards_.find(code);
  return it == cards_.end() ? nullptr : &it->second;
}

}  // namespace bc::scripts
