/// Streaming trace reader: constant memory, fast path for flat events, the
/// full JSON parser for everything else and for every error message.
#include "trace/format/trace_stream.hpp"

#include "trace/input/json_input.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <nlohmann/json.hpp>

#include "trace/format/trace_json.hpp"
#include "model/loaders/loader.hpp"

namespace bc {
namespace {

/// The read buffer starts small (a trace of short lines never needs more)
/// and doubles, up to twice the longest line, when a line does not fit.
constexpr std::size_t kInitialBuffer = std::size_t{1} << 16;
constexpr std::size_t kMaxBuffer = TraceStream::kMaxLine * 2;

bool blank(std::string_view line) { return line.find_first_not_of(" \t\r") == std::string_view::npos; }

/// nlohmann's message without its "[json.exception...] ... at line 1," prefix,
/// bounded and with control bytes escaped so errors stay printable.
std::string json_problem(const std::string& what) {
  const std::size_t column = what.find("column ");
  return brief_text(column == std::string::npos ? what : what.substr(column), 200);
}

}  // namespace

std::string utf8_problem(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    const int extra = c < 0x80 ? 0 : (c >= 0xC2 && c <= 0xDF) ? 1 : (c >= 0xE0 && c <= 0xEF) ? 2 : (c >= 0xF0 && c <= 0xF4) ? 3 : -1;
    bool ok = extra >= 0 && i + static_cast<std::size_t>(extra) < s.size();
    for (int k = 1; ok && k <= extra; ++k) ok = (static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80;
    if (!ok) {
      static const char* kHex = "0123456789abcdef";
      return "column " + std::to_string(i + 1) + ": byte 0x" + kHex[c >> 4] + kHex[c & 15] + " is not UTF-8";
    }
    i += static_cast<std::size_t>(extra) + 1;
  }
  return {};
}

TraceStream::TraceStream(int fd, std::string origin) : fd_(fd), origin_(std::move(origin)), buffer_(kInitialBuffer) {
  data_ = buffer_.data();
}

TraceStream::TraceStream(std::string_view text, std::string origin)
    : origin_(std::move(origin)), data_(text.data()), end_(text.size()), eof_(true) {}

bool TraceStream::set_error(const std::string& what) {
  if (error_.empty()) error_ = origin_ + ":" + std::to_string(line_) + ": " + what;
  return false;
}

/// Read more bytes after moving the unread ones to the front.
bool TraceStream::fill() {
  if (begin_ > 0) {
    std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  if (end_ == buffer_.size() && buffer_.size() < kMaxBuffer) {
    buffer_.resize(std::min(2 * buffer_.size(), kMaxBuffer));
    data_ = buffer_.data();
  }
  while (true) {
    const ssize_t n = ::read(fd_, buffer_.data() + end_, buffer_.size() - end_);
    if (n > 0) { end_ += static_cast<std::size_t>(n); return true; }
    if (n == 0) { eof_ = true; return false; }
    if (errno == EINTR) continue;
    error_ = origin_ + ": cannot read: " + std::strerror(errno);
    eof_ = true;
    return false;
  }
}

bool TraceStream::next_line(std::string_view& line) {
  std::size_t scanned = begin_;
  while (true) {
    const void* nl = std::memchr(data_ + scanned, '\n', end_ - scanned);
    if (nl) {
      const auto at = static_cast<std::size_t>(static_cast<const char*>(nl) - data_);
      line = std::string_view(data_ + begin_, at - begin_);
      begin_ = at + 1;
      ++line_;
      unterminated_ = false;
      if (line.size() > kMaxLine) return set_error("line longer than " + std::to_string(kMaxLine) + " bytes");
      return true;
    }
    if (end_ - begin_ > kMaxLine) {
      ++line_;
      return set_error("line longer than " + std::to_string(kMaxLine) + " bytes");
    }
    if (eof_) {
      if (begin_ == end_) return false;
      line = std::string_view(data_ + begin_, end_ - begin_);
      begin_ = end_;
      ++line_;
      unterminated_ = true;
      return true;
    }
    const std::size_t unread = end_ - begin_;
    fill();
    if (!error_.empty()) return false;
    scanned = begin_ + unread;
  }
}

template <typename T, typename Convert>
bool TraceStream::parse_full(std::string_view line, T& out, Convert convert) {
  if (const std::string bad = utf8_problem(line); !bad.empty()) return set_error(bad);
  const std::string where = origin_ + ":" + std::to_string(line_);
  nlohmann::json j;
  if (std::string problem = parse_untrusted_json(line, origin_, j, line_); !problem.empty()) {
    // "<origin>:<line>: <what>": the line is this record's; keep the what.
    problem.erase(0, where.size() + 2);
    return set_error(std::string(unterminated_ ? "truncated line (no newline at the end): " : "") + problem);
  }
  try {
    out = convert(j, where);
  } catch (const nlohmann::json::exception& e) {
    return set_error("not valid JSON (" + json_problem(e.what()) + ")");
  } catch (const InputError& e) {
    error_ = e.what();
    return false;
  }
  return true;
}

const TraceHeader* HeaderCache::find(std::string_view line) const {
  const auto it = entries_.find(line);
  return it == entries_.end() ? nullptr : &it->second;
}

void HeaderCache::insert(std::string_view line, const TraceHeader& header) {
  if (entries_.size() >= kCapacity) entries_.clear();
  entries_.emplace(std::string(line), header);
}

bool TraceStream::read_header(TraceHeader& header, HeaderCache* cache) {
  std::string_view line;
  do {
    if (!next_line(line)) {
      if (error_.empty()) error_ = origin_ + ": empty trace: the first line must be the header";
      return false;
    }
  } while (blank(line));
  if (const TraceHeader* known = cache ? cache->find(line) : nullptr) {
    header = *known;  // the same bytes parsed before: same header, no error possible
  } else {
    auto convert = [](const nlohmann::json& j, const std::string& where) { return header_from_json(j, where); };
    if (!parse_full(line, header, convert)) return false;
    if (cache) cache->insert(line, header);
  }
  omits_ = header.omits;
  version_ = header.version;
  header_ = true;
  return true;
}

bool TraceStream::parse_slow(std::string_view line, TraceRecord& record) {
  auto convert = [](const nlohmann::json& j, const std::string& where) { return record_from_json(j, where); };
  return parse_full(line, record, convert);
}

bool TraceStream::next(TraceRecord& record) {
  if (!header_ || !error_.empty()) return false;
  std::string_view line;
  do {
    if (!next_line(line)) return false;
  } while (blank(line));
  if (parse_event_fast(line, record.event)) {
    record.kind = RecordKind::Event;
    record.card_name.clear();
  } else if (!parse_slow(line, record)) {
    return false;
  }
  record.line = line_;
  if (record.kind == RecordKind::Event && (omits_ & event_bit(record.event.type)))
    return set_error("field 'event': \"" + std::string(name(record.event.type)) + "\" events are " +
                     (version_ < version_of(record.event.type)
                          ? "new in trace version " + std::to_string(version_of(record.event.type)) + " (the header says " +
                                std::to_string(version_) + ")"
                          : std::string("listed in the header's \"omits\"")));
  if (record.kind == RecordKind::Event && is_card_target(record.event.target) && version_ < kCardTargetVersion)
    return set_error("field 'target': a card as an effect's target is new in trace version " +
                     std::to_string(kCardTargetVersion) + " (the header says " + std::to_string(version_) + ")");
  return true;
}

}  // namespace bc
