#pragma once
/// A ygopro cards.cdb (SQLite: table `datas` for the numbers, `texts` for the
/// names), read for `battlecheck ygopro cards --cdb FILE`: a card's name,
/// type, ATK, DEF, Level, Race and Attribute, so that a cards file can be
/// written from passcodes alone (docs/engines/ygopro.md, "Cards read from the
/// scripts"). Read-only; the file is never written.
#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace bc::scripts {

/// One card's row.
struct CdbCard {
  std::uint32_t code = 0;
  std::uint32_t alias = 0;
  std::string name;
  std::uint32_t type = 0;      ///< TYPE_* bits
  std::int32_t atk = 0, def = 0;
  std::uint32_t level = 0;     ///< the Level or Rank (the low byte of the column; scales are above it)
  std::uint32_t race = 0, attribute = 0;
};

/// Every card of a cards.cdb, by passcode.
class CardDatabase {
 public:
  /// Read the file; on failure `error` says why (file and SQLite's message) and the database is empty.
  static CardDatabase open(const std::string& path, std::string& error);
  const CdbCard* find(std::uint32_t code) const;
  std::size_t size() const { return cards_.size(); }

 private:
  std::map<std::uint32_t, CdbCard> cards_;
};

}  // namespace bc::scripts
