#include "checker/store/link_store.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <string>

namespace bc {

namespace {

constexpr std::size_t kBufferBytes = std::size_t{1} << 20;

/// An unlinked read-write file in $TMPDIR or /tmp; -1 if none can be made.
int open_unlinked_temp() {
  const char* dir = std::getenv("TMPDIR");
  for (const char* base : {dir, "/tmp"}) {
    if (base == nullptr || *base == '\0') continue;
    std::string path(base);
    path.append("/battlecheck-links-XXXXXX");
    const int fd = mkstemp(path.data());
    if (fd < 0) continue;
    unlink(path.c_str());
    return fd;
  }
  return -1;
}

}  // namespace

RecordFile::RecordFile(std::size_t record_bytes) : record_bytes_(record_bytes), fd_(open_unlinked_temp()) {
  if (fd_ >= 0) buffer_.reserve(kBufferBytes);
}

RecordFile::~RecordFile() {
  if (fd_ >= 0) close(fd_);
}

void RecordFile::append(const void* records, std::size_t count) {
  append_deferred(records, count);
  flush_if_full();
}

void RecordFile::append_deferred(const void* records, std::size_t count) {
  const auto* p = static_cast<const unsigned char*>(records);
  buffer_.insert(buffer_.end(), p, p + count * record_bytes_);
  count_ += count;
}

void RecordFile::flush_if_full() {
  if (fd_ >= 0 && spill_ && buffer_.size() >= kBufferBytes) flush();
}

void RecordFile::flush() {
  std::size_t done = 0;
  while (done < buffer_.size()) {
    const ssize_t n = pwrite(fd_, buffer_.data() + done, buffer_.size() - done,
                             static_cast<off_t>(flushed_ * record_bytes_ + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {  // the disk is full or failing: keep the rest in memory from now on
      const std::size_t whole = done / record_bytes_ * record_bytes_;
      buffer_.erase(buffer_.begin(), buffer_.begin() + static_cast<std::ptrdiff_t>(whole));
      flushed_ += whole / record_bytes_;
      spill_ = false;
      return;
    }
    done += static_cast<std::size_t>(n);
  }
  flushed_ += buffer_.size() / record_bytes_;
  buffer_.clear();
}

void RecordFile::read(std::uint64_t index, void* out) const {
  if (index >= flushed_) {
    std::memcpy(out, buffer_.data() + (index - flushed_) * record_bytes_, record_bytes_);
    return;
  }
  std::size_t done = 0;
  while (done < record_bytes_) {
    const ssize_t n = pread(fd_, static_cast<unsigned char*>(out) + done, record_bytes_ - done,
                            static_cast<off_t>(index * record_bytes_ + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    done += static_cast<std::size_t>(n);
  }
}

}  // namespace bc
