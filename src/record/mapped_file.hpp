#pragma once
// A recording mapped read-only under a shared flock: how the readers and the writer (before it
// appends) see a file of any size without holding it in memory.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "util/expected.hpp"

namespace roce::record {

/// The whole regular file at `path`, mapped read-only (a day of samples is tens of megabytes),
/// under a shared flock on it: a writer truncates a torn tail only under an exclusive one
/// (writer.cpp), so the mapped bytes cannot vanish under the reader (which would be SIGBUS); appends
/// are harmless. What is not a regular file (a FIFO, a device) is refused without blocking.
class MappedFile {
 public:
  static Expected<std::unique_ptr<MappedFile>> open(const std::string& path);
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  ~MappedFile();
  std::string_view bytes() const { return {data_, size_}; }

  /// Drops the whole pages before `offset` from this process's memory (they stay in the page
  /// cache), a MiB or more at a time: a scan reads the file once, front to back, so the resident
  /// part of a day's recording stays within a few MiB.
  void release_before(std::uint64_t offset);

 private:
  static constexpr std::uint64_t kReleaseStep = 1u << 20;
  MappedFile() = default;
  int fd_ = -1;
  const char* data_ = nullptr;
  std::size_t size_ = 0;
  std::uint64_t released_ = 0;
};

}  // namespace roce::record
