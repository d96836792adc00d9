#pragma once
/// Streaming trace reader: a trace (docs/trace-format.md) read line by line
/// from a file descriptor (a file or stdin) or from memory, in constant
/// memory whatever its length. Flat event lines take a fast path; anything
/// else (offered records, card names, escapes, errors) goes through the full
/// JSON parser, which also writes every error message, so both paths accept
/// the same lines with the same meaning. Errors are values: "FILE:LINE: ...".
#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "trace/format/trace_record.hpp"

namespace bc {

/// Parsed headers by their exact text: a corpus or a CI run checks many
/// traces of the same scenario, and parsing a header (the whole scenario as
/// JSON) costs more than checking a short trace's events. Only headers that
/// parsed without error are kept; at most kCapacity of them (then it starts
/// afresh). Not thread-safe: one cache per worker thread.
class HeaderCache {
 public:
  static constexpr std::size_t kCapacity = 64;
  /// The header parsed from exactly these bytes, or null.
  const TraceHeader* find(std::string_view line) const;
  void insert(std::string_view line, const TraceHeader& header);

 private:
  struct Hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::unordered_map<std::string, TraceHeader, Hash, std::equal_to<>> entries_;
};

class TraceStream {
 public:
  /// Longest line accepted (the header carries the scenario; events are short).
  static constexpr std::size_t kMaxLine = std::size_t{1} << 20;

  /// Read from `fd` (not closed here). `origin` names the input in errors.
  TraceStream(int fd, std::string origin);
  /// Read from text in memory (must outlive the stream).
  TraceStream(std::string_view text, std::string origin);

  /// Read the header line (the first non-blank line). False on bad input: see
  /// error(). With a cache, a header seen before is not parsed again.
  bool read_header(TraceHeader& header, HeaderCache* cache = nullptr);
  /// The next record after the header; false at the end (error() empty) or on bad input.
  bool next(TraceRecord& record);

  /// Empty, or "FILE:LINE: field 'x': what is wrong".
  const std::string& error() const { return error_; }
  const std::string& origin() const { return origin_; }
  /// Line number of the last line read (1-based).
  std::size_t line() const { return line_; }

 private:
  bool next_line(std::string_view& line);
  bool fill();
  bool parse_slow(std::string_view line, TraceRecord& record);
  /// The full JSON parser on one line, then `convert(json, "FILE:LINE")`;
  /// false with error() set on bad input (defined and used in trace_stream.cpp).
  template <typename T, typename Convert>
  bool parse_full(std::string_view line, T& out, Convert convert);
  bool set_error(const std::string& what);

  int fd_ = -1;
  std::string origin_;
  std::vector<char> buffer_;
  const char* data_ = nullptr;
  std::size_t begin_ = 0;
  std::size_t end_ = 0;
  bool eof_ = false;
  bool unterminated_ = false;  ///< the last line read had no newline
  std::size_t line_ = 0;
  EventTypeMask omits_ = 0;
  int version_ = 5;  ///< the header's version (kTraceVersion when none was read)
  bool header_ = false;
  std::string error_;
};

/// The fast path alone: a flat event object with plain strings, integers and
/// nulls. False when the line needs the full parser (never a wrong Event).
bool parse_event_fast(std::string_view line, Event& event);

/// "column 7: byte 0xff is not UTF-8" for the first bad byte, or empty.
std::string utf8_problem(std::string_view text);

}  // namespace bc
