#pragma once
/// Parent links kept outside the hot table, as TLC does: fixed-size records
/// appended to an unlinked temporary file (in $TMPDIR, else /tmp) and read
/// back by index only to rebuild a counterexample. Writes go through a 1 MiB
/// buffer; a read first looks in the buffer. If no temporary file can be
/// created the records stay in memory (same results, more memory).
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

namespace bc {

/// A stored state's parent link: the parent's id and the action index taken
/// from it. Packed: 5 bytes on disk.
struct ParentLink {
  std::uint8_t bytes[5];
  static ParentLink make(std::uint32_t parent, std::uint8_t action) {
    ParentLink l{};
    std::memcpy(l.bytes, &parent, 4);
    l.bytes[4] = action;
    return l;
  }
  std::uint32_t parent() const {
    std::uint32_t p;
    std::memcpy(&p, bytes, 4);
    return p;
  }
  std::uint8_t action() const { return bytes[4]; }
};

/// Untyped core: records of `record_bytes` each.
class RecordFile {
 public:
  explicit RecordFile(std::size_t record_bytes);
  ~RecordFile();
  RecordFile(const RecordFile&) = delete;
  RecordFile& operator=(const RecordFile&) = delete;

  void append(const void* records, std::size_t count);
  /// Append without writing the buffer out, however full: the caller calls
  /// flush_if_full() later, from wherever the write costs least (the
  /// parallel search does it inside a parallel phase, not between phases).
  void append_deferred(const void* records, std::size_t count);
  /// Write the buffer to the file if it holds 1 MiB or more.
  void flush_if_full();
  void read(std::uint64_t index, void* out) const;
  std::uint64_t size() const { return count_; }
  /// Bytes written to the file (0 when the records are kept in memory).
  std::uint64_t disk_bytes() const { return fd_ >= 0 ? flushed_ * record_bytes_ : 0; }
  /// Whether the records live on disk.
  bool on_disk() const { return fd_ >= 0; }

 private:
  void flush();
  std::size_t record_bytes_;
  int fd_ = -1;
  std::vector<unsigned char> buffer_;  ///< records not yet written (all records if there is no file)
  std::uint64_t flushed_ = 0;          ///< records already in the file
  std::uint64_t count_ = 0;
  bool spill_ = true;                  ///< false once a write failed: later records stay in memory
};

/// Typed view of a RecordFile.
template <class T>
class LinkStore {
  static_assert(std::is_trivially_copyable_v<T>, "records are plain values");

 public:
  LinkStore() : file_(sizeof(T)) {}
  void push_back(const T& r) { file_.append(&r, 1); }
  void append(const T* r, std::size_t n) { file_.append(r, n); }
  /// RecordFile::append_deferred and flush_if_full.
  void append_deferred(const T* r, std::size_t n) { file_.append_deferred(r, n); }
  void flush_if_full() { file_.flush_if_full(); }
  T operator[](std::uint64_t i) const {
    T r;
    file_.read(i, &r);
    return r;
  }
  std::uint64_t size() const { return file_.size(); }
  std::uint64_t disk_bytes() const { return file_.disk_bytes(); }
  bool on_disk() const { return file_.on_disk(); }

 private:
  RecordFile file_;
};

}  // namespace bc
